//! `share` as a tree: each storage, then the bindings on it.

use crate::render::style::Style;
use crate::report::teach::share::ShareReport;

use super::text::{bytes, columns, heading, hex, para, range, tint, tuple, Cell};

pub fn table(r: &ShareReport, st: Style) -> String {
    if r.storages.is_empty() {
        return "share: no tensor bindings yet\n".to_string();
    }
    let mut out = heading(
        st,
        "share",
        &format!("· {} storage{} kept alive by the bindings", r.storages.len(), if r.storages.len() == 1 { "" } else { "s" }),
        st.width,
    );
    for s in &r.storages {
        out.push_str(&heading(
            st,
            &format!("S{}", s.id),
            &format!("{} at {} on {} · {} view{}", bytes(s.nbytes), hex(s.data_ptr), s.device, s.tensors.len(), if s.tensors.len() == 1 { "" } else { "s" }),
            st.width,
        ));
        let n = s.tensors.len();
        let rows: Vec<Vec<Cell>> = s
            .tensors
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let branch = if i + 1 == n { "└─" } else { "├─" };
                let mut notes = vec![];
                if let Some(a) = &t.alias_of {
                    notes.push(format!("same tensor as {a}"));
                }
                if !t.overlaps_with.is_empty() {
                    notes.push(format!("overlaps {}", t.overlaps_with.join(", ")));
                }
                if t.self_overlap == Some(true) {
                    notes.push("overlaps itself".to_string());
                }
                let note = notes.join("; ");
                vec![
                    Cell::styled(branch, |x| st.dim(x)),
                    Cell::styled(t.name.clone(), |x| tint(st, i, x)),
                    Cell::new(tuple(&t.shape)),
                    Cell::new(format!("stride {}", tuple(&t.stride))),
                    Cell::new(format!("offset {}", t.offset)),
                    Cell::new(t.dtype.clone()),
                    Cell::new(format!("elements {}", range(t.footprint))),
                    Cell::styled(note, |x| st.yellow(x)),
                ]
            })
            .collect();
        out.push_str(&columns("", &rows, st.width));
        for [a, b] in &s.undecided {
            out.push_str(&para(None, &format!("{a} and {b}: overlap undecided (run `overlap {a}, {b}` for the exact check)"), st.width, "   ", "     ", |x| st.dim(x)));
        }
        if !s.pairs_checked {
            out.push_str(&para(None, "too many views to compare every pair; ask `overlap x, y` for one pair", st.width, "   ", "     ", |x| st.dim(x)));
        }
    }
    out
}
