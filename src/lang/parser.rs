//! The parser: from the token stream of `lexer.rs` to the statements of
//! `ast.rs`, with statement-level error recovery, plus [`is_complete`] for
//! the REPL.
//!
//! Statements are parsed by recursive descent (recursing only into nested
//! `with` blocks). Expressions are parsed by an operator-precedence machine
//! with explicit stacks, so deeply nested input cannot exhaust the native
//! stack. Python's precedence, low to high: `or`, `and`, `not`, comparisons,
//! `|`, `^`, `&`, shifts, `+ -`, `* / // % @`, unary `- + ~`, `**`, then
//! postfix calls, attributes and indexing. Limits ([`MAX_DEPTH`]): at most
//! 200 brackets and pending operators open at once, syntax trees at most 200
//! levels high (so later recursive passes over them, `Drop` included, are
//! safe), and at most 200 nested `with` blocks.

mod expr;

use super::ast::{Expr, ExprKind, REPORT_KEYWORDS, Stmt, StmtKind, Target};
use super::error::ParseError;
use super::lexer::lex;
use super::span::Span;
use super::token::{Token, TokenKind as T};
use expr::{Parsed, too_deep};

/// The maximum nesting depth of expressions and `with` blocks.
pub const MAX_DEPTH: usize = 200;

type PResult<X> = Result<X, ParseError>;

/// Parse a whole program. Returns one entry per statement, in source order.
/// A statement that fails to lex or parse yields one `Err` and parsing resumes
/// after the next `;` or end of line at bracket depth 0 (or after the
/// indented block of a broken `with`). A `with` statement whose body contains
/// errors yields the errors of its body instead of an `Ok`.
pub fn parse_program(src: &str) -> Vec<Result<Stmt, ParseError>> {
    let lexed = lex(src);
    let mut parser = Parser::new(src, lexed.tokens, lexed.unclosed);
    let mut out = Vec::new();
    parser.statements(&mut out);
    out
}

/// Whether `src` is a complete piece of REPL input, or more lines are needed:
/// false while a bracket is open, after a trailing backslash continuation,
/// when the last non-blank line is a `with …:` header, or inside an indented
/// `with` block whose last line is not blank (a block ends with an empty
/// line, as in Python's REPL). Lines are as `str::lines` splits them, so the
/// REPL should append `'\n'` after every line it reads: `"with a:\n    x\n"`
/// is incomplete, `"with a:\n    x\n\n"` is complete. Text with syntax errors
/// counts as complete; `parse_program` reports the errors.
pub fn is_complete(src: &str) -> bool {
    let lexed = lex(src);
    if lexed.open_brackets > 0 || lexed.trailing_continuation {
        return false;
    }
    let toks = &lexed.tokens;
    // For each open indentation level: did it follow a line ending in ':'?
    let mut levels: Vec<bool> = Vec::new();
    let mut line_start = 0;
    let mut prev_opens_block = false;
    let mut last_opens_block = false;
    let mut last_in_block = false;
    for (i, tok) in toks.iter().enumerate() {
        match tok.kind {
            T::Indent => {
                levels.push(prev_opens_block);
                line_start = i + 1;
            }
            T::Dedent => {
                levels.pop();
                line_start = i + 1;
            }
            T::Newline => {
                let line = toks.get(line_start..i).unwrap_or(&[]);
                prev_opens_block = line.last().is_some_and(|t| t.kind == T::Colon)
                    && line.iter().any(|t| t.kind == T::With);
                last_opens_block = prev_opens_block;
                last_in_block = !levels.is_empty() && levels.iter().all(|&legit| legit);
                line_start = i + 1;
            }
            _ => {}
        }
    }
    if last_opens_block {
        return false;
    }
    let text = src.strip_suffix('\n').unwrap_or(src);
    let last_line = text.rsplit('\n').next().unwrap_or("");
    !last_in_block || last_line.trim().is_empty()
}

struct Parser<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    /// End of the last consumed non-layout token.
    prev_end: usize,
    /// Byte offsets of the brackets that are never closed (sorted).
    unclosed: Vec<usize>,
    eof: Token,
}

fn closer_for(open: &T) -> T {
    match open {
        T::LBracket => T::RBracket,
        T::LBrace => T::RBrace,
        _ => T::RParen,
    }
}

