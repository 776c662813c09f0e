//! Python's builtin functions and type constructors, one table row each.
//! A name here shadows tsr's bare torch function of the same name (`sum`,
//! `max`, `abs`, …), as in Python; `torch.sum` stays the torch one.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use crate::engine::{ErrorKind, Scalar};
use crate::lang::ast::{BinOp, CmpOp};
use crate::lang::span::Span;
use crate::report::{Report, TextReport};

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::{PyDict, Value};

/// Evaluated call arguments.
pub struct Call {
    pub name: &'static str,
    pub pos: Vec<Value>,
    pub kw: Vec<(String, Value)>,
    pub span: Span,
}

impl Call {
    pub(super) fn err(&self, m: impl Into<String>) -> EvalError {
        EvalError::type_error(m, self.span)
    }

    pub(super) fn kw(&mut self, k: &str) -> Option<Value> {
        let i = self.kw.iter().position(|(n, _)| n == k)?;
        Some(self.kw.remove(i).1)
    }

    /// Python's "f() takes at most N arguments" checks.
    pub(super) fn arity(&self, min: usize, max: usize) -> EvalResult<()> {
        let n = self.pos.len();
        if let Some((k, _)) = self.kw.first() {
            return Err(self.err(format!("{}() got an unexpected keyword argument '{k}'", self.name)));
        }
        if n < min || n > max {
            let what = if min == max && min == 1 {
                format!("{}() takes exactly one argument ({n} given)", self.name)
            } else if min == max {
                format!("{}() takes exactly {} argument{} ({n} given)", self.name, min, if min == 1 { "" } else { "s" })
            } else if n < min {
                format!("{} expected at least {min} argument{}, got {n}", self.name, if min == 1 { "" } else { "s" })
            } else {
                format!("{} expected at most {max} argument{}, got {n}", self.name, if max == 1 { "" } else { "s" })
            };
            return Err(self.err(what));
        }
        Ok(())
    }
}

type Builtin = fn(&mut Interp, Call) -> EvalResult<Value>;

/// The builtins: (name, is a type, implementation).
pub const BUILTINS: &[(&str, bool, Builtin)] = &[
    ("print", false, print),
    ("len", false, len),
    ("range", true, super::seq::range),
    ("slice", true, super::seq::slice),
    ("enumerate", true, enumerate),
    ("zip", true, zip),
    ("reversed", true, reversed),
    ("sorted", false, sorted),
    ("min", false, min),
    ("max", false, max),
    ("sum", false, sum),
    ("any", false, any),
    ("all", false, all),
    ("map", true, map),
    ("filter", true, filter),
    ("abs", false, abs),
    ("round", false, super::numbers::round),
    ("divmod", false, divmod),
    ("pow", false, pow),
    ("int", true, super::numbers::int),
    ("float", true, super::numbers::float),
    ("bool", true, bool_),
    ("str", true, str_),
    ("repr", false, repr_),
    ("list", true, list),
    ("tuple", true, tuple),
    ("dict", true, dict),
    ("set", true, set),
    ("isinstance", false, isinstance),
    ("type", true, type_),
    ("getattr", false, getattr),
    ("hasattr", false, hasattr),
    ("hex", false, hex),
    ("bin", false, bin),
    ("oct", false, oct),
    ("chr", false, chr),
    ("ord", false, ord),
    ("id", false, id),
    ("iter", false, iter),
    ("next", false, next),
    ("callable", false, callable),
    ("format", false, format),
    ("ascii", false, ascii),
    ("exit", false, exit),
    ("quit", false, exit),
    ("object", true, object),
    ("help", false, super::super::registry::help::help_builtin),
];

/// The builtin named `name` as a value.
pub fn lookup(name: &str) -> Option<Value> {
    if let Some((n, is_type, _)) = BUILTINS.iter().find(|(n, _, _)| *n == name) {
        return Some(if *is_type { Value::Type(n) } else { Value::Builtin(n) });
    }
    super::exc::static_name(name).map(Value::Type)
}

