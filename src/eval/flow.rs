//! Compound statements and control flow: `if`, `for`, `while`, `try`,
//! `def`, `return`, `raise`, `assert`, `import`, `global`/`nonlocal`, and
//! Python's assignment to targets (nested tuples, `*rest`).

use std::rc::Rc;

use crate::engine::ErrorKind;
use crate::lang::ast::{FuncDef, Handler, Stmt, StmtKind, Target};
use crate::lang::span::Span;

use super::error::{EvalError, EvalResult};
use super::interp::{Flow, Interp};
use super::py::exc::{PyExc, is_subclass};
use super::py::func::Closure;
use super::value::Value;

/// Modules `import` knows; anything else is `ModuleNotFoundError`.
pub const MODULES: &[&str] = &["torch", "torch.autograd", "torch.cuda", "torch.cuda.memory", "torch.nn", "torch.nn.functional", "math", "numpy", "safetensors", "safetensors.torch"];

impl Interp {
    /// Runs statements in order until one breaks the flow.
    pub fn exec_block(&mut self, stmts: &[Stmt]) -> EvalResult<Flow> {
        for s in stmts {
            match self.exec_stmt(s, false)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    /// Compound statements and the simple ones that affect control flow.
    pub fn exec_compound(&mut self, stmt: &Stmt) -> EvalResult<Flow> {
        match &stmt.kind {
            StmtKind::If { test, body, orelse } => {
                let v = self.eval(test)?;
                if super::expr::truthy(&v, test.span)? { self.exec_block(body) } else { self.exec_block(orelse) }
            }
            StmtKind::While { test, body, orelse } => {
                loop {
                    self.check_interrupt(stmt.span)?;
                    let v = self.eval(test)?;
                    if !super::expr::truthy(&v, test.span)? {
                        return self.exec_block(orelse);
                    }
                    match self.exec_block(body)? {
                        Flow::Break => return Ok(Flow::Normal),
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        _ => {}
                    }
                }
            }
            StmtKind::For { target, iter, body, orelse } => {
                let seq = self.eval(iter)?;
                let mut it = self.iter_of(&seq, iter.span)?;
                while let Some(item) = self.next_item(&mut it, iter.span)? {
                    self.check_interrupt(stmt.span)?;
                    self.assign_target(target, item)?;
                    match self.exec_block(body)? {
                        Flow::Break => return Ok(Flow::Normal),
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        _ => {}
                    }
                }
                self.exec_block(orelse)
            }
            StmtKind::Break => Ok(Flow::Break),
            StmtKind::Continue => Ok(Flow::Continue),
            StmtKind::Pass => Ok(Flow::Normal),
            StmtKind::Return(e) => {
                if self.scope.as_ref().is_none_or(|s| s.borrow().func.is_none()) {
                    return Err(EvalError::new(ErrorKind::SyntaxError, "'return' outside function", stmt.span));
                }
                Ok(Flow::Return(match e {
                    Some(e) => self.eval(e)?,
                    None => Value::None,
                }))
            }
            StmtKind::Def(f) => {
                // Decorators are evaluated top first, before the function,
                // and applied bottom first. `@torch.no_grad()` and
                // `@torch.enable_grad()` run the body in that grad mode.
                enum Deco {
                    Mode(bool),
                    Call(Value),
                }
                let mut decos = Vec::with_capacity(f.decorators.len());
                for d in &f.decorators {
                    let text = self.text_of(d.span);
                    // inference_mode() as a decorator disables grad too.
                    let mode = super::interp::grad_mode_call(&text).or((text.trim().trim_start_matches("torch.") == "inference_mode()").then_some(false));
                    decos.push(match mode {
                        Some(m) => Deco::Mode(m),
                        None => Deco::Call(self.eval(d)?),
                    });
                }
                let mut v = self.make_closure(f)?;
                for (deco, d) in decos.into_iter().zip(&f.decorators).rev() {
                    v = match (deco, v) {
                        (Deco::Mode(m), Value::Func(c)) => Value::Func(Rc::new(Closure { grad_mode: Some(m), ..(*c).clone() })),
                        // Another decorator's callable: tsr cannot wrap it.
                        (Deco::Mode(_), other) => other,
                        (Deco::Call(deco), other) => self.call_value_args(deco, vec![other], vec![], d.span)?,
                    };
                }
                self.bind_name(&f.name, v);
                Ok(Flow::Normal)
            }
            StmtKind::Try { body, handlers, orelse, finalbody } => self.exec_try(body, handlers, orelse, finalbody),
            StmtKind::Raise { exc, cause } => {
                let cause = match cause {
                    Some(c) => Some(self.eval(c)?),
                    None => None,
                };
                let err = match exc {
                    None => match self.handling.last() {
                        Some(e) => e.clone(),
                        None => EvalError::new(ErrorKind::RuntimeError, "No active exception to reraise", stmt.span),
                    },
                    Some(e) => {
                        let v = self.eval(e)?;
                        self.raised_error(v, e.span)?
                    }
                };
                // `from c` sets `__cause__` on the exception being raised.
                if let (Some(c), Some(last)) = (cause, self.last_raised.clone()) {
                    let mut x = (*last).clone();
                    x.cause = Some(c);
                    self.last_raised = Some(Rc::new(x));
                }
                Err(err)
            }
            StmtKind::Assert { test, msg } => {
                let v = self.eval(test)?;
                if super::expr::truthy(&v, test.span)? {
                    return Ok(Flow::Normal);
                }
                let message = match msg {
                    Some(m) => super::py::repr::str(&self.eval(m)?),
                    None => String::new(),
                };
                Err(EvalError::new(ErrorKind::AssertionError, message, stmt.span))
            }
            StmtKind::Import(items) => {
                for (module, alias, span) in items {
                    let m = module_value(module, *span)?;
                    match alias {
                        Some(a) => self.bind_name(a, m),
                        None => {
                            let top = module.split('.').next().unwrap_or(module);
                            self.bind_name(top, module_value(top, *span)?);
                        }
                    }
                }
                Ok(Flow::Normal)
            }
            StmtKind::ImportFrom { module, names } => {
                let m = module_value(module, stmt.span)?;
                for (name, alias, span) in names {
                    if name == "*" {
                        return Err(EvalError::new(ErrorKind::ImportError, "tsr does not support 'import *'; name what you use", *span));
                    }
                    let full = format!("{module}.{name}");
                    let v = if MODULES.contains(&full.as_str()) {
                        module_value(&full, *span)?
                    } else {
                        self.get_attr(m.clone(), name, *span).map_err(|_| {
                            EvalError::new(ErrorKind::ImportError, format!("cannot import name '{name}' from '{module}'"), *span)
                        })?
                    };
                    self.bind_name(alias.as_ref().unwrap_or(name), v);
                }
                Ok(Flow::Normal)
            }
            StmtKind::Nonlocal(_) if self.scope.as_ref().is_none_or(|s| s.borrow().func.is_none()) => {
                Err(EvalError::new(ErrorKind::SyntaxError, "nonlocal declaration not allowed at module level", stmt.span))
            }
            StmtKind::Global(_) | StmtKind::Nonlocal(_) => Ok(Flow::Normal),
            _ => Err(EvalError::new(ErrorKind::SyntaxError, "not a compound statement", stmt.span)),
        }
    }

    fn exec_try(&mut self, body: &[Stmt], handlers: &[Handler], orelse: &[Stmt], finalbody: &[Stmt]) -> EvalResult<Flow> {
        let result = match self.exec_block(body) {
            Ok(Flow::Normal) => self.exec_block(orelse),
            Ok(flow) => Ok(flow),
            Err(e) => self.handle(e, handlers),
        };
        if finalbody.is_empty() {
            return result;
        }
        match self.exec_block(finalbody)? {
            Flow::Normal => result,
            // `return`/`break` in `finally` replaces what was pending.
            other => Ok(other),
        }
    }

    fn handle(&mut self, e: EvalError, handlers: &[Handler]) -> EvalResult<Flow> {
        for h in handlers {
            let matches = match &h.typ {
                None => true,
                Some(t) => {
                    let tv = self.eval(t)?;
                    exc_matches(e.kind, &tv, t.span)?
                }
            };
            if !matches {
                continue;
            }
            if let Some(name) = &h.name {
                let exc = match &self.last_raised {
                    Some(x) if x.kind == e.kind && x.message == e.message => x.clone(),
                    _ => Rc::new(PyExc { kind: e.kind, message: e.message.clone(), args: args_of(e.kind, &e.message), cause: None }),
                };
                self.bind_name(name, Value::Exception(exc));
            }
            self.handling.push(e);
            let r = self.exec_block(&h.body);
            self.handling.pop();
            if let Some(name) = &h.name {
                // Python deletes the name at the end of the handler.
                self.unbind_name(name);
            }
            return r;
        }
        Err(e)
    }

    /// The error that `raise v` raises.
    fn raised_error(&mut self, v: Value, span: Span) -> EvalResult<EvalError> {
        match v {
            Value::Exception(e) => {
                self.last_raised = Some(e.clone());
                Ok(EvalError::new(e.kind, e.message.clone(), span))
            }
            Value::Type(t) if super::py::exc::from_name(t).is_some() => {
                let kind = super::py::exc::from_name(t).unwrap_or(ErrorKind::Exception);
                self.last_raised = Some(Rc::new(PyExc { kind, message: String::new(), args: vec![], cause: None }));
                Ok(EvalError::new(kind, "", span))
            }
            _ => Err(EvalError::type_error("exceptions must derive from BaseException", span)),
        }
    }

    pub fn make_closure(&mut self, f: &Rc<FuncDef>) -> EvalResult<Value> {
        let mut defaults = Vec::with_capacity(f.params.len());
        for p in &f.params {
            defaults.push(match &p.default {
                Some(d) => Some(self.eval(d)?),
                None => None,
            });
        }
        let keys = f.params.iter().map(|p| Rc::from(p.name.as_str())).collect();
        // Python's __qualname__: a function made inside another is `outer.<locals>.f`.
        let qualname: Rc<str> = match self.current_qualname() {
            Some(outer) => Rc::from(format!("{outer}.<locals>.{}", f.name)),
            None => Rc::from(f.name.as_str()),
        };
        Ok(Value::Func(Rc::new(Closure { def: f.clone(), defaults, env: self.scope.clone(), keys, qualname, grad_mode: None })))
    }

    /// The qualified name of the function whose call is running.
    fn current_qualname(&self) -> Option<Rc<str>> {
        self.qualnames.last().cloned()
    }

    /// Assigns `v` to a target: a name, an item, an attribute, or a
    /// (nested) tuple of them with at most one `*rest`.
    pub fn assign_target(&mut self, target: &Target, v: Value) -> EvalResult<()> {
        match target {
            Target::Name(n, _) => {
                self.bind_name(n, v);
                Ok(())
            }
            Target::Tuple(ts, span) => {
                let items = self.unpack(v, ts, *span)?;
                for (t, x) in ts.iter().zip(items) {
                    self.assign_target(t, x)?;
                }
                Ok(())
            }
            Target::Starred(t, _) => self.assign_target(t, v),
            other => self.assign(other, v),
        }
    }

    /// The values for targets `ts` (a starred target gets a list).
    fn unpack(&mut self, v: Value, ts: &[Target], span: Span) -> EvalResult<Vec<Value>> {
        let star = ts.iter().position(|t| matches!(t, Target::Starred(..)));
        // Compare a tensor's length first: unbinding a huge view to find out would never end.
        if let (Value::Tensor(t), None) = (&v, star)
            && t.ndim() > 0
            && t.shape()[0] != ts.len()
        {
            return Err(unpack_len_error(ts.len(), t.shape()[0], span));
        }
        let items = match &v {
            Value::Tensor(t) if t.ndim() == 0 => return Err(EvalError::type_error("iteration over a 0-d tensor", span)),
            _ => self.items_of(&v, span).map_err(|e| {
                if e.kind == ErrorKind::TypeError && e.message.ends_with("is not iterable") {
                    EvalError::type_error(format!("cannot unpack non-iterable {} object", v.type_name()), span)
                } else {
                    e
                }
            })?,
        };
        match star {
            None => {
                if items.len() != ts.len() {
                    return Err(unpack_len_error(ts.len(), items.len(), span));
                }
                Ok(items)
            }
            Some(k) => {
                let after = ts.len() - k - 1;
                if items.len() < ts.len() - 1 {
                    return Err(EvalError::new(
                        ErrorKind::ValueError,
                        format!("not enough values to unpack (expected at least {}, got {})", ts.len() - 1, items.len()),
                        span,
                    ));
                }
                let mut items = items;
                let tail = items.split_off(items.len() - after);
                let mid = items.split_off(k);
                items.push(Value::list(mid));
                items.extend(tail);
                Ok(items)
            }
        }
    }
}

/// `e.args` of an exception tsr raised itself: its message (a KeyError's
/// message is the key's repr, so the key is read back from it).
fn args_of(kind: ErrorKind, message: &str) -> Vec<Value> {
    if message.is_empty() {
        return vec![];
    }
    if kind == ErrorKind::KeyError {
        if let Ok(i) = message.parse::<i64>() {
            return vec![Value::Int(i)];
        }
        let quoted = message.len() >= 2 && (message.starts_with('\'') && message.ends_with('\'') || message.starts_with('"') && message.ends_with('"'));
        if quoted {
            return vec![Value::Str(crate::lang::lexer::unescape(&message[1..message.len() - 1]))];
        }
    }
    vec![Value::Str(message.to_string())]
}

/// Python's error for unpacking `got` values into `expected` targets.
pub fn unpack_len_error(expected: usize, got: usize, span: Span) -> EvalError {
    let msg = if got > expected {
        format!("too many values to unpack (expected {expected})")
    } else {
        format!("not enough values to unpack (expected {expected}, got {got})")
    };
    EvalError::new(ErrorKind::ValueError, msg, span)
}

/// Whether an exception of kind `k` is caught by `except T` (T a type or a tuple of types).
fn exc_matches(k: ErrorKind, t: &Value, span: Span) -> EvalResult<bool> {
    match t {
        Value::Type(name) => match super::py::exc::from_name(name) {
            Some(of) => Ok(is_subclass(k, of)),
            None => Ok(false),
        },
        Value::Tuple(ts) => {
            for x in ts {
                if exc_matches(k, x, span)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        _ => Err(EvalError::type_error("catching classes that do not inherit from BaseException is not allowed", span)),
    }
}

fn module_value(name: &str, span: Span) -> EvalResult<Value> {
    match MODULES.iter().find(|m| **m == name) {
        Some(m) => Ok(Value::Module(m)),
        None => {
            let hint = "tsr runs no host code: it has torch, math, and numpy and safetensors (file I/O) only";
            Err(EvalError::new(ErrorKind::ModuleNotFoundError, format!("No module named '{name}'"), span).with_hint(hint))
        }
    }
}
