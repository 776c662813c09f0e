//! Python expressions beyond tsr's tensor core: displays with `*`
//! unpacking, dict and set displays, comprehensions (each in a scope of its
//! own), conditional expressions, lambdas, f-strings, chained and `in`
//! comparisons, calls with `*args`/`**kwargs`, and indexing, item
//! assignment and attributes of Python values.

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::ErrorKind;
use crate::lang::ast::{CmpOp, CompKind, Comprehension, Expr, ExprKind, FPart, IndexItem};
use crate::lang::span::Span;

use super::args::to_int;
use super::error::{EvalError, EvalResult};
use super::interp::Interp;
use super::py::seq::{seq_position, slice_positions};
use super::value::{PyDict, Scope, Value};

/// Evaluated positional and keyword arguments.
pub(super) type CallArgs = (Vec<Value>, Vec<(String, Value)>);

impl Interp {
    pub(super) fn eval_python(&mut self, e: &Expr) -> EvalResult<Value> {
        let span = e.span;
        match &e.kind {
            ExprKind::Chain { operands, ops } => {
                let mut left = self.eval(&operands[0])?;
                let mut result = Value::Bool(true);
                for (op, rhs) in ops.iter().zip(&operands[1..]) {
                    let right = self.eval(rhs)?;
                    result = self.compare_values(*op, &left, &right, span)?;
                    if !super::expr::truthy(&result, span)? {
                        return Ok(result);
                    }
                    left = right;
                }
                Ok(result)
            }
            ExprKind::Set(xs) => {
                let items = self.eval_items(xs)?;
                let mut d = PyDict::default();
                for x in items {
                    d.insert(x, Value::None, span)?;
                }
                // CPython compiles a display of more than two constants to a
                // frozenset constant and rebuilds it when merging constants:
                // its members go in twice, the second time in table order.
                let constant = |e: &Expr| match &e.kind {
                    ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Str(_) | ExprKind::Bool(_) | ExprKind::None => true,
                    ExprKind::Unary { op: crate::lang::ast::UnOp::Neg, operand } => matches!(operand.kind, ExprKind::Int(_) | ExprKind::Float(_)),
                    _ => false,
                };
                if xs.len() > 2 && xs.iter().all(constant) {
                    let mut again = PyDict::default();
                    for x in d.set_order() {
                        again.insert(x, Value::None, span)?;
                    }
                    d = again;
                }
                Ok(Value::Set(Rc::new(RefCell::new(d))))
            }
            ExprKind::Dict(items) => {
                let mut d = PyDict::default();
                for (k, v) in items {
                    match k {
                        Some(k) => {
                            let kv = self.eval(k)?;
                            let vv = self.eval(v)?;
                            d.insert(kv, vv, k.span)?;
                        }
                        None => match self.eval(v)? {
                            Value::Dict(o) => {
                                for (k, x) in o.borrow().items() {
                                    d.insert(k, x, v.span)?;
                                }
                            }
                            other => return Err(EvalError::type_error(format!("'{}' object is not a mapping", other.type_name()), v.span)),
                        },
                    }
                }
                Ok(Value::Dict(Rc::new(RefCell::new(d))))
            }
            ExprKind::Starred(_) => Err(EvalError::new(ErrorKind::SyntaxError, "can't use starred expression here", span)),
            ExprKind::IfExp { test, body, orelse } => {
                let t = self.eval(test)?;
                if super::expr::truthy(&t, test.span)? { self.eval(body) } else { self.eval(orelse) }
            }
            ExprKind::Lambda(f) => self.make_closure(f),
            ExprKind::Comp { kind: CompKind::Gen, elt, gens } => self.make_generator(elt, gens),
            ExprKind::Comp { kind, elt, gens } => {
                let mut out = Vec::new();
                self.in_comp_scope(|it| {
                    it.comp_loop(gens, 0, &mut |it| {
                        let v = it.eval(elt)?;
                        it.check_len(out.len() as u128 + 1, span)?;
                        out.push(v);
                        Ok(())
                    })
                })?;
                // A list or a set (generators are made lazily above).
                if *kind != CompKind::Set {
                    return Ok(Value::list(out));
                }
                let mut d = PyDict::default();
                for x in out {
                    d.insert(x, Value::None, span)?;
                }
                Ok(Value::Set(Rc::new(RefCell::new(d))))
            }
            ExprKind::DictComp { key, value, gens } => {
                let mut d = PyDict::default();
                self.in_comp_scope(|it| {
                    it.comp_loop(gens, 0, &mut |it| {
                        let k = it.eval(key)?;
                        let v = it.eval(value)?;
                        d.insert(k, v, key.span)
                    })
                })?;
                Ok(Value::Dict(Rc::new(RefCell::new(d))))
            }
            ExprKind::FString(parts) => Ok(Value::Str(self.fstring(parts, span)?)),
            ExprKind::NamedExpr { name, value } => {
                let v = self.eval(value)?;
                // Python binds it in the enclosing function, even from a comprehension.
                let saved = self.scope.clone();
                while self.scope.as_ref().is_some_and(|s| s.borrow().func.is_none()) {
                    self.scope = self.scope.as_ref().and_then(|s| s.borrow().parent.clone());
                }
                self.bind_name(name, v.clone());
                self.scope = saved;
                Ok(v)
            }
            _ => Err(EvalError::new(ErrorKind::SyntaxError, "not a Python expression", span)),
        }
    }