/// Calls the builtin `name`.
pub fn call(it: &mut Interp, name: &str, pos: Vec<Value>, kw: Vec<(String, Value)>, span: Span) -> EvalResult<Value> {
    if let Some(kind) = super::exc::from_name(name) {
        if let Some((k, _)) = kw.first() {
            return Err(EvalError::type_error(format!("{name}() takes no keyword arguments (got '{k}')"), span));
        }
        let message = super::exc::message_of(kind, &pos);
        return Ok(Value::Exception(Rc::new(super::exc::PyExc { kind, message, args: pos, cause: None })));
    }
    // `np.float32(2.1)`: NumPy's scalar classes construct scalars.
    if let Some(d) = name.strip_prefix("numpy.").and_then(|n| super::super::numpy_module::dtype_of(&Value::Str(n.to_string()))) {
        return super::super::numpy_math::scalar_of(d, &pos, span);
    }
    let Some((n, _, f)) = BUILTINS.iter().find(|(n, _, _)| *n == name) else {
        return Err(EvalError::type_error(format!("'{name}' is not callable"), span));
    };
    // Numeric builtins see a NumPy scalar as the Python number it holds.
    let pos = if matches!(name, "int" | "float" | "round" | "abs" | "range" | "bool" | "divmod" | "pow" | "hex" | "oct" | "bin" | "chr") {
        pos.into_iter().map(|v| match v {
            Value::NpScalar(_, s) => Value::from_scalar(s),
            other => other,
        }).collect()
    } else {
        pos
    };
    f(it, Call { name: n, pos, kw, span })
}

fn print(it: &mut Interp, mut c: Call) -> EvalResult<Value> {
    let sep = match c.kw("sep") {
        None | Some(Value::None) => " ".to_string(),
        Some(Value::Str(s)) => s,
        Some(v) => return Err(c.err(format!("sep must be None or a string, not {}", v.type_name()))),
    };
    let end = match c.kw("end") {
        None | Some(Value::None) => "\n".to_string(),
        Some(Value::Str(s)) => s,
        Some(v) => return Err(c.err(format!("end must be None or a string, not {}", v.type_name()))),
    };
    c.kw("flush");
    if let Some((k, _)) = c.kw.first() {
        return Err(c.err(format!("'{k}' is an invalid keyword argument for print()")));
    }
    let parts: Vec<String> = c.pos.iter().map(|v| super::repr::checked(v, true, c.span)).collect::<EvalResult<_>>()?;
    it.emit(Report::Print(TextReport { text: parts.join(&sep), end }));
    Ok(Value::None)
}

fn len(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    let n = match &c.pos[0] {
        Value::Str(s) => s.chars().count(),
        Value::List(xs) => xs.borrow().len(),
        Value::Tuple(xs) => xs.len(),
        Value::Dict(d) | Value::Set(d) | Value::DictView(d, _) => d.borrow().len(),
        Value::Size(xs) => xs.len(),
        Value::NamedTuple(_, fs) => fs.len(),
        Value::Range(a, b, s) => super::seq::range_len(*a, *b, *s) as usize,
        Value::Tensor(t) => {
            if t.ndim() == 0 {
                return Err(c.err("len() of a 0-d tensor"));
            }
            t.shape()[0]
        }
        Value::Storage(s) => s.nbytes(),
        Value::TypedStorage(s) => s.len(),
        Value::NdArray(a) if a.view.ndim() == 0 => return Err(c.err("len() of unsized object")),
        Value::NdArray(a) => a.view.shape()[0],
        other => return Err(c.err(format!("object of type '{}' has no len()", other.type_name()))),
    };
    Ok(Value::Int(n as i64))
}

pub(super) fn int_arg(c: &Call, v: &Value) -> EvalResult<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(*b as i64),
        Value::Tensor(t) if t.numel() == 1 && !t.dtype.is_floating() => t.item().map(|s| s.as_i64()).map_err(|e| EvalError::from_engine(e, c.span)),
        other => Err(c.err(format!("'{}' object cannot be interpreted as an integer", other.type_name()))),
    }
}

