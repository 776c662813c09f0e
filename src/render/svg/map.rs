//! `map` as a picture: the storage as rows of numbered cells; under each
//! row, one lane per tensor with its logical indices on the cells that hold
//! them (several indices on one cell stack, so stride 0 and self-overlap
//! show as towers); then each tensor's logical grid, every element
//! labelled with the storage cell it reads. Large storages elide exactly
//! as the terminal `map` does: only the report's cells are drawn, with a
//! dashed `…` where cells are skipped.

use crate::render::teach::text::{bytes, short_value, tuple};
use crate::report::teach::map::{MapCell, MapReport, MapStorage, MapTensor};

use super::{Canvas, attr, index_attr, text_w};

/// Storage cells per row of the strip.
const PER_ROW: usize = 16;
const CELL_H: f64 = 30.0;
const HIT_H: f64 = 17.0;
const GAP_W: f64 = 26.0;
const LEFT: f64 = 70.0;
/// Logical elements drawn per tensor grid (the rest are counted).
pub const GRID_MAX: usize = 256;
/// Grid squares per row.
const GRID_COLS: usize = 16;

enum Col<'a> {
    Cell(&'a MapCell),
    Gap(usize),
}

pub fn draw(r: &MapReport) -> String {
    let mut c = Canvas::new();
    let mut y = 0.0;
    for s in &r.storages {
        y = storage(&mut c, s, y) + 24.0;
    }
    if r.storages.is_empty() {
        c.text(12.0, 20.0, "map: nothing to draw", "start", "muted");
    }
    let names: Vec<String> = r
        .storages
        .iter()
        .flat_map(|s| s.tensors.iter().map(|t| t.name.clone()))
        .collect();
    c.finish(&format!("map of {}", names.join(", ")), "")
}

fn cell_w(s: &MapStorage) -> f64 {
    let widest = s
        .cells
        .iter()
        .flat_map(|c| {
            let mut w = vec![text_w(&short_value(&c.value)), text_w(&c.index.to_string())];
            w.extend(
                c.hits
                    .iter()
                    .flat_map(|h| h.indices.iter().map(|i| text_w(&index_attr(i)))),
            );
            w
        })
        .fold(0.0, f64::max);
    (widest + 12.0).clamp(40.0, 96.0)
}

/// Cells per element of `t` on this strip.
fn per(s: &MapStorage, t: &MapTensor) -> usize {
    let size = crate::engine::DType::from_name(&t.dtype)
        .map(|d| d.size())
        .unwrap_or(s.cell_size);
    (size / s.cell_size.max(1)).max(1)
}

fn storage(c: &mut Canvas, s: &MapStorage, top: f64) -> f64 {
    let mut y = top + 18.0;
    c.text(12.0, y, &format!("S{}", s.id), "start", "title");
    c.text(
        50.0,
        y,
        &format!(
            "{} cells of {} ({} B each) = {} at 0x{:x} on {}",
            s.cells_total,
            s.cell_dtype,
            s.cell_size,
            bytes(s.nbytes),
            s.data_ptr,
            s.device
        ),
        "start",
        "muted",
    );
    for t in &s.tensors {
        y += 20.0;
        c.group(&format!("t{}", t.arg % 8), "");
        c.rect(14.0, y - 11.0, 12.0, 12.0, "swatch", "", None);
        c.end_group();
        let mut legend = format!(
            "{}  shape {}  stride {}  offset {}  {}",
            t.name,
            tuple(&t.shape),
            tuple(&t.stride),
            t.offset,
            t.dtype
        );
        if t.self_overlap == Some(true) {
            legend.push_str("  (overlaps itself)");
        }
        c.text(34.0, y, &legend, "start", "");
    }
    y += 14.0;
    if s.cells.is_empty() {
        c.text(
            12.0,
            y + 14.0,
            "(no cells: the storage is empty)",
            "start",
            "muted",
        );
        return y + 20.0;
    }
    let mut cols: Vec<Col> = vec![];
    let mut next = 0usize;
    for cell in &s.cells {
        if cell.index > next {
            cols.push(Col::Gap(cell.index - next));
        }
        cols.push(Col::Cell(cell));
        next = cell.index + 1;
    }
    if next < s.cells_total {
        cols.push(Col::Gap(s.cells_total - next));
    }
    let w = cell_w(s);
    let mut rows: Vec<&[Col]> = vec![];
    let mut start = 0;
    let mut in_row = 0;
    for (i, col) in cols.iter().enumerate() {
        if matches!(col, Col::Cell(_)) {
            if in_row == PER_ROW {
                rows.push(&cols[start..i]);
                start = i;
                in_row = 0;
            }
            in_row += 1;
        }
    }
    rows.push(&cols[start..]);
    for row in rows {
        y = band(c, s, row, w, y);
    }
    if !s.complete {
        c.text(
            LEFT,
            y + 14.0,
            &format!(
                "… = cells not shown ({} of {} drawn)",
                s.cells.len(),
                s.cells_total
            ),
            "start",
            "muted small",
        );
        y += 18.0;
    }
    if !s.other_bindings.is_empty() {
        c.text(
            LEFT,
            y + 14.0,
            &format!(
                "also on S{} (not drawn): {}",
                s.id,
                s.other_bindings.join(", ")
            ),
            "start",
            "muted small",
        );
        y += 18.0;
    }
    for t in &s.tensors {
        y = grid(c, s, t, y + 18.0);
    }
    y
}

