//! `explain EXPR` as a list of steps: each op, where its result lives, its
//! layout, view or copy, and the reason underneath.

use crate::render::style::Style;
use crate::report::teach::explain::{chunk_name, ExplainReport, ExplainStep};

use super::text::{columns, green, heading, pack, para, red, tuple, Cell};

fn kind_cell(s: &ExplainStep, st: Style) -> Cell {
    match s.kind.as_str() {
        "view" => Cell::styled("view", |x| green(st, x)),
        "same" => Cell::styled("same tensor", |x| green(st, x)),
        "copy" => Cell::styled(format!("copy {} B", s.bytes_copied), |x| red(st, x)),
        "new" => Cell::styled(format!("new {} B", s.bytes_copied), |x| st.yellow(x)),
        "error" => Cell::styled("error", |x| st.red_bold(x)),
        k => Cell::styled(k, |x| st.cyan(x)),
    }
}

pub fn table(r: &ExplainReport, st: Style) -> String {
    let mut out = heading(st, &format!("explain {}", r.expr), "", st.width);
    let mut rows = vec![];
    let mut whys = vec![];
    for (i, s) in r.steps.iter().enumerate() {
        let mut row = vec![Cell::styled(format!("{}{}", if i == 0 { "" } else { "└ " }, s.op), |x| st.bold(x))];
        match (&s.output, &s.value) {
            (Some(o), _) => row.extend([
                Cell::new(format!("S{}", o.storage)),
                Cell::new(tuple(&o.shape)),
                Cell::new(format!("stride {}", tuple(&o.stride))),
                Cell::new(format!("offset {}", o.offset)),
            ]),
            (None, Some(v)) if s.kind == "value" => row.extend([Cell::new(""), Cell::new(super::text::fit(v, 32)), Cell::new(""), Cell::new("")]),
            _ => row.extend([Cell::new(""), Cell::new(""), Cell::new(""), Cell::new("")]),
        }
        row.push(kind_cell(s, st));
        rows.push(row);
        whys.push(s);
    }
    // One line per step when the aligned table fits; else each step's
    // cells wrap on their own.
    let table = columns("  ", &rows, st.width);
    let lines: Vec<String> = if table.lines().count() == rows.len() {
        table.lines().map(|l| format!("{l}\n")).collect()
    } else {
        rows.iter().map(|r| pack(r, st.width, "  ", "      ", "  ").into_iter().map(|l| l + "\n").collect()).collect()
    };
    for (line, s) in lines.iter().zip(whys) {
        out.push_str(line);
        // The reason is the point when something was copied or failed.
        let loud = matches!(s.kind.as_str(), "copy" | "error");
        out.push_str(&para(None, &s.why, st.width, "      ", "        ", |x| if loud { x.to_string() } else { st.dim(x) }));
        if let (Some(c), "error") = (&s.chunks, s.kind.as_str()) {
            out.push_str(&chunks(c, st));
        }
    }
    if let Some(e) = &r.error {
        let lead = Cell::styled(format!("{}:", e.error_type), |x| st.red_bold(x));
        out.push_str(&para(Some(lead), &e.message, st.width, "  ", "    ", str::to_string));
        if let Some(fix) = &e.fix {
            out.push_str(&para(Some(Cell::styled("fix:", |x| green(st, x))), fix, st.width, "  ", "    ", str::to_string));
        } else if let Some(h) = &e.hint {
            out.push_str(&para(Some(Cell::styled("hint:", |x| st.dim(x))), h, st.width, "  ", "    ", str::to_string));
        }
    }
    if !r.summary.is_empty() {
        out.push_str(&para(Some(Cell::styled("→", |x| st.dim(x))), &r.summary, st.width, "  ", "    ", str::to_string));
    }
    out
}

/// The chunk analysis behind a failing view: chunks, the breaks between
/// them, and how the requested dims group.
fn chunks(c: &crate::report::teach::chunks::ChunkAnalysis, st: Style) -> String {
    let w = st.width;
    let mut out = para(None, &format!("chunks of shape {} stride {}:", tuple(&c.shape), tuple(&c.stride)), w, "      ", "        ", |x| st.bold(x));
    for (i, ch) in c.chunks.iter().enumerate() {
        let dims: Vec<String> = ch.dims.iter().map(|d| d.to_string()).collect();
        let line = format!("chunk {}: dims [{}], {} elements, step {}", chunk_name(i), dims.join(", "), ch.numel, ch.base_stride);
        out.push_str(&para(None, &line, w, "        ", "          ", str::to_string));
    }
    for b in &c.breaks {
        let line = format!(
            "break after dim {}: stride[{}] = {} but joining needs {} · {} = {}",
            b.outer, b.outer, b.outer_stride, b.inner_numel, b.base_stride, b.needed
        );
        out.push_str(&para(None, &line, w, "        ", "          ", |x| st.dim(x)));
    }
    out.push_str(&para(None, &format!("requested {}:", tuple(&c.target)), w, "      ", "        ", str::to_string));
    for g in &c.groups {
        let dims: Vec<String> = g.new_dims.iter().map(|d| format!("{} (size {})", d, c.target.get(*d).copied().unwrap_or(0))).collect();
        let want = c.chunks.get(g.chunk).map(|ch| ch.numel).unwrap_or(0);
        let ok = g.numel == want;
        let line = format!(
            "new dims [{}] need {} elements from chunk {} ({} there){}",
            dims.join(", "),
            g.numel,
            chunk_name(g.chunk),
            want,
            if ok { "" } else { " ✗ spans a chunk boundary" }
        );
        out.push_str(&para(None, &line, w, "        ", "          ", |x| if ok { x.to_string() } else { red(st, x) }));
    }
    out
}
