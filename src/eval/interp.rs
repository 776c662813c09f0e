//! Statements: bindings, assignment (including item assignment through
//! views and in-place augmented assignment), `del`, and reporting statements.

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::engine::{Context, EngineConfig, ErrorKind, Tensor};
use crate::lang::ast::{Expr, IndexItem, Stmt, StmtKind, Target};
use crate::lang::span::Span;
use crate::report::{self, Item, Report, TextReport, ValueReport};

use super::error::{AtSpan, EvalError, EvalResult};
use super::ops::binop;
use super::value::Value;

/// One session: the engine context and the bindings.
pub struct Interp {
    pub ctx: Context,
    /// Autograd records ops only while this is on (`with no_grad():` turns it off).
    pub grad_enabled: bool,
    /// Reports made before a statement failed (a `with` body's earlier
    /// statements): the runner writes them before the error.
    pub pending: Vec<Report>,
    /// Warnings raised by the statement running now (see [`Interp::warn`]).
    pub warnings: Vec<report::warning::WarningReport>,
    /// The once-per-session warnings already raised (`super::warnings`).
    pub warned_once: Vec<&'static str>,
    pub vars: BTreeMap<String, Value>,
    /// The source text of the statement being run (for expression names).
    pub src: Rc<str>,
}

impl Interp {
    /// A session; an invalid CUDA allocator configuration leaves CUDA off
    /// (the CLI validates it first and reports the error).
    pub fn new(cfg: &EngineConfig) -> Self {
        let ctx = Context::try_new(cfg).unwrap_or_else(|_| Context::new(cfg));
        Interp { ctx, grad_enabled: true, pending: vec![], warnings: vec![], warned_once: vec![], vars: BTreeMap::new(), src: Rc::from("") }
    }

    /// Drops every binding (`:reset`); the allocator state stays.
    pub fn reset(&mut self) {
        self.vars.clear();
    }

    /// Runs one statement of `src`. `echo` makes bare expressions report
    /// their value (REPL behaviour).
    pub fn exec(&mut self, stmt: &Stmt, src: &Rc<str>, echo: bool) -> EvalResult<Vec<Report>> {
        crate::engine::autograd::meta::take_invalid_use();
        let result = self
            .exec_inner(stmt, src, echo)
            .and_then(|r| super::grad::attrs::check_invalid_use(stmt.span).map(|_| r))
            .and_then(|r| self.check_interrupt(stmt.span).map(|_| r));
        // Warnings come first, as Python prints them while the statement runs.
        let warnings: Vec<Report> = self.warnings.drain(..).map(Report::Warning).collect();
        let result = match result {
            Ok(r) => Ok(warnings.into_iter().chain(r).collect::<Vec<_>>()),
            Err(e) => {
                self.pending.extend(warnings);
                Err(e)
            }
        };
        // Allocator events this statement caused, when `memtrace on`.
        if let Some(trace) = super::memory::drain_trace(self, stmt.span.text(src)) {
            return result.map(|mut r| {
                r.push(trace);
                r
            });
        }
        result
    }


