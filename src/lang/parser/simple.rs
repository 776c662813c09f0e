//! Simple statements, a child of `parser.rs`: everything that fits on one
//! logical line (assignments, `del`, `return`, `raise`, `import`, …) and
//! tsr's report statements.

use super::{PResult, Parser, to_aug_target, to_target};
use crate::lang::ast::{Expr, ExprKind, REPORT_KEYWORDS, Stmt, StmtKind};
use crate::lang::error::ParseError;
use crate::lang::span::Span;
use crate::lang::token::TokenKind as T;

impl Parser<'_> {
    /// A statement that fits on one logical line. Stops at the terminator
    /// without consuming it.
    pub(super) fn simple_stmt(&mut self) -> PResult<Stmt> {
        let start = self.peek().span.start;
        let kind = match self.peek_kind().clone() {
            T::Name(name) if self.is_report_start(&name) => self.report(name)?,
            T::Del => {
                self.advance();
                let (items, _) = self.test_list()?;
                StmtKind::Del(items.into_iter().map(|e| to_target(e, "delete")).collect::<PResult<_>>()?)
            }
            T::Pass => {
                self.advance();
                StmtKind::Pass
            }
            T::Break => {
                self.advance();
                StmtKind::Break
            }
            T::Continue => {
                self.advance();
                StmtKind::Continue
            }
            T::Return => {
                self.advance();
                StmtKind::Return(if self.at_terminator() { None } else { Some(self.expr_list()?) })
            }
            T::Raise => {
                self.advance();
                if self.at_terminator() {
                    StmtKind::Raise { exc: None, cause: None }
                } else {
                    let exc = Some(self.test()?);
                    let cause = if self.eat(&T::From) { Some(self.test()?) } else { None };
                    StmtKind::Raise { exc, cause }
                }
            }
            T::Assert => {
                self.advance();
                let test = self.test()?;
                let msg = if self.eat(&T::Comma) { Some(self.test()?) } else { None };
                StmtKind::Assert { test, msg }
            }
            T::Global | T::Nonlocal => {
                let global = self.at(&T::Global);
                self.advance();
                let mut names = vec![self.name()?.0];
                while self.eat(&T::Comma) {
                    names.push(self.name()?.0);
                }
                if global { StmtKind::Global(names) } else { StmtKind::Nonlocal(names) }
            }
            T::Import => {
                self.advance();
                let mut items = Vec::new();
                loop {
                    let (m, span) = self.dotted()?;
                    let alias = if self.eat(&T::As) { Some(self.name()?.0) } else { None };
                    items.push((m, alias, span));
                    if !self.eat(&T::Comma) {
                        break;
                    }
                }
                StmtKind::Import(items)
            }
            T::From => {
                self.advance();
                let (module, _) = self.dotted()?;
                self.expect(&T::Import, "import")?;
                let mut names = Vec::new();
                if self.at(&T::Star) {
                    let s = self.advance();
                    names.push(("*".to_string(), None, s));
                } else {
                    let paren = self.eat(&T::LParen);
                    loop {
                        let (n, s) = self.name()?;
                        let alias = if self.eat(&T::As) { Some(self.name()?.0) } else { None };
                        names.push((n, alias, s));
                        if !self.eat(&T::Comma) || (paren && self.at(&T::RParen)) {
                            break;
                        }
                    }
                    if paren {
                        self.expect(&T::RParen, ")")?;
                    }
                }
                StmtKind::ImportFrom { module, names }
            }
            T::With | T::If | T::For | T::While | T::Def | T::Try => {
                return Err(self.error_here("invalid syntax: a compound statement cannot follow ':' or ';' on the same line"));
            }
            T::Unsupported(w) => return Err(unsupported(w, self.peek().span)),
            T::Percent => return Err(self.magic()),
            _ => self.expr_or_assign()?,
        };
        if !self.at_terminator() {
            return Err(self.unexpected());
        }
        Ok(Stmt { kind, span: Span::new(start, self.prev_end) })
    }

    /// `a.b.c` (module names).
    fn dotted(&mut self) -> PResult<(String, Span)> {
        if self.at(&T::Dot) || self.at(&T::Ellipsis) {
            return Err(self.error_here("tsr does not support relative imports"));
        }
        let (mut s, span) = self.name()?;
        let mut span = span;
        while self.eat(&T::Dot) {
            let (n, ns) = self.name()?;
            s.push('.');
            s.push_str(&n);
            span = span.to(ns);
        }
        Ok((s, span))
    }

    /// Whether the statement starting with `name` is a report (`inspect x`)
    /// rather than Python code that uses the name (`inspect = 3`,
    /// `print(x)`, `map(f, xs)`). `print` and `map` are Python builtins, so
    /// they are reports only when an operand follows directly (`print x`).
    fn is_report_start(&self, name: &str) -> bool {
        if !REPORT_KEYWORDS.contains(&name) {
            return false;
        }
        let next = self.peek2_kind();
        if matches!(next, T::Assign | T::AugAssign(_) | T::Dot | T::LBracket | T::Comma | T::Colon | T::EqEq | T::NotEq | T::Is | T::In) {
            return false;
        }
        if name == "print" || name == "map" {
            // tsr's older `print (a + b) * 2` form: more follows the `)`.
            if *next == T::LParen {
                return self.more_after_parens(self.pos + 1);
            }
            return matches!(next, T::Name(_) | T::Int(_) | T::Float(_) | T::Str(_) | T::FStr(_) | T::True | T::False | T::None);
        }
        true
    }

    /// Whether something other than the end of the statement follows the
    /// bracket group opening at token `open`.
    fn more_after_parens(&self, open: usize) -> bool {
        let mut depth = 0usize;
        for (i, t) in self.tokens.iter().enumerate().skip(open) {
            if t.kind.is_opener() {
                depth += 1;
            } else if t.kind.is_closer() {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    let after = self.tokens.get(i + 1).map(|t| &t.kind);
                    return !matches!(after, None | Some(T::Newline | T::Semi | T::Eof | T::Dedent));
                }
            } else if matches!(t.kind, T::Newline | T::Eof) && depth == 0 {
                return false;
            }
        }
        false
    }

    /// `inspect x, y` / `share` / `inspect(x)`.
    fn report(&mut self, keyword: String) -> PResult<StmtKind> {
        let keyword_span = self.advance();
        // `mem load PATH`: a memory snapshot file.
        if keyword == "mem" && matches!(self.peek_kind(), T::Name(n) if n == "load") && !matches!(self.tokens.get(self.pos + 1).map(|t| &t.kind), Some(T::Comma | T::Newline | T::Semi | T::Eof) | None) {
            let span = self.advance();
            let load = Expr { kind: ExprKind::Name("load".into()), span };
            let path = self.test()?;
            return Ok(StmtKind::Report { keyword, keyword_span, args: vec![load, path] });
        }
        let args = if self.at_terminator() { Vec::new() } else { self.test_list()?.0 };
        // `inspect(x, y)` lists its arguments like a call.
        let args = match args.as_slice() {
            [Expr { kind: ExprKind::Tuple(items), span }] if span.text(self.src).starts_with('(') => items.clone(),
            _ => args,
        };
        Ok(StmtKind::Report { keyword, keyword_span, args })
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
                let targets = parts.into_iter().map(|e| to_target(e, "assign to")).collect::<PResult<_>>()?;
                Ok(StmtKind::Assign { targets, value })
            }
            T::AugAssign(op) => {
                let target = to_aug_target(first)?;
                self.advance();
                let value = self.expr_list()?;
                Ok(StmtKind::AugAssign { target, op, value })
            }
            T::Colon => {
                // An annotated assignment `x: int = 3` (the annotation is ignored).
                let target = to_aug_target(first)?;
                self.advance();
                self.test()?;
                if self.eat(&T::Assign) {
                    let value = self.expr_list()?;
                    Ok(StmtKind::Assign { targets: vec![target], value })
                } else {
                    Ok(StmtKind::Pass)
                }
            }
            _ => Ok(StmtKind::Expr(first)),
        }
    }
}