    fn fstring(&mut self, parts: &[FPart], span: Span) -> EvalResult<String> {
        let mut out = String::new();
        for p in parts {
            match p {
                FPart::Lit(s) => out.push_str(s),
                FPart::Field { expr, debug, conv, spec } => {
                    let v = self.eval(expr)?;
                    if !super::py::repr::printable(&v) {
                        super::py::repr::checked(&v, false, expr.span)?;
                    }
                    if let Some(d) = debug {
                        out.push_str(d);
                    }
                    // `{x=}` shows the repr unless a conversion or spec says otherwise.
                    let conv = conv.or(if debug.is_some() && spec.is_empty() { Some('r') } else { None });
                    let v = match conv {
                        Some('r') => Value::Str(super::py::repr::repr(&v)),
                        Some('a') => Value::Str(super::py::repr::ascii(&super::py::repr::repr(&v))),
                        Some('s') => Value::Str(super::py::repr::str(&v)),
                        _ => v,
                    };
                    let spec = self.fstring(spec, expr.span)?;
                    out.push_str(&super::py::format::format_value(&v, &spec, expr.span)?);
                }
            }
            self.check_len(out.len() as u128 / 16, span)?;
        }
        Ok(out)
    }

    fn in_comp_scope<T>(&mut self, f: impl FnOnce(&mut Interp) -> EvalResult<T>) -> EvalResult<T> {
        let scope = Rc::new(RefCell::new(Scope { vars: Default::default(), parent: self.scope.clone(), func: None }));
        let saved = self.scope.replace(scope);
        let r = f(self);
        self.scope = saved;
        r
    }

