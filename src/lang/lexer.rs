//! The lexer: turns source text into a flat vector of [`Token`]s.
//!
//! It is a non-recursive pass over the bytes of the text (linear time, no
//! panics on any input; a second pass is made only when a bracket is never
//! closed, see [`lex`]). Python's layout rules are followed:
//! newlines inside brackets are whitespace, a backslash at the end of a line
//! joins it with the next one, blank and comment-only lines are ignored, and
//! changes of indentation at the start of a logical line produce `Indent` /
//! `Dedent` tokens. Problems are not fatal: they become `TokenKind::Error`
//! tokens and lexing continues (an unterminated string ends at the end of its
//! line, and also closes any brackets that were open, so that the following
//! line is lexed as a fresh statement).

use super::ast::BinOp;
use super::span::Span;
mod strings;

use super::token::{Token, TokenKind};
use strings::{StrPrefix, fstring_pieces};
pub use strings::unescape;

/// The result of lexing a whole text.
#[derive(Debug, Clone, PartialEq)]
pub struct Lexed {
    /// The tokens, always ending with exactly one `Eof`.
    pub tokens: Vec<Token>,
    /// How many brackets were still open at the end of the text.
    pub open_brackets: usize,
    /// Byte offsets of the brackets that are never closed, in order.
    pub unclosed: Vec<usize>,
    /// The text ends with a backslash line continuation (nothing but
    /// whitespace follows it).
    pub trailing_continuation: bool,
}

/// Lex `src` completely.
///
/// A bracket that is never closed would make every later line part of its
/// statement (Python reports "'(' was never closed" and stops). To recover
/// at the next statement instead, such text is lexed a second time, knowing
/// which brackets stay open: after one of them, newlines are whitespace only
/// while the following lines are indented deeper than the line that opened
/// it. `open_brackets` and `trailing_continuation` always describe the text
/// as Python sees it (for the REPL).
pub fn lex(src: &str) -> Lexed {
    let first = Lexer::new(src, Vec::new()).run();
    if first.unclosed.is_empty() {
        return first;
    }
    let second = Lexer::new(src, first.unclosed.clone()).run();
    Lexed {
        tokens: second.tokens,
        ..first
    }
}

/// What the start of a physical line turned out to be.
enum LineStart {
    /// Blank or comment-only; the line (and its newline) has been skipped.
    Blank,
    /// The end of the text was reached.
    End,
    /// The line has content; indentation has been processed.
    Content,
}

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    tokens: Vec<Token>,
    /// Bracket nesting depth (newlines inside brackets are whitespace).
    depth: usize,
    /// Byte offsets of the open brackets.
    open_stack: Vec<usize>,
    /// Brackets known (from a first pass) never to be closed.
    unclosed: Vec<usize>,
    /// Set after such a bracket: the indentation of the line that opened it.
    unclosed_indent: Option<usize>,
    /// Indentation width of the current logical line.
    line_indent: usize,
    /// Stack of indentation widths of the enclosing blocks (0 is implicit).
    indents: Vec<usize>,
    /// The current logical line has produced a token.
    line_has_tokens: bool,
    /// A backslash continuation was seen and nothing has followed it yet.
    pending_continuation: bool,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn keyword(word: &str) -> Option<TokenKind> {
    Some(match word {
        "True" => TokenKind::True,
        "False" => TokenKind::False,
        "None" => TokenKind::None,
        "and" => TokenKind::And,
        "or" => TokenKind::Or,
        "not" => TokenKind::Not,
        "is" => TokenKind::Is,
        "in" => TokenKind::In,
        "del" => TokenKind::Del,
        "with" => TokenKind::With,
        "if" => TokenKind::If,
        "elif" => TokenKind::Elif,
        "else" => TokenKind::Else,
        "for" => TokenKind::For,
        "while" => TokenKind::While,
        "break" => TokenKind::Break,
        "continue" => TokenKind::Continue,
        "pass" => TokenKind::Pass,
        "def" => TokenKind::Def,
        "return" => TokenKind::Return,
        "lambda" => TokenKind::Lambda,
        "try" => TokenKind::Try,
        "except" => TokenKind::Except,
        "finally" => TokenKind::Finally,
        "raise" => TokenKind::Raise,
        "assert" => TokenKind::Assert,
        "import" => TokenKind::Import,
        "from" => TokenKind::From,
        "as" => TokenKind::As,
        "global" => TokenKind::Global,
        "nonlocal" => TokenKind::Nonlocal,
        "class" => TokenKind::Unsupported("class"),
        "yield" => TokenKind::Unsupported("yield"),
        "async" => TokenKind::Unsupported("async"),
        "await" => TokenKind::Unsupported("await"),
        _ => return None,
    })
}

