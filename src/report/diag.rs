//! An error as a report: what failed, where (line and column), and the
//! source line to draw a caret under. JSON kind `error`.

use serde::Serialize;

use crate::lang::span::{line_col, Span};

#[derive(Debug, Clone, Serialize)]
pub struct Diagnostic {
    /// 1-based line in the whole input (script, or REPL session).
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
    pub message: String,
    /// The Python exception class (`RuntimeError`, `SyntaxError`, …).
    #[serde(rename = "type")]
    pub error_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The source line the error is on (for the caret).
    #[serde(skip)]
    pub source_line: String,
    /// Width of the caret run, in characters (at least 1).
    #[serde(skip)]
    pub width: usize,
    /// File name shown in `-->` (empty for `-c` and the REPL).
    #[serde(skip)]
    pub origin: String,
}

impl Diagnostic {
    /// Builds a diagnostic for `span` in `src`, whose first line is line
    /// `line_base + 1` of the whole input.
    pub fn new(error_type: &str, message: &str, hint: Option<String>, span: Span, src: &str, line_base: usize, origin: &str) -> Self {
        let (line, col) = line_col(src, span.start);
        let source_line = crate::lang::span::line_text(src, span.start).to_string();
        let (end_line, end_col) = line_col(src, span.end.max(span.start));
        let line_len = source_line.chars().count();
        let width = if end_line == line { end_col.saturating_sub(col) } else { line_len.saturating_sub(col - 1) };
        Diagnostic {
            line: line + line_base,
            col,
            message: message.to_string(),
            error_type: error_type.to_string(),
            hint,
            source_line,
            width: width.max(1),
            origin: origin.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_second_line() {
        let d = Diagnostic::new("RuntimeError", "bad", None, Span::new(6, 9), "a = 1\nb = xyz", 10, "");
        assert_eq!((d.line, d.col, d.width), (12, 1, 3));
        assert_eq!(d.source_line, "b = xyz");
    }
}
