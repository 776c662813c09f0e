//! `lineage x` as a table: one row per step, oldest first, with the fields
//! that changed shown as `before → after`.

use crate::render::style::Style;
use crate::report::teach::lineage::LineageReport;
use crate::report::teach::LayoutInfo;

use super::text::{columns, green, heading, red, tuple, Cell};

fn changed(before: Option<&LayoutInfo>, after: &LayoutInfo, f: impl Fn(&LayoutInfo) -> String) -> String {
    match before.map(&f) {
        Some(b) if b != f(after) => format!("{b} → {}", f(after)),
        _ => f(after),
    }
}

pub fn table(r: &LineageReport, st: Style) -> String {
    let mut out = heading(st, &format!("lineage {}", r.name), &format!("· {}", r.summary()), st.width);
    if r.steps.is_empty() {
        out.push_str("  no recorded history\n");
        return out;
    }
    let mut rows = vec![["#", "op", "kind", "storage", "shape", "stride", "offset"].map(|h| Cell::styled(h, |s| st.dim(s))).to_vec()];
    let mut next = 0;
    for s in &r.steps {
        if s.n != next {
            rows.push(vec![Cell::new("…"), Cell::styled(format!("{} steps not shown", r.omitted), |x| st.dim(x))]);
        }
        let b = s.before.as_ref();
        let kind = match s.kind.as_str() {
            "view" => Cell::styled("view", |x| green(st, x)),
            "copy" => Cell::styled("copy", |x| red(st, x)),
            k => Cell::styled(k, |x| st.yellow(x)),
        };
        rows.push(vec![
            Cell::new(s.n.to_string()),
            Cell::styled(s.op.clone(), |x| st.bold(x)),
            kind,
            Cell::new(format!("S{}", s.storage)),
            Cell::new(changed(b, &s.after, |l| tuple(&l.shape))),
            Cell::new(changed(b, &s.after, |l| tuple(&l.stride))),
            Cell::new(changed(b, &s.after, |l| l.offset.to_string())),
        ]);
        next = s.n + 1;
    }
    out.push_str(&columns("  ", &rows, st.width));
    out
}
