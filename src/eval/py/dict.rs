//! Dict and set tables: Python's hashing rules (`1 == 1.0 == True` are one
//! key; tensors hash by identity) over an insertion-ordered map.

use indexmap::IndexMap;

use crate::engine::ErrorKind;
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::value::Value;

/// A hashable key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    None,
    Int(i64),
    /// A float that is not an integer: its bits.
    Float(u64),
    Str(String),
    Tuple(Vec<Key>),
    /// Objects hashed by identity (tensors, functions, types).
    Id(usize),
    Other(String),
}

impl Key {
    /// The key of `v`, or Python's `TypeError: unhashable type: 'list'`.
    pub fn of(v: &Value, span: Span) -> EvalResult<Key> {
        Ok(match v {
            Value::None => Key::None,
            Value::Bool(b) => Key::Int(*b as i64),
            Value::Int(i) => Key::Int(*i),
            Value::Float(f) if f.fract() == 0.0 && f.abs() < 9.2e18 => Key::Int(*f as i64),
            Value::Float(f) => Key::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
            Value::Str(s) => Key::Str(s.clone()),
            Value::Tuple(xs) => Key::Tuple(xs.iter().map(|x| Key::of(x, span)).collect::<EvalResult<_>>()?),
            Value::Size(xs) => Key::Tuple(xs.iter().map(|&x| Key::Int(x as i64)).collect()),
            Value::Tensor(t) => Key::Id(std::rc::Rc::as_ptr(t) as usize),
            Value::Func(f) => Key::Id(std::rc::Rc::as_ptr(f) as usize),
            Value::List(_) | Value::Dict(_) | Value::Set(_) => {
                return Err(EvalError::type_error(format!("unhashable type: '{}'", v.type_name()), span));
            }
            Value::Type(t) | Value::Builtin(t) => Key::Other(format!("type:{t}")),
            Value::DType(d) => Key::Other(format!("dtype:{d}")),
            Value::Device(d) => Key::Other(format!("device:{d}")),
            Value::Range(a, b, c) => Key::Other(format!("range:{a}:{b}:{c}")),
            other => Key::Other(format!("{}:{:p}", other.type_name(), other as *const Value)),
        })
    }
}

/// An insertion-ordered table of `(key value, value)` by [`Key`].
#[derive(Debug, Clone, Default)]
pub struct PyDict {
    pub map: IndexMap<Key, (Value, Value), rustc_hash::FxBuildHasher>,
}

impl PyDict {
    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn insert(&mut self, k: Value, v: Value, span: Span) -> EvalResult<()> {
        let key = Key::of(&k, span)?;
        match self.map.get_mut(&key) {
            // Python keeps the first key object and replaces the value.
            Some(slot) => slot.1 = v,
            None => {
                self.map.insert(key, (k, v));
            }
        }
        Ok(())
    }

    pub fn insert_str(&mut self, k: String, v: Value) {
        self.map.insert(Key::Str(k.clone()), (Value::Str(k), v));
    }

    pub fn get(&self, k: &Value, span: Span) -> EvalResult<Option<Value>> {
        Ok(self.map.get(&Key::of(k, span)?).map(|(_, v)| v.clone()))
    }

    pub fn contains(&self, k: &Value, span: Span) -> EvalResult<bool> {
        Ok(self.map.contains_key(&Key::of(k, span)?))
    }

    pub fn remove(&mut self, k: &Value, span: Span) -> EvalResult<Option<Value>> {
        Ok(self.map.shift_remove(&Key::of(k, span)?).map(|(_, v)| v))
    }

    pub fn keys(&self) -> Vec<Value> {
        self.map.values().map(|(k, _)| k.clone()).collect()
    }

    pub fn values(&self) -> Vec<Value> {
        self.map.values().map(|(_, v)| v.clone()).collect()
    }

    pub fn items(&self) -> Vec<(Value, Value)> {
        self.map.values().cloned().collect()
    }

    /// A set's members in the order CPython iterates them where that is
    /// predictable: small non-negative ints ascending (they hash to
    /// themselves), everything else in insertion order.
    pub fn set_order(&self) -> Vec<Value> {
        let keys = self.keys();
        let small = keys.iter().all(|k| matches!(k, Value::Int(i) if (0..1 << 30).contains(i)) || matches!(k, Value::Bool(_)));
        if small && keys.len() > 1 {
            let mut ks = keys;
            ks.sort_by_key(|k| match k {
                Value::Int(i) => *i,
                Value::Bool(b) => *b as i64,
                _ => 0,
            });
            return ks;
        }
        keys
    }
}

/// `KeyError: 'b'`.
pub fn key_error(k: &Value, span: Span) -> EvalError {
    EvalError::new(ErrorKind::KeyError, super::repr::repr(k), span)
}