fn iter_value(items: Vec<Value>, name: &'static str) -> Value {
    Value::Iter(Rc::new(RefCell::new(VecDeque::from(items))), name)
}

fn enumerate(it: &mut Interp, mut c: Call) -> EvalResult<Value> {
    let start = match c.kw("start") {
        Some(v) => int_arg(&c, &v)?,
        None if c.pos.len() == 2 => int_arg(&c, &c.pos[1])?,
        None => 0,
    };
    if c.pos.is_empty() {
        return Err(c.err("enumerate() missing required argument 'iterable'"));
    }
    let items = it.items_of(&c.pos[0], c.span)?;
    let mut n = start;
    Ok(iter_value(
        items
            .into_iter()
            .map(|x| {
                let v = Value::Tuple(vec![Value::Int(n), x]);
                n += 1;
                v
            })
            .collect(),
        "enumerate",
    ))
}

fn zip(it: &mut Interp, mut c: Call) -> EvalResult<Value> {
    let strict = c.kw("strict").is_some_and(|v| v.truthy().unwrap_or(false));
    let cols: Vec<Vec<Value>> = c.pos.iter().map(|v| it.items_of(v, c.span)).collect::<EvalResult<_>>()?;
    let n = cols.iter().map(Vec::len).min().unwrap_or(0);
    // CPython names the first argument whose length differs from the first's.
    if strict && let Some(i) = cols.iter().position(|col| col.len() != cols[0].len()) {
        let how = if cols[i].len() > cols[0].len() { "longer" } else { "shorter" };
        let than = if i == 1 { "argument 1".to_string() } else { format!("arguments 1-{i}") };
        return Err(EvalError::new(ErrorKind::ValueError, format!("zip() argument {} is {how} than {than}", i + 1), c.span));
    }
    Ok(iter_value((0..n).map(|i| Value::Tuple(cols.iter().map(|col| col[i].clone()).collect())).collect(), "zip"))
}

fn reversed(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    match &c.pos[0] {
        Value::Set(_) | Value::Iter(..) => return Err(c.err(format!("'{}' object is not reversible", c.pos[0].type_name()))),
        _ => {}
    }
    let mut items = it.items_of(&c.pos[0], c.span)?;
    items.reverse();
    let name = if matches!(c.pos[0], Value::List(_)) { "list_reverseiterator" } else { "reversed" };
    Ok(iter_value(items, name))
}

fn sorted(it: &mut Interp, mut c: Call) -> EvalResult<Value> {
    let key = c.kw("key");
    let reverse = c.kw("reverse").is_some_and(|v| v.truthy().unwrap_or(false));
    // sorted() hands its keywords to list.sort, which names itself.
    if let Some((k, _)) = c.kw.first() {
        return Err(c.err(format!("'{k}' is an invalid keyword argument for sort()")));
    }
    c.arity(1, 1)?;
    let items = it.items_of(&c.pos[0], c.span)?;
    Ok(Value::list(super::sort::sort_values(it, items, key, reverse, c.span)?))
}

