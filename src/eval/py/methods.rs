//! Methods of Python's str, list, dict and set values.

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::ErrorKind;
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::{DictViewKind, PyDict, Value};
use super::builtins::Call;
use super::str_methods::int_at;

/// Method names per type (for attribute lookup, `hasattr` and completion).
pub const STR_METHODS: &[&str] = &[
    "format", "join", "split", "rsplit", "strip", "lstrip", "rstrip", "replace", "startswith", "endswith", "upper", "lower",
    "ljust", "rjust", "center", "zfill", "find", "rfind", "index", "count", "isdigit", "isalpha", "isalnum", "isspace",
    "isupper", "islower", "title", "capitalize", "splitlines", "partition", "rpartition", "swapcase", "expandtabs", "removeprefix",
    "removesuffix", "casefold", "isnumeric", "isdecimal", "isidentifier", "isascii", "isprintable", "istitle", "rindex",
    "translate", "maketrans",
];
pub const LIST_METHODS: &[&str] = &["append", "extend", "insert", "pop", "remove", "index", "count", "sort", "reverse", "copy", "clear"];
pub const DICT_METHODS: &[&str] = &["keys", "values", "items", "get", "pop", "update", "setdefault", "copy", "clear", "popitem"];
pub const SET_METHODS: &[&str] = &[
    "add", "discard", "remove", "pop", "union", "intersection", "difference", "symmetric_difference", "copy", "clear", "issubset",
    "issuperset", "isdisjoint", "update", "intersection_update", "difference_update", "symmetric_difference_update",
];
pub const TUPLE_METHODS: &[&str] = &["index", "count"];
pub const FLOAT_METHODS: &[&str] = &["is_integer", "hex", "as_integer_ratio", "conjugate"];
pub const INT_METHODS: &[&str] = &["bit_length", "bit_count", "conjugate"];

/// Whether type `t` (by name) has method `name`.
pub fn type_has_method(t: &str, name: &str) -> bool {
    match t {
        "str" => STR_METHODS.contains(&name),
        "list" => LIST_METHODS.contains(&name),
        "dict" => DICT_METHODS.contains(&name),
        "set" => SET_METHODS.contains(&name),
        "tuple" => TUPLE_METHODS.contains(&name),
        _ => false,
    }
}

/// Whether `v` has a method `name`.
pub fn has_method(v: &Value, name: &str) -> bool {
    let list = match v {
        Value::Str(_) => STR_METHODS,
        Value::List(_) => LIST_METHODS,
        Value::Dict(_) => DICT_METHODS,
        Value::Set(_) => SET_METHODS,
        Value::Tuple(_) | Value::Size(_) => TUPLE_METHODS,
        Value::Range(..) => TUPLE_METHODS,
        Value::Float(_) => FLOAT_METHODS,
        Value::Int(_) | Value::Bool(_) => INT_METHODS,
        _ => return false,
    };
    list.contains(&name)
}

pub fn no_attr(ty: &str, name: &str, span: Span) -> EvalError {
    EvalError::new(ErrorKind::AttributeError, format!("'{ty}' object has no attribute '{name}'"), span)
}

