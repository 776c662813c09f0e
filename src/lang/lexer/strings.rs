//! String literals: prefixes, Python's escapes, and splitting an f-string
//! into literal pieces and replacement fields (a child of `lexer.rs`).

use crate::lang::token::FPiece;

/// The prefix letters of a string literal.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct StrPrefix {
    pub raw: bool,
    pub fmt: bool,
    pub bytes: bool,
}

impl StrPrefix {
    pub fn parse(word: &str) -> Option<StrPrefix> {
        let mut p = StrPrefix::default();
        let mut unicode = false;
        for c in word.chars() {
            match c.to_ascii_lowercase() {
                'r' if !p.raw => p.raw = true,
                'f' if !p.fmt => p.fmt = true,
                'b' if !p.bytes => p.bytes = true,
                'u' if !unicode && word.len() == 1 => unicode = true,
                _ => return None,
            }
        }
        if p.fmt && p.bytes {
            return None;
        }
        Some(p)
    }
}

/// Decodes Python's escapes in a (non-raw) string body. Unknown escapes are
/// kept with their backslash, as in Python.
pub fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            if c == '\r' && chars.peek() == Some(&'\n') {
                continue;
            }
            out.push(c);
            continue;
        }
        let Some(n) = chars.next() else {
            out.push('\\');
            break;
        };
        match n {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0'..='7' => {
                let mut v = n.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
            }
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'v' => out.push('\x0b'),
            '\\' => out.push('\\'),
            '\'' => out.push('\''),
            '"' => out.push('"'),
            '\n' => {}
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
            }
            'x' | 'u' | 'U' => {
                let len = match n { 'x' => 2, 'u' => 4, _ => 8 };
                let hex: String = chars.clone().take(len).collect();
                match (hex.len() == len).then(|| u32::from_str_radix(&hex, 16).ok()).flatten().and_then(char::from_u32) {
                    Some(ch) => {
                        for _ in 0..len {
                            chars.next();
                        }
                        out.push(ch);
                    }
                    None => {
                        out.push('\\');
                        out.push(n);
                    }
                }
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    out
}

type FResult = Result<Vec<FPiece>, (String, usize, usize)>;

/// Splits the body `src[start..end]` of an f-string into literal pieces and
/// replacement fields. `depth` counts nested format specs (Python allows 2).
pub(super) fn fstring_pieces(src: &str, start: usize, end: usize, raw: bool, depth: usize) -> FResult {
    let bytes = src.as_bytes();
    let mut pieces = Vec::new();
    let mut lit_start = start;
    let mut lit = String::new();
    let mut i = start;
    let flush = |lit: &mut String, text: &str| {
        lit.push_str(&if raw { text.to_string() } else { unescape(text) });
    };
    while i < end {
        match bytes[i] {
            b'{' if bytes.get(i + 1) == Some(&b'{') && i + 1 < end => {
                flush(&mut lit, &src[lit_start..i]);
                lit.push('{');
                i += 2;
                lit_start = i;
            }
            b'}' if bytes.get(i + 1) == Some(&b'}') && i + 1 < end => {
                flush(&mut lit, &src[lit_start..i]);
                lit.push('}');
                i += 2;
                lit_start = i;
            }
            b'}' => return Err(("f-string: single '}' is not allowed".into(), i, i + 1)),
            b'{' => {
                flush(&mut lit, &src[lit_start..i]);
                if !lit.is_empty() {
                    pieces.push(FPiece::Lit(std::mem::take(&mut lit)));
                }
                let (field, next) = fstring_field(src, i, end, raw, depth)?;
                pieces.push(field);
                i = next;
                lit_start = i;
            }
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    flush(&mut lit, &src[lit_start..end.min(src.len())]);
    if !lit.is_empty() {
        pieces.push(FPiece::Lit(lit));
    }
    Ok(pieces)
}

/// One `{…}` field starting at `open`; returns it and the index after `}`.
fn fstring_field(src: &str, open: usize, end: usize, raw: bool, depth: usize) -> Result<(FPiece, usize), (String, usize, usize)> {
    let bytes = src.as_bytes();
    let mut i = open + 1;
    let mut nest = 0usize;
    let mut quote: Option<u8> = None;
    let expr_start = i;
    // The expression ends at `=`, `!`, `:` or `}` at nesting level 0.
    let mut expr_end = None;
    while i < end {
        let b = bytes[i];
        if let Some(q) = quote {
            if b == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        match b {
            b'\'' | b'"' => quote = Some(b),
            b'(' | b'[' | b'{' => nest += 1,
            b')' | b']' => nest = nest.saturating_sub(1),
            b'}' if nest > 0 => nest -= 1,
            b'}' | b':' if nest == 0 => {
                expr_end = Some(i);
                break;
            }
            b'!' if nest == 0 && bytes.get(i + 1) != Some(&b'=') => {
                expr_end = Some(i);
                break;
            }
            b'=' if nest == 0 => {
                let prev = bytes[i - 1];
                let next = bytes.get(i + 1).copied();
                if next != Some(b'=') && !matches!(prev, b'=' | b'!' | b'<' | b'>') {
                    expr_end = Some(i);
                    break;
                }
                if next == Some(b'=') {
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let Some(e_end) = expr_end else {
        return Err(("f-string: expecting '}'".into(), open, end));
    };
    if src[expr_start..e_end].trim().is_empty() {
        return Err(("f-string: valid expression required before '}'".into(), open, e_end + 1));
    }
    let mut debug = None;
    let mut j = e_end;
    if bytes[j] == b'=' {
        j += 1;
        // Whitespace after `=` is part of the echoed text.
        while j < end && bytes[j] == b' ' {
            j += 1;
        }
        debug = Some(src[expr_start..j].to_string());
    }
    let mut conv = None;
    if j < end && bytes[j] == b'!' {
        match bytes.get(j + 1) {
            Some(&c @ (b's' | b'r' | b'a')) => conv = Some(c as char),
            _ => return Err(("f-string: invalid conversion character: expected 's', 'r', or 'a'".into(), j, j + 2)),
        }
        j += 2;
    }
    let mut spec = Vec::new();
    if j < end && bytes[j] == b':' {
        if depth >= 2 {
            return Err(("f-string: expressions nested too deeply".into(), j, j + 1));
        }
        // The spec runs to the matching `}`; it may hold nested fields.
        let spec_start = j + 1;
        let mut k = spec_start;
        let mut level = 0usize;
        while k < end {
            match bytes[k] {
                b'{' => level += 1,
                b'}' if level == 0 => break,
                b'}' => level -= 1,
                _ => {}
            }
            k += 1;
        }
        spec = fstring_pieces(src, spec_start, k, raw, depth + 1)?;
        j = k;
    }
    if j >= end || bytes[j] != b'}' {
        return Err(("f-string: expecting '}'".into(), open, j.min(end)));
    }
    // Trailing whitespace of the expression is not part of it.
    let e_end = expr_start + src[expr_start..e_end].trim_end().len();
    Ok((FPiece::Field { expr: (expr_start, e_end), debug, conv, spec }, j + 1))
}
