//! The expression parser, a child of `parser.rs`: an operator-precedence
//! machine with explicit stacks instead of recursion, so that no input can
//! exhaust the native stack however deeply it nests.
//!
//! Pending operators wait on `ops`, finished operands on `operands`, and
//! open brackets on `frames` (each remembering how many `ops` belonged to
//! the enclosing expression). Operators are reduced by binding power, as in
//! precedence climbing. Limits ([`MAX_DEPTH`]): at most 200 brackets and
//! pending operators open at once, and every operand carries the height of
//! its tree, which may not exceed 200.

use std::collections::HashSet;

use super::{MAX_DEPTH, PResult, Parser, bracket_char, closer_for};
use crate::lang::ast::{Arg, BinOp, CmpOp, Expr, ExprKind, IndexItem, LogicOp, UnOp};
use crate::lang::error::ParseError;
use crate::lang::span::Span;
use crate::lang::token::{Token, TokenKind as T};

// Binding powers of the binary operators (higher binds tighter).
const OR: u8 = 1;
const AND: u8 = 2;
const NOT: u8 = 3;
const CMP: u8 = 4;
const BIT_OR: u8 = 5;
const BIT_XOR: u8 = 6;
const BIT_AND: u8 = 7;
const SHIFT: u8 = 8;
const ARITH: u8 = 9;
const TERM: u8 = 10;
const UNARY: u8 = 11;
const POW: u8 = 12;