fn list_method(it: &mut Interp, l: &Rc<RefCell<Vec<Value>>>, name: &str, mut c: Call) -> EvalResult<Value> {
    let span = c.span;
    let arg = |c: &Call, n: usize| -> EvalResult<Value> {
        c.pos.get(n).cloned().ok_or_else(|| EvalError::type_error(format!("list.{name}() takes exactly one argument (0 given)"), span))
    };
    Ok(match name {
        "append" => {
            let v = arg(&c, 0)?;
            it.check_len(l.borrow().len() as u128 + 1, span)?;
            l.borrow_mut().push(v);
            Value::None
        }
        "extend" => {
            let items = it.items_of(&arg(&c, 0)?, span)?;
            it.check_len((l.borrow().len() + items.len()) as u128, span)?;
            l.borrow_mut().extend(items);
            Value::None
        }
        "insert" => {
            let i = int_at(&c, 0, 0)?;
            let v = c.pos.get(1).cloned().ok_or_else(|| EvalError::type_error("insert expected 2 arguments, got 1", span))?;
            let n = l.borrow().len() as i64;
            let j = if i < 0 { (i + n).max(0) } else { i.min(n) };
            l.borrow_mut().insert(j as usize, v);
            Value::None
        }
        "pop" => {
            let n = l.borrow().len();
            if n == 0 {
                return Err(EvalError::new(ErrorKind::IndexError, "pop from empty list", span));
            }
            let i = int_at(&c, 0, -1)?;
            let j = super::seq::seq_position(i, n, "pop", span)?;
            l.borrow_mut().remove(j)
        }
        "remove" => {
            let v = arg(&c, 0)?;
            let pos = l.borrow().iter().position(|x| super::compare::py_eq(x, &v));
            match pos {
                Some(p) => {
                    l.borrow_mut().remove(p);
                    Value::None
                }
                None => return Err(EvalError::new(ErrorKind::ValueError, "list.remove(x): x not in list", span)),
            }
        }
        "index" => {
            let v = arg(&c, 0)?;
            let n = l.borrow().len() as i64;
            let clamp = |i: i64| (if i < 0 { i + n } else { i }).clamp(0, n) as usize;
            let (lo, hi) = (clamp(int_at(&c, 1, 0)?), clamp(int_at(&c, 2, n)?));
            match l.borrow().iter().enumerate().skip(lo).take(hi.saturating_sub(lo)).position(|(_, x)| super::compare::py_eq(x, &v)) {
                Some(p) => Value::Int((p + lo) as i64),
                None => return Err(EvalError::new(ErrorKind::ValueError, format!("{} is not in list", super::repr::repr(&v)), span)),
            }
        }
        "count" => {
            let v = arg(&c, 0)?;
            Value::Int(l.borrow().iter().filter(|x| super::compare::py_eq(x, &v)).count() as i64)
        }
        "sort" => {
            let key = c.kw("key");
            let reverse = c.kw("reverse").is_some_and(|v| v.truthy().unwrap_or(false));
            if !c.pos.is_empty() {
                return Err(EvalError::type_error("sort() takes no positional arguments", span));
            }
            let items = l.borrow().clone();
            let sorted = super::sort::sort_values(it, items, key, reverse, span)?;
            *l.borrow_mut() = sorted;
            Value::None
        }
        "reverse" => {
            l.borrow_mut().reverse();
            Value::None
        }
        "copy" => Value::list(l.borrow().clone()),
        "clear" => {
            l.borrow_mut().clear();
            Value::None
        }
        _ => return Err(no_attr("list", name, span)),
    })
}

