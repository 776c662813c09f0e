//! Python semantics of operators on non-tensor values: `==` and ordering
//! (lexicographic for sequences), `in`, and the sequence, string, set and
//! dict operators (`+`, `*`, `%`, `|`, `&`, `-`, `^`).

use std::cell::RefCell;
use std::rc::Rc;

use crate::lang::ast::{BinOp, CmpOp};
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::{PyDict, Value};

fn seq(v: &Value) -> Option<(u8, Vec<Value>)> {
    match v {
        Value::Tuple(xs) => Some((0, xs.clone())),
        Value::Size(xs) => Some((0, xs.iter().map(|&x| Value::Int(x as i64)).collect())),
        Value::NamedTuple(_, fs) => Some((0, fs.iter().map(|(_, v)| v.clone()).collect())),
        Value::List(xs) => Some((1, xs.borrow().clone())),
        _ => None,
    }
}

/// Python's exact comparison of two numbers: an int against a float is
/// decided by their exact values, not by rounding the int to a float.
pub fn num_cmp(x: crate::engine::Scalar, y: crate::engine::Scalar) -> Option<std::cmp::Ordering> {
    use crate::engine::Scalar as S;
    let int_float = |i: i64, f: f64| -> Option<std::cmp::Ordering> {
        if f.is_nan() {
            return None;
        }
        let fi = i as f64;
        if fi != f {
            // The nearest double to i differs from f: that order is i's order.
            fi.partial_cmp(&f)
        } else {
            // f is then an integer within range: compare exactly.
            Some((i as i128).cmp(&(f as i128)))
        }
    };
    match (x, y) {
        (S::Float(a), S::Float(b)) => a.partial_cmp(&b),
        (S::Float(a), b) => int_float(b.as_i64(), a).map(std::cmp::Ordering::reverse),
        (a, S::Float(b)) => int_float(a.as_i64(), b),
        (a, b) => Some(a.as_i64().cmp(&b.as_i64())),
    }
}

/// Python `==` for values that are not tensors (a `torch.Size` equals a
/// tuple of ints; `1 == 1.0 == True`).
pub fn py_eq(a: &Value, b: &Value) -> bool {
    py_eq_depth(a, b, 0)
}

/// A dict's keys or items view as the set it behaves as (values views are not set-like).
fn view_as_set(v: &Value, span: Span) -> Option<Value> {
    let Value::DictView(d, k) = v else { return None };
    if *k == super::super::value::DictViewKind::Values {
        return None;
    }
    let mut out = PyDict::default();
    for x in k.items(&d.borrow()) {
        out.insert(x, Value::None, span).ok()?;
    }
    Some(Value::Set(Rc::new(RefCell::new(out))))
}

