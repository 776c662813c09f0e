//! Statements: bindings, assignment (including item assignment through
//! views and in-place augmented assignment), `del`, and reporting statements.

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::{Context, DType, EngineConfig, ErrorKind, Tensor};
use crate::lang::ast::{Expr, Stmt, StmtKind, Target};
use crate::lang::span::Span;
use crate::report::{self, Item, Report, TextReport, ValueReport};

use super::error::{EvalError, EvalResult};
use super::ops::binop;
use super::value::{Scope, Value};

/// How a statement ended: normally, or by `break`, `continue` or `return`.
#[derive(Debug)]
pub enum Flow {
    Normal,
    Break,
    Continue,
    Return(Value),
}

/// Where reports go as statements make them (the runner writes them at once).
pub type Sink = Box<dyn FnMut(Report)>;

/// One session: the engine context and the bindings.
pub struct Interp {
    pub ctx: Rc<Context>,
    /// Autograd records ops only while this is on (`with no_grad():` turns it off).
    pub grad_enabled: bool,
    /// Reports made before a statement failed (a `with` body's earlier
    /// statements): the runner writes them before the error.
    pub pending: Vec<Report>,
    /// Warnings raised by the statement running now (see [`Interp::warn`]).
    pub warnings: Vec<report::warning::WarningReport>,
    /// The once-per-session warnings already raised (`super::warnings`).
    pub warned_once: Vec<&'static str>,
    pub vars: super::globals::Globals,
    /// The source text of the statement being run (for expression names).
    pub src: Rc<str>,
    /// The innermost function call's (or comprehension's) scope; `None` at module level.
    pub scope: Option<Rc<RefCell<Scope>>>,
    /// Python function calls in progress (for `RecursionError`).
    pub call_depth: usize,
    /// The qualified names of the functions being run (innermost last).
    pub qualnames: Vec<Rc<str>>,
    /// Exceptions being handled (`except` bodies), for a bare `raise`.
    pub handling: Vec<EvalError>,
    /// The exception object most recently raised by `raise` (its `args`).
    pub last_raised: Option<Rc<super::value::PyExc>>,
    /// Receives reports as they are made; without one they are returned by `exec`.
    pub sink: Option<Sink>,
    /// `register_hook` functions by hook id (`None` once removed).
    pub hooks: Vec<Option<Value>>,
    /// `torch.default_generator`: one object, whose state is `ctx.rng`.
    pub default_generator: Rc<super::generator_value::GenHandle>,
    out: Vec<Report>,
}

impl Interp {
    /// A session; an invalid CUDA allocator configuration leaves CUDA off
    /// (the CLI validates it first and reports the error).
    pub fn new(cfg: &EngineConfig) -> Self {
        let ctx = Context::try_new(cfg).unwrap_or_else(|_| Context::new(cfg));
        super::printopts::reset();
        // A session starts with PyTorch's default dtype, whatever an
        // earlier session on this thread set.
        DType::set_default_float(DType::Float32);
        Interp {
            ctx: Rc::new(ctx),
            grad_enabled: true,
            pending: vec![],
            warnings: vec![],
            warned_once: vec![],
            vars: super::globals::Globals::new(),
            src: Rc::from(""),
            scope: None,
            call_depth: 0,
            qualnames: vec![],
            handling: vec![],
            last_raised: None,
            sink: None,
            hooks: vec![],
            default_generator: Rc::new(super::generator_value::GenHandle::default()),
            out: vec![],
        }
    }

    /// Drops every binding (`:reset`); the allocator state stays.
    pub fn reset(&mut self) {
        self.vars.clear();
    }

