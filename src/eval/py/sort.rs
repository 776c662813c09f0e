//! Sorting as CPython sorts: stable, by `key` if given, with `reverse`
//! done by reversing around a stable sort; short lists by binary insertion,
//! so a failing `<` names the operands CPython's would.

use crate::lang::span::Span;

use super::super::error::EvalResult;
use super::super::interp::Interp;
use super::super::value::Value;

/// Sorts with Python's `<` (stable), by `key` if given.
pub fn sort_values(it: &mut Interp, items: Vec<Value>, key: Option<Value>, reverse: bool, span: Span) -> EvalResult<Vec<Value>> {
    let keys: Vec<Value> = match &key {
        Some(Value::None) | None => items.clone(),
        Some(f) => items.iter().map(|x| it.call_value_args(f.clone(), vec![x.clone()], vec![], span)).collect::<EvalResult<_>>()?,
    };
    let mut idx: Vec<usize> = (0..items.len()).collect();
    let mut err = None;
    // A merge sort on indices, asking `<` as Python's sort does.
    let mut less = |a: usize, b: usize| -> bool {
        if err.is_some() {
            return false;
        }
        match it.py_less(&keys[a], &keys[b], span) {
            Ok(r) => r,
            Err(e) => {
                err = Some(e);
                false
            }
        }
    };
    // CPython reverses, sorts stably, and reverses back; short lists are
    // sorted by binary insertion (so a failing `<` names the same operands).
    if reverse {
        idx.reverse();
    }
    if idx.len() <= 64 {
        binary_insertion_sort(&mut idx, &mut less);
    } else {
        merge_sort(&mut idx, &mut less);
    }
    if reverse {
        idx.reverse();
    }
    if let Some(e) = err {
        return Err(e);
    }
    Ok(idx.into_iter().map(|i| items[i].clone()).collect())
}

/// CPython's `binarysort`: each pivot is placed after the elements that are
/// not greater than it (`pivot < a[mid]` decides), which keeps it stable.
fn binary_insertion_sort(v: &mut [usize], less: &mut dyn FnMut(usize, usize) -> bool) {
    for i in 1..v.len() {
        let pivot = v[i];
        let (mut lo, mut hi) = (0, i);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if less(pivot, v[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        v.copy_within(lo..i, lo + 1);
        v[lo] = pivot;
    }
}

fn merge_sort(v: &mut [usize], less: &mut dyn FnMut(usize, usize) -> bool) {
    if v.len() <= 1 {
        return;
    }
    let mid = v.len() / 2;
    merge_sort(&mut v[..mid], less);
    merge_sort(&mut v[mid..], less);
    let (mut i, mut j) = (0, mid);
    let mut out = Vec::with_capacity(v.len());
    while i < mid && j < v.len() {
        if less(v[j], v[i]) {
            out.push(v[j]);
            j += 1;
        } else {
            out.push(v[i]);
            i += 1;
        }
    }
    out.extend_from_slice(&v[i..mid]);
    out.extend_from_slice(&v[j..]);
    v.copy_from_slice(&out);
}

pub fn sort_list(it: &mut Interp, items: Vec<Value>, key: Option<Value>, reverse: bool, span: Span) -> EvalResult<Vec<Value>> {
    sort_values(it, items, key, reverse, span)
}

