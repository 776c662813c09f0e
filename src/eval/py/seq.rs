//! Sequences: iterating any iterable value (ranges and tensors lazily),
//! Python's index and slice rules for lists, tuples, strings and ranges,
//! and the `range` and `slice` builtins.

use std::rc::Rc;

use crate::engine::ErrorKind;
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::builtins::Call;
use super::super::value::Value;
use crate::eval::registry::OpId;

pub fn range_len(start: i64, stop: i64, step: i64) -> i64 {
    if step > 0 && start < stop {
        ((stop as i128 - start as i128 - 1) / step as i128 + 1) as i64
    } else if step < 0 && start > stop {
        ((start as i128 - stop as i128 - 1) / (-(step as i128)) + 1) as i64
    } else {
        0
    }
}

/// An iteration in progress.
pub enum PyIter {
    Items(std::vec::IntoIter<Value>),
    Range { next: i64, stop: i64, step: i64 },
    Shared(Rc<std::cell::RefCell<std::collections::VecDeque<Value>>>),
    /// A dict's keys or a set's members: changing its size while iterating
    /// is Python's RuntimeError.
    Table { table: Rc<std::cell::RefCell<super::dict::PyDict>>, items: std::vec::IntoIter<Value>, len: usize, set: bool },
    Gen(Rc<std::cell::RefCell<super::generator::Generator>>),
    /// A list, read live as Python's list iterator: items appended while
    /// iterating are seen.
    List { list: Rc<std::cell::RefCell<Vec<Value>>>, pos: usize },
}

impl Interp {
    /// Starts iterating `v`, or Python's "'int' object is not iterable".
    pub fn iter_of(&mut self, v: &Value, span: Span) -> EvalResult<PyIter> {
        Ok(match v {
            Value::Range(a, b, s) => PyIter::Range { next: *a, stop: *b, step: *s },
            Value::Tensor(t) => {
                if t.ndim() == 0 {
                    return Err(EvalError::type_error("iteration over a 0-d tensor", span));
                }
                self.check_len(t.shape()[0] as u128, span)?;
                // `Tensor.__iter__` is `iter(self.unbind(0))`: views of the rows.
                let a = super::super::args::Args { name: "unbind".into(), pos: vec![], kw: vec![], span, pos_base: 0 };
                match super::super::methods::call_op(self, t, OpId::Unbind, a, span, "unbind()")? {
                    Value::Tuple(rows) => PyIter::Items(rows.into_iter()),
                    other => PyIter::Items(vec![other].into_iter()),
                }
            }
            Value::Iter(q, _) => PyIter::Shared(q.clone()),
            Value::Gen(g) => PyIter::Gen(g.clone()),
            Value::List(l) => PyIter::List { list: l.clone(), pos: 0 },
            Value::Dict(d) | Value::Set(d) => {
                let set = matches!(v, Value::Set(_));
                let b = d.borrow();
                let items = if set { b.set_order() } else { b.keys() };
                PyIter::Table { table: d.clone(), items: items.into_iter(), len: b.len(), set }
            }
            other => PyIter::Items(self.items_of(other, span)?.into_iter()),
        })
    }

    /// Every item of a finite iterable, or Python's TypeError.
    pub fn items_of(&mut self, v: &Value, span: Span) -> EvalResult<Vec<Value>> {
        Ok(match v {
            Value::List(xs) => xs.borrow().clone(),
            Value::Tuple(xs) => xs.clone(),
            Value::Str(s) => s.chars().map(|c| Value::Str(c.to_string())).collect(),
            Value::Dict(d) => d.borrow().keys(),
            Value::Set(d) => d.borrow().set_order(),
            Value::Size(xs) => xs.iter().map(|&x| Value::Int(x as i64)).collect(),
            Value::NamedTuple(_, fs) => fs.iter().map(|(_, v)| v.clone()).collect(),
            Value::Iter(q, _) => q.borrow_mut().drain(..).collect(),
            Value::DictView(d, k) => k.items(&d.borrow()),
            Value::Gen(g) => {
                let mut out = Vec::new();
                while let Some(x) = self.gen_next(g, span)? {
                    self.check_len(out.len() as u128 + 1, span)?;
                    out.push(x);
                }
                out
            }
            Value::Range(a, b, s) => {
                let n = range_len(*a, *b, *s);
                self.check_len(n as u128, span)?;
                (0..n).map(|i| Value::Int(a + i * s)).collect()
            }
            Value::NdArray(a) => {
                self.check_len(a.view.shape().first().copied().unwrap_or(0) as u128, span)?;
                super::super::numpy_module::rows(a, span)?
            }
            Value::Tensor(_) => {
                let mut it = self.iter_of(v, span)?;
                let mut out = vec![];
                while let Some(x) = self.next_item(&mut it, span)? {
                    out.push(x);
                }
                out
            }
            other => return Err(EvalError::type_error(format!("'{}' object is not iterable", other.type_name()), span)),
        })
    }

