//! The expression parser, a child of `parser.rs`: recursive descent with
//! Python's precedence, low to high: `lambda`, `if … else`, `or`, `and`,
//! `not`, comparisons (chained, `in`, `is`), `|`, `^`, `&`, shifts, `+ -`,
//! `* / // % @`, unary `- + ~`, `**`, then calls, attributes and indexing.
//! Every bracket, operator operand and f-string field counts one level of
//! depth; past [`MAX_DEPTH`] the expression is refused, so recursion (and
//! later passes over the tree, `Drop` included) stays bounded.

use super::{MAX_DEPTH, PResult, Parser, bracket_char, scope, to_target};
use crate::lang::ast::{Arg, BinOp, CmpOp, CompKind, Comprehension, Expr, ExprKind, FPart, IndexItem, LogicOp, Stmt, StmtKind, Target, UnOp};
use crate::lang::error::ParseError;
use crate::lang::span::Span;
use crate::lang::token::{FPiece, TokenKind as T};

pub(crate) fn too_deep(span: Span) -> ParseError {
    ParseError::new(format!("expression nested too deeply (limit {MAX_DEPTH})"), span)
}

fn binop_of(kind: &T) -> Option<(u8, BinOp)> {
    Some(match kind {
        T::Pipe => (1, BinOp::BitOr),
        T::Caret => (2, BinOp::BitXor),
        T::Amp => (3, BinOp::BitAnd),
        T::Shl => (4, BinOp::Shl),
        T::Shr => (4, BinOp::Shr),
        T::Plus => (5, BinOp::Add),
        T::Minus => (5, BinOp::Sub),
        T::Star => (6, BinOp::Mul),
        T::Slash => (6, BinOp::Div),
        T::DoubleSlash => (6, BinOp::FloorDiv),
        T::Percent => (6, BinOp::Mod),
        T::At => (6, BinOp::MatMul),
        _ => return None,
    })
}

