//! Errors for humans: the message, the location, the source line and a
//! caret under the part that failed.

use crate::report::diag::Diagnostic;

use super::style::Style;
use super::teach::text::{para, Cell};

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
    let (shown, offset) = clip(&line, d.col, st.width.saturating_sub(gutter.len() + 3).max(MIN_WINDOW));
    // The `Type: message` line stays whole, as Python prints it (people
    // search for it); the hint below wraps.
    let mut out = format!("{} {}\n", st.red_bold(&format!("{}:", d.error_type)), st.bold(&d.message));
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
        let lead = Cell { plain: format!("{pad} = hint:"), shown: format!("{pad}{} {}", st.blue(" ="), st.cyan("hint:")) };
        out.push_str(&para(Some(lead), h, st.width, "", &format!("{pad}         "), |x| st.cyan(x)));
    }
    out
}

/// The narrowest source window shown, whatever the width.
const MIN_WINDOW: usize = 16;

/// Long lines are cut to a window of `max` characters around the column;
/// returns the window and how many characters were cut from the left.
pub(super) fn clip(line: &str, col: usize, max: usize) -> (String, usize) {
    let n = line.chars().count();
    if n <= max {
        return (line.to_string(), 0);
    }
    let start = col.saturating_sub(max / 2).min(n.saturating_sub(max));
    let s: String = line.chars().skip(start).take(max).collect();
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