/// One row of the strip and its tensor lanes; returns the y below it.
fn band(c: &mut Canvas, s: &MapStorage, row: &[Col], w: f64, top: f64) -> f64 {
    let xs: Vec<f64> = row
        .iter()
        .scan(LEFT, |x, col| {
            let at = *x;
            *x += match col {
                Col::Cell(_) => w,
                Col::Gap(_) => GAP_W,
            };
            Some(at)
        })
        .collect();
    let ruler = top + 14.0;
    let cells_y = top + 20.0;
    c.text(
        LEFT - 8.0,
        cells_y + 19.0,
        &format!("S{}", s.id),
        "end",
        "muted",
    );
    for (col, &x) in row.iter().zip(&xs) {
        match col {
            Col::Cell(cell) => {
                c.text(
                    x + w / 2.0,
                    ruler,
                    &cell.index.to_string(),
                    "middle",
                    "muted small",
                );
                let class = if cell.hits.is_empty() {
                    "cell untouched"
                } else {
                    "cell"
                };
                let tip = format!(
                    "S{} cell {}: {}",
                    s.id,
                    cell.index,
                    short_value(&cell.value)
                );
                c.rect(
                    x,
                    cells_y,
                    w,
                    CELL_H,
                    class,
                    &format!(
                        "{}{}",
                        attr("data-storage", &format!("S{}", s.id)),
                        attr("data-cell", &cell.index.to_string())
                    ),
                    Some(&tip),
                );
                c.text(
                    x + w / 2.0,
                    cells_y + 19.5,
                    &short_value(&cell.value),
                    "middle",
                    "",
                );
            }
            Col::Gap(k) => {
                c.rect(
                    x + 3.0,
                    cells_y,
                    GAP_W - 6.0,
                    CELL_H,
                    "gap",
                    &attr("data-skipped", &k.to_string()),
                    Some(&format!("{k} cells not shown")),
                );
                c.text(x + GAP_W / 2.0, cells_y + 19.5, "…", "middle", "muted");
            }
        }
    }
    let mut y = cells_y + CELL_H + 6.0;
    for (k, t) in s.tensors.iter().enumerate() {
        let m = per(s, t);
        // The tallest stack in this row sets the lane's height.
        let height = row
            .iter()
            .filter_map(|col| match col {
                Col::Cell(cell) => cell.hits.iter().find(|h| h.tensor == k).map(|h| {
                    h.indices.len().max(1)
                        + usize::from(h.count > h.indices.len() as u64 || !h.exact)
                }),
                Col::Gap(_) => None,
            })
            .max()
            .unwrap_or(1);
        c.text(LEFT - 8.0, y + 13.0, &t.name, "end", "");
        c.group(&format!("t{}", t.arg % 8), &attr("data-lane", &t.name));
        for (col, &x) in row.iter().zip(&xs) {
            let Col::Cell(cell) = col else { continue };
            let Some(h) = cell.hits.iter().find(|h| h.tensor == k) else {
                continue;
            };
            if h.continued {
                c.rect(
                    x + 2.0,
                    y + 6.0,
                    w - 4.0,
                    5.0,
                    "elem",
                    &attr("data-continues", &cell.index.to_string()),
                    Some("later bytes of an element that starts in an earlier cell"),
                );
                continue;
            }
            let stacked = h.count > 1;
            for (j, idx) in h.indices.iter().enumerate() {
                let yy = y + j as f64 * HIT_H;
                let element = cell.index / m;
                let attrs = format!(
                    "{}{}{}{}",
                    attr("data-tensor", &t.name),
                    attr("data-index", &index_attr(idx)),
                    attr("data-cell", &cell.index.to_string()),
                    attr("data-element", &element.to_string())
                );
                let class = if stacked { "elem stack" } else { "elem" };
                c.rect(
                    x + 2.0,
                    yy,
                    w - 4.0,
                    HIT_H - 2.0,
                    class,
                    &attrs,
                    Some(&format!(
                        "{}[{}] is storage cell {}",
                        t.name,
                        index_attr(idx),
                        cell.index
                    )),
                );
                c.text(x + w / 2.0, yy + 12.0, &index_attr(idx), "middle", "small");
            }
            let listed = h.indices.len() as u64;
            if h.count > listed || !h.exact {
                let more = format!(
                    "+{}{}",
                    h.count.saturating_sub(listed),
                    if h.exact { "" } else { "…" }
                );
                c.text(
                    x + w / 2.0,
                    y + listed as f64 * HIT_H + 12.0,
                    &more,
                    "middle",
                    "small",
                );
            }
        }
        c.end_group();
        y += height as f64 * HIT_H + 6.0;
    }
    y + 6.0
}