impl Parser<'_> {
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(too_deep(self.peek().span));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// A left-associative chain (`a + b + c`) grows the tree one level per
    /// operator without recursing: it counts against the depth limit too.
    fn chain_step(&self, n: &mut usize) -> PResult<()> {
        *n += 1;
        if self.depth + *n > MAX_DEPTH {
            return Err(too_deep(self.peek().span));
        }
        Ok(())
    }

    fn mk(&self, kind: ExprKind, start: usize) -> Expr {
        Expr { kind, span: Span::new(start, self.prev_end.max(start)) }
    }

    /// Items separated by commas (`*x` allowed); a trailing comma is allowed.
    /// Returns the items and whether there was a comma at all.
    pub(super) fn test_list(&mut self) -> PResult<(Vec<Expr>, bool)> {
        let mut items = vec![self.star_test()?];
        let mut comma = false;
        while self.at(&T::Comma) {
            self.advance();
            comma = true;
            if self.at_terminator() || matches!(self.peek_kind(), T::Assign | T::AugAssign(_) | T::RParen | T::Colon) {
                break;
            }
            items.push(self.star_test()?);
        }
        Ok((items, comma))
    }

    /// An expression, or a bare tuple `a, b` (statement level, `=`, `return`, `for … in`).
    pub(super) fn expr_list(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        let (mut items, comma) = self.test_list()?;
        if !comma && items.len() == 1 && !matches!(items[0].kind, ExprKind::Starred(_))
            && let Some(e) = items.pop() {
                return Ok(e);
            }
        if !comma && matches!(items.first().map(|e| &e.kind), Some(ExprKind::Starred(_))) {
            return Err(ParseError::new("can't use starred expression here", items[0].span));
        }
        Ok(self.mk(ExprKind::Tuple(items), start))
    }

    fn star_test(&mut self) -> PResult<Expr> {
        if self.at(&T::Star) {
            let start = self.advance().start;
            self.enter()?;
            let inner = self.bitor();
            self.leave();
            return Ok(self.mk(ExprKind::Starred(Box::new(inner?)), start));
        }
        self.test()
    }

    /// `for` targets: `a`, `a, b`, `(a, b), *c` — or-expressions, so that
    /// `in` is left for the loop.
    pub(super) fn target_list(&mut self) -> PResult<Target> {
        let start = self.peek().span.start;
        let mut items = vec![];
        let mut comma = false;
        loop {
            let e = if self.at(&T::Star) {
                let s = self.advance().start;
                let inner = self.bitor()?;
                self.mk(ExprKind::Starred(Box::new(inner)), s)
            } else {
                self.bitor()?
            };
            items.push(e);
            if !self.eat(&T::Comma) {
                break;
            }
            comma = true;
            if self.at(&T::In) {
                break;
            }
        }
        let e = if !comma && items.len() == 1 {
            items.pop().ok_or_else(|| self.unexpected())?
        } else {
            self.mk(ExprKind::Tuple(items), start)
        };
        to_target(e, "assign to")
    }

    /// One expression (Python's `test`: no bare tuple).
    pub(super) fn test(&mut self) -> PResult<Expr> {
        self.enter()?;
        // Deep nesting needs more stack than a test thread has: grow it on
        // the heap when little is left (the depth cap bounds the total).
        let r = stacker::maybe_grow(256 * 1024, 4 << 20, || self.test_inner());
        self.leave();
        r
    }

    fn test_inner(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        if let (T::Name(name), T::Walrus) = (self.peek_kind().clone(), self.peek2_kind()) {
            self.advance();
            self.advance();
            let value = self.test()?;
            return Ok(self.mk(ExprKind::NamedExpr { name, value: Box::new(value) }, start));
        }
        if self.at(&T::Lambda) {
            self.advance();
            let params = self.params(&T::Colon)?;
            self.expect(&T::Colon, ":")?;
            let body = self.test()?;
            let span = Span::new(start, self.prev_end);
            let ret = Stmt { kind: StmtKind::Return(Some(body)), span };
            let f = scope::func_def("<lambda>".into(), params, vec![ret], span);
            return Ok(self.mk(ExprKind::Lambda(std::rc::Rc::new(f)), start));
        }
        let e = self.or_test()?;
        if self.at(&T::If) {
            self.advance();
            let cond = self.or_test()?;
            if !self.at(&T::Else) {
                return Err(self.error_here("expected 'else' after 'if' expression"));
            }
            self.advance();
            let orelse = self.test()?;
            return Ok(self.mk(ExprKind::IfExp { test: Box::new(cond), body: Box::new(e), orelse: Box::new(orelse) }, start));
        }
        Ok(e)
    }

    fn or_test(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        let mut lhs = self.and_test()?;
        let mut n = 0;
        while self.at(&T::Or) {
            self.chain_step(&mut n)?;
            self.advance();
            self.enter()?;
            let rhs = self.and_test();
            self.leave();
            lhs = self.mk(ExprKind::Logic { op: LogicOp::Or, lhs: Box::new(lhs), rhs: Box::new(rhs?) }, start);
        }
        Ok(lhs)
    }

    fn and_test(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        let mut lhs = self.not_test()?;
        let mut n = 0;
        while self.at(&T::And) {
            self.chain_step(&mut n)?;
            self.advance();
            self.enter()?;
            let rhs = self.not_test();
            self.leave();
            lhs = self.mk(ExprKind::Logic { op: LogicOp::And, lhs: Box::new(lhs), rhs: Box::new(rhs?) }, start);
        }
        Ok(lhs)
    }

    fn not_test(&mut self) -> PResult<Expr> {
        if self.at(&T::Not) {
            let start = self.advance().start;
            self.enter()?;
            let operand = self.not_test();
            self.leave();
            return Ok(self.mk(ExprKind::Unary { op: UnOp::Not, operand: Box::new(operand?) }, start));
        }
        self.comparison()
    }

    fn cmp_op(&mut self) -> Option<CmpOp> {
        let op = match self.peek_kind() {
            T::Lt => CmpOp::Lt,
            T::Le => CmpOp::Le,
            T::Gt => CmpOp::Gt,
            T::Ge => CmpOp::Ge,
            T::EqEq => CmpOp::Eq,
            T::NotEq => CmpOp::Ne,
            T::In => CmpOp::In,
            T::Is => {
                self.advance();
                return Some(if self.eat(&T::Not) { CmpOp::IsNot } else { CmpOp::Is });
            }
            T::Not if *self.peek2_kind() == T::In => {
                self.advance();
                CmpOp::NotIn
            }
            _ => return None,
        };
        self.advance();
        Some(op)
    }

    fn comparison(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        let first = self.bitor()?;
        let mut operands = vec![first];
        let mut ops = vec![];
        while let Some(op) = self.cmp_op() {
            self.enter()?;
            let rhs = self.bitor();
            self.leave();
            operands.push(rhs?);
            ops.push(op);
        }
        if ops.is_empty() {
            return operands.pop().ok_or_else(|| self.unexpected());
        }
        if ops.len() == 1 {
            let rhs = operands.pop().ok_or_else(|| self.unexpected())?;
            let lhs = operands.pop().ok_or_else(|| self.unexpected())?;
            return Ok(self.mk(ExprKind::Compare { op: ops[0], lhs: Box::new(lhs), rhs: Box::new(rhs) }, start));
        }
        Ok(self.mk(ExprKind::Chain { operands, ops }, start))
    }

    /// Binary operators from `|` up to `* / // % @`, by binding power.
    pub(super) fn bitor(&mut self) -> PResult<Expr> {
        self.binary(1)
    }

    fn binary(&mut self, min_bp: u8) -> PResult<Expr> {
        let start = self.peek().span.start;
        let mut lhs = self.unary()?;
        let mut n = 0;
        while let Some((bp, op)) = binop_of(self.peek_kind()) {
            if bp < min_bp {
                break;
            }
            self.chain_step(&mut n)?;
            self.advance();
            self.enter()?;
            let rhs = self.binary(bp + 1);
            self.leave();
            lhs = self.mk(ExprKind::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs?) }, start);
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        let op = match self.peek_kind() {
            T::Minus => UnOp::Neg,
            T::Plus => UnOp::Pos,
            T::Tilde => UnOp::Invert,
            _ => return self.power(),
        };
        let start = self.advance().start;
        self.enter()?;
        let operand = self.unary();
        self.leave();
        let operand = operand?;
        Ok(self.mk(ExprKind::Unary { op, operand: Box::new(operand) }, start))
    }

    fn power(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        let base = self.postfix()?;
        if self.at(&T::DoubleStar) {
            self.advance();
            self.enter()?;
            let exp = self.unary();
            self.leave();
            return Ok(self.mk(ExprKind::Binary { op: BinOp::Pow, lhs: Box::new(base), rhs: Box::new(exp?) }, start));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        let mut e = self.atom()?;
        let mut levels = 0usize;
        loop {
            match self.peek_kind() {
                T::Dot => {
                    self.advance();
                    let (name, name_span) = match self.peek_kind().clone() {
                        T::Name(n) => (n, self.advance()),
                        _ => return Err(self.error_here("expected an attribute name after '.'")),
                    };
                    e = self.mk(ExprKind::Attr { obj: Box::new(e), name, name_span }, start);
                }
                T::LParen => {
                    self.advance();
                    let args = self.call_args()?;
                    self.close(&T::RParen)?;
                    e = self.mk(ExprKind::Call { func: Box::new(e), args }, start);
                }
                T::LBracket => {
                    self.advance();
                    let items = self.subscript()?;
                    self.close(&T::RBracket)?;
                    e = self.mk(ExprKind::Index { obj: Box::new(e), items }, start);
                }
                _ => break,
            }
            // Trailers count towards the height of the tree too.
            levels += 1;
            if levels + self.depth > MAX_DEPTH {
                return Err(too_deep(self.peek().span));
            }
        }
        Ok(e)
    }

    fn close(&mut self, closer: &T) -> PResult<()> {
        if self.at(closer) {
            self.advance();
            return Ok(());
        }
        match self.peek_kind() {
            T::Newline | T::Eof | T::Dedent | T::Indent => Err(ParseError::new(format!("'{}' was never closed", open_of(closer)), self.peek().span)),
            k if k.is_closer() => Err(ParseError::new(
                format!("closing parenthesis '{}' does not match opening parenthesis '{}'", bracket_char(k), open_of(closer)),
                self.peek().span,
            )),
            _ => Err(self.unexpected_in_brackets(closer)),
        }
    }

    fn unexpected_in_brackets(&self, closer: &T) -> ParseError {
        match self.peek_kind() {
            T::Error(_) => self.unexpected(),
            T::Comma | T::Colon if *closer == T::RBracket => self.unexpected(),
            _ => ParseError::new(format!("expected ',' or '{}'", bracket_char(closer)), self.peek().span),
        }
    }

    fn call_args(&mut self) -> PResult<Vec<Arg>> {
        let mut args: Vec<Arg> = Vec::new();
        // Linear in the number of arguments (100 000 of them must not take minutes).
        let (mut seen_kw, mut seen_kw_unpack) = (false, false);
        let mut names = std::collections::HashSet::new();
        while !self.at(&T::RParen) {
            let arg = if self.at(&T::Star) || self.at(&T::DoubleStar) {
                let star = if self.at(&T::Star) { 1 } else { 2 };
                self.advance();
                Arg { name: None, value: self.test()?, star }
            } else if let (T::Name(n), T::Assign) = (self.peek_kind().clone(), self.peek2_kind().clone()) {
                let s = self.advance();
                self.advance();
                Arg { name: Some((n, s)), value: self.test()?, star: 0 }
            } else {
                let start = self.peek().span.start;
                let value = self.test()?;
                if self.at(&T::For) {
                    let gens = self.comp_for()?;
                    let g = self.mk(ExprKind::Comp { kind: CompKind::Gen, elt: Box::new(value), gens }, start);
                    if !args.is_empty() || !self.at(&T::RParen) {
                        return Err(ParseError::new("Generator expression must be parenthesized", g.span));
                    }
                    Arg { name: None, value: g, star: 0 }
                } else {
                    if self.at(&T::Assign) {
                        return Err(ParseError::new("expression cannot contain assignment, perhaps you meant \"==\"?", value.span));
                    }
                    Arg { name: None, value, star: 0 }
                }
            };
            if arg.name.is_none() && arg.star == 0 && (seen_kw || seen_kw_unpack) {
                let what = if seen_kw_unpack { "keyword argument unpacking" } else { "keyword argument" };
                return Err(ParseError::new(format!("positional argument follows {what}"), arg.value.span));
            }
            if let Some((n, s)) = &arg.name
                && !names.insert(n.clone())
            {
                return Err(ParseError::new(format!("keyword argument repeated: {n}"), *s));
            }
            seen_kw |= arg.name.is_some();
            seen_kw_unpack |= arg.star == 2;
            args.push(arg);
            if !self.eat(&T::Comma) {
                break;
            }
        }
        Ok(args)
    }

    fn subscript(&mut self) -> PResult<Vec<IndexItem>> {
        let mut items = Vec::new();
        loop {
            if self.at(&T::RBracket) {
                if items.is_empty() {
                    return Err(self.error_here("expected an index"));
                }
                break;
            }
            let start = self.peek().span.start;
            let first = if self.at(&T::Colon) { None } else { Some(self.star_test()?) };
            if self.at(&T::Colon) {
                self.advance();
                let stop = if matches!(self.peek_kind(), T::Colon | T::Comma | T::RBracket) { None } else { Some(self.test()?) };
                let step = if self.eat(&T::Colon) {
                    if matches!(self.peek_kind(), T::Comma | T::RBracket) { None } else { Some(self.test()?) }
                } else {
                    None
                };
                items.push(IndexItem::Slice { start: first, stop, step, span: Span::new(start, self.prev_end) });
            } else if let Some(e) = first {
                items.push(IndexItem::Expr(e));
            }
            if !self.eat(&T::Comma) {
                break;
            }
            // `x[0,]` indexes by the tuple `(0,)`, as in Python.
            if self.at(&T::RBracket)
                && let [IndexItem::Expr(e)] = items.as_slice()
            {
                let e = Expr { span: Span::new(e.span.start, self.prev_end), kind: ExprKind::Tuple(vec![e.clone()]) };
                items = vec![IndexItem::Expr(e)];
            }
        }
        Ok(items)
    }

    /// `for target in iter [if cond]…` clauses.
    fn comp_for(&mut self) -> PResult<Vec<Comprehension>> {
        let mut gens = Vec::new();
        while self.at(&T::For) {
            self.advance();
            let target = self.target_list()?;
            self.expect(&T::In, "in")?;
            let iter = self.or_test()?;
            let mut ifs = Vec::new();
            while self.at(&T::If) {
                self.advance();
                self.enter()?;
                let c = self.or_test();
                self.leave();
                ifs.push(c?);
            }
            gens.push(Comprehension { target, iter, ifs });
            if gens.len() > 20 {
                return Err(too_deep(self.peek().span));
            }
        }
        Ok(gens)
    }

    fn atom(&mut self) -> PResult<Expr> {
        let tok = self.peek().clone();
        let start = tok.span.start;
        let kind = match tok.kind {
            T::Int(i) => {
                self.advance();
                ExprKind::Int(i)
            }
            T::Float(f) => {
                self.advance();
                ExprKind::Float(f)
            }
            T::True => {
                self.advance();
                ExprKind::Bool(true)
            }
            T::False => {
                self.advance();
                ExprKind::Bool(false)
            }
            T::None => {
                self.advance();
                ExprKind::None
            }
            T::Ellipsis => {
                self.advance();
                ExprKind::Ellipsis
            }
            T::Name(n) => {
                self.advance();
                ExprKind::Name(n)
            }
            T::Str(_) | T::FStr(_) => return self.strings(),
            T::LParen => {
                self.advance();
                return self.paren(start);
            }
            T::LBracket => {
                self.advance();
                return self.list_display(start);
            }
            T::LBrace => {
                self.advance();
                return self.brace_display(start);
            }
            _ => return Err(self.unexpected()),
        };
        Ok(self.mk(kind, start))
    }

    /// Adjacent string literals concatenate (f-strings too).
    fn strings(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        let mut parts: Vec<FPart> = Vec::new();
        let mut any_f = false;
        loop {
            match self.peek_kind().clone() {
                T::Str(s) => {
                    self.advance();
                    push_lit(&mut parts, s);
                }
                T::FStr(pieces) => {
                    self.advance();
                    any_f = true;
                    for p in self.fparts(&pieces)? {
                        match p {
                            FPart::Lit(s) => push_lit(&mut parts, s),
                            f => parts.push(f),
                        }
                    }
                }
                _ => break,
            }
        }
        if !any_f || parts.iter().all(|p| matches!(p, FPart::Lit(_))) {
            let s: String = parts.into_iter().map(|p| if let FPart::Lit(s) = p { s } else { String::new() }).collect();
            return Ok(self.mk(ExprKind::Str(s), start));
        }
        Ok(self.mk(ExprKind::FString(parts), start))
    }

    fn fparts(&mut self, pieces: &[FPiece]) -> PResult<Vec<FPart>> {
        let mut out = Vec::new();
        for p in pieces {
            match p {
                FPiece::Lit(s) => out.push(FPart::Lit(s.clone())),
                FPiece::Field { expr, debug, conv, spec } => {
                    if self.depth + 1 >= MAX_DEPTH {
                        return Err(too_deep(Span::new(expr.0, expr.1)));
                    }
                    let e = super::parse_sub_expr(self.src, expr.0, expr.1, self.depth + 1)?;
                    let spec = self.fparts(spec)?;
                    out.push(FPart::Field { expr: Box::new(e), debug: debug.clone(), conv: *conv, spec });
                }
            }
        }
        Ok(out)
    }

    /// After `(`: `()`, `(e)`, `(e,)`, `(a, b)`, `(e for …)`.
    fn paren(&mut self, start: usize) -> PResult<Expr> {
        if self.at(&T::RParen) {
            self.advance();
            return Ok(self.mk(ExprKind::Tuple(vec![]), start));
        }
        let first = self.star_test()?;
        if self.at(&T::For) {
            let gens = self.comp_for()?;
            self.close(&T::RParen)?;
            return Ok(self.mk(ExprKind::Comp { kind: CompKind::Gen, elt: Box::new(first), gens }, start));
        }
        if self.at(&T::RParen) {
            self.advance();
            if matches!(first.kind, ExprKind::Starred(_)) {
                return Err(ParseError::new("cannot use starred expression here", first.span));
            }
            // Parentheses only group: keep the inner node, widen its span.
            let mut e = first;
            e.span = Span::new(start, self.prev_end);
            return Ok(e);
        }
        let mut items = vec![first];
        while self.eat(&T::Comma) {
            if self.at(&T::RParen) {
                break;
            }
            items.push(self.star_test()?);
        }
        self.close(&T::RParen)?;
        Ok(self.mk(ExprKind::Tuple(items), start))
    }

    fn list_display(&mut self, start: usize) -> PResult<Expr> {
        if self.eat(&T::RBracket) {
            return Ok(self.mk(ExprKind::List(vec![]), start));
        }
        let first = self.star_test()?;
        if self.at(&T::For) {
            let gens = self.comp_for()?;
            self.close(&T::RBracket)?;
            return Ok(self.mk(ExprKind::Comp { kind: CompKind::List, elt: Box::new(first), gens }, start));
        }
        let mut items = vec![first];
        while self.eat(&T::Comma) {
            if self.at(&T::RBracket) {
                break;
            }
            items.push(self.star_test()?);
        }
        self.close(&T::RBracket)?;
        Ok(self.mk(ExprKind::List(items), start))
    }

    fn brace_display(&mut self, start: usize) -> PResult<Expr> {
        if self.eat(&T::RBrace) {
            return Ok(self.mk(ExprKind::Dict(vec![]), start));
        }
        // `{**d, …}` is a dict.
        if self.at(&T::DoubleStar) {
            return self.dict_rest(start, None);
        }
        let first = self.star_test()?;
        if self.at(&T::Colon) {
            self.advance();
            let value = self.test()?;
            if self.at(&T::For) {
                let gens = self.comp_for()?;
                self.close(&T::RBrace)?;
                return Ok(self.mk(ExprKind::DictComp { key: Box::new(first), value: Box::new(value), gens }, start));
            }
            return self.dict_rest(start, Some((first, value)));
        }
        if self.at(&T::For) {
            let gens = self.comp_for()?;
            self.close(&T::RBrace)?;
            return Ok(self.mk(ExprKind::Comp { kind: CompKind::Set, elt: Box::new(first), gens }, start));
        }
        let mut items = vec![first];
        while self.eat(&T::Comma) {
            if self.at(&T::RBrace) {
                break;
            }
            items.push(self.star_test()?);
        }
        self.close(&T::RBrace)?;
        Ok(self.mk(ExprKind::Set(items), start))
    }

    fn dict_rest(&mut self, start: usize, first: Option<(Expr, Expr)>) -> PResult<Expr> {
        let mut items: Vec<(Option<Expr>, Expr)> = Vec::new();
        let mut need_item = first.is_none();
        if let Some((k, v)) = first {
            items.push((Some(k), v));
        }
        loop {
            if !need_item
                && (!self.eat(&T::Comma) || self.at(&T::RBrace)) {
                    break;
                }
            need_item = false;
            if self.eat(&T::DoubleStar) {
                items.push((None, self.bitor()?));
            } else {
                let k = self.test()?;
                if !self.at(&T::Colon) {
                    return Err(self.error_here("':' expected after dictionary key"));
                }
                self.advance();
                items.push((Some(k), self.test()?));
            }
        }
        self.close(&T::RBrace)?;
        Ok(self.mk(ExprKind::Dict(items), start))
    }
}

fn push_lit(parts: &mut Vec<FPart>, s: String) {
    if let Some(FPart::Lit(prev)) = parts.last_mut() {
        prev.push_str(&s);
    } else {
        parts.push(FPart::Lit(s));
    }
}

fn open_of(closer: &T) -> &'static str {
    match closer {
        T::RBracket => "[",
        T::RBrace => "{",
        _ => "(",
    }
}