    /// Runs one top-level statement of `src`. `echo` makes a bare
    /// expression report its value (REPL behaviour). Reports go to the sink
    /// as they are made, or are returned when there is none; on an error,
    /// the reports made before it wait in `pending`.
    pub fn exec(&mut self, stmt: &Stmt, src: &Rc<str>, echo: bool) -> EvalResult<Vec<Report>> {
        crate::engine::autograd::meta::take_invalid_use();
        self.src = src.clone();
        crate::engine::interrupt::take();
        self.scope = None;
        self.call_depth = 0;
        self.qualnames.clear();
        self.handling.clear();
        let result = self
            .exec_stmt(stmt, echo)
            .and_then(|flow| match flow {
                Flow::Normal => Ok(()),
                Flow::Break => Err(EvalError::new(ErrorKind::SyntaxError, "'break' outside loop", stmt.span)),
                Flow::Continue => Err(EvalError::new(ErrorKind::SyntaxError, "'continue' not properly in loop", stmt.span)),
                Flow::Return(_) => Err(EvalError::new(ErrorKind::SyntaxError, "'return' outside function", stmt.span)),
            })
            .and_then(|_| super::grad::attrs::check_invalid_use(stmt.span))
            .and_then(|_| self.check_interrupt(stmt.span));
        self.scope = None;
        self.flush_warnings();
        // Allocator events this statement caused, when `memtrace on`.
        if let Some(trace) = super::memory::drain_trace(self, stmt.span.text(src))
            && result.is_ok() {
                self.emit(trace);
            }
        let made = std::mem::take(&mut self.out);
        match result {
            Ok(()) => Ok(made),
            Err(e) => {
                self.pending.extend(made);
                Err(e)
            }
        }
    }

    /// Sends a report on (warnings raised so far go first, as Python prints
    /// them while the statement runs).
    pub fn emit(&mut self, r: Report) {
        self.flush_warnings();
        self.emit_now(r);
    }

    fn emit_now(&mut self, r: Report) {
        match self.sink.as_mut() {
            Some(sink) => sink(r),
            None => self.out.push(r),
        }
    }

    fn flush_warnings(&mut self) {
        let warnings: Vec<Report> = self.warnings.drain(..).map(Report::Warning).collect();
        for w in warnings {
            self.emit_now(w);
        }
    }

    /// Runs one statement (of any depth).
    pub fn exec_stmt(&mut self, stmt: &Stmt, echo: bool) -> EvalResult<Flow> {
        match &stmt.kind {
            StmtKind::Expr(_) | StmtKind::Assign { .. } | StmtKind::AugAssign { .. } | StmtKind::Del(_) | StmtKind::Report { .. } | StmtKind::With { .. } => {
                self.exec_simple(stmt, echo)
            }
            _ => self.exec_compound(stmt),
        }
    }

