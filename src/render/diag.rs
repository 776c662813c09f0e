//! Errors for humans: the message, the location, the source line and a
//! caret under the part that failed.

use crate::report::diag::Diagnostic;

use super::style::Style;

pub fn render(d: &Diagnostic, st: Style) -> String {
    let gutter = d.line.to_string();
    let pad = " ".repeat(gutter.len());
    let loc = if d.origin.is_empty() {
        format!("line {}, col {}", d.line, d.col)
    } else {
        format!("{}:{}:{}", d.origin, d.line, d.col)
    };
    // Control characters would garble the terminal: show them escaped.
    let line: String = d.source_line.chars().map(|c| if c.is_control() && c != '\t' { '?' } else { c }).collect();
    let (shown, offset) = clip(&line, d.col);
    let mut out = String::new();
    out.push_str(&format!("{} {}\n", st.red_bold(&format!("{}:", d.error_type)), st.bold(&d.message)));
    out.push_str(&format!("{}{} {}\n", pad, st.blue("-->"), loc));
    out.push_str(&format!("{}{}\n", pad, st.blue(" |")));
    out.push_str(&format!("{} {} {}\n", st.blue(&gutter), st.blue("|"), shown));
    let caret_col = d.col.saturating_sub(1).saturating_sub(offset);
    let width = d.width.min(shown.chars().count().saturating_sub(caret_col).max(1));
    out.push_str(&format!(
        "{}{} {}{}\n",
        pad,
        st.blue(" |"),
        " ".repeat(caret_col),
        st.red_bold(&"^".repeat(width))
    ));
    if let Some(h) = &d.hint {
        out.push_str(&format!("{}{} {}\n", pad, st.blue(" ="), st.cyan(&format!("hint: {h}"))));
    }
    out
}

/// Long lines are cut to a window around the column; returns the window
/// and how many characters were cut from the left.
pub(super) fn clip(line: &str, col: usize) -> (String, usize) {
    const MAX: usize = 120;
    let n = line.chars().count();
    if n <= MAX {
        return (line.to_string(), 0);
    }
    let start = col.saturating_sub(MAX / 2).min(n.saturating_sub(MAX));
    let s: String = line.chars().skip(start).take(MAX).collect();
    (s, start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::span::Span;

    #[test]
    fn caret_sits_under_the_span() {
        let d = Diagnostic::new("NameError", "name 'q' is not defined", Some("did you mean `x`?".into()), Span::new(4, 5), "y = q + 1", 0, "");
        let s = render(&d, Style::plain());
        assert_eq!(
            s,
            "NameError: name 'q' is not defined\n --> line 1, col 5\n  |\n1 | y = q + 1\n  |     ^\n  = hint: did you mean `x`?\n"
        );
    }
}