impl Parser<'_> {
    /// One or more `test`s separated by commas; a trailing comma is allowed.
    /// Returns the items and whether there was a comma at all.
    pub(super) fn test_list(&mut self) -> PResult<(Vec<Expr>, bool)> {
        let mut items = vec![self.test()?];
        let mut comma = false;
        while self.at(&T::Comma) {
            self.advance();
            comma = true;
            if self.at_terminator() || matches!(self.peek_kind(), T::Assign | T::AugAssign(_)) {
                break;
            }
            items.push(self.test()?);
        }
        Ok((items, comma))
    }

    /// An expression, or a bare tuple `a, b` (statement level and `=` RHS).
    pub(super) fn expr_list(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        let (mut items, comma) = self.test_list()?;
        if !comma
            && items.len() == 1
            && let Some(e) = items.pop()
        {
            return Ok(e);
        }
        Ok(Expr {
            kind: ExprKind::Tuple(items),
            span: Span::new(start, self.prev_end),
        })
    }

    /// One expression (Python's `test`: no bare tuple).
    pub(super) fn test(&mut self) -> PResult<Expr> {
        match self.expression(false)? {
            Parsed::Expr(e) => Ok(e),
            Parsed::List(_) => Err(self.unexpected()),
        }
    }

    /// Run the expression machine from the current token. With
    /// `report_paren`, the current token is a `(` whose contents are
    /// returned as a list when it closes (`print(a, b)`).
    pub(super) fn expression(&mut self, report_paren: bool) -> PResult<Parsed> {
        let mut m = Machine {
            ops: Vec::new(),
            operands: Vec::new(),
            frames: Vec::new(),
        };
        let mut step = if report_paren {
            let open = self.advance_token();
            let paren = FrameKind::Paren {
                items: Vec::new(),
                group: None,
                comma: false,
                report: true,
            };
            m.frames.push(Frame {
                kind: paren,
                start: open.span.start,
                open,
                ops_base: 0,
                height: 0,
            });
            if self.at(&T::RParen) {
                self.close(&mut m)?
            } else {
                Step::Operand
            }
        } else {
            Step::Operand
        };
        loop {
            step = match step {
                Step::Operand => self.operand_step(&mut m)?,
                Step::After => self.after_step(&mut m)?,
                Step::Done(parsed) => return Ok(parsed),
            };
        }
    }

    /// Error unless another operator or bracket fits (see [`MAX_DEPTH`]).
    fn check_nesting(&self, m: &Machine, span: Span) -> PResult<()> {
        if m.frames.len() + m.ops.len() >= MAX_DEPTH {
            return Err(too_deep(span));
        }
        Ok(())
    }

    /// Expecting an operand: a prefix operator, an atom or an opening bracket.
    fn operand_step(&mut self, m: &mut Machine) -> PResult<Step> {
        let span = self.peek().span;
        let kind = match self.peek_kind() {
            T::Not | T::Minus | T::Plus | T::Tilde => {
                let op = match self.peek_kind() {
                    T::Not => UnOp::Not,
                    T::Minus => UnOp::Neg,
                    T::Plus => UnOp::Pos,
                    _ => UnOp::Invert,
                };
                if op == UnOp::Not && !m.not_allowed() {
                    return Err(self.unexpected());
                }
                self.check_nesting(m, span)?;
                self.advance();
                m.ops.push(Pending::Prefix { op, span });
                return Ok(Step::Operand);
            }
            T::LParen | T::LBracket => {
                self.check_nesting(m, span)?;
                let open = self.advance_token();
                let (kind, closer) = if open.kind == T::LParen {
                    (
                        FrameKind::Paren {
                            items: Vec::new(),
                            group: None,
                            comma: false,
                            report: false,
                        },
                        T::RParen,
                    )
                } else {
                    (FrameKind::List { items: Vec::new() }, T::RBracket)
                };
                m.frames.push(Frame {
                    kind,
                    start: span.start,
                    open,
                    ops_base: m.ops.len(),
                    height: 0,
                });
                return if self.at(&closer) {
                    self.close(m)
                } else {
                    Ok(Step::Operand)
                };
            }
            T::Str(first) => {
                // Adjacent string literals are concatenated, as in Python.
                let mut s = first.clone();
                self.advance();
                while let T::Str(more) = self.peek_kind() {
                    s.push_str(more);
                    self.advance();
                }
                let expr = Expr {
                    kind: ExprKind::Str(s),
                    span: Span::new(span.start, self.prev_end),
                };
                m.operands.push(Operand { expr, height: 1 });
                return Ok(Step::After);
            }
            T::LBrace => return Err(self.error_here("dict and set displays are not supported")),
            T::Int(v) => ExprKind::Int(*v),
            T::Float(v) => ExprKind::Float(*v),
            T::True => ExprKind::Bool(true),
            T::False => ExprKind::Bool(false),
            T::None => ExprKind::None,
            T::Ellipsis => ExprKind::Ellipsis,
            T::Name(name) => ExprKind::Name(name.clone()),
            _ => return Err(self.unexpected()),
        };
        self.advance();
        m.operands.push(Operand {
            expr: Expr { kind, span },
            height: 1,
        });
        Ok(Step::After)
    }

    /// After an operand: a postfix operation, an infix operator, or the end
    /// of the current sub-expression.
    fn after_step(&mut self, m: &mut Machine) -> PResult<Step> {
        let span = self.peek().span;
        match self.peek_kind() {
            T::LParen | T::LBracket => {
                self.check_nesting(m, span)?;
                let open = self.advance_token();
                let obj = m.pop()?;
                let start = obj.expr.span.start;
                let kind = if open.kind == T::LParen {
                    FrameKind::Call {
                        func: obj.expr,
                        args: Vec::new(),
                        kw: None,
                        keywords: HashSet::new(),
                    }
                } else {
                    FrameKind::Index {
                        obj: obj.expr,
                        items: Vec::new(),
                        slice: None,
                    }
                };
                let is_call = open.kind == T::LParen;
                m.frames.push(Frame {
                    kind,
                    start,
                    open,
                    ops_base: m.ops.len(),
                    height: obj.height,
                });
                return if is_call {
                    self.begin_arg(m)
                } else {
                    self.index_part(m)
                };
            }
            T::Dot => {
                self.advance();
                let T::Name(name) = self.peek_kind() else {
                    return Err(self.error_here("expected an attribute name after '.'"));
                };
                let name = name.clone();
                let name_span = self.advance();
                let obj = m.pop()?;
                let height = checked_height(obj.height + 1, span)?;
                let expr_span = Span::new(obj.expr.span.start, name_span.end);
                let kind = ExprKind::Attr {
                    obj: Box::new(obj.expr),
                    name,
                    name_span,
                };
                m.operands.push(Operand {
                    expr: Expr {
                        kind,
                        span: expr_span,
                    },
                    height,
                });
                return Ok(Step::After);
            }
            _ => {}
        }
        if let Some((bp, op, ntoks)) = self.infix()? {
            let base = m.base();
            while m.ops.len() > base {
                let Some(top) = m.ops.last() else { break };
                if let (
                    Infix::Cmp(_),
                    Pending::Infix {
                        op: Infix::Cmp(_), ..
                    },
                ) = (op, top)
                {
                    return Err(ParseError::new(
                        "chained comparisons like 'a < b < c' are not supported; \
                         use 'and' between two comparisons",
                        span,
                    ));
                }
                let top_bp = top.bp();
                if top_bp > bp || (top_bp == bp && bp != POW) {
                    m.reduce_top()?;
                } else {
                    break;
                }
            }
            self.check_nesting(m, span)?;
            for _ in 0..ntoks {
                self.advance();
            }
            m.ops.push(Pending::Infix { op, span, bp });
            return Ok(Step::Operand);
        }
        // The sub-expression ends here.
        let base = m.base();
        while m.ops.len() > base {
            m.reduce_top()?;
        }
        let value = m.pop()?;
        self.delimit(m, value)
    }

    /// A sub-expression `value` has ended inside the innermost frame (or at
    /// the top): handle the `,`, `:` or closing bracket that follows it.
    fn delimit(&mut self, m: &mut Machine, value: Operand) -> PResult<Step> {
        let Some(frame) = m.frames.last_mut() else {
            return Ok(Step::Done(Parsed::Expr(value.expr)));
        };
        frame.height = frame.height.max(value.height);
        let at_comma = self.at(&T::Comma);
        let at_close = self.at(&closer_for(&frame.open.kind));
        let in_list = !matches!(frame.kind, FrameKind::Paren { comma: false, .. });
        let index_colon = self.at(&T::Colon) && matches!(frame.kind, FrameKind::Index { .. });
        if !(at_comma || at_close || index_colon) {
            return Err(self.close_error(&frame.open, in_list));
        }
        match &mut frame.kind {
            FrameKind::Paren {
                items,
                group,
                comma,
                ..
            } => {
                if at_comma || *comma {
                    items.push(value.expr);
                    *comma = true;
                } else {
                    *group = Some(value.expr);
                }
            }
            FrameKind::List { items } => items.push(value.expr),
            FrameKind::Call {
                args, kw, keywords, ..
            } => {
                let name = kw.take();
                if name.is_none() && !keywords.is_empty() {
                    return Err(ParseError::new(
                        "positional argument follows keyword argument",
                        value.expr.span,
                    ));
                }
                args.push(Arg {
                    name,
                    value: value.expr,
                });
            }
            FrameKind::Index { items, slice, .. } => {
                if !at_comma && !at_close {
                    // A ':' inside an index: `value` starts or continues a slice.
                    match slice {
                        None => {
                            let start = value.expr.span.start;
                            *slice = Some(SliceBuild {
                                start,
                                parts: [Some(value.expr), None, None],
                                colons: 1,
                            });
                        }
                        Some(sb) if sb.colons == 1 => {
                            sb.parts[1] = Some(value.expr);
                            sb.colons = 2;
                        }
                        Some(_) => return Err(self.unexpected()),
                    }
                    self.advance();
                    return self.index_part(m);
                }
                finish_item(items, slice, Some(value.expr), self.prev_end);
            }
        }
        if at_close {
            return self.close(m);
        }
        self.advance(); // the comma
        let trailing_close = self.at(&closer_for(&frame.open.kind));
        match frame.kind {
            FrameKind::Call { .. } => self.begin_arg(m),
            _ if trailing_close => self.close(m),
            FrameKind::Index { .. } => self.index_part(m),
            _ => Ok(Step::Operand),
        }
    }

    /// At the start of a call argument: `)`, `name=` or a positional value.
    fn begin_arg(&mut self, m: &mut Machine) -> PResult<Step> {
        if self.at(&T::RParen) {
            return self.close(m);
        }
        if let (T::Name(name), T::Assign) = (self.peek_kind(), self.peek2_kind()) {
            let name = name.clone();
            let name_span = self.advance();
            self.advance();
            if let Some(Frame {
                kind: FrameKind::Call { kw, keywords, .. },
                ..
            }) = m.frames.last_mut()
            {
                if !keywords.insert(name.clone()) {
                    return Err(ParseError::new(
                        format!("keyword argument repeated: {name}"),
                        name_span,
                    ));
                }
                *kw = Some((name, name_span));
            }
        }
        Ok(Step::Operand)
    }

    /// At the start of an index part: handle any `:` and `,` that need no
    /// value in front of them, then expect an operand.
    fn index_part(&mut self, m: &mut Machine) -> PResult<Step> {
        loop {
            let span = self.peek().span;
            let at_colon = self.at(&T::Colon);
            let at_end = matches!(self.peek_kind(), T::Comma | T::RBracket);
            if !at_colon && !at_end {
                return Ok(Step::Operand);
            }
            let Some(Frame {
                kind: FrameKind::Index { items, slice, .. },
                ..
            }) = m.frames.last_mut()
            else {
                return Err(self.unexpected());
            };
            if at_colon {
                match slice {
                    None => {
                        *slice = Some(SliceBuild {
                            start: span.start,
                            parts: [None, None, None],
                            colons: 1,
                        })
                    }
                    Some(sb) if sb.colons == 1 => sb.colons = 2,
                    Some(_) => return Err(self.unexpected()),
                }
                self.advance();
                continue;
            }
            if slice.is_none() {
                return Err(self.unexpected()); // `x[]`, `x[1,,2]`
            }
            finish_item(items, slice, None, self.prev_end);
            if self.at(&T::RBracket) {
                return self.close(m);
            }
            self.advance(); // the comma
            if self.at(&T::RBracket) {
                return self.close(m);
            }
        }
    }

    /// Consume the closing bracket of the innermost frame and turn the frame
    /// into an operand.
    fn close(&mut self, m: &mut Machine) -> PResult<Step> {
        let Some(frame) = m.frames.pop() else {
            return Err(self.unexpected());
        };
        self.advance();
        let span = Span::new(frame.start, self.prev_end);
        let (kind, height) = match frame.kind {
            FrameKind::Paren {
                report: true,
                mut items,
                group,
                ..
            } => {
                items.extend(group);
                return Ok(Step::Done(Parsed::List(items)));
            }
            FrameKind::Paren {
                group: Some(inner), ..
            } => (inner.kind, frame.height),
            FrameKind::Paren { items, .. } => (ExprKind::Tuple(items), frame.height + 1),
            FrameKind::List { items } => (ExprKind::List(items), frame.height + 1),
            FrameKind::Call { func, args, .. } => (
                ExprKind::Call {
                    func: Box::new(func),
                    args,
                },
                frame.height + 1,
            ),
            FrameKind::Index { obj, items, .. } => (
                ExprKind::Index {
                    obj: Box::new(obj),
                    items,
                },
                frame.height + 1,
            ),
        };
        let height = checked_height(height, frame.open.span)?;
        m.operands.push(Operand {
            expr: Expr { kind, span },
            height,
        });
        Ok(Step::After)
    }

    /// The infix operator at the current token: binding power, operator and
    /// number of tokens it spans.
    fn infix(&self) -> PResult<Option<(u8, Infix, usize)>> {
        use Infix::*;
        Ok(Some(match self.peek_kind() {
            T::Or => (OR, Logic(LogicOp::Or), 1),
            T::And => (AND, Logic(LogicOp::And), 1),
            T::Lt => (CMP, Cmp(CmpOp::Lt), 1),
            T::Le => (CMP, Cmp(CmpOp::Le), 1),
            T::Gt => (CMP, Cmp(CmpOp::Gt), 1),
            T::Ge => (CMP, Cmp(CmpOp::Ge), 1),
            T::EqEq => (CMP, Cmp(CmpOp::Eq), 1),
            T::NotEq => (CMP, Cmp(CmpOp::Ne), 1),
            T::Is if self.peek2_kind() == &T::Not => (CMP, Cmp(CmpOp::IsNot), 2),
            T::Is => (CMP, Cmp(CmpOp::Is), 1),
            T::In => return Err(self.error_here("the 'in' operator is not supported")),
            T::Not if self.peek2_kind() == &T::In => {
                return Err(self.error_here("the 'not in' operator is not supported"));
            }
            T::Pipe => (BIT_OR, Bin(BinOp::BitOr), 1),
            T::Caret => (BIT_XOR, Bin(BinOp::BitXor), 1),
            T::Amp => (BIT_AND, Bin(BinOp::BitAnd), 1),
            T::Shl => (SHIFT, Bin(BinOp::Shl), 1),
            T::Shr => (SHIFT, Bin(BinOp::Shr), 1),
            T::Plus => (ARITH, Bin(BinOp::Add), 1),
            T::Minus => (ARITH, Bin(BinOp::Sub), 1),
            T::Star => (TERM, Bin(BinOp::Mul), 1),
            T::Slash => (TERM, Bin(BinOp::Div), 1),
            T::DoubleSlash => (TERM, Bin(BinOp::FloorDiv), 1),
            T::Percent => (TERM, Bin(BinOp::Mod), 1),
            T::At => (TERM, Bin(BinOp::MatMul), 1),
            T::DoubleStar => (POW, Bin(BinOp::Pow), 1),
            _ => return Ok(None),
        }))
    }

    /// The error for a bracket that is not closed where it should be.
    fn close_error(&self, open: &Token, in_list: bool) -> ParseError {
        let closer = closer_for(&open.kind);
        let (o, c) = (bracket_char(&open.kind), bracket_char(&closer));
        match self.peek_kind() {
            T::Eof | T::Newline => ParseError::new(format!("'{o}' was never closed"), open.span),
            k if k.is_closer() => ParseError::new(
                format!(
                    "closing parenthesis '{}' does not match opening parenthesis '{o}'",
                    bracket_char(k)
                ),
                self.peek().span,
            ),
            _ if in_list => self.error_here(&format!("expected ',' or '{c}'")),
            _ => self.error_here(&format!("expected '{c}' to close '{o}'")),
        }
    }
}