    /// Runs `body` for every item the clauses produce.
    fn comp_loop(&mut self, gens: &[Comprehension], i: usize, body: &mut dyn FnMut(&mut Interp) -> EvalResult<()>) -> EvalResult<()> {
        let Some(g) = gens.get(i) else {
            return body(self);
        };
        let seq = self.eval(&g.iter)?;
        let mut it = self.iter_of(&seq, g.iter.span)?;
        'items: while let Some(x) = self.next_item(&mut it, g.iter.span)? {
            self.check_interrupt(g.iter.span)?;
            self.assign_target(&g.target, x)?;
            for cond in &g.ifs {
                let c = self.eval(cond)?;
                if !super::expr::truthy(&c, cond.span)? {
                    continue 'items;
                }
            }
            self.comp_loop(gens, i + 1, body)?;
        }
        Ok(())
    }

    /// Display items with `*xs` expanded.
    pub(super) fn eval_items(&mut self, xs: &[Expr]) -> EvalResult<Vec<Value>> {
        let mut out = Vec::with_capacity(xs.len());
        for x in xs {
            match &x.kind {
                ExprKind::Starred(inner) => {
                    let v = self.eval(inner)?;
                    out.extend(self.items_of(&v, inner.span)?);
                }
                _ => out.push(self.eval(x)?),
            }
        }
        Ok(out)
    }

    /// `a op b` for every comparison operator.
    pub fn compare_values(&mut self, op: CmpOp, a: &Value, b: &Value, span: Span) -> EvalResult<Value> {
        match op {
            CmpOp::In | CmpOp::NotIn => {
                let r = self.contains(b, a, span)?;
                Ok(Value::Bool(r == (op == CmpOp::In)))
            }
            CmpOp::Is | CmpOp::IsNot => {
                let same = match (a, b) {
                    (Value::List(x), Value::List(y)) => Rc::ptr_eq(x, y),
                    (Value::Dict(x), Value::Dict(y)) | (Value::Set(x), Value::Set(y)) => Rc::ptr_eq(x, y),
                    (Value::Func(x), Value::Func(y)) => Rc::ptr_eq(x, y),
                    (Value::Type(x), Value::Type(y)) | (Value::Builtin(x), Value::Builtin(y)) => x == y,
                    (Value::Method(x), Value::Method(y)) => Rc::ptr_eq(x, y),
                    (Value::Exception(x), Value::Exception(y)) => Rc::ptr_eq(x, y),
                    (Value::Int(x), Value::Int(y)) => x == y && (-5..=256).contains(x),
                    (Value::Str(x), Value::Str(y)) => x == y && x.len() <= 1,
                    (Value::Ellipsis, Value::Ellipsis) => true,
                    // CPython shares one empty tuple.
                    (Value::Tuple(x), Value::Tuple(y)) if x.is_empty() && y.is_empty() => true,
                    _ => return super::ops::compare(self, op, a, b, span),
                };
                Ok(Value::Bool(same == (op == CmpOp::Is)))
            }
            _ if matches!(a, Value::Tensor(_) | Value::NdArray(_)) || matches!(b, Value::Tensor(_) | Value::NdArray(_)) || (a.as_scalar().is_some() && b.as_scalar().is_some()) => {
                super::ops::compare(self, op, a, b, span)
            }
            CmpOp::Eq => Ok(Value::Bool(super::py::compare::py_eq(a, b))),
            CmpOp::Ne => Ok(Value::Bool(!super::py::compare::py_eq(a, b))),
            _ => Ok(Value::Bool(super::py::compare::py_order(op, a, b, span)?)),
        }
    }

    /// Call arguments with `*args` and `**kwargs` expanded.
    pub(super) fn eval_call_args(&mut self, args: &[crate::lang::ast::Arg]) -> EvalResult<CallArgs> {
        let mut pos = Vec::new();
        let mut kw: Vec<(String, Value)> = Vec::new();
        for a in args {
            let v = self.eval(&a.value)?;
            match (a.star, &a.name) {
                (1, _) => pos.extend(self.items_of(&v, a.value.span)?),
                (2, _) => match v {
                    Value::Dict(d) => {
                        for (k, x) in d.borrow().items() {
                            let Value::Str(k) = k else {
                                return Err(EvalError::type_error("keywords must be strings", a.value.span));
                            };
                            if kw.iter().any(|(n, _)| *n == k) {
                                return Err(EvalError::type_error(format!("got multiple values for keyword argument '{k}'"), a.value.span));
                            }
                            kw.push((k, x));
                        }
                    }
                    other => return Err(EvalError::type_error(format!("argument after ** must be a mapping, not {}", other.type_name()), a.value.span)),
                },
                (_, Some((k, _))) => kw.push((k.clone(), v)),
                _ => pos.push(v),
            }
        }
        Ok((pos, kw))
    }

    /// Calls any callable value with evaluated arguments.
    pub fn call_value_args(&mut self, f: Value, pos: Vec<Value>, kw: Vec<(String, Value)>, span: Span) -> EvalResult<Value> {
        self.call_value_args_at(f, pos, kw, span, span)
    }

    pub(super) fn call_value_args_at(&mut self, f: Value, pos: Vec<Value>, kw: Vec<(String, Value)>, span: Span, fspan: Span) -> EvalResult<Value> {
        match f {
            Value::Func(c) => self.call_closure(&c, pos, kw, span),
            Value::Builtin(name) | Value::Type(name) => {
                if let Some(m) = name.strip_prefix("math.") {
                    return super::py::math::call(m, &pos, &kw, span);
                }
                if name == "Size" {
                    let items = match pos.first() {
                        Some(v) => self.items_of(v, span)?,
                        None => vec![],
                    };
                    let mut dims = Vec::with_capacity(items.len());
                    for x in items {
                        match x {
                            Value::Int(i) if i >= 0 => dims.push(i as usize),
                            other => return Err(EvalError::type_error(format!("torch.Size() takes an iterable of 'int' (item 0 is '{}')", other.type_name()), span)),
                        }
                    }
                    return Ok(Value::Size(dims));
                }
                if name == "Tensor" {
                    return Err(EvalError::type_error(format!("tsr cannot construct torch.{name} directly; use torch.tensor(...)"), span));
                }
                // `max(x, dim=0)`, `sum(x, (0, 1))`, `max(a, b)`: a tensor with more
                // arguments than Python's builtin takes for it is torch's function
                // (as after `from torch import *`); `sum(x)` stays Python's.
                let torchy = super::names::is_function(name)
                    && matches!(pos.first(), Some(Value::Tensor(_)))
                    && (pos.len() > 1 || kw.iter().any(|(k, _)| matches!(k.as_str(), "dim" | "keepdim" | "dtype" | "out")));
                if torchy {
                    return self.call_value_args_at(Value::Function(name.to_string()), pos, kw, span, fspan);
                }
                super::py::builtins::call(self, name, pos, kw, span)
            }
            Value::Method(m) => match &m.0 {
                Value::Tensor(t) => {
                    let a = super::args::Args {
                        name: m.1.clone(),
                        pos: pos.into_iter().map(|v| (v, span)).collect(),
                        kw: kw.into_iter().map(|(k, v)| (k, v, span)).collect(),
                        span,
                        pos_base: 0,
                    };
                    let op_text = span.text(&self.src).to_string();
                    super::methods::call(self, t, &m.1, a, span, &op_text)
                }
                // `str.lower` called with its receiver first.
                Value::Type(t) => {
                    if m.1 == "maketrans" && *t == "str" {
                        return super::py::methods::call_method(self, &Value::Str(String::new()), "maketrans", pos, kw, span);
                    }
                    if m.1 == "fromkeys" && *t == "dict" {
                        let keys = self.items_of(pos.first().unwrap_or(&Value::Tuple(vec![])), span)?;
                        let fill = pos.get(1).cloned().unwrap_or(Value::None);
                        let mut d = PyDict::default();
                        for k in keys {
                            d.insert(k, fill.clone(), span)?;
                        }
                        return Ok(Value::Dict(Rc::new(RefCell::new(d))));
                    }
                    let mut pos = pos.into_iter();
                    let Some(recv) = pos.next() else {
                        return Err(EvalError::type_error(format!("unbound method {t}.{}() needs an argument", m.1), span));
                    };
                    if super::py::builtins::type_of(&recv) != *t {
                        return Err(EvalError::type_error(
                            format!("descriptor '{}' for '{t}' objects doesn't apply to a '{}' object", m.1, recv.type_name()),
                            span,
                        ));
                    }
                    super::py::methods::call_method(self, &recv, &m.1, pos.collect(), kw, span)
                }
                Value::Hook(h) => super::hooks::handle_method(self, h, &m.1, &pos, span),
                Value::Generator(g) => super::generator_value::method(self, g, &m.1, &pos, span),
                recv => super::py::methods::call_method(self, recv, &m.1, pos, kw, span),
            },
            Value::Function(fname) => {
                let torch_dtype = super::expr::torch_type;
                let a = super::args::Args {
                    name: fname.clone(),
                    pos: pos.into_iter().map(|v| (torch_dtype(v), span)).collect(),
                    kw: kw.into_iter().map(|(k, v)| (k, torch_dtype(v), span)).collect(),
                    span,
                    pos_base: 0,
                };
                let op_text = span.text(&self.src).to_string();
                super::builtins::call(self, &fname, a, &op_text)
            }
            other => Err(EvalError::type_error(format!("'{}' object is not callable", other.type_name()), fspan)),
        }
    }

    /// Attributes of Python values (`None`: not one of those; the caller
    /// looks further).
    pub(super) fn python_attr(&mut self, o: &Value, name: &str, span: Span) -> EvalResult<Option<Value>> {
        Ok(Some(match (o, name) {
            (Value::Dict(d), "_metadata") if d.borrow().ordered => match d.borrow().metadata.clone() {
                Some(m) => m,
                None => return Err(super::py::methods::no_attr("OrderedDict", name, span)),
            },
            (Value::Str(_) | Value::List(_) | Value::Dict(_) | Value::Set(_) | Value::Tuple(_) | Value::Float(_) | Value::Int(_) | Value::Bool(_) | Value::Range(..), n)
                if super::py::methods::has_method(o, n) =>
            {
                Value::Method(Rc::new((o.clone(), n.to_string())))
            }
            (Value::Size(_), "count" | "index" | "numel") => Value::Method(Rc::new((o.clone(), name.to_string()))),
            (Value::Str(_) | Value::List(_) | Value::Dict(_) | Value::Set(_) | Value::Tuple(_) | Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::None | Value::Range(..), _) => {
                return match (o, name) {
                    (Value::Float(f), "real") => Ok(Some(Value::Float(*f))),
                    (Value::Float(_), "imag") => Ok(Some(Value::Float(0.0))),
                    (Value::Int(i), "real" | "numerator") => Ok(Some(Value::Int(*i))),
                    (Value::Int(_), "denominator") => Ok(Some(Value::Int(1))),
                    (Value::Range(a, _, _), "start") => Ok(Some(Value::Int(*a))),
                    (Value::Range(_, b, _), "stop") => Ok(Some(Value::Int(*b))),
                    (Value::Range(_, _, s), "step") => Ok(Some(Value::Int(*s))),
                    _ => Err(super::py::methods::no_attr(o.type_name(), name, span)),
                };
            }
            (Value::Slice(a, b, c), "start" | "stop" | "step") => {
                let x = match name {
                    "start" => a,
                    "stop" => b,
                    _ => c,
                };
                x.map_or(Value::None, Value::Int)
            }
            (Value::Slice(..), _) => return Err(super::py::methods::no_attr("slice", name, span)),
            (Value::Hook(_), "remove") => Value::Method(Rc::new((o.clone(), name.to_string()))),
            (Value::Generator(_), "device") => Value::Device(crate::engine::Device::Cpu.into()),
            (Value::Generator(_), n) if super::generator_value::is_method(n) => Value::Method(Rc::new((o.clone(), name.to_string()))),
            (Value::Generator(_), n) => return Err(super::generator_value::no_attr(n, span)),
            (Value::Module("torch"), "default_generator") => Value::Generator(self.default_generator.clone()),
            (Value::Module("torch"), "Generator") => Value::Function("Generator".into()),
            (Value::Exception(e), "args") => Value::Tuple(e.args.clone()),
            (Value::Exception(e), "__cause__") => e.cause.clone().unwrap_or(Value::None),
            (Value::Exception(e), _) => return Err(super::py::methods::no_attr(e.kind.name(), name, span)),
            // `_pickle.UnpicklingError` is named `UnpicklingError`.
            // NumPy's casting errors are displayed as their base `UFuncTypeError`.
            (Value::Type(t), "__name__") if t.ends_with("._UFuncOutputCastingError") => Value::Str("UFuncTypeError".into()),
            (Value::Type(t), "__name__") => Value::Str(t.rsplit('.').next().unwrap_or(t).to_string()),
            (Value::Type(t), n) if !(matches!(*t, "str" | "list" | "dict" | "set" | "tuple") && (n == "fromkeys" || super::py::methods::type_has_method(t, n))) => {
                return Err(EvalError::new(ErrorKind::AttributeError, format!("type object '{t}' has no attribute '{n}'"), span));
            }
            (Value::Type(t @ ("str" | "list" | "dict" | "set" | "tuple")), n) if n == "fromkeys" || super::py::methods::type_has_method(t, n) => {
                Value::Method(Rc::new((Value::Type(t), n.to_string())))
            }
            (Value::Tensor(_), n) if super::registry::method(n).is_some() && super::registry::attributes::find(n).is_none() => {
                Value::Method(Rc::new((o.clone(), n.to_string())))
            }
            (Value::Func(f), "__name__") => Value::Str(f.def.name.clone()),
            (Value::Builtin(b), "__name__") => Value::Str(b.to_string()),
            (Value::Module("torch"), "Tensor") => Value::Type("Tensor"),
            (Value::Module("torch"), "Size") => Value::Type("Size"),
            (Value::Module("torch"), "dtype") => Value::Type("torch.dtype"),
            (Value::Module("torch"), "layout") => Value::Type("torch.layout"),
            (Value::Module("torch"), "memory_format") => Value::Type("torch.memory_format"),
            (Value::Module("torch"), "nn") => Value::Module("torch.nn"),
            (Value::Module("torch.nn"), "functional") => Value::Module("torch.nn.functional"),
            (Value::Module("torch.nn.functional"), n) => match super::ext::functional::attr(n) {
                Some(v) => v,
                None => return Err(EvalError::new(ErrorKind::AttributeError, format!("module 'torch.nn.functional' has no attribute '{n}'"), span)
                    .with_hint("tsr's torch.nn.functional has relu, relu_, gelu, silu, softmax, log_softmax, sigmoid, tanh, one_hot, pad, normalize, linear, mse_loss, nll_loss and cross_entropy (help(F) lists them)")),
            },
            (Value::Module("math"), n) => match super::py::math::attr(n) {
                Some(v) => v,
                None => return Err(EvalError::new(ErrorKind::AttributeError, format!("module 'math' has no attribute '{n}'"), span)),
            },
            (Value::NdArray(a), n) => return super::numpy_module::attr(a, n, span).map(Some),
            (Value::NdFlags(a), n) => return super::ndarray::flag(a, n, span).map(Some),
            (Value::Module("numpy"), n) if super::numpy_module::type_attr(n).is_some() => super::numpy_module::type_attr(n).expect("checked"),
            (Value::Storage(st), "device") => Value::Device(st.device.into()),
            (Value::Storage(st), "is_cuda") => Value::Bool(st.device.is_cuda()),
            (Value::NpDType(d), "itemsize") => Value::Int(d.size() as i64),
            (Value::NpDType(d), "name") => Value::Str(super::ndarray::numpy_name(*d).to_string()),
            (Value::Module("numpy"), n @ ("dtype" | "array" | "asarray" | "shares_memory" | "may_share_memory" | "arange" | "zeros" | "ones")) => Value::Function(format!("numpy.{n}")),
            (Value::TypedStorage(st), n) => match super::typed_storage::attr(st, n) {
                Some(v) => v,
                None if super::typed_storage::METHODS.contains(&n) => Value::Method(Rc::new((o.clone(), n.to_string()))),
                None => return Err(EvalError::new(ErrorKind::AttributeError, format!("'TypedStorage' object has no attribute '{n}'"), span)),
            },
            (Value::Module("numpy"), n @ ("load" | "save" | "savez" | "savez_compressed")) => Value::Function(format!("numpy.{n}")),
            (Value::Module("numpy"), n) if super::numpy_math::ufunc(n).is_some() => Value::Function(format!("numpy.{n}")),
            (Value::Module("safetensors"), "torch") => Value::Module("safetensors.torch"),
            (Value::Module("safetensors"), "safe_open") => Value::Function("safetensors.safe_open".into()),
            (Value::Module("safetensors.torch"), n @ ("load_file" | "save_file")) => Value::Function(format!("safetensors.torch.{n}")),
            (Value::Module(m @ ("safetensors" | "safetensors.torch")), n) => {
                return Err(EvalError::new(ErrorKind::AttributeError, format!("module '{m}' has no attribute '{n}'"), span)
                    .with_hint("tsr's safetensors has safe_open, safetensors.torch.load_file and save_file"));
            }
            (Value::Module("numpy"), n) => {
                return Err(EvalError::new(ErrorKind::AttributeError, format!("module 'numpy' has no attribute '{n}'"), span)
                    .with_hint("tsr's numpy shows layout and sharing: np.array, np.asarray, np.shares_memory, np.may_share_memory, the dtypes, the arithmetic ufuncs (np.add, np.multiply, …), and np.load/save/savez"));
            }
            (Value::Iter(_, t), n) => return Err(super::py::methods::no_attr(t, n, span)),
            (Value::DictView(_, k), n) => return Err(super::py::methods::no_attr(k.type_name(), n, span)),
            _ => return Ok(None),
        }))
    }

    /// `o[items]` for Python values.
    pub(super) fn index_python(&mut self, o: Value, items: &[IndexItem], span: Span) -> EvalResult<Value> {
        if let [IndexItem::Slice { start, stop, step, .. }] = items {
            let (a, b, c) = (self.opt_int(start)?, self.opt_int(stop)?, self.opt_int(step)?);
            return slice_value(&o, a, b, c, span);
        }
        let key = match items {
            [IndexItem::Expr(e)] => self.eval(e)?,
            many => {
                let mut vals = vec![];
                for it in many {
                    match it {
                        IndexItem::Expr(e) => vals.push(self.eval(e)?),
                        IndexItem::Slice { .. } => return Err(EvalError::type_error(format!("{} indices must be integers or slices, not tuple", o.type_name()), span)),
                    }
                }
                Value::Tuple(vals)
            }
        };
        self.subscript(o, key, span)
    }

    /// `o[key]` with an evaluated key.
    pub fn subscript(&mut self, o: Value, key: Value, span: Span) -> EvalResult<Value> {
        if let Value::Slice(a, b, c) = key
            && !matches!(o, Value::Dict(_))
        {
            return slice_value(&o, a, b, c, span);
        }
        let int_key = |what: &str| -> EvalResult<i64> {
            to_int(&key).filter(|_| !matches!(key, Value::Float(_))).ok_or_else(|| {
                EvalError::type_error(format!("{what} indices must be integers or slices, not {}", key.type_name()), span)
            })
        };
        match &o {
            Value::Dict(d) => d.borrow().get(&key, span)?.ok_or_else(|| super::py::dict::key_error(&key, span)),
            Value::List(xs) => {
                let i = int_key("list")?;
                let xs = xs.borrow();
                Ok(xs[seq_position(i, xs.len(), "list", span)?].clone())
            }
            Value::TypedStorage(st) => super::typed_storage::index(st, int_key("storage")?, span),
            Value::Storage(st) => {
                let n = st.nbytes() as i64;
                let i = int_key("storage")?;
                let j = if i < 0 { i + n } else { i };
                if j < 0 || j >= n {
                    return Err(EvalError::new(ErrorKind::IndexError, format!("index {i} out of range for storage of size {n}"), span));
                }
                Ok(Value::Int(st.bytes().bytes()[j as usize] as i64))
            }
            Value::NdFlags(a) => match &key {
                Value::Str(k) => super::ndarray::flag(a, k, span),
                other => Err(EvalError::new(ErrorKind::KeyError, format!("Unknown flag {}", super::py::repr::repr(other)), span)),
            },
            Value::Tuple(xs) => Ok(xs[seq_position(int_key("tuple")?, xs.len(), "tuple", span)?].clone()),
            Value::NamedTuple(_, fs) => Ok(fs[seq_position(int_key("tuple")?, fs.len(), "tuple", span)?].1.clone()),
            Value::Size(xs) => Ok(Value::Int(xs[seq_position(int_key("tuple")?, xs.len(), "tuple", span)?] as i64)),
            Value::Str(s) => {
                let chars: Vec<char> = s.chars().collect();
                let i = to_int(&key).filter(|_| !matches!(key, Value::Float(_))).ok_or_else(|| {
                    EvalError::type_error(format!("string indices must be integers, not '{}'", key.type_name()), span)
                })?;
                Ok(Value::Str(chars[seq_position(i, chars.len(), "string", span)?].to_string()))
            }
            Value::Range(a, b, st) => {
                let n = super::py::seq::range_len(*a, *b, *st) as usize;
                let i = int_key("range")?;
                Ok(Value::Int(a + st * seq_position(i, n, "range object", span)? as i64))
            }
            other => Err(EvalError::type_error(format!("'{}' object is not subscriptable", other.type_name()), span)),
        }
    }

    /// `xs[a:b:c] = v` for a list.
    fn set_list_slice(&mut self, l: &Rc<RefCell<Vec<Value>>>, a: Option<i64>, b: Option<i64>, c: Option<i64>, v: Value, span: Span) -> EvalResult<()> {
        let new = self.items_of(&v, span)?;
        let n = l.borrow().len();
        let pos = slice_positions(a, b, c, n, span)?;
        if c.unwrap_or(1) == 1 {
            let lo = pos.first().copied().unwrap_or_else(|| a.map(|a| if a < 0 { (a + n as i64).max(0) as usize } else { (a as usize).min(n) }).unwrap_or(0));
            let hi = pos.last().map(|p| p + 1).unwrap_or(lo);
            l.borrow_mut().splice(lo..hi, new);
            return Ok(());
        }
        if pos.len() != new.len() {
            return Err(EvalError::new(ErrorKind::ValueError, format!("attempt to assign sequence of size {} to extended slice of size {}", new.len(), pos.len()), span));
        }
        let mut l = l.borrow_mut();
        for (p, x) in pos.into_iter().zip(new) {
            l[p] = x;
        }
        Ok(())
    }

    /// `o[items] = v` for lists and dicts.
    pub(super) fn set_item(&mut self, o: Value, items: &[IndexItem], v: Value, span: Span) -> EvalResult<()> {
        match (&o, items) {
            (Value::Dict(d), [IndexItem::Expr(e)]) => {
                let k = self.eval(e)?;
                d.borrow_mut().insert(k, v, span)
            }
            (Value::List(l), [IndexItem::Slice { start, stop, step, .. }]) => {
                let (a, b, c) = (self.opt_int(start)?, self.opt_int(stop)?, self.opt_int(step)?);
                self.set_list_slice(l, a, b, c, v, span)
            }
            (Value::TypedStorage(st), [IndexItem::Expr(e)]) => {
                let i = self.eval(e)?;
                let i = super::args::to_int(&i).ok_or_else(|| EvalError::type_error("storage indices must be integers", span))?;
                super::typed_storage::set(st, i, &v, span)
            }
            (Value::List(l), [IndexItem::Expr(e)]) => match self.list_position(l, e, span)? {
                Ok(p) => {
                    l.borrow_mut()[p] = v;
                    Ok(())
                }
                // `xs[slice(1, 3)] = …`: a slice object as the key.
                Err((a, b, c)) => self.set_list_slice(l, a, b, c, v, span),
            },
            (other, _) => Err(EvalError::type_error(format!("'{}' object does not support item assignment", other.type_name()), span)),
        }
    }

    /// The position `l[e]` names for assignment or deletion.
    /// The position `xs[e]` names, or the slice when `e` is a slice object.
    fn list_position(&mut self, l: &Rc<RefCell<Vec<Value>>>, e: &Expr, span: Span) -> EvalResult<Result<usize, SliceParts>> {
        let k = self.eval(e)?;
        if let Value::Slice(a, b, c) = k {
            return Ok(Err((a, b, c)));
        }
        let i = to_int(&k).ok_or_else(|| EvalError::type_error(format!("list indices must be integers or slices, not {}", k.type_name()), span))?;
        let n = l.borrow().len();
        seq_position(i, n, "list assignment", span).map(Ok)
    }

    /// `del o[items]`.
    pub(super) fn del_item(&mut self, o: Value, items: &[IndexItem], span: Span) -> EvalResult<()> {
        match (&o, items) {
            (Value::Dict(d), [IndexItem::Expr(e)]) => {
                let k = self.eval(e)?;
                match d.borrow_mut().remove(&k, span)? {
                    Some(_) => Ok(()),
                    None => Err(super::py::dict::key_error(&k, span)),
                }
            }
            (Value::List(l), [IndexItem::Slice { start, stop, step, .. }]) => {
                let (a, b, c) = (self.opt_int(start)?, self.opt_int(stop)?, self.opt_int(step)?);
                del_list_slice(l, a, b, c, span)
            }
            (Value::List(l), [IndexItem::Expr(e)]) => match self.list_position(l, e, span)? {
                Ok(p) => {
                    l.borrow_mut().remove(p);
                    Ok(())
                }
                Err((a, b, c)) => del_list_slice(l, a, b, c, span),
            },
            (Value::Tensor(_), _) => Err(EvalError::type_error("'Tensor' object does not support item deletion", span)),
            (other, _) => Err(EvalError::type_error(format!("'{}' object doesn't support item deletion", other.type_name()), span)),
        }
    }
}

