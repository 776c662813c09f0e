//! Scopes and functions: Python's LEGB lookup over a chain of scopes,
//! closures that see their enclosing function's variables (shared, so late
//! binding works as in Python), and binding call arguments to parameters
//! with Python's error messages.

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::ErrorKind;
use crate::lang::ast::{FuncDef, ParamKind};
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::{Flow, Interp};
use super::super::value::Value;

/// Python's default recursion limit.
pub const RECURSION_LIMIT: usize = 1000;

/// A scope's variables: a function has few, so a vector searched by name
/// beats hashing, and keys are shared `Rc<str>`s (a call allocates none).
#[derive(Debug, Default)]
pub struct Vars(Vec<(Rc<str>, Value)>);

impl Vars {
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| &**k == name).map(|(_, v)| v)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Binds `name` (a new key is made only the first time).
    pub fn set(&mut self, name: &str, v: Value) {
        match self.0.iter_mut().find(|(k, _)| &**k == name) {
            Some(slot) => slot.1 = v,
            None => self.0.push((Rc::from(name), v)),
        }
    }

    pub fn insert_key(&mut self, key: Rc<str>, v: Value) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = v,
            None => self.0.push((key, v)),
        }
    }

    pub fn remove(&mut self, name: &str) -> Option<Value> {
        let i = self.0.iter().position(|(k, _)| &**k == name)?;
        Some(self.0.swap_remove(i).1)
    }
}

/// The variables of one function call or comprehension.
#[derive(Debug, Default)]
pub struct Scope {
    pub vars: Vars,
    /// The scope the function was defined in (`None`: the module).
    pub parent: Option<Rc<RefCell<Scope>>>,
    /// The function whose call this is (`None` for a comprehension).
    pub func: Option<Rc<FuncDef>>,
}

/// A function value: its definition, evaluated defaults and the scope it
/// closes over.
#[derive(Debug, Clone)]
pub struct Closure {
    pub def: Rc<FuncDef>,
    pub defaults: Vec<Option<Value>>,
    pub env: Option<Rc<RefCell<Scope>>>,
    /// The parameters' names as scope keys, made once at `def`.
    pub keys: Vec<Rc<str>>,
    /// `outer.<locals>.inner` for a function defined inside another.
    pub qualname: Rc<str>,
    /// The grad mode a `@torch.no_grad()` / `@torch.enable_grad()`
    /// decorator runs the body in (the caller's mode comes back after).
    pub grad_mode: Option<bool>,
}

fn and_list(names: &[String]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        2 => format!("{} and {}", q[0], q[1]),
        n => format!("{}, and {}", q[..n - 1].join(", "), q[n - 1]),
    }
}

impl Interp {
    /// Calls a `def`/`lambda` with evaluated arguments.
    pub fn call_closure(&mut self, f: &Rc<Closure>, pos: Vec<Value>, kw: Vec<(String, Value)>, span: Span) -> EvalResult<Value> {
        if self.call_depth >= RECURSION_LIMIT {
            return Err(EvalError::new(ErrorKind::RecursionError, "maximum recursion depth exceeded", span));
        }
        let vars = bind(f, pos, kw, span)?;
        let scope = Rc::new(RefCell::new(Scope { vars, parent: f.env.clone(), func: Some(f.def.clone()) }));
        let saved = self.scope.replace(scope);
        self.call_depth += 1;
        self.qualnames.push(f.qualname.clone());
        let saved_mode = self.grad_enabled;
        if let Some(m) = f.grad_mode {
            self.grad_enabled = m;
        }
        let result = self.exec_block(&f.def.body);
        if f.grad_mode.is_some() {
            self.grad_enabled = saved_mode;
        }
        self.qualnames.pop();
        self.call_depth -= 1;
        self.scope = saved;
        match result? {
            Flow::Return(v) => Ok(v),
            _ => Ok(Value::None),
        }
    }

    /// The value of `name`: the current function's locals, the enclosing
    /// functions', the module's, then the builtins.
    pub fn lookup_name(&self, name: &str, span: Span) -> EvalResult<Value> {
        // Most names are module names (no scope) or the current call's locals.
        match &self.scope {
            None => return self.lookup(name, span),
            Some(s) => {
                if let Some(v) = s.borrow().vars.get(name) {
                    return Ok(v.clone());
                }
            }
        }
        let mut scope = self.scope.clone();
        let mut first = true;
        while let Some(s) = scope {
            let b = s.borrow();
            // Module-level code never gets here: it has no scope.
            if let Some(v) = b.vars.get(name) {
                return Ok(v.clone());
            }
            if let Some(f) = &b.func {
                if f.globals.iter().any(|g| g == name) && first {
                    break;
                }
                if f.locals.iter().any(|l| l == name) {
                    if first {
                        return Err(EvalError::new(
                            ErrorKind::UnboundLocalError,
                            format!("cannot access local variable '{name}' where it is not associated with a value"),
                            span,
                        ));
                    }
                    return Err(EvalError::new(
                        ErrorKind::NameError,
                        format!("cannot access free variable '{name}' where it is not associated with a value in enclosing scope"),
                        span,
                    ));
                }
                first = false;
            }
            scope = b.parent.clone();
        }
        self.lookup(name, span)
    }