    fn exec_simple(&mut self, stmt: &Stmt, echo: bool) -> EvalResult<Flow> {
        match &stmt.kind {
            StmtKind::Expr(e) => {
                let v = self.eval(e)?;
                self.check_interrupt(stmt.span)?;
                if echo && !matches!(v, Value::None) {
                    let text = super::py::repr::checked(&v, false, e.span)?;
                    let item = self.item_for(&self.text_of(e.span), &v);
                    self.emit(Report::Echo { text, item });
                }
            }
            StmtKind::Assign { targets, value } => {
                let v = self.eval(value)?;
                self.check_interrupt(stmt.span)?;
                for t in targets {
                    self.assign_target(t, v.clone())?;
                }
            }
            StmtKind::AugAssign { target, op, value } => {
                let rhs = self.eval(value)?;
                self.aug_assign(target, *op, rhs, stmt.span)?;
            }
            StmtKind::Del(targets) => {
                for t in targets {
                    self.delete(t)?;
                }
            }
            StmtKind::Report { keyword, keyword_span, args } => {
                let reports = self.report(keyword, *keyword_span, args, stmt.span)?;
                for r in reports {
                    self.emit(r);
                }
            }
            StmtKind::With { context, target, body } => {
                // `with no_grad():` / `with enable_grad():` switch grad mode for the body.
                let text = self.text_of(context.span);
                let mode = grad_mode_call(&text);
                // `with set_grad_enabled(b):` sets the mode as it is called (as
                // PyTorch's constructor does) and restores the old one after.
                if mode.is_none() && text.trim().trim_start_matches("torch.").starts_with("set_grad_enabled(") {
                    let saved = self.grad_enabled;
                    self.eval(context)?;
                    if let Some(t) = target {
                        self.assign_target(t, Value::None)?;
                    }
                    let result = self.exec_block(body);
                    self.grad_enabled = saved;
                    return result;
                }
                let Some(mode) = mode else {
                    // Python evaluates the expression, then finds no __enter__.
                    // `no_grad` without the call is a class; `with (a, b):` is two items.
                    const HINT: &str = "tsr's context managers are `no_grad()`, `enable_grad()`, `set_grad_enabled(mode)` and `safe_open(…)`";
                    let name = match text.trim().trim_start_matches("torch.") {
                        "no_grad" | "enable_grad" => "type".to_string(),
                        _ => match self.eval(context).map_err(|e| if e.hint.is_none() { e.with_hint(HINT) } else { e })? {
                            // A safetensors file: `with safe_open(p, framework="pt") as f:`.
                            v @ Value::SafeOpen(_) => {
                                if let Some(t) = target {
                                    self.assign_target(t, v)?;
                                }
                                return self.exec_block(body);
                            }
                            Value::Tuple(xs) if !xs.is_empty() => xs[0].type_name().to_string(),
                            v => v.type_name().to_string(),
                        },
                    };
                    return Err(EvalError::type_error(format!("'{name}' object does not support the context manager protocol"), context.span)
                        .with_hint(HINT));
                };
                if let Some(t) = target {
                    self.assign_target(t, Value::None)?;
                }
                let saved = std::mem::replace(&mut self.grad_enabled, mode);
                let result = self.exec_block(body);
                self.grad_enabled = saved;
                return result;
            }
            _ => {}
        }
        Ok(Flow::Normal)
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
            // An array is its `torch.from_numpy` header on the same storage.
            Value::NdArray(a) => Some((k.as_str(), &a.view)),
            _ => None,
        })
    }

    fn item_for(&self, name: &str, v: &Value) -> Item {
        match v {
            Value::Tensor(t) => Item::Tensor(Box::new(report::inspect::tensor_report(name, t, self.tensor_bindings()))),
            Value::NdArray(a) => Item::Tensor(Box::new(report::inspect::tensor_report(name, &a.view, self.tensor_bindings()))),
            other => Item::Value(ValueReport {
                name: name.to_string(),
                value: super::py::repr::value_json(other),
                text: super::py::repr::repr(other),
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
                            self.emit(Report::Inspect(items));
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
                    parts.push(super::py::repr::checked(&v, true, a.span)?);
                }
                Ok(vec![Report::Print(TextReport { text: parts.join(" "), end: "\n".into() })])
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

    pub(super) fn assign(&mut self, target: &Target, v: Value) -> EvalResult<()> {
        match target {
            Target::Name(..) | Target::Tuple(..) | Target::Starred(..) => self.assign_target(target, v),
            Target::Index { obj, items, span } => {
                let o = self.eval(obj)?;
                if let Value::Tensor(_) | Value::NdArray(_) = o {
                    return super::setitem::assign(self, obj, items, v, *span);
                }
                self.set_item(o, items, v, *span)
            }
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
            Target::Attr { obj, name, span } => {
                let o = self.eval(obj)?;
                let msg = match o {
                    Value::Tensor(_) => format!("attribute '{name}' of 'torch._C.TensorBase' objects is not writable"),
                    other => format!("'{}' object has no attribute '{name}' and no __dict__ for setting new attributes", other.type_name()),
                };
                Err(EvalError::new(ErrorKind::AttributeError, msg, *span))
            }
        }
    }

    fn aug_assign(&mut self, target: &Target, op: crate::lang::ast::BinOp, rhs: Value, span: Span) -> EvalResult<()> {
        let current = match target {
            Target::Name(n, s) => self.lookup_name(n, *s)?,
            // Python runs `x[i] += v` as getitem, in-place op, then setitem.
            Target::Index { obj, items, span: ispan } => {
                let o = self.eval(obj)?;
                if let Value::Tensor(_) = o {
                    return super::setitem::aug_assign(self, obj, items, op, &rhs, *ispan, span);
                }
                // `a[i] += v` on an array: an in-place op on the view
                // `a[i]` is (NumPy's setitem of it back is a no-op).
                if let Value::NdArray(arr) = &o {
                    let cur = self.index(o.clone(), items, *ispan)?;
                    if let Value::NdArray(view) = &cur
                        && Rc::ptr_eq(&view.view.storage, &arr.view.storage)
                    {
                        return super::numpy_math::inplace(self, view, op, &rhs, span);
                    }
                    let v = binop(self, op, &cur, &rhs, span)?;
                    return super::setitem::assign(self, obj, items, v, *ispan);
                }
                let cur = self.index(o.clone(), items, *ispan)?;
                let v = self.aug_value(op, cur, &rhs, span)?;
                return self.set_item(o, items, v, *ispan);
            }
            Target::Attr { obj, name, span: aspan } => {
                let o = self.eval(obj)?;
                self.get_attr(o, name, *aspan)?
            }
            other => return Err(EvalError::type_error("illegal expression for augmented assignment", other.span())),
        };
        if let Value::Tensor(t) = &current {
            super::ops::inplace(self, t, op, &rhs, span)?;
            return Ok(());
        }
        // `a += 1` on an array writes into its memory (`__iadd__`).
        if let Value::NdArray(a) = &current
            && !matches!(rhs, Value::Tensor(_))
        {
            return super::numpy_math::inplace(self, a, op, &rhs, span);
        }
        let v = self.aug_value(op, current, &rhs, span)?;
        self.assign(target, v)
    }

    /// `a op= b` for Python values: lists, dicts and sets change in place.
    fn aug_value(&mut self, op: crate::lang::ast::BinOp, current: Value, rhs: &Value, span: Span) -> EvalResult<Value> {
        use crate::lang::ast::BinOp as B;
        match (&current, op) {
            (Value::List(l), B::Add) => {
                let items = self.items_of(rhs, span)?;
                l.borrow_mut().extend(items);
                Ok(current)
            }
            (Value::List(l), B::Mul) => {
                // `xs *= n` holds what `xs * n` holds, in the same list object.
                if let Value::List(r) = binop(self, op, &current, rhs, span)? {
                    let items = std::mem::take(&mut *r.borrow_mut());
                    *l.borrow_mut() = items;
                }
                Ok(current)
            }
            (Value::Tensor(t), _) => {
                super::ops::inplace(self, t, op, rhs, span)?;
                Ok(current)
            }
            _ => binop(self, op, &current, rhs, span),
        }
    }

    fn delete(&mut self, target: &Target) -> EvalResult<()> {
        match target {
            Target::Name(n, s) => {
                if self.unbind_name(n) {
                    return Ok(());
                }
                let local = self.scope.as_ref().is_some_and(|sc| sc.borrow().func.as_ref().is_some_and(|f| f.locals.iter().any(|l| l == n)));
                if local {
                    return Err(EvalError::new(
                        ErrorKind::UnboundLocalError,
                        format!("cannot access local variable '{n}' where it is not associated with a value"),
                        *s,
                    ));
                }
                Err(EvalError::new(ErrorKind::NameError, format!("name '{n}' is not defined"), *s))
            }
            Target::Tuple(ts, _) => ts.iter().try_for_each(|t| self.delete(t)),
            Target::Index { obj, items, span } => {
                let o = self.eval(obj)?;
                self.del_item(o, items, *span)
            }
            other => Err(EvalError::type_error("tsr cannot delete attributes", other.span())),
        }
    }

    /// A module-level name or a builtin (Python's, then tsr's bare torch names).
    pub fn lookup(&self, name: &str, span: Span) -> EvalResult<Value> {
        if let Some(v) = self.vars.get(name) {
            return Ok(v.clone());
        }
        if let Some(v) = super::py::builtins::lookup(name) {
            return Ok(v);
        }
        super::names::builtin(name).ok_or_else(|| super::names::unknown_name(name, self.vars.keys(), span))
    }
}

/// The grad mode a `no_grad()` / `enable_grad()` call (`torch.` optional)
/// switches to, for `with` and for decorators.
pub(super) fn grad_mode_call(text: &str) -> Option<bool> {
    match text.trim().trim_start_matches("torch.") {
        "no_grad()" => Some(false),
        "enable_grad()" => Some(true),
        _ => None,
    }
}