fn bracket_char(kind: &T) -> &'static str {
    match kind {
        T::LParen => "(",
        T::RParen => ")",
        T::LBracket => "[",
        T::RBracket => "]",
        T::LBrace => "{",
        _ => "}",
    }
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, tokens: Vec<Token>, unclosed: Vec<usize>) -> Self {
        let end = src.len();
        Parser {
            src,
            tokens,
            pos: 0,
            prev_end: 0,
            unclosed,
            eof: Token::new(T::Eof, Span::new(end, end)),
        }
    }

    // ----- token access -------------------------------------------------

    fn peek(&self) -> &Token {
        self.tokens.get(self.pos).unwrap_or(&self.eof)
    }

    fn peek_kind(&self) -> &T {
        &self.peek().kind
    }

    fn peek2_kind(&self) -> &T {
        &self.tokens.get(self.pos + 1).unwrap_or(&self.eof).kind
    }

    fn at(&self, kind: &T) -> bool {
        self.peek_kind() == kind
    }

    /// Consume the current token (never moves past `Eof`); returns its span.
    fn advance(&mut self) -> Span {
        let tok = self.peek();
        let span = tok.span;
        let layout = matches!(tok.kind, T::Newline | T::Indent | T::Dedent | T::Eof);
        if tok.kind != T::Eof {
            self.pos += 1;
        }
        if !layout {
            self.prev_end = span.end;
        }
        span
    }

    /// Consume a bracket token, returning it.
    fn advance_token(&mut self) -> Token {
        let tok = Token::new(self.peek_kind().clone(), self.peek().span);
        self.advance();
        tok
    }

    fn at_terminator(&self) -> bool {
        matches!(self.peek_kind(), T::Newline | T::Semi | T::Eof)
    }

    /// The error for an unexpected current token.
    fn unexpected(&self) -> ParseError {
        let tok = self.peek();
        let message = match &tok.kind {
            T::Error(m) => m.clone(),
            T::Newline if tok.span.start < tok.span.end => "unexpected end of line".to_string(),
            T::Newline | T::Dedent | T::Eof => "unexpected end of input".to_string(),
            T::Indent => "unexpected indent".to_string(),
            T::Str(_) => "unexpected string literal".to_string(),
            _ => {
                let text = tok.span.text(self.src);
                let shown: String = text.chars().take(30).collect();
                let dots = if shown.len() < text.len() { "…" } else { "" };
                format!("unexpected token '{shown}{dots}'")
            }
        };
        ParseError::new(message, tok.span)
    }

    /// `message` at the current token, unless that token is a lexical error,
    /// which is reported instead.
    fn error_here(&self, message: &str) -> ParseError {
        match self.peek_kind() {
            T::Error(_) => self.unexpected(),
            _ => ParseError::new(message, self.peek().span),
        }
    }

    // ----- statements ---------------------------------------------------

    /// Parse all statements up to the end of the input. Indented `with`
    /// blocks are kept on an explicit stack (no recursion): a block is
    /// finished by the `Dedent` that closes it, or by the end of the input.
    fn statements(&mut self, out: &mut Vec<Result<Stmt, ParseError>>) {
        let mut open: Vec<OpenWith> = Vec::new();
        loop {
            let result = match self.peek_kind() {
                T::Eof => {
                    while let Some(block) = open.pop() {
                        deliver(&mut open, out, block.finish());
                    }
                    return;
                }
                T::Dedent => {
                    self.advance();
                    match open.pop() {
                        Some(block) => block.finish(),
                        None => continue,
                    }
                }
                T::Newline | T::Semi => {
                    self.advance();
                    continue;
                }
                T::Indent => {
                    let first = self.tokens.get(self.pos + 1).unwrap_or(&self.eof).span;
                    self.skip_block();
                    Err(vec![ParseError::new("unexpected indent", first)])
                }
                T::With => match self.with_stmt(open.len()) {
                    WithStart::Block(block) => {
                        open.push(block);
                        continue;
                    }
                    WithStart::Done(result) => result,
                },
                _ => self.simple_stmt_recovering().map_err(|e| vec![e]),
            };
            deliver(&mut open, out, result);
        }
    }

    /// Skip an indented block: from its `Indent` to the matching `Dedent`.
    fn skip_block(&mut self) {
        let mut level = 0usize;
        loop {
            let closes = match self.peek_kind() {
                T::Indent => {
                    level += 1;
                    false
                }
                T::Dedent => {
                    level = level.saturating_sub(1);
                    level == 0
                }
                T::Eof => return,
                _ => false,
            };
            self.advance();
            if closes {
                return;
            }
        }
    }

    /// Move to the end of the statement that began at token `start`: the
    /// next `;` at bracket depth 0 or end of line (left unconsumed).
    fn skip_statement(&mut self, start: usize) {
        let mut depth = 0usize;
        let mut i = start;
        while let Some(tok) = self.tokens.get(i) {
            match tok.kind {
                T::Newline | T::Eof | T::Indent | T::Dedent => break,
                T::Semi if depth == 0 => break,
                ref k if k.is_opener() => depth += 1,
                ref k if k.is_closer() => depth = depth.saturating_sub(1),
                _ => {}
            }
            i += 1;
        }
        self.pos = self.pos.max(i).min(self.tokens.len());
    }

    fn simple_stmt_recovering(&mut self) -> PResult<Stmt> {
        let start = self.pos;
        match self.simple_stmt() {
            Ok(stmt) => Ok(stmt),
            Err(e) => {
                self.skip_statement(start);
                Err(self.never_closed(start, e))
            }
        }
    }

    /// The error `e` of the failed statement from token `start` to the
    /// current one, or, if that statement contains a bracket that is never
    /// closed, that fact (as Python reports it). Lexical errors and nesting
    /// errors are kept: they say more.
    fn never_closed(&self, start: usize, e: ParseError) -> ParseError {
        let tokens = self.tokens.get(start..self.pos).unwrap_or(&[]);
        let lexical = tokens
            .iter()
            .any(|t| matches!(t.kind, T::Error(_)) && t.span == e.span);
        if lexical || e == too_deep(e.span) {
            return e;
        }
        let unclosed =
            |t: &&Token| t.kind.is_opener() && self.unclosed.binary_search(&t.span.start).is_ok();
        match tokens.iter().find(unclosed) {
            Some(open) => ParseError::new(
                format!("'{}' was never closed", bracket_char(&open.kind)),
                open.span,
            ),
            None => e,
        }
    }

    /// A statement that fits on one logical line (everything but `with`).
    /// Stops at the terminator without consuming it.
    fn simple_stmt(&mut self) -> PResult<Stmt> {
        let start = self.peek().span.start;
        let report = match self.peek_kind() {
            T::Name(name) if self.is_report_start(name) => Some(name.clone()),
            _ => None,
        };
        let kind = if let Some(name) = report {
            self.report(name)?
        } else if self.at(&T::Del) {
            self.advance();
            let (items, _) = self.test_list()?;
            let targets = items
                .into_iter()
                .map(|e| to_target(e, "delete"))
                .collect::<PResult<_>>()?;
            StmtKind::Del(targets)
        } else if self.at(&T::With) {
            return Err(self.error_here(
                "invalid syntax: a 'with' statement cannot follow ':' on the same line",
            ));
        } else {
            self.expr_or_assign()?
        };
        if !self.at_terminator() {
            return Err(self.unexpected());
        }
        Ok(Stmt {
            kind,
            span: Span::new(start, self.prev_end),
        })
    }

    fn is_report_start(&self, name: &str) -> bool {
        REPORT_KEYWORDS.contains(&name)
            && !matches!(
                self.peek2_kind(),
                T::Assign | T::AugAssign(_) | T::Dot | T::LBracket | T::Comma
            )
    }

    /// `inspect x, y` / `print(x, y)` / `share`.
    fn report(&mut self, keyword: String) -> PResult<StmtKind> {
        let keyword_span = self.advance();
        let args = if self.at_terminator() {
            Vec::new()
        } else if self.at(&T::LParen) {
            // `print(a, b)` lists its arguments like a call, unless more
            // follows the `)`, as in `print (a + b) * 2`.
            let saved = (self.pos, self.prev_end);
            match self.expression(true)? {
                Parsed::List(list) if self.at_terminator() => list,
                _ => {
                    (self.pos, self.prev_end) = saved;
                    self.test_list()?.0
                }
            }
        } else {
            self.test_list()?.0
        };
        Ok(StmtKind::Report {
            keyword,
            keyword_span,
            args,
        })
    }

    fn expr_or_assign(&mut self) -> PResult<StmtKind> {
        let first = self.expr_list()?;
        match *self.peek_kind() {
            T::Assign => {
                let mut parts = vec![first];
                while self.at(&T::Assign) {
                    self.advance();
                    parts.push(self.expr_list()?);
                }
                let value = parts.pop().ok_or_else(|| self.unexpected())?;
                let targets = parts
                    .into_iter()
                    .map(|e| to_target(e, "assign to"))
                    .collect::<PResult<_>>()?;
                Ok(StmtKind::Assign { targets, value })
            }
            T::AugAssign(op) => {
                let target = to_aug_target(first)?;
                self.advance();
                let value = self.expr_list()?;
                Ok(StmtKind::AugAssign { target, op, value })
            }
            _ => Ok(StmtKind::Expr(first)),
        }
    }

    /// `with EXPR:` followed by statements on the same line (parsed here)
    /// or by an indented block (returned open, for `statements` to fill).
    /// `nesting` is the number of enclosing open blocks.
    fn with_stmt(&mut self, nesting: usize) -> WithStart {
        let start_pos = self.pos;
        let with_span = self.advance();
        let header = if nesting >= MAX_DEPTH {
            Err(too_deep(with_span))
        } else {
            self.with_header()
        };
        let context = match header {
            Ok(context) => context,
            Err(e) => {
                // Skip the rest of the line and the block that follows it.
                self.skip_statement(start_pos);
                let e = self.never_closed(start_pos, e);
                while !matches!(self.peek_kind(), T::Newline | T::Eof) {
                    self.advance();
                }
                if self.at(&T::Newline) {
                    self.advance();
                    if self.at(&T::Indent) {
                        self.skip_block();
                    }
                }
                return WithStart::Done(Err(vec![e]));
            }
        };
        let mut block = OpenWith {
            start: with_span.start,
            colon_end: self.prev_end,
            context,
            results: Vec::new(),
        };
        if matches!(self.peek_kind(), T::Newline | T::Eof) {
            self.advance();
            if !self.at(&T::Indent) {
                return WithStart::Done(Err(vec![
                    self.error_here("expected an indented block after 'with'"),
                ]));
            }
            self.advance();
            return WithStart::Block(block);
        }
        loop {
            match self.peek_kind() {
                T::Newline | T::Eof => break,
                T::Semi => {
                    self.advance();
                }
                _ => block.results.push(self.simple_stmt_recovering()),
            }
        }
        WithStart::Done(block.finish())
    }

    fn with_header(&mut self) -> PResult<Expr> {
        let context = self.test()?;
        if !self.at(&T::Colon) {
            return Err(self.error_here("expected ':' after the 'with' expression"));
        }
        self.advance();
        Ok(context)
    }
}