fn dict_method(it: &mut Interp, d: &Rc<RefCell<PyDict>>, name: &str, c: Call) -> EvalResult<Value> {
    let span = c.span;
    Ok(match name {
        "keys" => Value::DictView(d.clone(), DictViewKind::Keys),
        "values" => Value::DictView(d.clone(), DictViewKind::Values),
        "items" => Value::DictView(d.clone(), DictViewKind::Items),
        "get" => {
            let k = c.pos.first().cloned().unwrap_or(Value::None);
            d.borrow().get(&k, span)?.unwrap_or_else(|| c.pos.get(1).cloned().unwrap_or(Value::None))
        }
        "pop" => {
            let k = c.pos.first().cloned().unwrap_or(Value::None);
            let r = d.borrow_mut().remove(&k, span)?;
            match (r, c.pos.get(1)) {
                (Some(v), _) => v,
                (None, Some(dflt)) => dflt.clone(),
                (None, None) => return Err(super::dict::key_error(&k, span)),
            }
        }
        "popitem" => {
            let last = d.borrow_mut().map.pop();
            match last {
                Some((_, (k, v))) => Value::Tuple(vec![k, v]),
                None => return Err(EvalError::new(ErrorKind::KeyError, "'popitem(): dictionary is empty'", span)),
            }
        }
        "setdefault" => {
            let k = c.pos.first().cloned().unwrap_or(Value::None);
            let existing = d.borrow().get(&k, span)?;
            match existing {
                Some(v) => v,
                None => {
                    let v = c.pos.get(1).cloned().unwrap_or(Value::None);
                    d.borrow_mut().insert(k, v.clone(), span)?;
                    v
                }
            }
        }
        "update" => {
            if let Some(src) = c.pos.first() {
                let pairs: Vec<(Value, Value)> = match src {
                    Value::Dict(o) => o.borrow().items(),
                    other => {
                        let mut v = vec![];
                        for p in it.items_of(other, span)? {
                            let kv = it.items_of(&p, span)?;
                            if kv.len() != 2 {
                                return Err(EvalError::new(ErrorKind::ValueError, format!("dictionary update sequence element #{} has length {}; 2 is required", v.len(), kv.len()), span));
                            }
                            v.push((kv[0].clone(), kv[1].clone()));
                        }
                        v
                    }
                };
                for (k, v) in pairs {
                    d.borrow_mut().insert(k, v, span)?;
                }
            }
            for (k, v) in c.kw {
                d.borrow_mut().insert_str(k, v);
            }
            Value::None
        }
        "copy" => Value::Dict(Rc::new(RefCell::new(d.borrow().clone()))),
        "clear" => {
            d.borrow_mut().map.clear();
            Value::None
        }
        _ => return Err(no_attr("dict", name, span)),
    })
}

fn set_method(it: &mut Interp, d: &Rc<RefCell<PyDict>>, name: &str, c: Call) -> EvalResult<Value> {
    let span = c.span;
    // Every positional argument's items (union/intersection take several).
    let others = |it: &mut Interp, c: &Call| -> EvalResult<Vec<PyDict>> {
        let mut all = Vec::new();
        for arg in &c.pos {
            let mut o = PyDict::default();
            for x in it.items_of(arg, span)? {
                o.insert(x, Value::None, span)?;
            }
            all.push(o);
        }
        Ok(all)
    };
    let other = |it: &mut Interp, c: &Call| -> EvalResult<PyDict> {
        let mut o = PyDict::default();
        for x in it.items_of(c.pos.first().unwrap_or(&Value::Tuple(vec![])), span)? {
            o.insert(x, Value::None, span)?;
        }
        Ok(o)
    };
    let new = |p: PyDict| Value::Set(Rc::new(RefCell::new(p)));
    Ok(match name {
        "add" => {
            let v = c.pos.first().cloned().unwrap_or(Value::None);
            d.borrow_mut().insert(v, Value::None, span)?;
            Value::None
        }
        "discard" => {
            let v = c.pos.first().cloned().unwrap_or(Value::None);
            d.borrow_mut().remove(&v, span)?;
            Value::None
        }
        "remove" => {
            let v = c.pos.first().cloned().unwrap_or(Value::None);
            if d.borrow_mut().remove(&v, span)?.is_none() {
                return Err(super::dict::key_error(&v, span));
            }
            Value::None
        }
        "pop" => {
            let first = d.borrow().set_order().into_iter().next();
            match first {
                Some(v) => {
                    d.borrow_mut().remove(&v, span)?;
                    v
                }
                None => return Err(EvalError::new(ErrorKind::KeyError, "'pop from an empty set'", span)),
            }
        }
        "update" => {
            for o in others(it, &c)? {
                for (k, v) in o.map {
                    d.borrow_mut().map.entry(k).or_insert(v);
                }
            }
            Value::None
        }
        "intersection_update" | "difference_update" | "symmetric_difference_update" => {
            let os = others(it, &c)?;
            let mut me = d.borrow_mut();
            for o in os {
                match name {
                    "intersection_update" => me.map.retain(|k, _| o.map.contains_key(k)),
                    "difference_update" => me.map.retain(|k, _| !o.map.contains_key(k)),
                    _ => {
                        for (k, v) in o.map {
                            if me.map.shift_remove(&k).is_none() {
                                me.map.insert(k, v);
                            }
                        }
                    }
                }
            }
            Value::None
        }
        "union" | "intersection" | "difference" if c.pos.len() > 1 => {
            let mut acc = d.borrow().clone();
            for o in others(it, &c)? {
                acc.map = match name {
                    "union" => {
                        let mut m = acc.map;
                        for (k, v) in o.map {
                            m.entry(k).or_insert(v);
                        }
                        m
                    }
                    "intersection" => acc.map.into_iter().filter(|(k, _)| o.map.contains_key(k)).collect(),
                    _ => acc.map.into_iter().filter(|(k, _)| !o.map.contains_key(k)).collect(),
                };
            }
            new(acc)
        }
        "union" | "intersection" | "difference" | "symmetric_difference" | "issubset" | "issuperset" | "isdisjoint" => {
            let o = other(it, &c)?;
            let me = d.borrow();
            let mut out = PyDict::default();
            match name {
                "union" => {
                    out = me.clone();
                    for (k, v) in o.map {
                        out.map.entry(k).or_insert(v);
                    }
                }
                "intersection" => out.map = me.map.iter().filter(|(k, _)| o.map.contains_key(*k)).map(|(k, v)| (k.clone(), v.clone())).collect(),
                "difference" => out.map = me.map.iter().filter(|(k, _)| !o.map.contains_key(*k)).map(|(k, v)| (k.clone(), v.clone())).collect(),
                "symmetric_difference" => {
                    out.map = me.map.iter().filter(|(k, _)| !o.map.contains_key(*k)).map(|(k, v)| (k.clone(), v.clone())).collect();
                    for (k, v) in o.map.iter() {
                        if !me.map.contains_key(k) {
                            out.map.insert(k.clone(), v.clone());
                        }
                    }
                }
                "isdisjoint" => return Ok(Value::Bool(!me.map.keys().any(|k| o.map.contains_key(k)))),
                "issubset" => return Ok(Value::Bool(me.map.keys().all(|k| o.map.contains_key(k)))),
                _ => return Ok(Value::Bool(o.map.keys().all(|k| me.map.contains_key(k)))),
            }
            new(out)
        }
        "copy" => new(d.borrow().clone()),
        "clear" => {
            d.borrow_mut().map.clear();
            Value::None
        }
        _ => return Err(no_attr("set", name, span)),
    })
}

