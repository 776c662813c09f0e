//! The parser: from the token stream of `lexer.rs` to the statements of
//! `ast.rs`, with statement-level error recovery, plus [`is_complete`] for
//! the REPL.
//!
//! Recursive descent over Python's grammar (statements here, expressions in
//! `parser/expr.rs`, the scope analysis of functions in `parser/scope.rs`).
//! Recursion is bounded: expressions nest at most [`MAX_DEPTH`] levels and
//! blocks at most [`MAX_BLOCKS`], so no input can exhaust the stack.

mod expr;
mod scope;
mod simple;
use simple::unsupported;

use std::rc::Rc;

use super::ast::{Expr, ExprKind, Handler, Param, ParamKind, Stmt, StmtKind, Target};
use super::error::ParseError;
use super::lexer::lex;
use super::span::Span;
use super::token::{Token, TokenKind as T};
pub(crate) use expr::too_deep;

/// The maximum nesting depth of expressions.
pub const MAX_DEPTH: usize = 200;
/// The maximum nesting depth of blocks (`if`, `for`, `def`, …).
pub const MAX_BLOCKS: usize = 200;

type PResult<X> = Result<X, ParseError>;

/// Parse a whole program. Returns one entry per top-level statement, in
/// source order. A statement that fails to parse yields one `Err` and
/// parsing resumes at the next line at bracket depth 0 (after the indented
/// block of a broken compound statement).
pub fn parse_program(src: &str) -> Vec<Result<Stmt, ParseError>> {
    let lexed = lex(src);
    let mut parser = Parser::new(src, lexed.tokens, lexed.unclosed, 0);
    let mut out = Vec::new();
    parser.statements(&mut out);
    out
}

/// Parse `src[start..end]` as one expression (an f-string field).
pub(crate) fn parse_sub_expr(src: &str, start: usize, end: usize, depth: usize) -> PResult<Expr> {
    let text = src.get(start..end).unwrap_or("");
    // Inside an f-string field newlines are whitespace, as inside brackets.
    let wrapped = format!("({text})");
    let lexed = lex(&wrapped);
    let tokens = lexed
        .tokens
        .into_iter()
        .filter(|t| !matches!(t.kind, T::Newline | T::Indent | T::Dedent))
        .map(|t| {
            let shift = |p: usize| (p + start).saturating_sub(1).clamp(start, end);
            // A nested f-string's fields are byte ranges too: into `src`.
            let kind = match t.kind {
                T::FStr(pieces) => T::FStr(shift_pieces(pieces, &shift)),
                k => k,
            };
            Token::new(kind, Span::new(shift(t.span.start), shift(t.span.end)))
        })
        .collect();
    let mut p = Parser::new(src, tokens, vec![], depth);
    p.eof = Token::new(T::Eof, Span::new(end, end));
    let e = p.test()?;
    if !p.at(&T::Eof) {
        return Err(p.unexpected());
    }
    Ok(e)
}

fn shift_pieces(pieces: Vec<super::token::FPiece>, shift: &dyn Fn(usize) -> usize) -> Vec<super::token::FPiece> {
    use super::token::FPiece;
    pieces
        .into_iter()
        .map(|p| match p {
            FPiece::Lit(s) => FPiece::Lit(s),
            FPiece::Field { expr, debug, conv, spec } => {
                FPiece::Field { expr: (shift(expr.0), shift(expr.1)), debug, conv, spec: shift_pieces(spec, shift) }
            }
        })
        .collect()
}

/// Whether `src` is a complete piece of REPL input, or more lines are
/// needed: false while a bracket is open, after a trailing backslash, when
/// the last non-blank line opens a block (ends with `:`), or inside an
/// indented block whose last line is not blank (a block ends with an empty
/// line, as in Python's REPL). Text with syntax errors counts as complete;
/// `parse_program` reports the errors.
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
                prev_opens_block = line.last().is_some_and(|t| t.kind == T::Colon) && line.first().is_some_and(|t| opens_block(&t.kind));
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