fn extreme(it: &mut Interp, mut c: Call, want_max: bool) -> EvalResult<Value> {
    let key = c.kw("key");
    let default = c.kw("default");
    if let Some((k, _)) = c.kw.first() {
        return Err(c.err(format!("'{k}' is an invalid keyword argument for {}()", c.name)));
    }
    let items = match c.pos.len() {
        0 => return Err(c.err(format!("{} expected at least 1 argument, got 0", c.name))),
        1 => it.items_of(&c.pos[0], c.span)?,
        _ => c.pos.clone(),
    };
    if items.is_empty() {
        return default.ok_or_else(|| EvalError::new(ErrorKind::ValueError, format!("{}() iterable argument is empty", c.name), c.span));
    }
    let mut best = items[0].clone();
    let mut best_key = match &key {
        Some(f) if !matches!(f, Value::None) => it.call_value_args(f.clone(), vec![best.clone()], vec![], c.span)?,
        _ => best.clone(),
    };
    for x in items.into_iter().skip(1) {
        let k = match &key {
            Some(f) if !matches!(f, Value::None) => it.call_value_args(f.clone(), vec![x.clone()], vec![], c.span)?,
            _ => x.clone(),
        };
        // CPython asks `item > best` for max and `item < best` for min.
        let better = match (&k, &best_key) {
            (Value::Tensor(_), _) | (_, Value::Tensor(_)) => {
                if want_max { it.py_less(&best_key, &k, c.span)? } else { it.py_less(&k, &best_key, c.span)? }
            }
            _ => super::compare::py_order(if want_max { CmpOp::Gt } else { CmpOp::Lt }, &k, &best_key, c.span)?,
        };
        if better {
            best = x;
            best_key = k;
        }
    }
    Ok(best)
}

fn min(it: &mut Interp, c: Call) -> EvalResult<Value> {
    extreme(it, c, false)
}

fn max(it: &mut Interp, c: Call) -> EvalResult<Value> {
    extreme(it, c, true)
}

fn sum(it: &mut Interp, mut c: Call) -> EvalResult<Value> {
    let start = c.kw("start");
    if c.pos.is_empty() || c.pos.len() > 2 {
        return Err(c.err(format!("sum() takes at most 2 arguments ({} given)", c.pos.len())));
    }
    let acc = start.or_else(|| c.pos.get(1).cloned()).unwrap_or(Value::Int(0));
    if let Value::Str(_) = acc {
        return Err(c.err("sum() can't sum strings [use ''.join(seq) instead]"));
    }
    let mut sum = SumAcc::new(acc);
    let mut iter = it.iter_of(&c.pos[0], c.span)?;
    while let Some(x) = it.next_item(&mut iter, c.span)? {
        it.check_interrupt(c.span)?;
        sum.add(it, x, c.span)?;
    }
    Ok(sum.finish())
}

/// Python's `sum`: `+` from left to right, except that floats are added
/// with Neumaier's compensated summation, as CPython 3.12 does.
pub struct SumAcc {
    acc: Value,
    comp: Option<f64>,
}

impl SumAcc {
    pub fn new(start: Value) -> Self {
        SumAcc { acc: start, comp: None }
    }

    pub fn add(&mut self, it: &mut Interp, x: Value, span: Span) -> EvalResult<()> {
        let num = |v: &Value| matches!(v, Value::Float(_) | Value::Int(_) | Value::Bool(_));
        let float = matches!(self.acc, Value::Float(_)) || matches!(x, Value::Float(_));
        if float && num(&self.acc) && num(&x) {
            let s = self.acc.as_scalar().map(Scalar::as_f64).unwrap_or(0.0);
            let v = x.as_scalar().map(Scalar::as_f64).unwrap_or(0.0);
            let t = s + v;
            let c = self.comp.get_or_insert(0.0);
            if s.abs() >= v.abs() {
                *c += (s - t) + v;
            } else {
                *c += (v - t) + s;
            }
            self.acc = Value::Float(t);
            return Ok(());
        }
        if let (Some(c), Value::Float(s)) = (self.comp.take(), &self.acc) {
            self.acc = Value::Float(s + c);
        }
        self.acc = super::super::ops::binop(it, BinOp::Add, &self.acc, &x, span)?;
        Ok(())
    }

    pub fn finish(self) -> Value {
        match (self.comp, &self.acc) {
            // Python leaves an infinite or NaN sum as it is.
            (Some(c), Value::Float(s)) if c != 0.0 && s.is_finite() => Value::Float(s + c),
            _ => self.acc,
        }
    }
}