/// A Python construct tsr does not run, named at its keyword, with what
/// to write instead.
pub(super) fn unsupported(word: &str, span: Span) -> ParseError {
    match word {
        "class" => ParseError::new("tsr does not support class definitions", span)
            .with_hint("write functions (def) and keep data in dicts, lists or tuples"),
        "yield" => ParseError::new("tsr does not support generator functions ('yield')", span)
            .with_hint("build and return a list, or use a generator expression: (f(x) for x in xs)"),
        _ => ParseError::new(format!("tsr does not support '{word}'"), span),
    }
}

impl Parser<'_> {
    /// An IPython magic (`%timeit x @ y`, `%%time`) at the start of a
    /// statement: the error spans the `%` and the magic's name.
    fn magic(&self) -> ParseError {
        let mut end = self.peek().span.end;
        let mut name = String::new();
        for tok in self.tokens[self.pos..].iter().skip(1) {
            if tok.span.start != end {
                break;
            }
            match &tok.kind {
                T::Percent => {}
                T::Name(n) => name = n.clone(),
                _ => break,
            }
            end = tok.span.end;
            if !name.is_empty() {
                break;
            }
        }
        let span = Span::new(self.peek().span.start, end);
        let shown = span.text(self.src);
        let e = ParseError::new(format!("'{shown}' is an IPython magic, which tsr does not support"), span);
        match name.as_str() {
            "timeit" | "time" => e.with_hint("use tsr's timeit statement: timeit EXPR"),
            _ => e.with_hint("tsr runs Python statements and its own report statements (:help); IPython magics are not available"),
        }
    }
}
