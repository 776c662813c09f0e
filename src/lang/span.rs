//! Source positions. Spans are byte ranges into the source text; line and
//! column are computed only when an error is rendered (see `render::diag`).

use serde::Serialize;

/// A half-open byte range `[start, end)` into the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// The text this span covers, or "" when it lies outside `src`.
    pub fn text(self, src: &str) -> &str {
        src.get(self.start..self.end).unwrap_or("")
    }
}

/// 1-based line and column (in characters) of byte offset `pos` in `src`.
///
/// Linear in `pos` but with vectorisable loops: a script with many errors
/// (`--keep-going`) computes this once per error.
pub fn line_col(src: &str, pos: usize) -> (usize, usize) {
    let pos = pos.min(src.len());
    let before = &src.as_bytes()[..pos];
    let line = 1 + count_newlines(before);
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let col = src.get(line_start..pos).map(|s| s.chars().count()).unwrap_or(0) + 1;
    (line, col)
}

/// Number of `\n` bytes in `b`, counted in blocks of byte-wide sums so the
/// compiler vectorises it (tens of bytes per cycle).
fn count_newlines(b: &[u8]) -> usize {
    b.chunks(255).map(|c| c.iter().fold(0u8, |n, &x| n + u8::from(x == b'\n')) as usize).sum()
}

/// The text of the line holding byte offset `pos` (without its `\n` or
/// `\r\n`), as `src.lines().nth(line_col(src, pos).0 - 1)` would give it,
/// but without walking the lines before it.
pub fn line_text(src: &str, pos: usize) -> &str {
    let pos = pos.min(src.len());
    let bytes = src.as_bytes();
    let start = bytes[..pos].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    match bytes[start..].iter().position(|&b| b == b'\n') {
        Some(n) => {
            let l = &src[start..start + n];
            l.strip_suffix('\r').unwrap_or(l)
        }
        None => &src[start..],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_chars() {
        let src = "ab\ncdé\nf";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 3), (2, 1));
        assert_eq!(line_col(src, 7), (2, 4));
        assert_eq!(line_col(src, 8), (3, 1));
        assert_eq!(line_col(src, 999), (3, 2));
    }

    #[test]
    fn line_text_matches_lines_nth() {
        for src in ["", "\n", "a", "ab\ncd\r\n\r\nef\r", "x\n\ny\n", "é\r\nü\n"] {
            for pos in 0..=src.len() + 2 {
                let (line, _) = line_col(src, pos);
                assert_eq!(line_text(src, pos), src.lines().nth(line - 1).unwrap_or(""), "{src:?} {pos}");
            }
        }
    }
}