fn any(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    let mut iter = it.iter_of(&c.pos[0], c.span)?;
    while let Some(x) = it.next_item(&mut iter, c.span)? {
        if super::super::expr::truthy(&x, c.span)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn all(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    let mut iter = it.iter_of(&c.pos[0], c.span)?;
    while let Some(x) = it.next_item(&mut iter, c.span)? {
        if !super::super::expr::truthy(&x, c.span)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn map(it: &mut Interp, c: Call) -> EvalResult<Value> {
    if c.pos.len() < 2 {
        return Err(c.err("map() must have at least two arguments."));
    }
    let f = c.pos[0].clone();
    let cols: Vec<Vec<Value>> = c.pos[1..].iter().map(|v| it.items_of(v, c.span)).collect::<EvalResult<_>>()?;
    let n = cols.iter().map(Vec::len).min().unwrap_or(0);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let args = cols.iter().map(|col| col[i].clone()).collect();
        out.push(it.call_value_args(f.clone(), args, vec![], c.span)?);
    }
    Ok(iter_value(out, "map"))
}

fn filter(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(2, 2)?;
    let items = it.items_of(&c.pos[1], c.span)?;
    let mut out = vec![];
    for x in items {
        let keep = match &c.pos[0] {
            Value::None => super::super::expr::truthy(&x, c.span)?,
            f => {
                let r = it.call_value_args(f.clone(), vec![x.clone()], vec![], c.span)?;
                super::super::expr::truthy(&r, c.span)?
            }
        };
        if keep {
            out.push(x);
        }
    }
    Ok(iter_value(out, "filter"))
}

fn abs(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    match &c.pos[0] {
        Value::Int(i) => i.checked_abs().map(Value::Int).ok_or_else(|| EvalError::new(ErrorKind::OverflowError, "integer overflow (tsr ints are 64-bit)", c.span)),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        Value::Tensor(t) => super::super::ops::tensor_unary(it, crate::engine::ops::elementwise::UnaryOp::Abs, t, c.span),
        other => Err(c.err(format!("bad operand type for abs(): '{}'", other.type_name()))),
    }
}

fn divmod(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(2, 2)?;
    if c.pos.iter().any(|v| v.as_scalar().is_none() && !matches!(v, Value::Tensor(_))) {
        return Err(c.err(format!("unsupported operand type(s) for divmod(): '{}' and '{}'", c.pos[0].type_name(), c.pos[1].type_name())));
    }
    if (matches!(c.pos[0], Value::Float(_)) || matches!(c.pos[1], Value::Float(_)))
        && let (Some(a), Some(b)) = (c.pos[0].as_scalar(), c.pos[1].as_scalar()) {
            if b.as_f64() == 0.0 {
                return Err(EvalError::new(ErrorKind::ZeroDivisionError, "float divmod()", c.span));
            }
            let (q, r) = super::super::ops::float_divmod(a.as_f64(), b.as_f64());
            return Ok(Value::Tuple(vec![Value::Float(q), Value::Float(r)]));
        }
    let q = super::super::ops::binop(it, BinOp::FloorDiv, &c.pos[0], &c.pos[1], c.span)?;
    let r = super::super::ops::binop(it, BinOp::Mod, &c.pos[0], &c.pos[1], c.span)?;
    Ok(Value::Tuple(vec![q, r]))
}

fn pow(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(2, 3)?;
    if let Some(m) = c.pos.get(2) {
        let (b, e, m) = (int_arg(&c, &c.pos[0])?, int_arg(&c, &c.pos[1])?, int_arg(&c, m)?);
        if m == 0 {
            return Err(EvalError::new(ErrorKind::ValueError, "pow() 3rd argument cannot be 0", c.span));
        }
        let (b, e) = if e < 0 {
            // Python 3.8+: a negative exponent takes the modular inverse.
            let (mut t, mut nt, mut r, mut nr) = (0i128, 1i128, (m as i128).abs(), (b as i128).rem_euclid((m as i128).abs()));
            while nr != 0 {
                let q = r / nr;
                (t, nt) = (nt, t - q * nt);
                (r, nr) = (nr, r - q * nr);
            }
            if r != 1 {
                return Err(EvalError::new(ErrorKind::ValueError, "base is not invertible for the given modulus", c.span));
            }
            (t.rem_euclid((m as i128).abs()) as i64, -e)
        } else {
            (b, e)
        };
        let (mut r, mut b, mut e) = (1i128, (b as i128).rem_euclid(m as i128), e);
        while e > 0 {
            if e & 1 == 1 {
                r = r * b % m as i128;
            }
            b = b * b % m as i128;
            e >>= 1;
        }
        let mut r = r.rem_euclid(m as i128);
        if m < 0 && r > 0 {
            r += m as i128;
        }
        return Ok(Value::Int(r as i64));
    }
    super::super::ops::binop(it, BinOp::Pow, &c.pos[0], &c.pos[1], c.span)
}

fn bool_(_: &mut Interp, c: Call) -> EvalResult<Value> {
    if c.pos.is_empty() {
        return Ok(Value::Bool(false));
    }
    c.arity(1, 1)?;
    Ok(Value::Bool(super::super::expr::truthy(&c.pos[0], c.span)?))
}

fn str_(_: &mut Interp, c: Call) -> EvalResult<Value> {
    if c.pos.is_empty() {
        return Ok(Value::Str(String::new()));
    }
    c.arity(1, 1)?;
    Ok(Value::Str(super::repr::checked(&c.pos[0], true, c.span)?))
}

fn repr_(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    Ok(Value::Str(super::repr::checked(&c.pos[0], false, c.span)?))
}

fn list(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(0, 1)?;
    Ok(Value::list(match c.pos.first() {
        Some(v) => it.items_of(v, c.span)?,
        None => vec![],
    }))
}

fn tuple(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(0, 1)?;
    Ok(Value::Tuple(match c.pos.first() {
        Some(v) => it.items_of(v, c.span)?,
        None => vec![],
    }))
}

fn dict(it: &mut Interp, c: Call) -> EvalResult<Value> {
    let mut d = PyDict::default();
    if c.pos.len() > 1 {
        return Err(c.err(format!("dict expected at most 1 argument, got {}", c.pos.len())));
    }
    if let Some(src) = c.pos.first() {
        match src {
            Value::Dict(other) => d = other.borrow().clone(),
            other => {
                for (i, pair) in it.items_of(other, c.span)?.into_iter().enumerate() {
                    let kv = it.items_of(&pair, c.span).map_err(|_| c.err(format!("cannot convert dictionary update sequence element #{i} to a sequence")))?;
                    if kv.len() != 2 {
                        return Err(EvalError::new(
                            ErrorKind::ValueError,
                            format!("dictionary update sequence element #{i} has length {}; 2 is required", kv.len()),
                            c.span,
                        ));
                    }
                    d.insert(kv[0].clone(), kv[1].clone(), c.span)?;
                }
            }
        }
    }
    for (k, v) in c.kw {
        d.insert_str(k, v);
    }
    Ok(Value::Dict(Rc::new(RefCell::new(d))))
}

fn set(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(0, 1)?;
    let mut d = PyDict::default();
    if let Some(v) = c.pos.first() {
        for x in it.items_of(v, c.span)? {
            d.insert(x, Value::None, c.span)?;
        }
    }
    Ok(Value::Set(Rc::new(RefCell::new(d))))
}

/// The type name `isinstance` and `type()` see for a value.
pub fn type_of(v: &Value) -> &'static str {
    match v {
        Value::Tensor(t) if t.parameter => "Parameter",
        Value::Tensor(_) => "Tensor",
        Value::Size(_) => "Size",
        Value::Iter(_, name) => name,
        Value::NamedTuple(name, _) => node_class(&format!("torch.return_types.{name}")),
        Value::Exception(e) => super::exc::TYPES.iter().find(|(k, _, _)| *k == e.kind).map(|(_, n, _)| *n).unwrap_or("Exception"),
        // A node's class is its name (`<class 'ExpBackward0'>`).
        Value::GradFn(n) => node_class(&n.name),
        other => other.type_name(),
    }
}

/// The class name of the autograd node `name` (or of a return type), interned:
/// these names are tsr's own (a fixed set written in its source), so this
/// stays small.
fn node_class(name: &str) -> &'static str {
    thread_local! {
        static CLASSES: std::cell::RefCell<Vec<&'static str>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    CLASSES.with(|c| {
        if let Some(n) = c.borrow().iter().find(|n| **n == name) {
            return *n;
        }
        let n: &'static str = Box::leak(name.to_string().into_boxed_str());
        c.borrow_mut().push(n);
        n
    })
}