/// The tensor's logical elements as a grid, each labelled with its cell.
fn grid(c: &mut Canvas, s: &MapStorage, t: &MapTensor, top: f64) -> f64 {
    let m = per(s, t);
    let shown = t.elements.len().min(GRID_MAX);
    let title = format!(
        "{}: {} element{}, each showing the storage cell it reads",
        t.name,
        t.numel,
        if t.numel == 1 { "" } else { "s" }
    );
    c.text(12.0, top, &title, "start", "");
    let last = t.shape.last().copied().unwrap_or(1).max(1);
    let sq_w = 46.0;
    let sq_h = 34.0;
    let mut y = top + 8.0;
    c.group(&format!("t{}", t.arg % 8), &attr("data-grid", &t.name));
    let mut flat = 0usize;
    while flat < shown {
        let idx = unravel(flat, &t.shape);
        // A new block of the second-to-last dim gets a little space (rank ≥ 3).
        if flat > 0 && t.shape.len() >= 3 && flat.is_multiple_of(last * t.shape[t.shape.len() - 2].max(1))
        {
            y += 8.0;
        }
        let row_len = (last - flat % last).min(GRID_COLS).min(shown - flat);
        let prefix = &idx[..idx.len().saturating_sub(1)];
        let label = if prefix.is_empty() && t.shape.len() == 1 {
            format!("[{}:]", idx[0])
        } else {
            format!("[{}]", index_attr(prefix))
        };
        let label = if t.shape.is_empty() {
            "[()]".to_string()
        } else {
            label
        };
        c.text(LEFT - 8.0, y + 21.0, &label, "end", "muted small");
        for j in 0..row_len {
            let f = flat + j;
            let elem = t.elements[f];
            let index = unravel(f, &t.shape);
            let x = LEFT + (((f % last) % GRID_COLS) as f64) * sq_w;
            let attrs = format!(
                "{}{}{}{}",
                attr("data-tensor", &t.name),
                attr("data-index", &index_attr(&index)),
                attr("data-cell", &(elem * m).to_string()),
                attr("data-element", &elem.to_string())
            );
            c.rect(
                x,
                y,
                sq_w - 4.0,
                sq_h - 4.0,
                "elem",
                &attrs,
                Some(&format!(
                    "{}[{}] reads storage cell {}",
                    t.name,
                    index_attr(&index),
                    elem * m
                )),
            );
            c.text(
                x + (sq_w - 4.0) / 2.0,
                y + 19.0,
                &(elem * m).to_string(),
                "middle",
                "",
            );
        }
        flat += row_len;
        y += sq_h;
    }
    c.end_group();
    if shown < t.numel {
        c.text(
            LEFT,
            y + 14.0,
            &format!("first {} of {} elements drawn", shown, t.numel),
            "start",
            "muted small",
        );
        y += 18.0;
    }
    y
}

/// Row-major position `flat` as an index into `shape`.
pub fn unravel(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        let n = shape[d].max(1);
        idx[d] = flat % n;
        flat /= n;
    }
    idx
}
