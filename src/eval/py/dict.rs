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
            Value::Slice(a, b, c) => Key::Other(format!("slice:{a:?}:{b:?}:{c:?}")),
            other => Key::Other(format!("{}:{:p}", other.type_name(), other as *const Value)),
        })
    }
}

/// An insertion-ordered table of `(key value, value)` by [`Key`].
#[derive(Debug, Clone, Default)]
pub struct PyDict {
    pub map: IndexMap<Key, (Value, Value), rustc_hash::FxBuildHasher>,
    /// A `collections.OrderedDict` (what `torch.load` gives for a state_dict).
    pub ordered: bool,
    /// An OrderedDict's `_metadata` attribute (a state_dict's versions).
    pub metadata: Option<Value>,
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
    /// predictable: a set of ints is laid out as CPython's hash table lays
    /// it out (ints hash to themselves), simulated insertion by insertion;
    /// other members keep insertion order (their hashes are randomised per
    /// process in CPython).
    pub fn set_order(&self) -> Vec<Value> {
        let keys = self.keys();
        let ints: Option<Vec<i64>> = keys
            .iter()
            .map(|k| match k {
                Value::Int(i) => Some(*i),
                Value::Bool(b) => Some(*b as i64),
                _ => None,
            })
            .collect();
        match ints {
            Some(v) if keys.len() > 1 => cpython_set_slots(&v).into_iter().map(|i| keys[i].clone()).collect(),
            _ => keys,
        }
    }
}

/// CPython's `hash(int)`.
fn int_hash(i: i64) -> i64 {
    const MODULUS: u64 = (1u64 << 61) - 1;
    let h = (i.unsigned_abs() % MODULUS) as i64;
    let h = if i < 0 { -h } else { h };
    if h == -1 { -2 } else { h }
}

/// The order of CPython's set table after adding hashes `keys` in order
/// (setobject.c: 8 slots to start, 9 linear probes then perturbation,
/// growth to 4 × used when 60 % full): the indices into `keys`.
fn cpython_set_slots(keys: &[i64]) -> Vec<usize> {
    const LINEAR_PROBES: usize = 9;
    const PERTURB_SHIFT: u32 = 5;
    fn insert(table: &mut [Option<(i64, usize)>], hash: i64, idx: usize) {
        let mask = table.len() - 1;
        let mut perturb = hash as u64;
        let mut i = (hash as u64 as usize) & mask;
        loop {
            let probes = if i + LINEAR_PROBES <= mask { LINEAR_PROBES } else { 0 };
            for j in 0..=probes {
                if table[i + j].is_none() {
                    table[i + j] = Some((hash, idx));
                    return;
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
        }
    }
    let mut table: Vec<Option<(i64, usize)>> = vec![None; 8];
    let mut used = 0usize;
    for (idx, &k) in keys.iter().enumerate() {
        insert(&mut table, int_hash(k), idx);
        used += 1;
        let mask = table.len() - 1;
        if used * 5 >= mask * 3 {
            let minused = if used > 50000 { used * 2 } else { used * 4 };
            let mut size = 8;
            while size <= minused {
                size <<= 1;
            }
            let old = std::mem::replace(&mut table, vec![None; size]);
            for (h, i) in old.into_iter().flatten() {
                insert(&mut table, h, i);
            }
        }
    }
    table.into_iter().flatten().map(|(_, i)| i).collect()
}

/// `KeyError: 'b'`.
pub fn key_error(k: &Value, span: Span) -> EvalError {
    EvalError::new(ErrorKind::KeyError, super::repr::repr(k), span)
}
