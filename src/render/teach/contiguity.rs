//! `contiguity x` as text: every layout flag, the strides each would need,
//! the row-major check dim by dim, and the special cases.

use crate::render::style::Style;
use crate::report::teach::contiguity::{ContiguityReport, Flag};

use super::text::{columns, green, heading, para, py_bool, red, tuple, Cell};

pub fn table(r: &ContiguityReport, st: Style) -> String {
    let mut out = heading(st, &format!("contiguity {}", r.name), &format!("shape {}, stride {}, numel {}", tuple(&r.shape), tuple(&r.stride), r.numel), st.width);
    let flags: [(&str, &Flag, &str); 5] = [
        ("C-contiguous (row-major)", &r.contiguous, "is_contiguous()"),
        ("channels_last", &r.channels_last, "rank 4 only"),
        ("channels_last_3d", &r.channels_last_3d, "rank 5 only"),
        ("non-overlapping and dense", &r.non_overlapping_and_dense, "some order of the dims is row-major"),
        ("Fortran (column-major)", &r.fortran, "first dim fastest"),
    ];
    let mut rows = vec![["layout", "holds", "strides it needs", ""].map(|h| Cell::styled(h, |s| st.dim(s))).to_vec()];
    for (name, f, note) in flags {
        let holds = if !f.applies {
            Cell::styled("-", |x| st.dim(x))
        } else if f.holds {
            Cell::styled(py_bool(true), |x| green(st, x))
        } else {
            Cell::styled(py_bool(false), |x| red(st, x))
        };
        let needs = match &f.strides {
            Some(s) if s.as_slice() == r.stride.as_slice() => format!("{} (as now)", tuple(s)),
            Some(s) => tuple(s),
            None => "-".to_string(),
        };
        rows.push(vec![Cell::new(name), holds, Cell::new(needs), Cell::styled(note, |x| st.dim(x))]);
    }
    out.push_str(&columns("  ", &rows, st.width));
    if !r.checks.is_empty() {
        out.push_str(&para(None, "row-major check, last dim first (expected starts at 1, then × size):", st.width, "  ", "    ", |x| st.dim(x)));
        let rows: Vec<Vec<Cell>> = r
            .checks
            .iter()
            .map(|c| {
                let (exp, mark) = match c.expected {
                    None => ("size 1: not checked".to_string(), Cell::styled("-", |x| st.dim(x))),
                    Some(e) if c.ok => (format!("expected {e}"), Cell::styled("ok", |x| green(st, x))),
                    Some(e) => (format!("expected {e}"), Cell::styled("✗", |x| red(st, x))),
                };
                vec![Cell::new(format!("dim {}", c.dim)), Cell::new(format!("size {}", c.size)), Cell::new(format!("stride {}", c.stride)), Cell::new(exp), mark]
            })
            .collect();
        out.push_str(&columns("    ", &rows, st.width));
    }
    for n in &r.notes {
        out.push_str(&para(Some(Cell::styled("note:", |x| st.dim(x))), n, st.width, "  ", "    ", str::to_string));
    }
    out
}