fn is_instance(v: &Value, ty: &str) -> bool {
    let t = type_of(v);
    t == ty
        || (ty == "int" && t == "bool")
        || (ty == "Tensor" && t == "Parameter")
        || (ty == "tuple" && matches!(v, Value::Size(_) | Value::NamedTuple(..)))
        || ty == "object"
        || match (v, super::exc::from_name(ty)) {
            (Value::Exception(e), Some(k)) => super::exc::is_subclass(e.kind, k),
            _ => false,
        }
}

fn isinstance(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(2, 2)?;
    let types = match &c.pos[1] {
        Value::Tuple(ts) => ts.clone(),
        t => vec![t.clone()],
    };
    // Tuples of types may nest: isinstance(x, (list, (str, int))).
    let mut stack = types;
    while let Some(t) = stack.pop() {
        match t {
            Value::Type(name) if is_instance(&c.pos[0], name) => return Ok(Value::Bool(true)),
            Value::Type(_) => {}
            // `torch.device` is a class that tsr calls as a function.
            Value::Function(f) if f == "device" => {
                if matches!(c.pos[0], Value::Device(_)) {
                    return Ok(Value::Bool(true));
                }
            }
            Value::Tuple(ts) => stack.extend(ts),
            _ => return Err(c.err("isinstance() arg 2 must be a type, a tuple of types, or a union")),
        }
    }
    Ok(Value::Bool(false))
}