/// The message for a character that cannot start any token.
fn invalid_char_message(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("invalid character '{c}'")
    } else {
        format!(
            "invalid character '{}' (U+{:04X})",
            c.escape_debug(),
            c as u32
        )
    }
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str, unclosed: Vec<usize>) -> Self {
        Lexer {
            src,
            bytes: src.as_bytes(),
            // A UTF-8 byte order mark at the very start is not text (Python
            // skips it too); spans stay offsets into the original `src`.
            pos: if src.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 },
            tokens: Vec::new(),
            depth: 0,
            open_stack: Vec::new(),
            unclosed,
            unclosed_indent: None,
            line_indent: 0,
            indents: Vec::new(),
            line_has_tokens: false,
            pending_continuation: false,
        }
    }

    /// Forget all open brackets (after an unterminated string, or when a
    /// never-closed bracket's statement ends).
    fn close_all_brackets(&mut self) {
        self.depth = 0;
        self.open_stack.clear();
        self.unclosed_indent = None;
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.bytes.get(i).copied()
    }

    fn char_at(&self, i: usize) -> Option<char> {
        self.src.get(i..).and_then(|s| s.chars().next())
    }

    fn push(&mut self, kind: TokenKind, start: usize, end: usize) {
        self.tokens.push(Token::new(kind, Span::new(start, end)));
        self.line_has_tokens = true;
        self.pending_continuation = false;
    }

    fn push_layout(&mut self, kind: TokenKind, start: usize, end: usize) {
        self.tokens.push(Token::new(kind, Span::new(start, end)));
    }

    fn error(&mut self, message: impl Into<String>, start: usize, end: usize) {
        self.push(TokenKind::Error(message.into()), start, end);
    }

    fn run(mut self) -> Lexed {
        let mut at_line_start = true;
        loop {
            if at_line_start {
                match self.line_start() {
                    LineStart::Blank => continue,
                    LineStart::End => break,
                    LineStart::Content => at_line_start = false,
                }
            }
            let Some(b) = self.byte(self.pos) else { break };
            match b {
                b' ' | b'\t' | b'\x0c' | b'\r' => self.pos += 1,
                b'\n' => {
                    self.pos += 1;
                    if let Some(indent) = self.unclosed_indent
                        && self.next_line_ends_statement(indent)
                    {
                        self.close_all_brackets();
                    }
                    if self.depth == 0 {
                        if self.line_has_tokens {
                            self.push_layout(TokenKind::Newline, self.pos - 1, self.pos);
                        }
                        self.line_has_tokens = false;
                        self.pending_continuation = false;
                        at_line_start = true;
                    }
                }
                b'#' => self.skip_comment(),
                b'\\' => self.continuation(),
                b'0'..=b'9' => self.number(),
                b'.' if self.byte(self.pos + 1).is_some_and(|c| c.is_ascii_digit()) => {
                    self.number()
                }
                b'"' | b'\'' => self.string(b),
                _ if is_ident_start(b) => self.ident(),
                _ => self.operator(b),
            }
        }
        let end = self.src.len();
        if self.line_has_tokens {
            self.push_layout(TokenKind::Newline, end, end);
        }
        for _ in 0..self.indents.len() {
            self.push_layout(TokenKind::Dedent, end, end);
        }
        self.push_layout(TokenKind::Eof, end, end);
        Lexed {
            tokens: self.tokens,
            open_brackets: self.depth,
            unclosed: self.open_stack,
            trailing_continuation: self.pending_continuation,
        }
    }

    /// Measure the indentation of a new physical line at bracket depth 0 and
    /// emit `Indent`/`Dedent` tokens for it, unless the line is blank.
    fn line_start(&mut self) -> LineStart {
        let start = self.pos;
        let mut j = start;
        let mut width = 0usize;
        loop {
            match self.byte(j) {
                Some(b' ') => width = width.saturating_add(1),
                Some(b'\t') => width = (width / 8).saturating_add(1).saturating_mul(8),
                Some(b'\x0c') => width = 0,
                Some(b'\r') => {}
                _ => break,
            }
            j += 1;
        }
        match self.byte(j) {
            None => {
                self.pos = j;
                LineStart::End
            }
            Some(b'\n') => {
                self.pos = j + 1;
                LineStart::Blank
            }
            Some(b'#') => {
                self.pos = j;
                self.skip_comment();
                if self.byte(self.pos) == Some(b'\n') {
                    self.pos += 1;
                    LineStart::Blank
                } else {
                    LineStart::End
                }
            }
            Some(_) => {
                self.pos = j;
                self.line_indent = width;
                self.indent_to(width, start, j);
                LineStart::Content
            }
        }
    }

    /// Inside a bracket that is never closed, at the start of a line: does
    /// the next non-blank line start a new statement (is it indented no
    /// deeper than `indent`)? If not, blank lines up to it are skipped.
    fn next_line_ends_statement(&mut self, indent: usize) -> bool {
        let mut line = self.pos;
        loop {
            let mut j = line;
            let mut width = 0usize;
            loop {
                match self.byte(j) {
                    Some(b' ') => width = width.saturating_add(1),
                    Some(b'\t') => width = (width / 8).saturating_add(1).saturating_mul(8),
                    Some(b'\x0c') => width = 0,
                    Some(b'\r') => {}
                    _ => break,
                }
                j += 1;
            }
            match self.byte(j) {
                None => return true,
                Some(b'\n' | b'#') => {
                    while self.byte(j).is_some_and(|b| b != b'\n') {
                        j += 1;
                    }
                    line = j + 1;
                }
                Some(_) if width <= indent => return true,
                Some(_) => {
                    self.pos = line;
                    return false;
                }
            }
        }
    }

    fn indent_to(&mut self, width: usize, ws_start: usize, ws_end: usize) {
        let top = self.indents.last().copied().unwrap_or(0);
        if width > top {
            self.indents.push(width);
            self.push_layout(TokenKind::Indent, ws_start, ws_end);
        } else if width < top {
            while self.indents.last().is_some_and(|&w| w > width) {
                self.indents.pop();
                self.push_layout(TokenKind::Dedent, ws_end, ws_end);
            }
            if self.indents.last().copied().unwrap_or(0) != width {
                self.error(
                    "unindent does not match any outer indentation level",
                    ws_start,
                    ws_end,
                );
            }
        }
    }

    fn skip_comment(&mut self) {
        while self.byte(self.pos).is_some_and(|b| b != b'\n') {
            self.pos += 1;
        }
    }

    /// A backslash outside a string: must be followed by the end of the line.
    fn continuation(&mut self) {
        let start = self.pos;
        match (self.byte(start + 1), self.byte(start + 2)) {
            (Some(b'\n'), _) => self.pos = start + 2,
            (Some(b'\r'), Some(b'\n')) => self.pos = start + 3,
            (None, _) => self.pos = start + 1,
            _ => {
                self.pos = start + 1;
                self.error(
                    "unexpected character after line continuation character",
                    start,
                    start + 1,
                );
                return;
            }
        }
        self.pending_continuation = true;
    }

    fn ident(&mut self) {
        let start = self.pos;
        let mut j = start;
        while self.byte(j).is_some_and(is_ident_continue) {
            j += 1;
        }
        let word = self.src.get(start..j).unwrap_or("");
        if let Some(q @ (b'"' | b'\'')) = self.byte(j)
            && word.len() <= 2
            && let Some(prefix) = StrPrefix::parse(word)
        {
            self.pos = j;
            return self.string_with(q, start, prefix);
        }
        self.pos = j;
        let kind = keyword(word).unwrap_or_else(|| TokenKind::Name(word.to_string()));
        self.push(kind, start, j);
    }

    /// Scan digits of `radix` with single underscores between them, from `j`.
    /// Returns the end and whether the run was well formed (it must start
    /// with a digit and not end with or double an underscore).
    fn digits(&self, mut j: usize, radix: u32) -> (usize, bool) {
        let is_digit = |b: Option<u8>| b.is_some_and(|b| (b as char).is_digit(radix));
        if !is_digit(self.byte(j)) {
            return (j, false);
        }
        loop {
            if is_digit(self.byte(j)) {
                j += 1;
            } else if self.byte(j) == Some(b'_') {
                if !is_digit(self.byte(j + 1)) {
                    return (j, false);
                }
                j += 1;
            } else {
                return (j, true);
            }
        }
    }

    fn number(&mut self) {
        let start = self.pos;
        let radix = match (self.byte(start), self.byte(start + 1)) {
            (Some(b'0'), Some(b'x' | b'X')) => Some((16, "hexadecimal")),
            (Some(b'0'), Some(b'o' | b'O')) => Some((8, "octal")),
            (Some(b'0'), Some(b'b' | b'B')) => Some((2, "binary")),
            _ => None,
        };
        if let Some((radix, name)) = radix {
            let mut j = start + 2;
            if self.byte(j) == Some(b'_') {
                j += 1; // Python allows `0x_ff`.
            }
            let (mut end, mut ok) = self.digits(j, radix);
            if self.byte(end).is_some_and(is_ident_continue) {
                ok = false;
            }
            while self.byte(end).is_some_and(is_ident_continue) {
                end += 1;
            }
            self.pos = end;
            if !ok {
                return self.error(format!("invalid {name} literal"), start, end);
            }
            let text = self.src.get(j..end).unwrap_or("");
            return self.int_literal(text, radix, start, end);
        }

        let mut ok = true;
        let mut is_float = false;
        let mut j = start;
        if self.byte(j) != Some(b'.') {
            let (end, good) = self.digits(j, 10);
            ok &= good;
            j = end;
        }
        if ok && self.byte(j) == Some(b'.') {
            is_float = true;
            j += 1;
            if self.byte(j).is_some_and(|b| b.is_ascii_digit()) {
                let (end, good) = self.digits(j, 10);
                ok &= good;
                j = end;
            }
        }
        if ok && matches!(self.byte(j), Some(b'e' | b'E')) {
            is_float = true;
            j += 1;
            if matches!(self.byte(j), Some(b'+' | b'-')) {
                j += 1;
            }
            let (end, good) = self.digits(j, 10);
            ok &= good;
            j = end;
        }
        if self.byte(j).is_some_and(is_ident_continue) {
            ok = false;
        }
        while self.byte(j).is_some_and(is_ident_continue) {
            j += 1;
        }
        self.pos = j;
        if !ok {
            return self.error("invalid decimal literal", start, j);
        }
        let text: String = self
            .src
            .get(start..j)
            .unwrap_or("")
            .chars()
            .filter(|&c| c != '_')
            .collect();
        if is_float {
            match text.parse::<f64>() {
                Ok(v) => self.push(TokenKind::Float(v), start, j),
                Err(_) => self.error("invalid decimal literal", start, j),
            }
        } else if text.len() > 1 && text.starts_with('0') && text.bytes().any(|b| b != b'0') {
            self.error(
                "leading zeros in decimal integer literals are not permitted; \
                 use an 0o prefix for octal integers",
                start,
                j,
            );
        } else {
            self.int_literal(&text, 10, start, j);
        }
    }

    /// Emit the integer with digits `text` (underscores are skipped).
    fn int_literal(&mut self, text: &str, radix: u32, start: usize, end: usize) {
        let mut value: i64 = 0;
        for c in text.chars().filter(|&c| c != '_') {
            let digit = c.to_digit(radix).map(i64::from);
            let next = digit.and_then(|d| value.checked_mul(i64::from(radix))?.checked_add(d));
            match next {
                Some(v) => value = v,
                None => return self.error("integer literal too large", start, end),
            }
        }
        self.push(TokenKind::Int(value), start, end);
    }

    fn string(&mut self, quote: u8) {
        self.string_with(quote, self.pos, StrPrefix::default())
    }

    /// A string literal whose prefix (`r`, `f`, `b`, …) starts at `start`
    /// and whose opening quote is at `self.pos`.
    fn string_with(&mut self, quote: u8, start: usize, prefix: StrPrefix) {
        let open = self.pos;
        let triple = self.byte(open + 1) == Some(quote) && self.byte(open + 2) == Some(quote);
        let body_start = open + if triple { 3 } else { 1 };
        // Find the closing quote(s); a backslash always skips the next byte.
        let mut j = body_start;
        let body_end = loop {
            match self.byte(j) {
                None => break None,
                Some(b'\n') if !triple => break None,
                Some(b'\\') => j += if self.byte(j + 1).is_some() { 2 } else { 1 },
                Some(b) if b == quote => {
                    if !triple {
                        break Some(j);
                    }
                    if self.byte(j + 1) == Some(quote) && self.byte(j + 2) == Some(quote) {
                        break Some(j);
                    }
                    j += 1;
                }
                Some(_) => j += 1,
            }
        };
        let Some(body_end) = body_end else {
            let mut end = j.min(self.src.len());
            if !triple && end > open + 1 && self.byte(end - 1) == Some(b'\r') {
                end -= 1;
            }
            self.pos = end;
            self.close_all_brackets();
            let what = if triple { "unterminated triple-quoted string literal" } else { "unterminated string literal" };
            return self.error(what, start, end);
        };
        let end = body_end + if triple { 3 } else { 1 };
        self.pos = end;
        if prefix.bytes {
            return self.error("bytes literals are not supported by tsr", start, end);
        }
        if prefix.fmt {
            match fstring_pieces(self.src, body_start, body_end, prefix.raw, 0) {
                Ok(pieces) => self.push(TokenKind::FStr(pieces), start, end),
                Err((msg, s, e)) => self.error(msg, s, e),
            }
            return;
        }
        let raw = self.src.get(body_start..body_end).unwrap_or("");
        let value = if prefix.raw { raw.replace("\r\n", "\n") } else { unescape(raw) };
        self.push(TokenKind::Str(value), start, end);
    }
    fn operator(&mut self, b: u8) {
        use TokenKind as T;
        let start = self.pos;
        let b1 = self.byte(start + 1);
        let b2 = self.byte(start + 2);
        let eq1 = b1 == Some(b'=');
        let (kind, len) = match b {
            b'+' if eq1 => (T::AugAssign(BinOp::Add), 2),
            b'+' => (T::Plus, 1),
            b'-' if b1 == Some(b'>') => (T::Arrow, 2),
            b'-' if eq1 => (T::AugAssign(BinOp::Sub), 2),
            b'-' => (T::Minus, 1),
            b'*' if b1 == Some(b'*') && b2 == Some(b'=') => (T::AugAssign(BinOp::Pow), 3),
            b'*' if b1 == Some(b'*') => (T::DoubleStar, 2),
            b'*' if eq1 => (T::AugAssign(BinOp::Mul), 2),
            b'*' => (T::Star, 1),
            b'/' if b1 == Some(b'/') && b2 == Some(b'=') => (T::AugAssign(BinOp::FloorDiv), 3),
            b'/' if b1 == Some(b'/') => (T::DoubleSlash, 2),
            b'/' if eq1 => (T::AugAssign(BinOp::Div), 2),
            b'/' => (T::Slash, 1),
            b'%' if eq1 => (T::AugAssign(BinOp::Mod), 2),
            b'%' => (T::Percent, 1),
            b'@' if eq1 => (T::AugAssign(BinOp::MatMul), 2),
            b'@' => (T::At, 1),
            b'&' if eq1 => (T::AugAssign(BinOp::BitAnd), 2),
            b'&' => (T::Amp, 1),
            b'|' if eq1 => (T::AugAssign(BinOp::BitOr), 2),
            b'|' => (T::Pipe, 1),
            b'^' if eq1 => (T::AugAssign(BinOp::BitXor), 2),
            b'^' => (T::Caret, 1),
            b'~' => (T::Tilde, 1),
            b'<' if b1 == Some(b'<') && b2 == Some(b'=') => (T::AugAssign(BinOp::Shl), 3),
            b'<' if b1 == Some(b'<') => (T::Shl, 2),
            b'<' if eq1 => (T::Le, 2),
            b'<' => (T::Lt, 1),
            b'>' if b1 == Some(b'>') && b2 == Some(b'=') => (T::AugAssign(BinOp::Shr), 3),
            b'>' if b1 == Some(b'>') => (T::Shr, 2),
            b'>' if eq1 => (T::Ge, 2),
            b'>' => (T::Gt, 1),
            b'=' if eq1 => (T::EqEq, 2),
            b'=' => (T::Assign, 1),
            b'!' if eq1 => (T::NotEq, 2),
            b'(' => (T::LParen, 1),
            b')' => (T::RParen, 1),
            b'[' => (T::LBracket, 1),
            b']' => (T::RBracket, 1),
            b'{' => (T::LBrace, 1),
            b'}' => (T::RBrace, 1),
            b',' => (T::Comma, 1),
            b':' if eq1 => (T::Walrus, 2),
            b':' => (T::Colon, 1),
            b';' => (T::Semi, 1),
            b'.' if b1 == Some(b'.') && b2 == Some(b'.') => (T::Ellipsis, 3),
            b'.' => (T::Dot, 1),
            _ => {
                let c = self.char_at(start).unwrap_or('\u{fffd}');
                let len = self.char_at(start).map_or(1, char::len_utf8);
                self.pos = start + len;
                return self.error(invalid_char_message(c), start, start + len);
            }
        };
        if kind.is_opener() {
            self.depth = self.depth.saturating_add(1);
            self.open_stack.push(start);
            if self.unclosed_indent.is_none() && self.unclosed.binary_search(&start).is_ok() {
                self.unclosed_indent = Some(self.line_indent);
            }
        } else if kind.is_closer() {
            self.depth = self.depth.saturating_sub(1);
            self.open_stack.pop();
        }
        self.pos = start + len;
        self.push(kind, start, start + len);
    }
}