fn py_eq_depth(a: &Value, b: &Value, depth: usize) -> bool {
    if depth > 200 {
        return false;
    }
    if let Some(sa) = view_as_set(a, Span::default()) {
        return py_eq_depth(&sa, &view_as_set(b, Span::default()).unwrap_or_else(|| b.clone()), depth + 1);
    }
    if let Some(sb) = view_as_set(b, Span::default()) {
        return py_eq_depth(a, &sb, depth + 1);
    }
    if let (Some(x), Some(y)) = (a.as_scalar(), b.as_scalar()) {
        return num_cmp(x, y) == Some(std::cmp::Ordering::Equal);
    }
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => return x == y,
        (Value::None, Value::None) => return true,
        (Value::Tensor(x), Value::Tensor(y)) if Rc::ptr_eq(x, y) => return true,
        // `[tensor(2)] == [2]`: the element `==` is the tensor's, then its truth.
        (Value::Tensor(t), other) | (other, Value::Tensor(t)) if t.numel() == 1 => {
            let Ok(s) = t.item() else { return false };
            return match other {
                Value::Tensor(u) if u.numel() == 1 => u.item().is_ok_and(|w| w.as_f64() == s.as_f64()),
                o => o.as_scalar().is_some_and(|w| w.as_f64() == s.as_f64()),
            };
        }
        (Value::Tensor(_), _) | (_, Value::Tensor(_)) => return false,
        (Value::GradFn(x), Value::GradFn(y)) => return Rc::ptr_eq(x, y),
        (Value::AccumulateGrad(x), Value::AccumulateGrad(y)) => return Rc::ptr_eq(x, y),
        (Value::Func(x), Value::Func(y)) => return Rc::ptr_eq(x, y),
        // Bound methods are equal when they bind the same name to the same
        // object (`x.size == x.size`; `[].append != [].append`).
        (Value::Method(x), Value::Method(y)) => {
            return x.1 == y.1
                && match (super::repr::identity(&x.0), super::repr::identity(&y.0)) {
                    (Some(p), Some(q)) => p == q,
                    (None, None) => py_eq_depth(&x.0, &y.0, depth + 1),
                    _ => false,
                };
        }
        (Value::DType(x), Value::DType(y)) | (Value::TypeInfo(x), Value::TypeInfo(y)) => return x == y,
        (Value::Layout(x), Value::Layout(y)) => return x == y,
        (Value::NpDType(x), Value::NpDType(y)) => return x == y,
        (Value::NpDType(x), other @ (Value::Type(_) | Value::Str(_))) | (other @ (Value::Type(_) | Value::Str(_)), Value::NpDType(x)) => {
            return super::super::numpy_module::dtype_of(other) == Some(*x);
        }
        (Value::NdArray(x), Value::NdArray(y)) if Rc::ptr_eq(x, y) => return true,
        (Value::Device(x), Value::Device(y)) => return x == y,
        (Value::Type(x), Value::Type(y)) | (Value::Builtin(x), Value::Builtin(y)) => return x == y,
        (Value::Slice(a1, b1, c1), Value::Slice(a2, b2, c2)) => return (a1, b1, c1) == (a2, b2, c2),
        (Value::Range(a1, b1, c1), Value::Range(a2, b2, c2)) => {
            let (n1, n2) = (super::seq::range_len(*a1, *b1, *c1), super::seq::range_len(*a2, *b2, *c2));
            return n1 == n2 && (n1 == 0 || (a1 == a2 && (n1 == 1 || c1 == c2)));
        }
        (Value::Dict(x), Value::Dict(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            return x.len() == y.len()
                && x.map.iter().all(|(k, (_, v))| y.map.get(k).is_some_and(|(_, w)| py_eq_depth(v, w, depth + 1)));
        }
        (Value::Set(x), Value::Set(y)) => {
            let (x, y) = (x.borrow(), y.borrow());
            return x.len() == y.len() && x.map.keys().all(|k| y.map.contains_key(k));
        }
        _ => {}
    }
    match (seq(a), seq(b)) {
        (Some((ta, xa)), Some((tb, xb))) => ta == tb && xa.len() == xb.len() && xa.iter().zip(&xb).all(|(x, y)| py_eq_depth(x, y, depth + 1)),
        _ => false,
    }
}

fn order_error(op: CmpOp, a: &Value, b: &Value, span: Span) -> EvalError {
    EvalError::type_error(format!("'{}' not supported between instances of '{}' and '{}'", op.symbol(), a.type_name(), b.type_name()), span)
}

/// Python's `<`, `<=`, `>`, `>=` on numbers, strings and sequences.
pub fn py_order(op: CmpOp, a: &Value, b: &Value, span: Span) -> EvalResult<bool> {
    let ord = py_cmp(op, a, b, span, 0)?;
    Ok(match op {
        CmpOp::Lt => ord == std::cmp::Ordering::Less,
        CmpOp::Le => ord != std::cmp::Ordering::Greater,
        CmpOp::Gt => ord == std::cmp::Ordering::Greater,
        _ => ord != std::cmp::Ordering::Less,
    })
}

/// The ordering of two values; NaN compares as unordered (false both ways),
/// which `py_order` gets right because it is only asked one question.
fn py_cmp(op: CmpOp, a: &Value, b: &Value, span: Span, depth: usize) -> EvalResult<std::cmp::Ordering> {
    use std::cmp::Ordering;
    if let (Some(x), Some(y)) = (a.as_scalar(), b.as_scalar()) {
        let r = num_cmp(x, y);
        // NaN: every ordered comparison is false.
        return Ok(r.unwrap_or(match op {
            CmpOp::Lt | CmpOp::Le => Ordering::Greater,
            _ => Ordering::Less,
        }));
    }
    if let (Value::Str(x), Value::Str(y)) = (a, b) {
        return Ok(x.cmp(y));
    }
    if let (Value::Set(x), Value::Set(y)) = (a, b) {
        let (x, y) = (x.borrow(), y.borrow());
        let sub = x.map.keys().all(|k| y.map.contains_key(k));
        let sup = y.map.keys().all(|k| x.map.contains_key(k));
        return Ok(match (sub, sup) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => match op {
                CmpOp::Lt | CmpOp::Le => Ordering::Greater,
                _ => Ordering::Less,
            },
        });
    }
    match (seq(a), seq(b)) {
        (Some((ta, xa)), Some((tb, xb))) if ta == tb && depth < 200 => {
            for (x, y) in xa.iter().zip(&xb) {
                if !py_eq(x, y) {
                    return py_cmp(op, x, y, span, depth + 1);
                }
            }
            Ok(xa.len().cmp(&xb.len()))
        }
        _ => Err(order_error(op, a, b, span)),
    }
}