fn tuple_method(items: &[Value], name: &str, c: Call) -> EvalResult<Value> {
    let v = c.pos.first().cloned().unwrap_or(Value::None);
    match name {
        "count" => Ok(Value::Int(items.iter().filter(|x| super::compare::py_eq(x, &v)).count() as i64)),
        "index" => match items.iter().position(|x| super::compare::py_eq(x, &v)) {
            Some(p) => Ok(Value::Int(p as i64)),
            None => Err(EvalError::new(ErrorKind::ValueError, "tuple.index(x): x not in tuple", c.span)),
        },
        _ => Err(no_attr("tuple", name, c.span)),
    }
}

/// How many positional arguments a method takes, as CPython declares it:
/// none, exactly one, or a range (`name expected at least/most …`).
fn arity(ty: &str, name: &str) -> Option<(usize, usize)> {
    let none = ["upper", "lower", "title", "capitalize", "swapcase", "casefold", "isdigit", "isalpha", "isalnum", "isspace", "isupper",
        "islower", "isnumeric", "isdecimal", "isidentifier", "isascii", "isprintable", "istitle", "reverse", "copy", "clear", "popitem",
        "keys", "values", "items"];
    let one = ["append", "remove", "add", "discard", "zfill", "removeprefix", "removesuffix", "partition", "rpartition", "join"];
    if none.contains(&name) && !(ty == "set" && name == "pop") {
        return Some((0, 0));
    }
    if one.contains(&name) || (ty == "list" && name == "count") || (ty == "tuple" && name == "count") {
        return Some((1, 1));
    }
    Some(match (ty, name) {
        ("dict", "get") | ("dict", "setdefault") => (1, 2),
        ("dict", "pop") => (1, 2),
        ("list", "pop") => (0, 1),
        ("list", "insert") => (2, 2),
        ("str", "replace") => (2, 3),
        ("str", "split" | "rsplit") => (0, 2),
        ("str", "strip" | "lstrip" | "rstrip") => (0, 1),
        ("str", "ljust" | "rjust" | "center") => (1, 2),
        ("str", "find" | "rfind" | "index" | "rindex" | "count" | "startswith" | "endswith") => (1, 3),
        ("str", "expandtabs") => (0, 1),
        _ => return None,
    })
}