    fn exec_inner(&mut self, stmt: &Stmt, src: &Rc<str>, echo: bool) -> EvalResult<Vec<Report>> {
        self.src = src.clone();
        crate::engine::interrupt::take();
        match &stmt.kind {
            StmtKind::Expr(e) => {
                let v = self.eval(e)?;
                self.check_interrupt(stmt.span)?;
                if !echo || matches!(v, Value::None) {
                    return Ok(vec![]);
                }
                let text = report::pyrepr::value_text(&v);
                let item = self.item_for(&self.text_of(e.span), &v);
                Ok(vec![Report::Echo { text, item }])
            }
            StmtKind::Assign { targets, value } => {
                let v = self.eval(value)?;
                self.check_interrupt(stmt.span)?;
                for t in targets {
                    self.assign(t, v.clone())?;
                }
                Ok(vec![])
            }
            StmtKind::AugAssign { target, op, value } => {
                let rhs = self.eval(value)?;
                self.aug_assign(target, *op, rhs, stmt.span)?;
                Ok(vec![])
            }
            StmtKind::Del(targets) => {
                for t in targets {
                    self.delete(t)?;
                }
                Ok(vec![])
            }
            StmtKind::Report { keyword, keyword_span, args } => self.report(keyword, *keyword_span, args, stmt.span),
            StmtKind::With { context, body } => {
                // `with no_grad():` / `with enable_grad():` switch grad mode for the body.
                let text = self.text_of(context.span);
                let mode = match text.trim().trim_start_matches("torch.") {
                    "no_grad()" => Some(false),
                    "enable_grad()" => Some(true),
                    _ => None,
                };
                let Some(mode) = mode else {
                    // Python evaluates the expression, then finds no __enter__.
                    // `no_grad` without the call is a class; `with (a, b):` is two items.
                    const HINT: &str = "tsr supports `with no_grad():` and `with enable_grad():`";
                    let name = match text.trim().trim_start_matches("torch.") {
                        "no_grad" | "enable_grad" => "type".to_string(),
                        _ => match self.eval(context).map_err(|e| if e.hint.is_none() { e.with_hint(HINT) } else { e })? {
                            Value::Tuple(xs) if !xs.is_empty() => xs[0].type_name().to_string(),
                            v => v.type_name().to_string(),
                        },
                    };
                    return Err(EvalError::type_error(format!("'{name}' object does not support the context manager protocol"), context.span)
                        .with_hint(HINT));
                };
                let saved = std::mem::replace(&mut self.grad_enabled, mode);
                let mut out = vec![];
                let mut result = Ok(());
                for s in body {
                    match self.exec(s, src, echo) {
                        Ok(r) => out.extend(r),
                        Err(e) => {
                            result = Err(e);
                            break;
                        }
                    }
                }
                self.grad_enabled = saved;
                if result.is_err() {
                    // The body's earlier reports, then what the failing statement left.
                    let failed = std::mem::replace(&mut self.pending, out);
                    self.pending.extend(failed);
                    return result.map(|_| vec![]);
                }
                Ok(out)
            }
        }
    }

    /// Runs `e` repeatedly (one warm-up, then until about half a second or
    /// 1000 runs, at least 5) and reports the median and minimum time.
    fn timeit(&mut self, e: &Expr) -> EvalResult<report::TimeitReport> {
        use std::time::{Duration, Instant};
        self.eval(e)?;
        let mut times: Vec<u64> = vec![];
        let budget = Duration::from_millis(500);
        let start = Instant::now();
        while times.len() < 5 || (start.elapsed() < budget && times.len() < 1000) {
            self.check_interrupt(e.span)?;
            let t0 = Instant::now();
            let v = self.eval(e)?;
            let dt = t0.elapsed();
            drop(v);
            times.push(dt.as_nanos() as u64);
        }
        times.sort_unstable();
        Ok(report::TimeitReport {
            expr: self.text_of(e.span),
            runs: times.len(),
            median_ns: times[times.len() / 2],
            min_ns: times[0],
        })
    }

    /// `KeyboardInterrupt` when Ctrl-C arrived while the statement ran: its
    /// (possibly partial) results are dropped before anything is bound.
    pub fn check_interrupt(&self, span: Span) -> EvalResult<()> {
        if crate::engine::interrupt::take() {
            return Err(EvalError::new(ErrorKind::KeyboardInterrupt, "interrupted", span)
                .with_hint("Ctrl-C; nothing from this statement was kept, the session goes on"));
        }
        Ok(())
    }

    pub fn text_of(&self, span: Span) -> String {
        span.text(&self.src).to_string()
    }

    /// Live tensor bindings, for "shared with" lists.
    pub fn tensor_bindings(&self) -> impl Iterator<Item = (&str, &Tensor)> {
        self.vars.iter().filter_map(|(k, v)| match v {
            Value::Tensor(t) => Some((k.as_str(), t.as_ref())),
            _ => None,
        })
    }