    /// Binds `name` where Python would: the module, the current scope, or
    /// the enclosing scope a `nonlocal` names.
    pub fn bind_name(&mut self, name: &str, v: Value) {
        let Some(scope) = &self.scope else {
            self.vars.set(name, v);
            return;
        };
        // The common case: no `global`/`nonlocal` declarations in this scope.
        {
            let mut b = scope.borrow_mut();
            if b.func.as_ref().is_none_or(|f| f.globals.is_empty() && f.nonlocals.is_empty()) {
                b.vars.set(name, v);
                return;
            }
        }
        let scope = scope.clone();
        let (global, nonlocal) = match &scope.borrow().func {
            Some(f) => (f.globals.iter().any(|g| g == name), f.nonlocals.iter().any(|g| g == name)),
            None => (false, false),
        };
        if global {
            self.vars.set(name, v);
            return;
        }
        if nonlocal {
            let mut up = scope.borrow().parent.clone();
            while let Some(s) = up {
                let holds = s.borrow().vars.contains_key(name) || s.borrow().func.as_ref().is_some_and(|f| f.locals.iter().any(|l| l == name));
                if holds {
                    s.borrow_mut().vars.set(name, v);
                    return;
                }
                up = s.borrow().parent.clone();
            }
        }
        scope.borrow_mut().vars.set(name, v);
    }

    /// `del name`; false when it was not bound.
    pub fn unbind_name(&mut self, name: &str) -> bool {
        match self.scope.clone() {
            Some(s) if !s.borrow().func.as_ref().is_some_and(|f| f.globals.iter().any(|g| g == name)) => s.borrow_mut().vars.remove(name).is_some(),
            _ => self.vars.remove(name).is_some(),
        }
    }
}

/// Python's argument binding for a `def`: positional, then keywords, then
/// defaults, with `*args` and `**kwargs`.
fn bind(f: &Closure, pos: Vec<Value>, kw: Vec<(String, Value)>, span: Span) -> EvalResult<Vars> {
    let d = &f.def;
    let fname = &f.qualname;
    let err = |m: String| EvalError::type_error(m, span);
    let mut vars = Vars(Vec::with_capacity(d.params.len() + d.locals.len()));
    let positional: Vec<usize> = (0..d.params.len()).filter(|&i| d.params[i].kind == ParamKind::Normal).collect();
    let varargs = d.params.iter().position(|p| p.kind == ParamKind::VarArgs);
    let varkw = d.params.iter().position(|p| p.kind == ParamKind::VarKw);
    let given = pos.len();
    let mut extra = Vec::new();
    for (j, v) in pos.into_iter().enumerate() {
        match positional.get(j) {
            Some(&i) => {
                vars.insert_key(f.keys[i].clone(), v);
            }
            None => extra.push(v),
        }
    }
    if !extra.is_empty() {
        match varargs {
            Some(i) => {
                vars.insert_key(f.keys[i].clone(), Value::Tuple(extra));
            }
            None => {
                let max = positional.len();
                let min = positional.iter().filter(|&&i| d.params[i].default.is_none()).count();
                let takes = if min == max {
                    format!("{max} positional argument{}", if max == 1 { "" } else { "s" })
                } else {
                    format!("from {min} to {max} positional arguments")
                };
                let were = if given == 1 { "was" } else { "were" };
                return Err(err(format!("{fname}() takes {takes} but {given} {were} given")));
            }
        }
    } else if let Some(i) = varargs {
        vars.insert_key(f.keys[i].clone(), Value::Tuple(vec![]));
    }
    let mut kwargs = super::dict::PyDict::default();
    let posonly_by_kw: Vec<String> = kw.iter().filter(|(k, _)| d.params[..d.posonly.min(d.params.len())].iter().any(|p| &p.name == k)).map(|(k, _)| k.clone()).collect();
    if !posonly_by_kw.is_empty() && varkw.is_none() {
        return Err(err(format!(
            "{fname}() got some positional-only arguments passed as keyword arguments: {}",
            posonly_by_kw.iter().map(|k| format!("'{k}'")).collect::<Vec<_>>().join(", ")
        )));
    }
    for (k, v) in kw {
        let posonly = d.posonly;
        match d.params.iter().enumerate().position(|(i, p)| p.name == k && i >= posonly && matches!(p.kind, ParamKind::Normal | ParamKind::KwOnly)) {
            Some(i) => {
                if vars.contains_key(&d.params[i].name) {
                    return Err(err(format!("{fname}() got multiple values for argument '{k}'")));
                }
                vars.insert_key(f.keys[i].clone(), v);
            }
            None if varkw.is_some() => kwargs.insert_str(k, v),
            None => return Err(err(format!("{fname}() got an unexpected keyword argument '{k}'"))),
        }
    }
    if let Some(i) = varkw {
        vars.insert_key(f.keys[i].clone(), Value::Dict(Rc::new(RefCell::new(kwargs))));
    }
    let mut missing = Vec::new();
    let mut missing_kw = Vec::new();
    for (i, p) in d.params.iter().enumerate() {
        if matches!(p.kind, ParamKind::VarArgs | ParamKind::VarKw) || vars.contains_key(&p.name) {
            continue;
        }
        match f.defaults.get(i).cloned().flatten() {
            Some(v) => {
                vars.insert_key(f.keys[i].clone(), v);
            }
            None if p.kind == ParamKind::KwOnly => missing_kw.push(p.name.clone()),
            None => missing.push(p.name.clone()),
        }
    }
    if !missing.is_empty() {
        let n = missing.len();
        return Err(err(format!("{fname}() missing {n} required positional argument{}: {}", if n == 1 { "" } else { "s" }, and_list(&missing))));
    }
    if !missing_kw.is_empty() {
        let n = missing_kw.len();
        return Err(err(format!("{fname}() missing {n} required keyword-only argument{}: {}", if n == 1 { "" } else { "s" }, and_list(&missing_kw))));
    }
    Ok(vars)
}