/// A slice's start, stop and step.
type SliceParts = (Option<i64>, Option<i64>, Option<i64>);

/// `del xs[a:b:c]` for a list.
fn del_list_slice(l: &Rc<RefCell<Vec<Value>>>, a: Option<i64>, b: Option<i64>, c: Option<i64>, span: Span) -> EvalResult<()> {
    let n = l.borrow().len();
    let mut pos = slice_positions(a, b, c, n, span)?;
    pos.sort_unstable();
    let mut l = l.borrow_mut();
    for p in pos.into_iter().rev() {
        l.remove(p);
    }
    Ok(())
}

/// `o[a:b:c]` for lists, tuples, strings, ranges and sizes.
fn slice_value(o: &Value, a: Option<i64>, b: Option<i64>, c: Option<i64>, span: Span) -> EvalResult<Value> {
    let pick = |xs: &[Value]| -> EvalResult<Vec<Value>> { Ok(slice_positions(a, b, c, xs.len(), span)?.into_iter().map(|i| xs[i].clone()).collect()) };
    Ok(match o {
        Value::List(xs) => Value::list(pick(&xs.borrow())?),
        Value::Tuple(xs) => Value::Tuple(pick(xs)?),
        Value::NamedTuple(_, fs) => Value::Tuple(pick(&fs.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>())?),
        Value::Size(xs) => {
            let pos = slice_positions(a, b, c, xs.len(), span)?;
            Value::Size(pos.into_iter().map(|i| xs[i]).collect())
        }
        Value::Str(s) => {
            let chars: Vec<char> = s.chars().collect();
            Value::Str(slice_positions(a, b, c, chars.len(), span)?.into_iter().map(|i| chars[i]).collect())
        }
        Value::Range(r0, r1, st) => {
            let n = super::py::seq::range_len(*r0, *r1, *st) as usize;
            let pos = slice_positions(a, b, c, n, span)?;
            let step = c.unwrap_or(1) * st;
            match pos.first() {
                Some(&f) => {
                    let start = r0 + f as i64 * st;
                    Value::Range(start, start + pos.len() as i64 * step, step)
                }
                None => Value::Range(*r0, *r0, step),
            }
        }
        Value::Dict(_) => return Err(EvalError::type_error("unhashable type: 'slice'", span)),
        other => return Err(EvalError::type_error(format!("'{}' object is not subscriptable", other.type_name()), span)),
    })
}