    fn item_for(&self, name: &str, v: &Value) -> Item {
        match v {
            Value::Tensor(t) => Item::Tensor(Box::new(report::inspect::tensor_report(name, t, self.tensor_bindings()))),
            other => Item::Value(ValueReport {
                name: name.to_string(),
                value: report::values::value_json(other),
                text: report::pyrepr::value_text(other),
            }),
        }
    }

    fn report(&mut self, keyword: &str, kspan: Span, args: &[Expr], span: Span) -> EvalResult<Vec<Report>> {
        match keyword {
            "inspect" => {
                if args.is_empty() {
                    return Err(EvalError::type_error("inspect needs at least one expression: inspect x, y", kspan));
                }
                let mut vals = vec![];
                for a in args {
                    vals.push((a.span, self.eval(a)?));
                }
                let mut items = vec![];
                for (s, v) in vals {
                    // Reading grad_fn fails for a multi-output view whose base
                    // changed in place: what came before it is still shown.
                    if let Err(e) = super::grad::attrs::check_valid(&v, s) {
                        if !items.is_empty() {
                            self.pending.push(Report::Inspect(items));
                        }
                        return Err(e);
                    }
                    items.push(self.item_for(&self.text_of(s), &v));
                }
                Ok(vec![Report::Inspect(items)])
            }
            "print" => {
                let mut parts = vec![];
                for a in args {
                    let v = self.eval(a)?;
                    parts.push(report::pyrepr::value_str(&v));
                }
                Ok(vec![Report::Print(TextReport { text: parts.join(" ") })])
            }
            "timeit" => {
                let [e] = args else {
                    return Err(EvalError::type_error("timeit takes one expression: timeit x + x", kspan));
                };
                Ok(vec![Report::Timeit(self.timeit(e)?)])
            }
            "mem" => super::memory::mem(self, args, kspan),
            "graph" => {
                let [e] = args else {
                    return Err(EvalError::type_error("graph takes one tensor: graph y", kspan));
                };
                let Value::Tensor(t) = self.eval(e)? else {
                    return Err(EvalError::type_error("graph takes a tensor", e.span));
                };
                super::grad::attrs::check_valid(&Value::Tensor(t.clone()), e.span)?;
                let names = |l: &Rc<crate::engine::autograd::LeafGrad>| -> Vec<String> {
                    self.tensor_bindings()
                        .filter(|(_, b)| matches!(b.grad_state(), Some(crate::engine::autograd::Grad::Leaf(x)) if Rc::ptr_eq(&x, l)))
                        .map(|(n, _)| n.to_string())
                        .collect()
                };
                Ok(vec![Report::Graph(report::graph::graph_report(&self.text_of(e.span), &t, &names))])
            }
            "memtrace" => super::memory::memtrace(self, args, kspan),
            other => super::teach::run(self, other, kspan, args, span),
        }
    }