/// A `with` statement whose body is being read.
struct OpenWith {
    start: usize,
    colon_end: usize,
    context: Expr,
    results: Vec<Result<Stmt, ParseError>>,
}

impl OpenWith {
    /// The finished statement, or the errors of its body.
    fn finish(self) -> Result<Stmt, Vec<ParseError>> {
        let mut body = Vec::new();
        let mut errors = Vec::new();
        for result in self.results {
            match result {
                Ok(stmt) => body.push(stmt),
                Err(e) => errors.push(e),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        match body.last() {
            Some(last) => {
                let span = Span::new(self.start, last.span.end);
                Ok(Stmt {
                    kind: StmtKind::With {
                        context: self.context,
                        body,
                    },
                    span,
                })
            }
            None => Err(vec![ParseError::new(
                "expected a statement in the 'with' body",
                Span::new(self.start, self.colon_end),
            )]),
        }
    }
}

enum WithStart {
    /// The statement is complete (same-line body, or an error).
    Done(Result<Stmt, Vec<ParseError>>),
    /// An indented body follows.
    Block(OpenWith),
}

/// Hand a finished statement to the innermost open block, or to `out`.
fn deliver(
    open: &mut [OpenWith],
    out: &mut Vec<Result<Stmt, ParseError>>,
    result: Result<Stmt, Vec<ParseError>>,
) {
    let sink = match open.last_mut() {
        Some(block) => &mut block.results,
        None => out,
    };
    match result {
        Ok(stmt) => sink.push(Ok(stmt)),
        Err(errors) => sink.extend(errors.into_iter().map(Err)),
    }
}

/// What an expression is called in "cannot assign to …" messages.
fn describe(kind: &ExprKind) -> &'static str {
    match kind {
        ExprKind::Call { .. } => "function call",
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Str(_) => "literal",
        ExprKind::Bool(true) => "True",
        ExprKind::Bool(false) => "False",
        ExprKind::None => "None",
        ExprKind::Ellipsis => "ellipsis",
        ExprKind::Compare { .. } => "comparison",
        ExprKind::Tuple(_) => "tuple",
        ExprKind::List(_) => "list",
        _ => "expression",
    }
}

/// Convert the left side of `=` (verb "assign to") or a `del` operand
/// (verb "delete") to a target.
fn to_target(e: Expr, verb: &str) -> PResult<Target> {
    let span = e.span;
    match e.kind {
        ExprKind::Name(n) => Ok(Target::Name(n, span)),
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            let targets = items
                .into_iter()
                .map(|i| to_target(i, verb))
                .collect::<PResult<_>>()?;
            Ok(Target::Tuple(targets, span))
        }
        ExprKind::Index { obj, items } => Ok(Target::Index { obj, items, span }),
        ExprKind::Attr { obj, name, .. } => Ok(Target::Attr { obj, name, span }),
        other => Err(ParseError::new(
            format!("cannot {verb} {}", describe(&other)),
            span,
        )),
    }
}

/// The target of an augmented assignment: a name, an index or an attribute.
fn to_aug_target(e: Expr) -> PResult<Target> {
    match e.kind {
        ExprKind::Name(_) | ExprKind::Index { .. } | ExprKind::Attr { .. } => {
            to_target(e, "assign to")
        }
        other => Err(ParseError::new(
            format!(
                "'{}' is an illegal expression for augmented assignment",
                describe(&other)
            ),
            e.span,
        )),
    }
}
