//! `explain EXPR`: evaluates an expression one operation at a time and
//! records, for each, whether it made a view or a copy and why.
//!
//! The walk follows the method-call chain (and operators) from the inside
//! out. Each operation is evaluated by the ordinary interpreter on a copy of
//! its node whose receiver is replaced by a temporary binding holding the
//! value computed so far, so every operand is evaluated exactly once and
//! the op behaves exactly as it would in a statement. The truth about
//! view-or-copy is the storage id before and after; `report::teach::explain`
//! turns it into a sentence. A failing operation ends the walk: the steps
//! before it stay, and the error (with the chunk analysis for a failing
//! `view`) closes the report.

use std::rc::Rc;

use crate::engine::layout::{infer_size, VIEW_INCOMPATIBLE};
use crate::engine::Tensor;
use crate::lang::ast::{Arg, Expr, ExprKind};
use crate::lang::span::Span;
use crate::eval::py::repr::repr as value_text;
use crate::report::teach::chunks::{analyze, ChunkAnalysis};
use crate::report::teach::explain::{
    blocking_break, chunk_list, chunk_name, describe, ExplainError, ExplainReport, ExplainStep, OpClass, TensorState,
};
use crate::report::teach::TeachReport;

use super::super::args::{seq_ints, to_int};
use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::Value;

/// Prefix of the temporary bindings (no program can spell it).
const TEMP: &str = "\u{1}explain";

struct Walk<'a> {
    it: &'a mut Interp,
    steps: Vec<ExplainStep>,
    error: Option<ExplainError>,
}

pub fn run(it: &mut Interp, e: &Expr) -> EvalResult<TeachReport> {
    it.vars.retain(|k, _| !k.starts_with(TEMP));
    let expr = it.text_of(e.span);
    let mut w = Walk { it, steps: vec![], error: None };
    let result = w.walk(e);
    w.it.vars.retain(|k, _| !k.starts_with(TEMP));
    let summary = summary(&w.steps, result.as_ref().ok(), w.error.as_ref());
    Ok(TeachReport::Explain(ExplainReport { expr, steps: w.steps, error: w.error, summary }))
}

fn summary(steps: &[ExplainStep], v: Option<&Value>, err: Option<&ExplainError>) -> String {
    if let Some(e) = err {
        let at = steps.last().map(|s| s.op.clone()).unwrap_or_default();
        return format!("stopped at {at}: {}", e.error_type);
    }
    let copies: Vec<&ExplainStep> = steps.iter().filter(|s| s.copied).collect();
    match v {
        Some(Value::Tensor(t)) => {
            // What the expression starts from: the first step's input, or
            // its output when that step is a binding or a view (a step that
            // made a new storage is where copying began).
            let first = steps.first().and_then(|s| s.input.as_ref().or(if s.copied { None } else { s.output.as_ref() }));
            let bytes: usize = copies.iter().map(|s| s.bytes_copied).sum();
            match first {
                Some(f) if f.storage == t.storage.id && copies.is_empty() => format!(
                    "the result shares storage S{} with {}: no data was copied",
                    f.storage,
                    steps.first().map(|s| s.expr.as_str()).unwrap_or("the input")
                ),
                _ => format!(
                    "the result lives in storage S{}: {} new storage{} along the way ({bytes} B written)",
                    t.storage.id,
                    copies.len(),
                    if copies.len() == 1 { "" } else { "s" }
                ),
            }
        }
        Some(other) => {
            let ty = other.type_name();
            let article = if ty.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
            format!("the result is {article} {ty}: {}", value_text(other))
        }
        None => String::new(),
    }
}

/// The name of the `i`-th operand's temporary binding.
fn temp_name(i: usize) -> String {
    format!("{TEMP}{i}")
}

/// An expression reading the `i`-th operand (keeping the operand's span,
/// so errors still point at the code that produced it).
fn temp(i: usize, span: Span) -> Box<Expr> {
    Box::new(Expr { kind: ExprKind::Name(temp_name(i)), span })
}