impl Interp {
    /// `item in container`.
    pub fn contains(&mut self, container: &Value, item: &Value, span: Span) -> EvalResult<bool> {
        Ok(match container {
            Value::Str(s) => match item {
                Value::Str(x) => s.contains(x.as_str()),
                other => return Err(EvalError::type_error(format!("'in <string>' requires string as left operand, not {}", other.type_name()), span)),
            },
            Value::Dict(d) | Value::Set(d) | Value::DictView(d, super::super::value::DictViewKind::Keys) => d.borrow().contains(item, span)?,
            Value::Range(a, b, s) => match item.as_scalar() {
                Some(x) if !matches!(x, crate::engine::Scalar::Float(f) if f.fract() != 0.0) => {
                    let x = x.as_i64();
                    let n = super::seq::range_len(*a, *b, *s);
                    n > 0 && (x - a) % s == 0 && {
                        let k = (x - a) / s;
                        k >= 0 && k < n
                    }
                }
                _ => false,
            },
            Value::Tensor(t) => {
                // `Tensor.__contains__`: `(self == element).any().item()`.
                let eq = super::super::ops::compare(self, CmpOp::Eq, &Value::Tensor(t.clone()), item, span)?;
                match eq {
                    Value::Tensor(e) => e.to_scalars().iter().any(|s| s.as_bool()),
                    other => other.truthy().unwrap_or(false),
                }
            }
            other => {
                let items = self.items_of(other, span).map_err(|_| {
                    EvalError::type_error(format!("argument of type '{}' is not iterable", other.type_name()), span)
                })?;
                items.iter().any(|x| same_or_eq(x, item))
            }
        })
    }
}

/// Containers test membership by identity, then `==`.
fn same_or_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::List(x), Value::List(y)) if Rc::ptr_eq(x, y) => true,
        (Value::Tensor(x), Value::Tensor(y)) => Rc::ptr_eq(x, y),
        _ => py_eq(a, b),
    }
}

fn repeat(it: &Interp, items: &[Value], n: i64, span: Span) -> EvalResult<Vec<Value>> {
    let n = n.max(0) as u128;
    it.check_len(n * items.len() as u128, span)?;
    let mut out = Vec::with_capacity(items.len() * n as usize);
    for _ in 0..n {
        out.extend_from_slice(items);
    }
    Ok(out)
}

fn int_of(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(*b as i64),
        _ => None,
    }
}