    fn assign(&mut self, target: &Target, v: Value) -> EvalResult<()> {
        match target {
            Target::Name(n, _) => {
                self.vars.insert(n.clone(), v);
                Ok(())
            }
            Target::Tuple(ts, span) => {
                let items = match v {
                    Value::Tuple(xs) | Value::List(xs) => xs,
                    Value::NamedTuple(_, fs) => fs.into_iter().map(|(_, v)| v).collect(),
                    Value::Size(xs) => xs.into_iter().map(|x| Value::Int(x as i64)).collect(),
                    // Compare the length first: unbinding a huge view to find out would never end.
                    Value::Tensor(t) if t.ndim() > 0 && t.shape()[0] != ts.len() => {
                        return Err(unpack_len_error(ts.len(), t.shape()[0], *span));
                    }
                    Value::Tensor(t) if t.ndim() > 0 => super::pieces::unbind(&t, 0).at(*span)?,
                    other => {
                        return Err(EvalError::type_error(
                            format!("cannot unpack non-iterable {} object", other.type_name()),
                            *span,
                        ))
                    }
                };
                if items.len() != ts.len() {
                    return Err(unpack_len_error(ts.len(), items.len(), *span));
                }
                for (t, x) in ts.iter().zip(items) {
                    self.assign(t, x)?;
                }
                Ok(())
            }
            Target::Index { obj, items, span } => super::setitem::assign(self, obj, items, v, *span),
            Target::Attr { obj, name, span } if name == "requires_grad" => {
                let Value::Tensor(t) = self.eval(obj)? else {
                    return Err(EvalError::type_error("only tensors have requires_grad", *span));
                };
                let on = v.truthy().unwrap_or(false);
                super::grad::make_leaf(&t, on, false, *span)
            }
            Target::Attr { obj, name, span } if name == "grad" => {
                let Value::Tensor(t) = self.eval(obj)? else {
                    return Err(EvalError::type_error("only tensors have .grad", *span));
                };
                match v {
                    Value::None => super::grad::attrs::set_grad(&t, None, *span),
                    Value::Tensor(g) => super::grad::attrs::set_grad(&t, Some(g), *span),
                    other => Err(EvalError::type_error(format!("assigned grad expected to be a Tensor or None but got grad of type {}", other.type_name()), *span)),
                }
            }
            Target::Attr { name, span, .. } => Err(EvalError::new(
                ErrorKind::AttributeError,
                format!("attribute '{name}' of 'torch._C.TensorBase' objects is not writable"),
                *span,
            )),
        }
    }

    /// `x[items]` as a tensor view, for item assignment.
    fn index_view(&mut self, obj: &Expr, items: &[IndexItem], span: Span) -> EvalResult<Tensor> {
        match self.eval(obj)? {
            Value::Tensor(t) => super::expr::index_tensor(self, &t, items, span),
            other => Err(EvalError::type_error(
                format!("'{}' object does not support item assignment", other.type_name()),
                obj.span,
            )),
        }
    }

    fn aug_assign(&mut self, target: &Target, op: crate::lang::ast::BinOp, rhs: Value, span: Span) -> EvalResult<()> {
        let current = match target {
            Target::Name(n, s) => self.lookup(n, *s)?,
            // Python runs `x[i] += v` as getitem, in-place op, then setitem.
            Target::Index { obj, items, span: ispan } => {
                if let Value::Tensor(_) = self.eval(obj)? {
                    return super::setitem::aug_assign(self, obj, items, op, &rhs, *ispan, span);
                }
                Value::tensor(self.index_view(obj, items, *ispan)?)
            }
            other => return Err(EvalError::type_error("illegal expression for augmented assignment", other.span())),
        };
        if let Value::Tensor(t) = &current {
            super::ops::inplace(self, t, op, &rhs, span)?;
            return Ok(());
        }
        let v = binop(self, op, &current, &rhs, span)?;
        self.assign(target, v)
    }

    fn delete(&mut self, target: &Target) -> EvalResult<()> {
        match target {
            Target::Name(n, s) => match self.vars.remove(n) {
                Some(_) => Ok(()),
                None => Err(EvalError::new(ErrorKind::NameError, format!("name '{n}' is not defined"), *s)),
            },
            Target::Tuple(ts, _) => ts.iter().try_for_each(|t| self.delete(t)),
            other => Err(EvalError::type_error("tsr can only `del` names", other.span())),
        }
    }

    pub fn lookup(&self, name: &str, span: Span) -> EvalResult<Value> {
        if let Some(v) = self.vars.get(name) {
            return Ok(v.clone());
        }
        super::names::builtin(name).ok_or_else(|| super::names::unknown_name(name, self.vars.keys(), span))
    }
}

/// Python's error for unpacking `got` values into `expected` targets.
fn unpack_len_error(expected: usize, got: usize, span: Span) -> EvalError {
    let msg = if got > expected {
        format!("too many values to unpack (expected {expected})")
    } else {
        format!("not enough values to unpack (expected {expected}, got {got})")
    };
    EvalError::new(ErrorKind::ValueError, msg, span)
}