fn type_(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    Ok(Value::Type(type_of(&c.pos[0])))
}

fn getattr(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(2, 3)?;
    let Value::Str(name) = &c.pos[1] else {
        return Err(c.err("attribute name must be string"));
    };
    match it.get_attr(c.pos[0].clone(), name, c.span) {
        Ok(v) => Ok(v),
        Err(e) if e.kind == ErrorKind::AttributeError && c.pos.len() == 3 => Ok(c.pos[2].clone()),
        Err(e) => Err(e),
    }
}

fn hasattr(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(2, 2)?;
    let Value::Str(name) = &c.pos[1] else {
        return Err(c.err("attribute name must be string"));
    };
    match it.get_attr(c.pos[0].clone(), name, c.span) {
        Ok(_) => Ok(Value::Bool(true)),
        Err(e) if e.kind == ErrorKind::AttributeError => Ok(Value::Bool(false)),
        Err(e) => Err(e),
    }
}

fn radix(c: Call, prefix: &str, f: fn(u64) -> String) -> EvalResult<Value> {
    c.arity(1, 1)?;
    let i = int_arg(&c, &c.pos[0])?;
    let sign = if i < 0 { "-" } else { "" };
    Ok(Value::Str(format!("{sign}{prefix}{}", f(i.unsigned_abs()))))
}

fn hex(_: &mut Interp, c: Call) -> EvalResult<Value> {
    radix(c, "0x", |v| format!("{v:x}"))
}

fn bin(_: &mut Interp, c: Call) -> EvalResult<Value> {
    radix(c, "0b", |v| format!("{v:b}"))
}

fn oct(_: &mut Interp, c: Call) -> EvalResult<Value> {
    radix(c, "0o", |v| format!("{v:o}"))
}

fn chr(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    let i = int_arg(&c, &c.pos[0])?;
    u32::try_from(i)
        .ok()
        .and_then(char::from_u32)
        .map(|ch| Value::Str(ch.to_string()))
        .ok_or_else(|| EvalError::new(ErrorKind::ValueError, "chr() arg not in range(0x110000)", c.span))
}