// ----- the machine's state -------------------------------------------------

#[derive(Clone, Copy)]
enum Infix {
    Bin(BinOp),
    Cmp(CmpOp),
    Logic(LogicOp),
}

/// What the expression machine does next.
enum Step {
    Operand,
    After,
    Done(Parsed),
}

pub(super) enum Parsed {
    Expr(Expr),
    List(Vec<Expr>),
}

struct Operand {
    expr: Expr,
    height: usize,
}

enum Pending {
    Prefix { op: UnOp, span: Span },
    Infix { op: Infix, span: Span, bp: u8 },
}

impl Pending {
    fn bp(&self) -> u8 {
        match self {
            Pending::Prefix { op: UnOp::Not, .. } => NOT,
            Pending::Prefix { .. } => UNARY,
            Pending::Infix { bp, .. } => *bp,
        }
    }
}

/// A slice being read inside `[…]`: `start`, `stop`, `step` so far and how
/// many colons have been seen (1 or 2).
struct SliceBuild {
    start: usize,
    parts: [Option<Expr>; 3],
    colons: usize,
}

enum FrameKind {
    /// `(`: a grouping (`group`), a tuple (`items` once a comma is seen),
    /// or the argument list of a report statement.
    Paren {
        items: Vec<Expr>,
        group: Option<Expr>,
        comma: bool,
        report: bool,
    },
    List {
        items: Vec<Expr>,
    },
    /// `func(`; `kw` is the keyword of the argument being read.
    Call {
        func: Expr,
        args: Vec<Arg>,
        kw: Option<(String, Span)>,
        keywords: HashSet<String>,
    },
    Index {
        obj: Expr,
        items: Vec<IndexItem>,
        slice: Option<SliceBuild>,
    },
}

