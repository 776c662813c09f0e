//! `map x, y` as a diagram: the storage as a strip of cells (index above,
//! value inside), and under it one row per tensor with the logical index of
//! each of its elements in the cell that holds it. A cell several indices
//! land on (stride 0) lists them one per line. Cells no tensor touches are
//! dimmed; hidden runs of cells are a `…` column. Wide strips wrap into bands.

use crate::render::style::Style;
use crate::report::teach::map::{MapCell, MapHit, MapReport, MapStorage, LABELS};

use super::text::{bytes, fit, hex, pack, plural, range, short_value, tint, tuple, width, wrapped, Cell};

/// Widest cell, in characters.
const MAX_CELL: usize = 9;
/// Widest tensor name in the left margin.
const MAX_NAME: usize = 14;

/// One column of the strip: a storage cell, or a run of hidden cells.
enum Col<'a> {
    Cell(&'a MapCell),
    Gap,
}

pub fn table(r: &MapReport, st: Style) -> String {
    r.storages.iter().map(|s| strip(s, st)).collect::<Vec<_>>().join("\n")
}

fn label(index: &[usize]) -> String {
    if index.is_empty() { "()".to_string() } else { index.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(",") }
}

fn center(s: &str, w: usize) -> String {
    let n = width(s).min(w);
    let left = (w - n) / 2;
    format!("{}{}{}", " ".repeat(left), s, " ".repeat(w - n - left))
}

/// Lines of text for one tensor's hit in one cell.
fn hit_lines(h: &MapHit, w: usize) -> Vec<String> {
    if h.continued {
        return vec!["╌".repeat(w)];
    }
    let mut lines: Vec<String> = h.indices.iter().map(|i| fit(&label(i), w)).collect();
    let listed = h.indices.len() as u64;
    if h.count > listed || !h.exact {
        lines.push(fit(&format!("+{}{}", h.count.saturating_sub(listed), if h.exact { "" } else { "…" }), w));
    }
    lines
}

fn strip(s: &MapStorage, st: Style) -> String {
    let head = [
        Cell::styled(format!("map S{}", s.id), |t| st.bold(t)),
        Cell::styled(format!("· {} of {} ({} B each)", plural(s.cells_total, "cell"), s.cell_dtype, s.cell_size), |t| st.dim(t)),
        Cell::styled(format!("= {}", bytes(s.nbytes)), |t| st.dim(t)),
        Cell::styled(format!("at {}", hex(s.data_ptr)), |t| st.dim(t)),
        Cell::styled(format!("on {}", s.device), |t| st.dim(t)),
    ];
    let mut out: String = pack(&head, st.width, "", "  ", " ").into_iter().map(|l| l + "\n").collect();
    let legend_w = s.tensors.iter().map(|t| width(&t.name)).max().unwrap_or(0).min(st.width / 3);
    for t in &s.tensors {
        let mut pieces = vec![
            Cell { plain: format!("■ {:<legend_w$}", t.name), shown: format!("{} {}", tint(st, t.arg, "■"), tint(st, t.arg, &format!("{:<legend_w$}", t.name))) },
            Cell::new(format!("shape {}", tuple(&t.shape))),
            Cell::new(format!("stride {}", tuple(&t.stride))),
            Cell::new(format!("offset {}", t.offset)),
            Cell::new(t.dtype.clone()),
            Cell::new(format!("reaches {}", range(t.footprint))),
        ];
        if t.self_overlap == Some(true) {
            pieces.push(Cell::styled("(overlaps itself: one cell, several indices)", |t| st.yellow(t)));
        }
        for line in pack(&pieces, st.width, "  ", "    ", "  ") {
            out.push_str(&line);
            out.push('\n');
        }
    }
    if s.cells.is_empty() {
        out.push_str("  (no cells: the storage is empty)\n");
        return out;
    }
    // Columns, with a gap wherever cells are skipped.
    let mut cols: Vec<Col> = vec![];
    let mut next = 0usize;
    for c in &s.cells {
        if c.index > next {
            cols.push(Col::Gap);
        }
        cols.push(Col::Cell(c));
        next = c.index + 1;
    }
    if next < s.cells_total {
        cols.push(Col::Gap);
    }
    let w = s
        .cells
        .iter()
        .flat_map(|c| {
            let mut ws = vec![width(&c.index.to_string()), width(&short_value(&c.value))];
            ws.extend(c.hits.iter().flat_map(|h| h.indices.iter().map(|i| width(&label(i)))));
            ws
        })
        .max()
        .unwrap_or(1)
        .clamp(3, MAX_CELL);
    let name_w = s.tensors.iter().map(|t| width(&t.name)).max().unwrap_or(0).clamp(5, MAX_NAME.min(st.width / 4).max(5));
    // As few bands as fit, of even length: a band is the margin
    // (`  name `), a bar, and `w + 3` columns per cell.
    let fits = (st.width.saturating_sub(name_w + 4) / (w + 3)).max(1);
    let bands = cols.len().div_ceil(fits).max(1);
    for band in cols.chunks(cols.len().div_ceil(bands).max(1)) {
        out.push_str(&draw_band(s, band, w, name_w, st));
    }
    if !s.complete {
        out.push_str(&st.dim(&wrapped(&format!("… = cells not shown ({} of {} drawn)", s.cells.len(), s.cells_total), st.width, "  ", "    ")));
    }
    if !s.other_bindings.is_empty() {
        out.push_str(&st.dim(&wrapped(&format!("also on S{} (not drawn): {}", s.id, s.other_bindings.join(", ")), st.width, "  ", "    ")));
    }
    out
}