fn ord(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    match &c.pos[0] {
        Value::Str(s) if s.chars().count() == 1 => Ok(Value::Int(s.chars().next().map_or(0, |ch| ch as i64))),
        Value::Str(s) => Err(c.err(format!("ord() expected a character, but string of length {} found", s.chars().count()))),
        other => Err(c.err(format!("ord() expected string of length 1, but {} found", other.type_name()))),
    }
}

fn id(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    let v = &c.pos[0];
    let p = super::repr::identity(v).unwrap_or(v as *const Value as usize);
    Ok(Value::Int(super::repr::object_address(p) as i64))
}

fn iter(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    if let Value::Iter(..) | Value::Gen(_) = &c.pos[0] {
        return Ok(c.pos[0].clone());
    }
    let name = match &c.pos[0] {
        Value::List(_) => "list_iterator",
        Value::Tuple(_) => "tuple_iterator",
        Value::Str(_) => "str_ascii_iterator",
        Value::Range(..) => "range_iterator",
        Value::Dict(_) => "dict_keyiterator",
        Value::Set(_) => "set_iterator",
        _ => "iterator",
    };
    Ok(iter_value(it.items_of(&c.pos[0], c.span)?, name))
}

fn next(it: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 2)?;
    if let Value::Gen(g) = &c.pos[0] {
        return match (it.gen_next(g, c.span)?, c.pos.get(1)) {
            (Some(v), _) => Ok(v),
            (None, Some(d)) => Ok(d.clone()),
            (None, None) => Err(EvalError::new(ErrorKind::StopIteration, "", c.span)),
        };
    }
    let Value::Iter(q, _) = &c.pos[0] else {
        return Err(c.err(format!("'{}' object is not an iterator", c.pos[0].type_name())));
    };
    let item = q.borrow_mut().pop_front();
    match (item, c.pos.get(1)) {
        (Some(v), _) => Ok(v),
        (None, Some(d)) => Ok(d.clone()),
        (None, None) => Err(EvalError::new(ErrorKind::StopIteration, "", c.span)),
    }
}

fn callable(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    Ok(Value::Bool(matches!(c.pos[0], Value::Func(_) | Value::Builtin(_) | Value::Type(_) | Value::Method(_) | Value::Function(_))))
}

fn format(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 2)?;
    let spec = match c.pos.get(1) {
        Some(Value::Str(s)) => s.clone(),
        Some(other) => return Err(c.err(format!("format() argument 2 must be str, not {}", other.type_name()))),
        None => String::new(),
    };
    super::format::format_value(&c.pos[0], &spec, c.span).map(Value::Str)
}

/// `exit([code])`: raises `SystemExit`; the runner stops with the code
/// (a number is the status, anything else is printed and the status is 1).
fn exit(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(0, 1)?;
    let message = match c.pos.first() {
        None | Some(Value::None) => String::new(),
        Some(v) => super::repr::str(v),
    };
    Err(EvalError::new(ErrorKind::SystemExit, message, c.span))
}

fn ascii(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 1)?;
    Ok(Value::Str(super::repr::ascii(&super::repr::checked(&c.pos[0], false, c.span)?)))
}

fn object(_: &mut Interp, c: Call) -> EvalResult<Value> {
    Err(c.err("tsr has no plain objects (object())"))
}

impl Interp {
    /// Python's `a < b` as a bool (tensors through their truth value).
    pub fn py_less(&mut self, a: &Value, b: &Value, span: Span) -> EvalResult<bool> {
        match (a, b) {
            (Value::Tensor(_), _) | (_, Value::Tensor(_)) => {
                let r = super::super::ops::compare(self, CmpOp::Lt, a, b, span)?;
                super::super::expr::truthy(&r, span)
            }
            _ => super::compare::py_order(CmpOp::Lt, a, b, span),
        }
    }
}