/// Operators between Python values that are not numbers: `None` when the
/// operands are not of such a kind (numbers and tensors are handled by the caller).
pub fn py_binop(it: &mut Interp, op: BinOp, a: &Value, b: &Value, span: Span) -> Option<EvalResult<Value>> {
    // `d.keys() - {'a'}`: keys and items views are set-like.
    if matches!(op, BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor)
        && (matches!(a, Value::DictView(..)) || matches!(b, Value::DictView(..)))
    {
        let as_set = |v: &Value| -> Option<Value> {
            match v {
                Value::Set(_) => Some(v.clone()),
                Value::DictView(..) => view_as_set(v, span),
                _ => None,
            }
        };
        if let (Some(x), Some(y)) = (as_set(a), as_set(b)) {
            return py_binop(it, op, &x, &y, span);
        }
    }
    let r = match (op, a, b) {
        (BinOp::Add, Value::Str(x), Value::Str(y)) => {
            if let Err(e) = it.check_len((x.len() + y.len()) as u128 / 16, span) {
                return Some(Err(e));
            }
            Ok(Value::Str(format!("{x}{y}")))
        }
        (BinOp::Add, Value::Str(_), other) => Err(EvalError::type_error(format!("can only concatenate str (not \"{}\") to str", other.type_name()), span)),
        (BinOp::Add, Value::List(x), Value::List(y)) => {
            let items = [x.borrow().clone(), y.borrow().clone()].concat();
            Ok(Value::list(items))
        }
        (BinOp::Add, Value::List(_), other) => Err(EvalError::type_error(format!("can only concatenate list (not \"{}\") to list", other.type_name()), span)),
        (BinOp::Add, Value::Size(x), Value::Tuple(_) | Value::Size(_)) => {
            let ys = seq(b).map(|s| s.1).unwrap_or_default();
            let mut out = x.clone();
            for y in ys {
                match int_of(&y) {
                    Some(i) if i >= 0 => out.push(i as usize),
                    _ => return Some(Err(EvalError::type_error("torch.Size() takes an iterable of 'int'", span))),
                }
            }
            Ok(Value::Size(out))
        }
        (BinOp::Add, Value::Tuple(x), Value::Size(y)) if x.iter().all(|v| matches!(v, Value::Int(i) if *i >= 0)) => {
            let mut out: Vec<usize> = x.iter().map(|v| if let Value::Int(i) = v { *i as usize } else { 0 }).collect();
            out.extend(y.iter().copied());
            Ok(Value::Size(out))
        }
        (BinOp::Mul, Value::Size(x), n) | (BinOp::Mul, n, Value::Size(x)) if int_of(n).is_some() => {
            let k = int_of(n).unwrap_or(0).max(0) as usize;
            if let Err(e) = it.check_len((x.len() * k) as u128, span) {
                return Some(Err(e));
            }
            Ok(Value::Size(x.iter().copied().cycle().take(x.len() * k).collect()))
        }
        (BinOp::Add, Value::Tuple(x), Value::Tuple(_) | Value::Size(_)) => {
            let ys = seq(b).map(|s| s.1).unwrap_or_default();
            Ok(Value::Tuple([x.clone(), ys].concat()))
        }
        (BinOp::Add, Value::Tuple(_) | Value::Size(_), other) => Err(EvalError::type_error(format!("can only concatenate tuple (not \"{}\") to tuple", other.type_name()), span)),
        (BinOp::Mul, Value::Str(s), n) | (BinOp::Mul, n, Value::Str(s)) if int_of(n).is_some() => {
            let n = int_of(n).unwrap_or(0).max(0) as u128;
            if let Err(e) = it.check_len(n * s.len() as u128 / 16, span) {
                return Some(Err(e));
            }
            Ok(Value::Str(s.repeat(n as usize)))
        }
        (BinOp::Mul, Value::List(x), n) | (BinOp::Mul, n, Value::List(x)) if int_of(n).is_some() => {
            let items = x.borrow().clone();
            repeat(it, &items, int_of(n).unwrap_or(0), span).map(Value::list)
        }
        (BinOp::Mul, Value::Tuple(x), n) | (BinOp::Mul, n, Value::Tuple(x)) if int_of(n).is_some() => {
            repeat(it, x, int_of(n).unwrap_or(0), span).map(Value::Tuple)
        }
        (BinOp::Mul, Value::Str(_) | Value::List(_) | Value::Tuple(_), other) if !matches!(other, Value::Tensor(_)) => {
            Err(EvalError::type_error(format!("can't multiply sequence by non-int of type '{}'", other.type_name()), span))
        }
        (BinOp::Mul, other, Value::Str(_) | Value::List(_) | Value::Tuple(_)) if !matches!(other, Value::Tensor(_)) => {
            Err(EvalError::type_error(format!("can't multiply sequence by non-int of type '{}'", other.type_name()), span))
        }
        (BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor, Value::Set(x), Value::Set(y)) => {
            let (x, y) = (x.borrow(), y.borrow());
            let mut out = PyDict::default();
            let keep = |k: &super::dict::Key, in_x: bool, in_y: bool| match op {
                BinOp::BitOr => true,
                BinOp::BitAnd => in_x && in_y,
                BinOp::Sub => in_x && !in_y,
                _ => in_x != in_y,
            } && !k.eq(&super::dict::Key::Other(String::new()));
            for (k, (kv, _)) in x.map.iter() {
                if keep(k, true, y.map.contains_key(k)) {
                    out.map.insert(k.clone(), (kv.clone(), Value::None));
                }
            }
            for (k, (kv, _)) in y.map.iter() {
                if !x.map.contains_key(k) && keep(k, false, true) {
                    out.map.insert(k.clone(), (kv.clone(), Value::None));
                }
            }
            Ok(Value::Set(Rc::new(RefCell::new(out))))
        }
        (BinOp::BitOr, Value::Dict(x), Value::Dict(y)) => {
            let mut out = x.borrow().clone();
            for (k, v) in y.borrow().map.iter() {
                match out.map.get_mut(k) {
                    Some(slot) => slot.1 = v.1.clone(),
                    None => {
                        out.map.insert(k.clone(), v.clone());
                    }
                }
            }
            Ok(Value::Dict(Rc::new(RefCell::new(out))))
        }
        _ => return None,
    };
    Some(r)
}