struct Frame {
    kind: FrameKind,
    open: Token,
    /// Where the resulting expression starts (the callee for calls).
    start: usize,
    /// `ops.len()` when the frame was opened.
    ops_base: usize,
    /// The greatest height among the frame's parts so far.
    height: usize,
}

struct Machine {
    ops: Vec<Pending>,
    operands: Vec<Operand>,
    frames: Vec<Frame>,
}

impl Machine {
    /// The first operator that belongs to the innermost frame.
    fn base(&self) -> usize {
        self.frames.last().map_or(0, |f| f.ops_base)
    }

    /// `not` may start an operand only at the start of an expression or
    /// after `and`, `or` or another `not`.
    fn not_allowed(&self) -> bool {
        self.ops.len() == self.base()
            || matches!(
                self.ops.last(),
                Some(
                    Pending::Prefix { op: UnOp::Not, .. }
                        | Pending::Infix {
                            op: Infix::Logic(_),
                            ..
                        }
                )
            )
    }

    fn pop(&mut self) -> PResult<Operand> {
        self.operands
            .pop()
            .ok_or_else(|| ParseError::new("invalid syntax: missing operand", Span::default()))
    }

    /// Apply the topmost pending operator to its operand(s).
    fn reduce_top(&mut self) -> PResult<()> {
        let Some(op) = self.ops.pop() else {
            return Ok(());
        };
        let op_span = match &op {
            Pending::Prefix { span, .. } | Pending::Infix { span, .. } => *span,
        };
        let (kind, height, span) = match op {
            Pending::Prefix { op, span } => {
                let operand = self.pop()?;
                let span = Span::new(span.start, operand.expr.span.end);
                let operand_box = Box::new(operand.expr);
                let kind = ExprKind::Unary {
                    op,
                    operand: operand_box,
                };
                (kind, operand.height + 1, span)
            }
            Pending::Infix { op, .. } => {
                let rhs = self.pop()?;
                let lhs = self.pop()?;
                let height = lhs.height.max(rhs.height) + 1;
                let span = Span::new(lhs.expr.span.start, rhs.expr.span.end);
                let (lhs, rhs) = (Box::new(lhs.expr), Box::new(rhs.expr));
                let kind = match op {
                    Infix::Bin(op) => ExprKind::Binary { op, lhs, rhs },
                    Infix::Cmp(op) => ExprKind::Compare { op, lhs, rhs },
                    Infix::Logic(op) => ExprKind::Logic { op, lhs, rhs },
                };
                (kind, height, span)
            }
        };
        let height = checked_height(height, op_span)?;
        self.operands.push(Operand {
            expr: Expr { kind, span },
            height,
        });
        Ok(())
    }
}

/// Finish the current index item; `value` is its last part, if any.
fn finish_item(
    items: &mut Vec<IndexItem>,
    slice: &mut Option<SliceBuild>,
    value: Option<Expr>,
    end: usize,
) {
    match slice.take() {
        None => items.extend(value.map(IndexItem::Expr)),
        Some(mut sb) => {
            if let Some(part) = sb.parts.get_mut(sb.colons) {
                *part = value;
            }
            let [start, stop, step] = sb.parts;
            items.push(IndexItem::Slice {
                start,
                stop,
                step,
                span: Span::new(sb.start, end),
            });
        }
    }
}

pub(super) fn too_deep(span: Span) -> ParseError {
    ParseError::new(
        format!("expression nested too deeply (limit {MAX_DEPTH})"),
        span,
    )
}

fn checked_height(height: usize, span: Span) -> PResult<usize> {
    if height > MAX_DEPTH {
        Err(too_deep(span))
    } else {
        Ok(height)
    }
}