    /// The next item, or `None` at the end.
    pub fn next_item(&mut self, it: &mut PyIter, _span: Span) -> EvalResult<Option<Value>> {
        Ok(match it {
            PyIter::Items(xs) => xs.next(),
            PyIter::Range { next, stop, step } => {
                if (*step > 0 && *next < *stop) || (*step < 0 && *next > *stop) {
                    let v = *next;
                    *next = next.saturating_add(*step);
                    if *next == v {
                        *stop = v;
                    }
                    Some(Value::Int(v))
                } else {
                    None
                }
            }
            PyIter::Shared(q) => q.borrow_mut().pop_front(),
            PyIter::List { list, pos } => {
                let v = list.borrow().get(*pos).cloned();
                *pos += 1;
                v
            }
            PyIter::Gen(g) => {
                let g = g.clone();
                self.gen_next(&g, _span)?
            }
            PyIter::Table { table, items, len, set } => {
                if table.borrow().len() != *len {
                    let what = if *set { "Set" } else { "dictionary" };
                    return Err(EvalError::new(ErrorKind::RuntimeError, format!("{what} changed size during iteration"), _span));
                }
                items.next()
            }
        })
    }

    /// `MemoryError` when a container of `n` values would pass the memory cap.
    pub fn check_len(&self, n: u128, span: Span) -> EvalResult<()> {
        let limit = (self.ctx.cpu.cap / std::mem::size_of::<Value>() as u64 / 4) as u128;
        if n > limit {
            return Err(EvalError::new(ErrorKind::MemoryError, "", span).with_hint(format!(
                "{n} values would not fit in tsr's memory cap (--max-memory); Python raises MemoryError here too"
            )));
        }
        Ok(())
    }
}

/// Python's `slice.indices`: the positions a slice selects from `len` items.
pub fn slice_positions(start: Option<i64>, stop: Option<i64>, step: Option<i64>, len: usize, span: Span) -> EvalResult<Vec<usize>> {
    let n = len as i64;
    let step = step.unwrap_or(1);
    if step == 0 {
        return Err(EvalError::new(ErrorKind::ValueError, "slice step cannot be zero", span));
    }
    let (lo, hi) = if step < 0 { (-1, n - 1) } else { (0, n) };
    let fix = |v: Option<i64>, default: i64| match v {
        None => default,
        Some(v) if v < 0 => (v + n).max(lo),
        Some(v) => v.min(hi),
    };
    let (a, b) = if step < 0 { (fix(start, hi), fix(stop, lo)) } else { (fix(start, lo), fix(stop, hi)) };
    let mut out = vec![];
    let mut i = a;
    while (step > 0 && i < b) || (step < 0 && i > b) {
        out.push(i as usize);
        i += step;
    }
    Ok(out)
}

/// A position in a sequence of `len` items from a Python index.
pub fn seq_position(i: i64, len: usize, what: &str, span: Span) -> EvalResult<usize> {
    let n = len as i64;
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(EvalError::new(ErrorKind::IndexError, format!("{what} index out of range"), span));
    }
    Ok(j as usize)
}

/// `range(stop)`, `range(start, stop[, step])`.
pub(super) fn range(_: &mut Interp, c: Call) -> EvalResult<Value> {
    c.arity(1, 3)?;
    let v: Vec<i64> = c.pos.iter().map(|v| super::builtins::int_arg(&c, v)).collect::<EvalResult<_>>()?;
    let (a, b, s) = match *v.as_slice() {
        [b] => (0, b, 1),
        [a, b] => (a, b, 1),
        [a, b, s] => (a, b, s),
        _ => return Err(c.err(format!("range expected at most 3 arguments, got {}", v.len()))),
    };
    if s == 0 {
        return Err(EvalError::new(ErrorKind::ValueError, "range() arg 3 must not be zero", c.span));
    }
    Ok(Value::Range(a, b, s))
}

/// `slice(stop)`, `slice(start, stop[, step])`: tsr's hold ints or None.
pub(super) fn slice(_: &mut Interp, c: Call) -> EvalResult<Value> {
    if let Some((k, _)) = c.kw.first() {
        return Err(c.err(format!("slice() takes no keyword arguments (got '{k}')")));
    }
    if c.pos.is_empty() {
        return Err(c.err("slice expected at least 1 argument, got 0"));
    }
    if c.pos.len() > 3 {
        return Err(c.err(format!("slice expected at most 3 arguments, got {}", c.pos.len())));
    }
    let part = |v: &Value| -> EvalResult<Option<i64>> {
        match v {
            Value::None => Ok(None),
            Value::Int(i) => Ok(Some(*i)),
            Value::Bool(b) => Ok(Some(*b as i64)),
            other => Err(EvalError::type_error(format!("tsr's slice() takes ints or None, not {}", other.type_name()), c.span)),
        }
    };
    let v: Vec<Option<i64>> = c.pos.iter().map(part).collect::<EvalResult<_>>()?;
    Ok(match *v.as_slice() {
        [b] => Value::Slice(None, b, None),
        [a, b] => Value::Slice(a, b, None),
        [a, b, ref rest @ ..] => Value::Slice(a, b, rest.first().copied().flatten()),
        [] => Value::Slice(None, None, None),
    })
}
