//! `explain EXPR` as a list of steps: each op, where its result lives, its
//! layout, view or copy, and the reason underneath.

use crate::render::style::Style;
use crate::report::teach::explain::{chunk_name, ExplainReport, ExplainStep};

use super::text::{columns, green, red, tuple, Cell};

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
    let mut out = format!("{}\n", st.bold(&format!("explain {}", r.expr)));
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
    let table = columns("  ", &rows);
    for (line, s) in table.lines().zip(whys) {
        out.push_str(line);
        out.push('\n');
        // The reason is the point when something was copied or failed.
        let why = if matches!(s.kind.as_str(), "copy" | "error") { s.why.clone() } else { st.dim(&s.why) };
        out.push_str(&format!("      {why}\n"));
        if let (Some(c), "error") = (&s.chunks, s.kind.as_str()) {
            out.push_str(&chunks(c, st));
        }
    }
    if let Some(e) = &r.error {
        out.push_str(&format!("  {} {}\n", st.red_bold(&format!("{}:", e.error_type)), e.message));
        if let Some(fix) = &e.fix {
            out.push_str(&format!("  {} {fix}\n", green(st, "fix:")));
        } else if let Some(h) = &e.hint {
            out.push_str(&format!("  {} {h}\n", st.dim("hint:")));
        }
    }
    if !r.summary.is_empty() {
        out.push_str(&format!("  {} {}\n", st.dim("→"), r.summary));
    }
    out
}

/// The chunk analysis behind a failing view: chunks, the breaks between
/// them, and how the requested dims group.
fn chunks(c: &crate::report::teach::chunks::ChunkAnalysis, st: Style) -> String {
    let mut out = format!("      {}\n", st.bold(&format!("chunks of shape {} stride {}:", tuple(&c.shape), tuple(&c.stride))));
    for (i, ch) in c.chunks.iter().enumerate() {
        let dims: Vec<String> = ch.dims.iter().map(|d| d.to_string()).collect();
        out.push_str(&format!("        chunk {}: dims [{}], {} elements, step {}\n", chunk_name(i), dims.join(", "), ch.numel, ch.base_stride));
    }
    for b in &c.breaks {
        out.push_str(&st.dim(&format!(
            "        break after dim {}: stride[{}] = {} but joining needs {} · {} = {}\n",
            b.outer, b.outer, b.outer_stride, b.inner_numel, b.base_stride, b.needed
        )));
    }
    out.push_str(&format!("      requested {}:\n", tuple(&c.target)));
    for g in &c.groups {
        let dims: Vec<String> = g.new_dims.iter().map(|d| format!("{} (size {})", d, c.target.get(*d).copied().unwrap_or(0))).collect();
        let want = c.chunks.get(g.chunk).map(|ch| ch.numel).unwrap_or(0);
        let ok = g.numel == want;
        let line = format!(
            "        new dims [{}] need {} elements from chunk {} ({} there){}\n",
            dims.join(", "),
            g.numel,
            chunk_name(g.chunk),
            want,
            if ok { "" } else { " ✗ spans a chunk boundary" }
        );
        out.push_str(&if ok { line } else { red(st, &line) });
    }
    out
}
