//! Warnings for humans, on stderr: Python's `origin:line: Category:
//! message` (with the column, as tsr's errors), then the source line with a
//! caret under the part that warned.

use crate::report::warning::WarningReport;

use super::style::Style;

pub fn render(w: &WarningReport, st: Style) -> String {
    let loc = if w.origin.is_empty() { format!("line {}, col {}", w.line, w.col) } else { format!("{}:{}:{}", w.origin, w.line, w.col) };
    let gutter = w.line.to_string();
    let pad = " ".repeat(gutter.len());
    let line: String = w.source_line.chars().map(|c| if c.is_control() && c != '\t' { '?' } else { c }).collect();
    let (shown, offset) = super::diag::clip(&line, w.col, st.width.saturating_sub(gutter.len() + 3).max(16));
    let caret_col = w.col.saturating_sub(1).saturating_sub(offset);
    let width = w.width.min(shown.chars().count().saturating_sub(caret_col).max(1));
    let mut out = format!("{}: {} {}\n", loc, st.yellow_bold(&format!("{}:", w.category)), w.message);
    out.push_str(&format!("{} {} {}\n", st.blue(&gutter), st.blue("|"), shown));
    out.push_str(&format!("{}{} {}{}\n", pad, st.blue(" |"), " ".repeat(caret_col), st.yellow_bold(&"^".repeat(width))));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::span::Span;

    #[test]
    fn python_form_with_a_caret() {
        let mut w = WarningReport::new("UserWarning", "careful", Span::new(8, 14), "a = 1\nb = y.grad");
        w.locate(0, "demo.tsr");
        assert_eq!(render(&w, Style::plain()), "demo.tsr:2:3: UserWarning: careful\n2 | b = y.grad\n  |   ^^^^^^\n");
    }
}