fn draw_band(s: &MapStorage, band: &[Col], w: usize, name_w: usize, st: Style) -> String {
    let margin = |text: &str| format!("  {:<name_w$} ", fit(text, name_w));
    let rule = |l: &str, m: &str, r: &str| {
        let parts: Vec<String> = band.iter().map(|c| if matches!(c, Col::Gap) { "┄".repeat(3) } else { "─".repeat(w + 2) }).collect();
        format!("{}{}\n", margin(""), st.dim(&format!("{l}{}{r}", parts.join(m))))
    };
    let mut out = String::new();
    // Storage indices above the cells.
    let idx: Vec<String> = band
        .iter()
        .map(|c| match c {
            Col::Cell(c) => format!(" {} ", center(&c.index.to_string(), w)),
            Col::Gap => "   ".to_string(),
        })
        .collect();
    out.push_str(&format!("{} {}\n", margin(""), st.dim(&idx.join(" ")).trim_end()));
    out.push_str(&rule("┌", "┬", "┐"));
    // Values, coloured by who reaches them.
    let vals: Vec<String> = band
        .iter()
        .map(|c| match c {
            Col::Cell(c) => {
                let text = center(&fit(&short_value(&c.value), w), w);
                let text = match c.hits.as_slice() {
                    [] => st.dim(&text),
                    [h] => tint(st, s.tensors.get(h.tensor).map(|t| t.arg).unwrap_or(0), &text),
                    _ => st.bold(&text),
                };
                format!(" {text} ")
            }
            Col::Gap => st.dim(" … "),
        })
        .collect();
    out.push_str(&row(&margin(&format!("S{}", s.id)), &vals, st));
    out.push_str(&rule("├", "┼", "┤"));
    for (k, t) in s.tensors.iter().enumerate() {
        let cells: Vec<Vec<String>> = band
            .iter()
            .map(|c| match c {
                Col::Cell(c) => match c.hits.iter().find(|h| h.tensor == k) {
                    Some(h) => hit_lines(h, w).into_iter().map(|l| tint(st, t.arg, &center(&l, w))).collect(),
                    None => vec![st.dim(&center("·", w))],
                },
                Col::Gap => vec![" … ".to_string()],
            })
            .collect();
        let height = cells.iter().map(|c| c.len()).max().unwrap_or(1).min(LABELS + 1);
        for line in 0..height {
            let texts: Vec<String> = cells
                .iter()
                .zip(band)
                .map(|(c, col)| match (c.get(line), col) {
                    (Some(t), Col::Gap) if line == 0 => st.dim(t),
                    (_, Col::Gap) => "   ".to_string(),
                    (Some(t), Col::Cell(_)) => format!(" {t} "),
                    (None, Col::Cell(_)) => " ".repeat(w + 2),
                })
                .collect();
            let name = if line == 0 { tint(st, t.arg, &format!("{:<name_w$}", fit(&t.name, name_w))) } else { " ".repeat(name_w) };
            out.push_str(&row(&format!("  {name} "), &texts, st));
        }
    }
    out.push_str(&rule("└", "┴", "┘"));
    out
}

/// `│ a │ b │` from cells already padded to their column width.
fn row(margin: &str, cells: &[String], st: Style) -> String {
    let bar = st.dim("│");
    format!("{margin}{bar}{}{bar}\n", cells.join(&bar))
}