fn check_arity(recv: &Value, name: &str, c: &Call) -> EvalResult<()> {
    let ty = recv.type_name();
    let Some((min, max)) = arity(ty, name) else { return Ok(()) };
    let n = c.pos.len();
    if (min..=max).contains(&n) {
        return Ok(());
    }
    let msg = match (min, max) {
        (0, 0) => format!("{ty}.{name}() takes no arguments ({n} given)"),
        (1, 1) => format!("{ty}.{name}() takes exactly one argument ({n} given)"),
        _ if n < min => format!("{name} expected at least {min} argument{}, got {n}", if min == 1 { "" } else { "s" }),
        _ => format!("{name} expected at most {max} argument{}, got {n}", if max == 1 { "" } else { "s" }),
    };
    Err(EvalError::type_error(msg, c.span))
}

/// Calls method `name` of the Python value `recv`.
pub fn call_method(it: &mut Interp, recv: &Value, name: &str, pos: Vec<Value>, kw: Vec<(String, Value)>, span: Span) -> EvalResult<Value> {
    let c = Call { name: "method", pos, kw, span };
    check_arity(recv, name, &c)?;
    match recv {
        Value::Str(s) => super::str_methods::str_method(it, s, name, c),
        Value::List(l) => list_method(it, l, name, c),
        Value::Dict(d) => dict_method(it, d, name, c),
        Value::Set(d) => set_method(it, d, name, c),
        Value::Tuple(xs) => tuple_method(xs, name, c),
        Value::Size(xs) if name == "numel" => Ok(Value::Int(xs.iter().product::<usize>() as i64)),
        Value::Range(a, b, st) if name == "index" || name == "count" => {
            let n = super::seq::range_len(*a, *b, *st);
            let x = c.pos.first().and_then(|v| match v {
                Value::Int(i) => Some(*i),
                Value::Bool(b) => Some(*b as i64),
                _ => None,
            });
            let k = x.filter(|x| (x - a) % st == 0 && (0..n).contains(&((x - a) / st))).map(|x| (x - a) / st);
            match (name, k) {
                ("count", k) => Ok(Value::Int(k.is_some() as i64)),
                (_, Some(k)) => Ok(Value::Int(k)),
                _ => Err(EvalError::new(ErrorKind::ValueError, format!("{} is not in range", c.pos.first().map(super::repr::repr).unwrap_or_default()), span)),
            }
        }
        Value::Float(f) => match name {
            "is_integer" => Ok(Value::Bool(f.is_finite() && f.fract() == 0.0)),
            "conjugate" => Ok(Value::Float(*f)),
            "hex" | "as_integer_ratio" => Err(EvalError::new(ErrorKind::NotImplementedError, format!("tsr does not implement float.{name}()"), span)),
            _ => Err(no_attr("float", name, span)),
        },
        Value::Int(_) | Value::Bool(_) => {
            let i = recv.as_scalar().map(|s| s.as_i64()).unwrap_or(0);
            match name {
                "bit_length" => Ok(Value::Int(64 - i.unsigned_abs().leading_zeros() as i64)),
                "bit_count" => Ok(Value::Int(i.unsigned_abs().count_ones() as i64)),
                "conjugate" => Ok(Value::Int(i)),
                _ => Err(no_attr(recv.type_name(), name, span)),
            }
        }
        Value::Size(xs) => tuple_method(&xs.iter().map(|&x| Value::Int(x as i64)).collect::<Vec<_>>(), name, c),
        other => Err(no_attr(other.type_name(), name, span)),
    }
}
