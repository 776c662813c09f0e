//! `overlap x, y` as text: the verdict, the equation, the reason or witness,
//! and whether each tensor overlaps itself.

use crate::render::style::Style;
use crate::report::teach::overlap::OverlapReport;

use super::text::{green, red};

pub fn table(r: &OverlapReport, st: Style) -> String {
    let title = match &r.b {
        Some(b) => format!("overlap {}, {}", r.a, b),
        None => format!("overlap {}", r.a),
    };
    let verdict = match (r.overlap, r.b.is_some()) {
        (Some(true), true) => red(st, "YES: they share memory"),
        (Some(false), true) => green(st, "NO: they share no element"),
        (Some(true), false) => red(st, "YES: it overlaps itself"),
        (Some(false), false) => green(st, "NO: every index has its own element"),
        (None, _) => st.yellow("UNDECIDED"),
    };
    let mut out = format!("{}  {verdict}\n", st.bold(&title));
    if let Some(eq) = &r.equation {
        out.push_str(&format!("  {} {}\n", st.dim("solve"), eq));
    }
    out.push_str(&format!("  {}\n", r.reason));
    if r.b.is_some() {
        for s in &r.self_overlap {
            let line = format!("  {}", s.reason);
            out.push_str(&if s.overlap == Some(true) { st.yellow(&line) } else { st.dim(&line) });
            out.push('\n');
        }
    }
    out
}