fn opens_block(k: &T) -> bool {
    matches!(k, T::If | T::Elif | T::Else | T::For | T::While | T::Def | T::Try | T::Except | T::Finally | T::With | T::Unsupported(_))
}

pub(crate) struct Parser<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    /// End of the last consumed non-layout token.
    prev_end: usize,
    /// Byte offsets of the brackets that are never closed (sorted).
    unclosed: Vec<usize>,
    eof: Token,
    /// Current expression nesting depth.
    depth: usize,
    /// Current block nesting depth.
    blocks: usize,
    /// Where `/` stood in the parameter list being parsed.
    posonly_mark: Option<usize>,
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
    fn new(src: &'a str, tokens: Vec<Token>, unclosed: Vec<usize>, depth: usize) -> Self {
        let end = src.len();
        Parser { src, tokens, pos: 0, prev_end: 0, unclosed, eof: Token::new(T::Eof, Span::new(end, end)), depth, blocks: 0, posonly_mark: None }
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

    fn eat(&mut self, kind: &T) -> bool {
        if self.at(kind) {
            self.advance();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, kind: &T, what: &str) -> PResult<Span> {
        if self.at(kind) {
            Ok(self.advance())
        } else {
            Err(self.error_here(&format!("expected '{what}'")))
        }
    }

    fn at_terminator(&self) -> bool {
        matches!(self.peek_kind(), T::Newline | T::Semi | T::Eof | T::Dedent)
    }

    /// The error for an unexpected current token.
    fn unexpected(&self) -> ParseError {
        let tok = self.peek();
        let message = match &tok.kind {
            T::Error(m) => m.clone(),
            T::Newline if tok.span.start < tok.span.end => "unexpected end of line".to_string(),
            T::Newline | T::Dedent | T::Eof => "unexpected end of input".to_string(),
            T::Indent => "unexpected indent".to_string(),
            T::Str(_) | T::FStr(_) => "unexpected string literal".to_string(),
            T::Walrus => "tsr does not support the walrus operator ':='".to_string(),
            T::Unsupported(w) => return unsupported(w, tok.span),
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
            T::Error(_) | T::Unsupported(_) | T::Walrus => self.unexpected(),
            _ => ParseError::new(message, self.peek().span),
        }
    }

    // ----- statements ---------------------------------------------------

    /// Parse all top-level statements up to the end of the input.
    fn statements(&mut self, out: &mut Vec<Result<Stmt, ParseError>>) {
        loop {
            match self.peek_kind() {
                T::Eof => return,
                T::Newline | T::Semi | T::Dedent => {
                    self.advance();
                }
                T::Indent => {
                    let first = self.tokens.get(self.pos + 1).unwrap_or(&self.eof).span;
                    self.skip_block();
                    out.push(Err(ParseError::new("unexpected indent", first)));
                }
                _ if self.compound_start() => {
                    let start = self.pos;
                    match self.compound() {
                        Ok(s) => out.push(Ok(s)),
                        Err(e) => {
                            out.push(Err(self.never_closed(start, e)));
                            self.recover_compound(start);
                        }
                    }
                }
                _ => {
                    // One logical line of `;`-separated simple statements
                    // (empty ones, as in `x = 1;;`, are skipped).
                    loop {
                        out.push(self.simple_stmt_recovering());
                        if !self.eat(&T::Semi) {
                            break;
                        }
                        while self.eat(&T::Semi) {}
                        if matches!(self.peek_kind(), T::Newline | T::Eof) {
                            break;
                        }
                    }
                    if !matches!(self.peek_kind(), T::Newline | T::Eof | T::Dedent | T::Indent) {
                        let start = self.pos;
                        out.push(Err(self.unexpected()));
                        self.skip_statement(start);
                    }
                }
            }
        }
    }

    /// After a failed compound statement: skip the rest of it (the rest of
    /// its block, however deep the error was, and any `elif`/`else`/
    /// `except`/`finally` clauses), so parsing resumes at the next statement.
    fn recover_compound(&mut self, start: usize) {
        if self.pos == start {
            self.advance();
        }
        let seen = self.tokens.get(start..self.pos).unwrap_or(&[]);
        let mut level = seen.iter().filter(|t| t.kind == T::Indent).count() as i64 - seen.iter().filter(|t| t.kind == T::Dedent).count() as i64;
        let clause = |k: &T| matches!(k, T::Elif | T::Else | T::Except | T::Finally);
        loop {
            match self.peek_kind() {
                T::Eof => return,
                T::Indent => {
                    level += 1;
                    self.advance();
                }
                T::Dedent => {
                    if level <= 0 {
                        return;
                    }
                    level -= 1;
                    self.advance();
                    if level == 0 && !clause(self.peek_kind()) {
                        return;
                    }
                }
                T::Newline => {
                    self.advance();
                    if level <= 0 {
                        if self.at(&T::Indent) {
                            continue;
                        }
                        if !clause(self.peek_kind()) {
                            return;
                        }
                    }
                }
                _ => {
                    self.advance();
                }
            }
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

    fn simple_stmt_recovering(&mut self) -> Result<Stmt, ParseError> {
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
        let tokens = self.tokens.get(start..self.pos.max(start)).unwrap_or(&[]);
        let lexical = tokens.iter().any(|t| matches!(t.kind, T::Error(_)) && t.span == e.span);
        if lexical || e == too_deep(e.span) {
            return e;
        }
        let unclosed = |t: &&Token| t.kind.is_opener() && self.unclosed.binary_search(&t.span.start).is_ok();
        match tokens.iter().find(unclosed) {
            Some(open) => ParseError::new(format!("'{}' was never closed", bracket_char(&open.kind)), open.span),
            None => e,
        }
    }

    fn compound_start(&self) -> bool {
        match self.peek_kind() {
            T::If | T::For | T::While | T::Def | T::Try | T::With | T::Unsupported("class" | "async") => true,
            T::At => true,
            // `match x:` is a soft keyword statement.
            T::Name(n) if n == "match" => self.match_statement(),
            T::Elif | T::Else | T::Except | T::Finally => true,
            _ => false,
        }
    }

    /// Whether the line starting here is `match …:` (not `match = …`).
    fn match_statement(&self) -> bool {
        if matches!(self.peek2_kind(), T::Assign | T::AugAssign(_) | T::Dot | T::LBracket | T::Comma | T::Newline | T::Eof | T::RParen) {
            return false;
        }
        let mut i = self.pos;
        while let Some(t) = self.tokens.get(i) {
            if matches!(t.kind, T::Newline | T::Eof) {
                return i > 0 && self.tokens.get(i - 1).is_some_and(|t| t.kind == T::Colon);
            }
            i += 1;
        }
        false
    }

    fn compound(&mut self) -> PResult<Stmt> {
        let start = self.peek().span.start;
        if self.blocks >= MAX_BLOCKS {
            return Err(ParseError::new(format!("blocks nested too deeply (limit {MAX_BLOCKS})"), self.peek().span));
        }
        self.blocks += 1;
        let r = stacker::maybe_grow(256 * 1024, 4 << 20, || self.compound_inner(start));
        self.blocks -= 1;
        r
    }

    fn compound_inner(&mut self, start: usize) -> PResult<Stmt> {
        let kind = match self.peek_kind().clone() {
            T::If => {
                self.advance();
                self.if_rest()?
            }
            T::While => {
                self.advance();
                let test = self.named_test()?;
                let body = self.block("while")?;
                let orelse = self.else_block()?;
                StmtKind::While { test, body, orelse }
            }
            T::For => {
                self.advance();
                let target = self.target_list()?;
                self.expect(&T::In, "in")?;
                let iter = self.expr_list()?;
                let body = self.block("for")?;
                let orelse = self.else_block()?;
                StmtKind::For { target, iter, body, orelse }
            }
            T::With => {
                self.advance();
                let context = self.test()?;
                let target = if self.at(&T::As) {
                    self.advance();
                    Some(self.target_list()?)
                } else {
                    None
                };
                let body = self.block("with")?;
                StmtKind::With { context, target, body }
            }
            T::Try => self.try_stmt()?,
            T::Def => self.def_stmt(start)?,
            T::Unsupported(w) => return Err(unsupported(w, self.peek().span)),
            T::At => self.decorated()?,
            T::Name(_) => return Err(ParseError::new("tsr does not support match statements", self.peek().span)),
            T::Elif | T::Else | T::Except | T::Finally => return Err(ParseError::new("invalid syntax", self.peek().span)),
            _ => return Err(self.unexpected()),
        };
        Ok(Stmt { kind, span: Span::new(start, self.prev_end) })
    }

    fn if_rest(&mut self) -> PResult<StmtKind> {
        let test = self.named_test()?;
        let body = self.block("if")?;
        let orelse = if self.at(&T::Elif) {
            let start = self.advance().start;
            let kind = self.if_rest()?;
            vec![Stmt { kind, span: Span::new(start, self.prev_end) }]
        } else {
            self.else_block()?
        };
        Ok(StmtKind::If { test, body, orelse })
    }

    fn named_test(&mut self) -> PResult<Expr> {
        let e = self.test()?;
        if self.at(&T::Walrus) {
            return Err(self.unexpected());
        }
        Ok(e)
    }

    fn else_block(&mut self) -> PResult<Vec<Stmt>> {
        if self.at(&T::Else) {
            self.advance();
            self.block("else")
        } else {
            Ok(vec![])
        }
    }

    fn try_stmt(&mut self) -> PResult<StmtKind> {
        self.advance();
        let body = self.block("try")?;
        let mut handlers = Vec::new();
        while self.at(&T::Except) {
            let hstart = self.advance().start;
            if self.at(&T::Star) {
                return Err(self.error_here("tsr does not support except*"));
            }
            let (typ, name) = if self.at(&T::Colon) {
                (None, None)
            } else {
                let typ = self.test()?;
                let typ = if self.at(&T::Comma) {
                    // `except A, B:` is Python 2; Python 3 needs parentheses.
                    return Err(self.error_here("multiple exception types must be parenthesized"));
                } else {
                    typ
                };
                let name = if self.eat(&T::As) { Some(self.name()?.0) } else { None };
                (Some(typ), name)
            };
            let hspan = Span::new(hstart, self.prev_end);
            let hbody = self.block("except")?;
            handlers.push(Handler { typ, name, body: hbody, span: hspan });
        }
        let orelse = if !handlers.is_empty() { self.else_block()? } else { vec![] };
        let finalbody = if self.at(&T::Finally) {
            self.advance();
            self.block("finally")?
        } else {
            vec![]
        };
        if handlers.is_empty() && finalbody.is_empty() {
            return Err(self.error_here("expected 'except' or 'finally' block"));
        }
        Ok(StmtKind::Try { body, handlers, orelse, finalbody })
    }

    /// `@expr` lines, then the `def` they decorate.
    fn decorated(&mut self) -> PResult<StmtKind> {
        let start = self.peek().span.start;
        let mut decorators = Vec::new();
        while self.eat(&T::At) {
            decorators.push(self.named_test()?);
            if !self.eat(&T::Newline) {
                return Err(self.unexpected());
            }
        }
        match self.peek_kind().clone() {
            T::Def => {
                let StmtKind::Def(f) = self.def_stmt(start)? else { return Err(self.unexpected()) };
                let mut f = Rc::try_unwrap(f).unwrap_or_else(|f| (*f).clone());
                f.decorators = decorators;
                Ok(StmtKind::Def(Rc::new(f)))
            }
            T::Unsupported(w) => Err(unsupported(w, self.peek().span)),
            _ => Err(self.unexpected()),
        }
    }

    fn def_stmt(&mut self, start: usize) -> PResult<StmtKind> {
        self.advance();
        let (name, _) = self.name()?;
        self.expect(&T::LParen, "(")?;
        self.posonly_mark = None;
        let params = self.params(&T::RParen)?;
        let posonly = self.posonly_mark.take().unwrap_or(0);
        self.expect(&T::RParen, ")")?;
        if self.eat(&T::Arrow) {
            self.test()?;
        }
        let body = self.block("function definition")?;
        let span = Span::new(start, self.prev_end);
        let mut f = scope::func_def(name, params, body, span);
        f.posonly = posonly;
        Ok(StmtKind::Def(Rc::new(f)))
    }

    /// Parameters up to `close` (`)` for `def`, `:` for `lambda`).
    pub(super) fn params(&mut self, close: &T) -> PResult<Vec<Param>> {
        let mut params: Vec<Param> = Vec::new();
        let mut kw_only = false;
        let mut seen_default = false;
        while !self.at(close) {
            let pstart = self.peek().span;
            if self.eat(&T::Slash) {
                // Positional-only marker: the parameters so far.
                self.posonly_mark = Some(params.len());
            } else if self.eat(&T::DoubleStar) {
                let (n, s) = self.name()?;
                self.annotation(close)?;
                params.push(Param { name: n, kind: ParamKind::VarKw, default: None, span: s });
            } else if self.eat(&T::Star) {
                kw_only = true;
                if matches!(self.peek_kind(), T::Name(_)) {
                    let (n, s) = self.name()?;
                    self.annotation(close)?;
                    params.push(Param { name: n, kind: ParamKind::VarArgs, default: None, span: s });
                }
            } else {
                let (n, s) = self.name()?;
                self.annotation(close)?;
                let default = if self.eat(&T::Assign) { Some(self.test()?) } else { None };
                if default.is_some() {
                    seen_default = true;
                } else if seen_default && !kw_only {
                    return Err(ParseError::new("parameter without a default follows parameter with a default", pstart.to(s)));
                }
                if params.iter().any(|p| p.name == n) {
                    return Err(ParseError::new(format!("duplicate argument '{n}' in function definition"), s));
                }
                let kind = if kw_only { ParamKind::KwOnly } else { ParamKind::Normal };
                params.push(Param { name: n, kind, default, span: s });
            }
            if !self.eat(&T::Comma) {
                break;
            }
        }
        Ok(params)
    }

    fn annotation(&mut self, close: &T) -> PResult<()> {
        if *close == T::RParen && self.eat(&T::Colon) {
            self.test()?;
        }
        Ok(())
    }

    fn name(&mut self) -> PResult<(String, Span)> {
        match self.peek_kind().clone() {
            T::Name(n) => Ok((n, self.advance())),
            _ => Err(self.error_here("expected a name")),
        }
    }

    /// `: simple; simple` on the same line, or `:` NEWLINE INDENT statements DEDENT.
    fn block(&mut self, what: &str) -> PResult<Vec<Stmt>> {
        if !self.at(&T::Colon) {
            return Err(self.error_here("expected ':'"));
        }
        let colon = self.advance();
        if !matches!(self.peek_kind(), T::Newline | T::Eof) {
            let mut body = Vec::new();
            loop {
                body.push(self.simple_stmt()?);
                if !self.eat(&T::Semi) || matches!(self.peek_kind(), T::Newline | T::Eof) {
                    break;
                }
            }
            if !matches!(self.peek_kind(), T::Newline | T::Eof) {
                return Err(self.unexpected());
            }
            self.advance();
            return Ok(body);
        }
        self.advance();
        if !self.at(&T::Indent) {
            let at = if self.at(&T::Eof) { colon } else { self.peek().span };
            return Err(ParseError::new(format!("IndentationError: expected an indented block after {}", block_phrase(what, self.src, colon)), at));
        }
        self.advance();
        let mut body = Vec::new();
        loop {
            match self.peek_kind() {
                T::Dedent => {
                    self.advance();
                    break;
                }
                T::Eof => break,
                T::Newline | T::Semi => {
                    self.advance();
                }
                T::Indent => return Err(ParseError::new("IndentationError: unexpected indent", self.peek().span)),
                _ if self.compound_start() => body.push(self.compound()?),
                _ => {
                    loop {
                        body.push(self.simple_stmt()?);
                        if !self.eat(&T::Semi) || matches!(self.peek_kind(), T::Newline | T::Eof | T::Dedent) {
                            break;
                        }
                    }
                    if !matches!(self.peek_kind(), T::Newline | T::Eof | T::Dedent) {
                        return Err(self.unexpected());
                    }
                }
            }
        }
        Ok(body)
    }
}

/// "'if' statement on line 3", as Python's IndentationError says it.
fn block_phrase(what: &str, src: &str, colon: Span) -> String {
    let line = super::span::line_col(src, colon.start).0;
    match what {
        "function definition" => format!("function definition on line {line}"),
        _ => format!("'{what}' statement on line {line}"),
    }
}

/// What an expression is called in "cannot assign to …" messages.
fn describe(kind: &ExprKind) -> &'static str {
    match kind {
        ExprKind::Call { .. } => "function call",
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Str(_) => "literal",
        ExprKind::FString(_) => "f-string expression",
        ExprKind::Bool(true) => "True",
        ExprKind::Bool(false) => "False",
        ExprKind::None => "None",
        ExprKind::Ellipsis => "ellipsis",
        ExprKind::Compare { .. } | ExprKind::Chain { .. } => "comparison",
        ExprKind::Tuple(_) => "tuple",
        ExprKind::List(_) => "list",
        ExprKind::Lambda(_) => "lambda",
        ExprKind::IfExp { .. } => "conditional expression",
        ExprKind::Comp { .. } | ExprKind::DictComp { .. } => "comprehension",
        ExprKind::Dict(_) => "dict literal",
        ExprKind::Set(_) => "set display",
        _ => "expression",
    }
}

/// Convert the left side of `=` (verb "assign to") or a `del` operand
/// (verb "delete") to a target.
pub(super) fn to_target(e: Expr, verb: &str) -> PResult<Target> {
    let span = e.span;
    match e.kind {
        ExprKind::Name(n) => Ok(Target::Name(n, span)),
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            let targets: Vec<Target> = items.into_iter().map(|i| to_target(i, verb)).collect::<PResult<_>>()?;
            if targets.iter().filter(|t| matches!(t, Target::Starred(..))).count() > 1 {
                return Err(ParseError::new("multiple starred expressions in assignment", span));
            }
            Ok(Target::Tuple(targets, span))
        }
        ExprKind::Starred(inner) if verb != "delete" => Ok(Target::Starred(Box::new(to_target(*inner, verb)?), span)),
        ExprKind::Index { obj, items } => Ok(Target::Index { obj, items, span }),
        ExprKind::Attr { obj, name, .. } => Ok(Target::Attr { obj, name, span }),
        other => Err(ParseError::new(format!("cannot {verb} {}", describe(&other)), span)),
    }
}

/// The target of an augmented assignment: a name, an index or an attribute.
pub(super) fn to_aug_target(e: Expr) -> PResult<Target> {
    match e.kind {
        ExprKind::Name(_) | ExprKind::Index { .. } | ExprKind::Attr { .. } => to_target(e, "assign to"),
        other => Err(ParseError::new(format!("'{}' is an illegal expression for augmented assignment", describe(&other)), e.span)),
    }
}
