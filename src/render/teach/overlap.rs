//! `overlap x, y` as text: the verdict, the equation, the reason or witness,
//! and whether each tensor overlaps itself.

use crate::render::style::Style;
use crate::report::teach::overlap::OverlapReport;

use super::text::{green, pack, para, red, width_of, Cell};

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
    let w = st.width;
    let mut out = para(Some(Cell::styled(title, |x| st.bold(x))), "", w, "", "  ", str::to_string);
    out.pop();
    out.push_str(&format!("{}{verdict}\n", if width_of(&out) + width_of(&verdict) + 2 <= w { "  " } else { "\n  " }));
    if let Some(eq) = &r.equation {
        // The equation breaks only after `+`, `=` and the bounds' commas.
        let mut pieces = vec![Cell::styled("solve", |x| st.dim(x))];
        pieces.extend(terms(eq));
        for line in pack(&pieces, w, "  ", "        ", " ") {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out.push_str(&para(None, &r.reason, w, "  ", "    ", str::to_string));
    if r.b.is_some() {
        for s in &r.self_overlap {
            let loud = s.overlap == Some(true);
            out.push_str(&para(None, &s.reason, w, "  ", "    ", |x| if loud { st.yellow(x) } else { st.dim(x) }));
        }
    }
    out
}

/// `eq` cut where a line may break: after a `+`, an `=` or a comma, and
/// between the equation and its bounds (two spaces).
fn terms(eq: &str) -> Vec<Cell> {
    let mut out = vec![];
    for (k, part) in eq.split("  ").enumerate() {
        let mut cur = if k > 0 { " ".to_string() } else { String::new() };
        for tok in part.split(' ').filter(|t| !t.is_empty()) {
            if !cur.trim().is_empty() {
                cur.push(' ');
            }
            cur.push_str(tok);
            if tok == "+" || tok == "=" || tok.ends_with(',') {
                out.push(Cell::new(std::mem::take(&mut cur)));
            }
        }
        if !cur.trim().is_empty() {
            out.push(Cell::new(cur));
        }
    }
    out
}