impl Walk<'_> {
    /// True when `e` names a module (`torch`, `torch.cuda`): a call on it is
    /// a function call, not a method call on a tensor.
    fn is_module_path(&self, e: &Expr) -> bool {
        match &e.kind {
            // `import torch` binds the module; without it, `torch` is the builtin.
            ExprKind::Name(n) => match self.it.vars.get(n) {
                Some(v) => matches!(v, Value::Module(_)),
                None => matches!(super::super::names::builtin(n), Some(Value::Module(_))),
            },
            ExprKind::Attr { obj, .. } => self.is_module_path(obj),
            _ => false,
        }
    }

    fn walk(&mut self, e: &Expr) -> EvalResult<Value> {
        match &e.kind {
            ExprKind::Call { func, args } => match &func.kind {
                ExprKind::Attr { obj, name, name_span } if !self.is_module_path(obj) => {
                    let recv = self.walk(obj)?;
                    let attr = ExprKind::Attr { obj: temp(0, obj.span), name: name.clone(), name_span: *name_span };
                    let node = ExprKind::Call { func: Box::new(Expr { kind: attr, span: func.span }), args: args.clone() };
                    let op = format!(".{}", Span::new(name_span.start, e.span.end).text(&self.it.src));
                    self.link(e, vec![(recv, obj.span)], &op, name, node, Some(args))
                }
                _ => self.base(e),
            },
            ExprKind::Attr { obj, name, name_span } if !self.is_module_path(obj) => {
                let recv = self.walk(obj)?;
                let node = ExprKind::Attr { obj: temp(0, obj.span), name: name.clone(), name_span: *name_span };
                self.link(e, vec![(recv, obj.span)], &format!(".{name}"), name, node, None)
            }
            ExprKind::Index { obj, items } => {
                let recv = self.walk(obj)?;
                let op = Span::new(obj.span.end, e.span.end).text(&self.it.src).to_string();
                let node = ExprKind::Index { obj: temp(0, obj.span), items: items.clone() };
                self.link(e, vec![(recv, obj.span)], &op, "[]", node, None)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.walk(lhs)?;
                let b = self.walk(rhs)?;
                let node = ExprKind::Binary { op: *op, lhs: temp(0, lhs.span), rhs: temp(1, rhs.span) };
                self.link(e, vec![(a, lhs.span), (b, rhs.span)], op.symbol(), op.symbol(), node, None)
            }
            ExprKind::Unary { op, operand } => {
                let a = self.walk(operand)?;
                let sym = super::super::expr::unop_name(*op);
                let node = ExprKind::Unary { op: *op, operand: temp(0, operand.span) };
                self.link(e, vec![(a, operand.span)], sym, sym, node, None)
            }
            _ => self.base(e),
        }
    }

    /// An expression evaluated whole: a name, a function call, a literal.
    fn base(&mut self, e: &Expr) -> EvalResult<Value> {
        let text = self.it.text_of(e.span);
        let v = match self.it.eval(e) {
            Ok(v) => v,
            Err(err) => return Err(self.fail(&text, &text, None, None, err)),
        };
        if let Value::Tensor(t) = &v {
            let state = TensorState::of(t);
            let (kind, why) = if matches!(e.kind, ExprKind::Name(_)) {
                ("binding", format!("`{text}` is a binding: storage S{} ({} B)", t.storage.id, t.storage.nbytes()))
            } else if t.lineage().is_some_and(|s| !s.copied) {
                ("view", format!("a view of storage S{}", t.storage.id))
            } else {
                ("new", format!("creates a new storage S{} ({} B)", t.storage.id, t.storage.nbytes()))
            };
            let copied = kind == "new";
            self.steps.push(ExplainStep {
                expr: text.clone(),
                op: text,
                kind: kind.into(),
                copied,
                input: None,
                bytes_copied: if copied { state.nbytes } else { 0 },
                output: Some(state),
                value: None,
                why,
                chunks: None,
            });
        }
        Ok(v)
    }

    /// Applies one operation to operands already computed: `node` is a copy
    /// of `e` whose operands read the temporary bindings `temp(i)`.
    fn link(&mut self, e: &Expr, operands: Vec<(Value, Span)>, op: &str, name: &str, node: ExprKind, args: Option<&[Arg]>) -> EvalResult<Value> {
        let recv: Option<Rc<Tensor>> = operands.iter().find_map(|(v, _)| match v {
            Value::Tensor(t) => Some(t.clone()),
            _ => None,
        });
        let recv_text = operands
            .iter()
            .find(|(v, _)| matches!(v, Value::Tensor(_)))
            .map(|(_, s)| self.it.text_of(*s))
            .unwrap_or_default();
        for (i, (v, _)) in operands.into_iter().enumerate() {
            self.it.vars.insert(temp_name(i), v);
        }
        // The receiver before the op (an in-place view op changes its header).
        let before = recv.as_deref().map(TensorState::of);
        let node = Expr { kind: node, span: e.span };
        let result = self.it.eval(&node);
        self.it.vars.retain(|k, _| !k.starts_with(TEMP));
        let expr = self.it.text_of(e.span);
        let class = crate::eval::registry::teaches(name);
        let v = match result {
            Ok(v) => v,
            Err(err) => {
                let chunks = match (&recv, class, args) {
                    (Some(r), OpClass::ViewShape, Some(args)) if err.message == VIEW_INCOMPATIBLE => self.requested(r, name, args),
                    _ => None,
                };
                return Err(self.fail(&expr, op, recv.as_deref().map(|r| (r, recv_text.as_str())), chunks.map(|c| (c, args)), err));
            }
        };
        let Some(r) = recv else { return Ok(v) };
        let input = before.clone();
        let step = match &v {
            Value::Tensor(t) => {
                let (a, b) = (before.unwrap_or_else(|| TensorState::of(&r)), TensorState::of(t));
                let chunks = matches!(class, OpClass::ViewShape | OpClass::Reshape).then(|| analyze(r.shape(), r.stride(), t.shape()));
                let (kind, why) = describe(class, op.trim_start_matches('.'), &recv_text, &a, &b, Rc::ptr_eq(&r, t), chunks.as_ref());
                let copied = a.storage != b.storage;
                ExplainStep { expr, op: op.into(), kind, copied, input, bytes_copied: if copied { b.nbytes } else { 0 }, output: Some(b), value: None, why, chunks }
            }
            other => {
                let views = match other {
                    Value::Tuple(xs) if !xs.is_empty() && xs.iter().all(|x| matches!(x, Value::Tensor(t) if t.storage.id == r.storage.id)) => {
                        Some(xs.len())
                    }
                    _ => None,
                };
                let why = match views {
                    Some(n) => format!("returns {n} views of storage S{}: no data moves", r.storage.id),
                    None => format!("returns a Python {}, not a tensor", other.type_name()),
                };
                let kind = if views.is_some() { "view" } else { "value" };
                ExplainStep { expr, op: op.into(), kind: kind.into(), copied: false, input, output: None, value: Some(value_text(other)), why, chunks: None, bytes_copied: 0 }
            }
        };
        self.steps.push(step);
        Ok(v)
    }

    /// The chunk analysis of `r` against the shape a failing `view` asked for.
    fn requested(&mut self, r: &Tensor, name: &str, args: &[Arg]) -> Option<ChunkAnalysis> {
        let mut shape: Vec<i64> = vec![];
        for a in args {
            let v = self.it.eval(&a.value).ok()?;
            match (&v, name) {
                (Value::Tensor(t), "view_as") => shape.extend(t.shape().iter().map(|&s| s as i64)),
                _ => match to_int(&v) {
                    Some(i) => shape.push(i),
                    None => shape.extend(seq_ints(&v)?),
                },
            }
        }
        let target = infer_size(&shape, r.numel()).ok()?;
        Some(analyze(r.shape(), r.stride(), &target))
    }

    /// Records the failing op and returns its error.
    fn fail(&mut self, expr: &str, op: &str, recv: Option<(&Tensor, &str)>, chunks: Option<(ChunkAnalysis, Option<&[Arg]>)>, err: EvalError) -> EvalError {
        let mut why = format!("fails with {}", err.kind.name());
        let mut fix = None;
        if let (Some((r, rtext)), Some((c, args))) = (recv, &chunks) {
            if let Some(s) = &c.spanning {
                why = format!(
                    "{rtext} splits into chunks {}; requested dim {} (size {}) would have to run on from chunk {} into the chunk before it",
                    chunk_list(c),
                    s.new_dim,
                    s.size,
                    chunk_name(s.chunk)
                );
                if let Some(b) = blocking_break(c) {
                    why.push_str(&format!(" ({b})"));
                }
            }
            let args_text = args
                .and_then(|a| Some(Span::new(a.first()?.value.span.start, a.last()?.value.span.end)))
                .map(|s| self.it.text_of(s))
                .unwrap_or_default();
            let reshape = if op.starts_with(".view_as") { "reshape_as" } else { "reshape" };
            fix = Some(format!(
                "{rtext}.{reshape}({args_text}) copies {} B once (the same as {rtext}.contiguous(){op}); no view of {rtext} has this shape",
                r.numel().saturating_mul(r.dtype.size())
            ));
        }
        self.steps.push(ExplainStep {
            expr: expr.to_string(),
            op: op.to_string(),
            kind: "error".into(),
            copied: false,
            input: recv.map(|(r, _)| TensorState::of(r)),
            output: None,
            value: None,
            why,
            chunks: chunks.map(|c| c.0),
            bytes_copied: 0,
        });
        self.error = Some(ExplainError { error_type: err.kind.name().to_string(), message: err.message.clone(), hint: err.hint.clone(), fix });
        err
    }
}
