//! A warning as a report (PyTorch's `UserWarning`s): its category, the
//! message, where (line and column) and the source line to point at.
//! JSON kind `warning`; the table form goes to stderr, as Python's.
//!
//! The evaluator makes one per warning raised while a statement runs, with
//! lines counted in that statement's source; the runner moves it to the
//! whole input's numbering ([`WarningReport::locate`]) and shows a given
//! warning once per location ([`WarningReport::key`], Python's default
//! filter: category, message and line).

use serde::Serialize;

use crate::lang::span::Span;

use super::diag::Diagnostic;

#[derive(Debug, Clone, Serialize)]
pub struct WarningReport {
    /// The Python warning class (`UserWarning`).
    pub category: String,
    pub message: String,
    /// 1-based line in the whole input (script, or REPL session).
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
    /// The source line the warning points at.
    #[serde(skip)]
    pub source_line: String,
    /// Width of the caret run, in characters (at least 1).
    #[serde(skip)]
    pub width: usize,
    /// File name shown before the line (empty for `-c` and the REPL).
    #[serde(skip)]
    pub origin: String,
}

impl WarningReport {
    /// A warning about `span` in `src` (lines counted from `src`'s start).
    pub fn new(category: &str, message: &str, span: Span, src: &str) -> Self {
        let d = Diagnostic::new(category, message, None, span, src, 0, "");
        WarningReport {
            category: category.to_string(),
            message: message.to_string(),
            line: d.line,
            col: d.col,
            source_line: d.source_line,
            width: d.width,
            origin: String::new(),
        }
    }

    /// Moves the warning to the whole input's numbering: its source began
    /// after `line_base` lines of `origin`.
    pub fn locate(&mut self, line_base: usize, origin: &str) {
        self.line += line_base;
        self.origin = origin.to_string();
    }

    /// What Python's default filter shows once: the same category and
    /// message from the same line.
    pub fn key(&self) -> (String, String, usize) {
        (self.category.clone(), self.message.clone(), self.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_and_keys() {
        let mut w = WarningReport::new("UserWarning", "careful", Span::new(8, 14), "a = 1\nb = y.grad");
        assert_eq!((w.line, w.col, w.width), (2, 3, 6));
        w.locate(10, "demo.tsr");
        assert_eq!(w.key(), ("UserWarning".to_string(), "careful".to_string(), 12));
        assert_eq!(w.origin, "demo.tsr");
    }
}
