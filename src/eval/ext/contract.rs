//! Family "contract": `torch.einsum` (with `...`) and `torch.tensordot`,
//! lowered as PyTorch lowers them: every operand is unsqueezed and
//! permuted into one dims order, repeated subscripts of one operand become
//! a `diagonal`, dims only one operand needs are summed first, and each
//! pair of operands is a `bmm` of permuted, reshaped views (`mul` when
//! nothing is contracted), viewed back and permuted. Every step is an ordinary tsr op, so the graph,
//! the storages and the strides are those of the steps.

use std::rc::Rc;

use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::super::args::{seq_ints, Args};
use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::{nodes, OpId};

pub const FAMILY: Family = Family { functions: &[OpId::Einsum, OpId::Tensordot, OpId::Combinations], methods: &[OpId::Inner, OpId::Kron], function, method };

/// `inner` and `kron` (method and function forms).
fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let span = a.span;
    let o = super::super::methods::tensor_arg(&mut a, 0, "other")?;
    a.finish(1)?;
    if id == OpId::Inner {
        // A 0-d operand multiplies; else the last dims contract (tensordot).
        if t.ndim() == 0 || o.ndim() == 0 {
            return super::super::ops::binop(it, crate::lang::ast::BinOp::Mul, &Value::Tensor(t.clone()), &Value::Tensor(o), span);
        }
        if t.shape().last() != o.shape().last() {
            return Err(err(format!("inner() the last dimension must match on both input tensors but got shapes {:?} and {:?}", t.shape(), o.shape()), span));
        }
        let da = Value::Tuple(vec![Value::Int(t.ndim() as i64 - 1)]);
        let db = Value::Tuple(vec![Value::Int(o.ndim() as i64 - 1)]);
        let args = Args { name: "tensordot".into(), pos: vec![(Value::Tensor(t.clone()), span), (Value::Tensor(o), span), (Value::Tuple(vec![da, db]), span)], kw: vec![], span, pos_base: 0 };
        return tensordot(it, args);
    }
    // kron: interleave the dims, multiply, and _unsafe_view to the product shape.
    let n = t.ndim().max(o.ndim());
    let pad = |s: &[usize]| -> Vec<usize> { std::iter::repeat_n(1, n - s.len()).chain(s.iter().copied()).collect() };
    let (sa, sb) = (pad(t.shape()), pad(o.shape()));
    let ra: Vec<i64> = sa.iter().flat_map(|&d| [d as i64, 1]).collect();
    let rb: Vec<i64> = sb.iter().flat_map(|&d| [1, d as i64]).collect();
    let ta = with_list(it, t, OpId::Reshape, &ra, span)?;
    let tb = with_list(it, &o, OpId::Reshape, &rb, span)?;
    let Value::Tensor(m) = super::super::ops::binop(it, crate::lang::ast::BinOp::Mul, &Value::Tensor(ta), &Value::Tensor(tb), span)? else {
        return Err(err("internal: kron", span));
    };
    let shape: Vec<usize> = sa.iter().zip(&sb).map(|(x, y)| x * y).collect();
    let l = crate::engine::layout::view(m.layout(), &shape.iter().map(|&d| d as i64).collect::<Vec<_>>()).map_err(|e| EvalError::from_engine(e, span))?;
    let out = m.view_as_layout(l, "kron");
    let f = crate::engine::autograd::Formula::Reshape { shape: m.shape().to_vec() };
    Ok(Value::tensor(super::super::grad::record(it, nodes::UNSAFE_VIEW, &[Some(&m)], out, f, &[])))
}


fn err(msg: impl Into<String>, span: Span) -> EvalError {
    EvalError::new(ErrorKind::RuntimeError, msg, span)
}

/// `x.NAME(ints...)` through the evaluator (records autograd like user code).
fn call(it: &mut Interp, t: &Rc<Tensor>, id: OpId, ints: &[i64], span: Span) -> EvalResult<Rc<Tensor>> {
    let a = Args { name: id.name().to_string(), pos: ints.iter().map(|&i| (Value::Int(i), span)).collect(), kw: vec![], span, pos_base: 0 };
    call_args(it, t, id, a, span)
}

fn call_args(it: &mut Interp, t: &Rc<Tensor>, id: OpId, a: Args, span: Span) -> EvalResult<Rc<Tensor>> {
    match super::super::methods::call_op(it, t, id, a, span, id.name())? {
        Value::Tensor(r) => Ok(r),
        other => Err(err(format!("internal: {id} gave {}", other.type_name()), span)),
    }
}

fn with_list(it: &mut Interp, t: &Rc<Tensor>, id: OpId, ints: &[i64], span: Span) -> EvalResult<Rc<Tensor>> {
    let list = Value::Tuple(ints.iter().map(|&i| Value::Int(i)).collect());
    let a = Args { name: id.name().to_string(), pos: vec![(list, span)], kw: vec![], span, pos_base: 0 };
    call_args(it, t, id, a, span)
}

fn function(it: &mut Interp, id: OpId, mut a: Args, _op: &str) -> EvalResult<Value> {
    let span = a.span;
    if id == OpId::Tensordot {
        return tensordot(it, a);
    }
    if id == OpId::Combinations {
        return combinations(it, a);
    }
    // torch/functional.py: fewer than two arguments is a ValueError.
    if a.pos.len() + a.kw.len() < 2 {
        return Err(EvalError::new(
            crate::engine::ErrorKind::ValueError,
            "einsum(): must specify the equation string and at least one operand, or at least one operand and its subscripts list",
            span,
        ));
    }
    let (eq, es) = a.get(0, "equation").ok_or_else(|| a.err("einsum(): argument 'equation' (position 1) must be str"))?;
    let Value::Str(eq) = eq else { return Err(EvalError::type_error(format!("einsum(): argument 'equation' (position 1) must be str, not {}", eq.type_name()), es)) };
    // Operands as varargs, or one list/tuple of them.
    let mut ops: Vec<Rc<Tensor>> = vec![];
    let rest: Vec<(Value, Span)> = a.pos.drain(1..).collect();
    let flat: Vec<(Value, Span)> = match rest.as_slice() {
        [(Value::List(l), s)] => l.borrow().iter().map(|v| (v.clone(), *s)).collect(),
        [(Value::Tuple(l), s)] => l.iter().map(|v| (v.clone(), *s)).collect(),
        _ => rest,
    };
    for (v, s) in flat {
        match v {
            Value::Tensor(t) => ops.push(t),
            other => return Err(EvalError::type_error(format!("einsum(): operands must be Tensors, not {}", other.type_name()), s)),
        }
    }
    a.finish(1)?;
    einsum(it, &eq, ops, span).map(Value::Tensor)
}

/// Subscript code of a label: `A-Z` are 0..26, `a-z` 26..52.
fn label_code(c: u8) -> u8 {
    if c.is_ascii_uppercase() { c - b'A' } else { c - b'a' + 26 }
}

fn code_label(s: usize) -> char {
    (if s < 26 { b'A' + s as u8 } else { b'a' + s as u8 - 26 }) as char
}

/// The ellipsis among an operand's labels.
const ELLIPSIS: u8 = 52;

/// `x.sum(dims, keepdim=keep)` through the evaluator.
fn sum_dims(it: &mut Interp, t: &Rc<Tensor>, dims: &[i64], keep: bool, span: Span) -> EvalResult<Rc<Tensor>> {
    let d = if dims.len() == 1 { Value::Int(dims[0]) } else { Value::Tuple(dims.iter().map(|&i| Value::Int(i)).collect()) };
    let a = Args { name: "sum".into(), pos: vec![(d, span)], kw: vec![("keepdim".into(), Value::Bool(keep), span)], span, pos_base: 0 };
    call_args(it, t, OpId::Sum, a, span)
}

/// PyTorch's `einsum` (aten/src/ATen/native/Linear.cpp), step for step:
/// parse the labels (and `...`), give every label and ellipsis dim a place
/// in one dims order (the output's, then the contracted ones), take the
/// diagonal of repeated labels, unsqueeze the missing dims and permute each
/// operand into that order, then fold left to right with `sumproduct_pair`
/// and view (or, for one operand, sum) the contracted dims away.
fn einsum(it: &mut Interp, eq: &str, operands: Vec<Rc<Tensor>>, span: Span) -> EvalResult<Rc<Tensor>> {
    if operands.is_empty() {
        return Err(err("einsum(): must provide at least one operand", span));
    }
    let num_ops = operands.len();
    let eqb = eq.as_bytes();
    let arrow = eq.find("->");
    let lhs = &eqb[..arrow.unwrap_or(eqb.len())];
    let mut op_labels: Vec<Vec<u8>> = vec![vec![]; num_ops];
    let (mut ell_in_input, mut cur) = (false, 0usize);
    let mut i = 0;
    while i < lhs.len() {
        match lhs[i] {
            b' ' => {}
            b'.' => {
                if ell_in_input {
                    return Err(err(format!("einsum(): found '.' for operand {cur} for which an ellipsis was already found"), span));
                }
                if !(i + 2 < lhs.len() && lhs[i + 1] == b'.' && lhs[i + 2] == b'.') {
                    return Err(err(format!("einsum(): found '.' for operand {cur} that is not part of any ellipsis"), span));
                }
                i += 2;
                op_labels[cur].push(ELLIPSIS);
                ell_in_input = true;
            }
            b',' => {
                cur += 1;
                if cur >= num_ops {
                    return Err(err("einsum(): fewer operands were provided than specified in the equation", span));
                }
                ell_in_input = false;
            }
            c => {
                if !c.is_ascii_alphabetic() {
                    return Err(err(format!("einsum(): invalid subscript given at index {i} in the equation string, subscripts must be in [a-zA-Z]"), span));
                }
                op_labels[cur].push(label_code(c));
            }
        }
        i += 1;
    }
    if cur != num_ops - 1 {
        return Err(err("einsum(): more operands were provided than specified in the equation", span));
    }
    let mut label_count = [0usize; 52];
    let mut ell_num_dim = 0usize;
    for (k, (labels, op)) in op_labels.iter().zip(&operands).enumerate() {
        let ndims = op.ndim();
        let has_ell = labels.contains(&ELLIPSIS);
        let nlabels = labels.len() - has_ell as usize;
        for &l in labels.iter().filter(|&&l| l != ELLIPSIS) {
            label_count[l as usize] += 1;
        }
        if has_ell {
            ell_num_dim = ell_num_dim.max(ndims.saturating_sub(nlabels));
        }
        if if has_ell { nlabels > ndims } else { nlabels != ndims } {
            let (what, tail) = if has_ell { ("is more than", "") } else { ("does not match", " and no ellipsis was given") };
            return Err(err(format!("einsum(): the number of subscripts in the equation ({nlabels}) {what} the number of dimensions ({ndims}) for operand {k}{tail}"), span));
        }
    }
    // Each label's (and the ellipsis') place in the common dims order.
    let mut perm_of: [Option<usize>; 52] = [None; 52];
    let (mut perm_index, mut ell_index, mut ell_in_output) = (0usize, 0usize, false);
    match arrow {
        None => {
            // Implicit output: the ellipsis dims, then the labels seen once.
            perm_index = ell_num_dim;
            ell_in_output = true;
            for l in 0..52 {
                if label_count[l] == 1 {
                    perm_of[l] = Some(perm_index);
                    perm_index += 1;
                }
            }
        }
        Some(p) => {
            let rhs = &eqb[p + 2..];
            let mut i = 0;
            while i < rhs.len() {
                match rhs[i] {
                    b' ' => {}
                    b'.' => {
                        if ell_in_output {
                            return Err(err("einsum(): found '.' for output but an ellipsis (...) was already found", span));
                        }
                        if !(i + 2 < rhs.len() && rhs[i + 1] == b'.' && rhs[i + 2] == b'.') {
                            return Err(err("einsum(): found '.' for output that is not part of any ellipsis (...)", span));
                        }
                        i += 2;
                        ell_index = perm_index;
                        perm_index += ell_num_dim;
                        ell_in_output = true;
                    }
                    c => {
                        if !c.is_ascii_alphabetic() {
                            return Err(err(format!("einsum(): invalid subscript given at index {} in the equation string, subscripts must be in [a-zA-Z]", lhs.len() + 2 + i), span));
                        }
                        let l = label_code(c) as usize;
                        if label_count[l] == 0 || perm_of[l].is_some() {
                            let what = if perm_of[l].is_some() { "appears more than once in the output" } else { "does not appear in the equation for any input operand" };
                            return Err(err(format!("einsum(): output subscript {} {what}", c as char), span));
                        }
                        perm_of[l] = Some(perm_index);
                        perm_index += 1;
                    }
                }
                i += 1;
            }
        }
    }
    let out_num_dim = perm_index;
    if !ell_in_output {
        ell_index = perm_index;
        perm_index += ell_num_dim;
    }
    for l in 0..52 {
        if label_count[l] > 0 && perm_of[l].is_none() {
            perm_of[l] = Some(perm_index);
            perm_index += 1;
        }
    }
    // Sizes, diagonals, unsqueezes and the permutes into the common order.
    let mut label_size = [1usize; 52];
    let mut ell_sizes = vec![1usize; ell_num_dim];
    let mut dim_counts = vec![0usize; perm_index];
    let mut ops: std::collections::VecDeque<Rc<Tensor>> = Default::default();
    for (k, mut op) in operands.into_iter().enumerate() {
        let mut perm: Vec<Option<usize>> = vec![None; perm_index];
        let mut dim = 0usize;
        let labels = &op_labels[k];
        let ell_dims = (op.ndim() + 1).saturating_sub(labels.len());
        for &s in labels {
            if s == ELLIPSIS {
                let ndim = ell_dims;
                for j in ell_num_dim - ndim..ell_num_dim {
                    let n = op.shape()[dim];
                    if n != 1 {
                        if ell_sizes[j] != 1 && ell_sizes[j] != n {
                            return Err(err(format!("einsum(): dimension {dim} covered by ellipsis in operand {k}has size {n} which does not broadcast with previously seen ellipsis with size {} for the respective dimension", ell_sizes[j]), span));
                        }
                        ell_sizes[j] = n;
                        dim_counts[ell_index + j] += 1;
                    }
                    perm[ell_index + j] = Some(dim);
                    dim += 1;
                }
                continue;
            }
            let p = perm_of[s as usize].unwrap_or(0);
            match perm[p] {
                None => {
                    let n = op.shape()[dim];
                    if n != 1 {
                        let seen = label_size[s as usize];
                        if seen != 1 && seen != n {
                            return Err(err(format!("einsum(): subscript {} has size {n} for operand {k} which does not broadcast with previously seen size {seen}", code_label(s as usize)), span));
                        }
                        label_size[s as usize] = n;
                        dim_counts[p] += 1;
                    }
                    perm[p] = Some(dim);
                    dim += 1;
                }
                Some(prev) => {
                    // A repeated label: the diagonal, moved back to the first one's place.
                    let (a, b) = (op.shape()[dim], op.shape()[prev]);
                    if a != b {
                        return Err(err(format!("einsum(): subscript {} is repeated for operand {k} but the sizes don't match, {a} != {b}", code_label(s as usize)), span));
                    }
                    op = call(it, &op, OpId::Diagonal, &[0, prev as i64, dim as i64], span)?;
                    op = call(it, &op, OpId::Movedim, &[-1, prev as i64], span)?;
                }
            }
        }
        for v in perm.iter_mut() {
            if v.is_none() {
                op = call(it, &op, OpId::Unsqueeze, &[dim as i64], span)?;
                *v = Some(dim);
                dim += 1;
            }
        }
        let p: Vec<i64> = perm.iter().map(|v| v.unwrap_or(0) as i64).collect();
        ops.push_back(with_list(it, &op, OpId::Permute, &p, span)?);
    }
    // Contract left to right.
    while ops.len() > 1 {
        let (mut a, mut b) = (ops.pop_front().unwrap_or_else(|| unreachable!()), ops.pop_front().unwrap_or_else(|| unreachable!()));
        let (mut sum, mut a_sum, mut b_sum) = (vec![], vec![], vec![]);
        for (dim, count) in dim_counts.iter_mut().enumerate().skip(out_num_dim) {
            let (na, nb) = (a.shape()[dim], b.shape()[dim]);
            if na != 1 && nb != 1 {
                *count = count.saturating_sub(1);
                if *count == 1 {
                    sum.push(dim as i64);
                    *count = 0;
                }
            } else if *count == 1 {
                if na != 1 {
                    a_sum.push(dim as i64);
                    *count = 0;
                } else if nb != 1 {
                    b_sum.push(dim as i64);
                    *count = 0;
                }
            }
        }
        if !a_sum.is_empty() {
            a = sum_dims(it, &a, &a_sum, true, span)?;
        }
        if !b_sum.is_empty() {
            b = sum_dims(it, &b, &b_sum, true, span)?;
        }
        let r = sumproduct_pair(it, a, b, &sum, span)?;
        ops.push_front(r);
    }
    let r = ops.pop_front().unwrap_or_else(|| unreachable!());
    if perm_index > out_num_dim {
        if num_ops > 1 {
            let sizes: Vec<i64> = r.shape()[..out_num_dim].iter().map(|&n| n as i64).collect();
            return with_list(it, &r, OpId::View, &sizes, span);
        }
        let dims: Vec<i64> = (out_num_dim as i64..perm_index as i64).collect();
        return sum_dims(it, &r, &dims, false, span);
    }
    Ok(r)
}

/// `(left * right).sum(sum_dims, keepdim=True)` as a `bmm` of permuted,
/// reshaped operands (PyTorch's `sumproduct_pair`); both have every dim.
fn sumproduct_pair(it: &mut Interp, mut left: Rc<Tensor>, mut right: Rc<Tensor>, sum_dims: &[i64], span: Span) -> EvalResult<Rc<Tensor>> {
    if sum_dims.is_empty() {
        let r = super::super::ops::binop(it, crate::lang::ast::BinOp::Mul, &Value::Tensor(left), &Value::Tensor(right), span)?;
        let Value::Tensor(r) = r else { return Err(err("internal: mul gave no tensor", span)) };
        return Ok(r);
    }
    let (mut lro, mut lo, mut ro) = (vec![], vec![], vec![]);
    let (mut lro_size, mut lo_size, mut ro_size, mut sum_size) = (1i64, 1i64, 1i64, 1i64);
    for i in 0..left.ndim() {
        let (nl, nr) = (left.shape()[i], right.shape()[i]);
        let (sl, sr) = (nl != 1, nr != 1);
        if sum_dims.contains(&(i as i64)) {
            if sl && sr {
                if nl != nr {
                    return Err(err("non-broadcast dimensions must match", span));
                }
                sum_size *= nl as i64;
            } else if sl {
                left = sum_dims_keep(it, &left, i, span)?;
            } else if sr {
                right = sum_dims_keep(it, &right, i, span)?;
            }
        } else if sl && sr {
            if nl != nr {
                return Err(err("non-broadcast dimensions must match", span));
            }
            lro.push(i as i64);
            lro_size *= nl as i64;
        } else if sl {
            lo.push(i as i64);
            lo_size *= nl as i64;
        } else {
            ro.push(i as i64);
            ro_size *= nr as i64;
        }
    }
    // PyTorch 2.15 swaps the operands when all the right one's own dims
    // come before the left one's, so the bmm result is in output order.
    if !lo.is_empty() && !ro.is_empty() && ro[ro.len() - 1] < lo[0] {
        std::mem::swap(&mut left, &mut right);
        std::mem::swap(&mut lo, &mut ro);
        std::mem::swap(&mut lo_size, &mut ro_size);
    }
    let out_size: Vec<i64> = lro.iter().map(|&d| left.shape()[d as usize] as i64)
        .chain(lo.iter().map(|&d| left.shape()[d as usize] as i64))
        .chain(sum_dims.iter().map(|_| 1))
        .chain(ro.iter().map(|&d| right.shape()[d as usize] as i64))
        .collect();
    let lperm: Vec<i64> = [&lro[..], &lo, sum_dims, &ro].concat();
    let rperm: Vec<i64> = [&lro[..], sum_dims, &ro, &lo].concat();
    let mut operm = vec![0i64; out_size.len()];
    for (i, &d) in lperm.iter().enumerate() {
        operm[d as usize] = i as i64;
    }
    let l = with_list(it, &left, OpId::Permute, &lperm, span)?;
    let l = with_list(it, &l, OpId::Reshape, &[lro_size, lo_size, sum_size], span)?;
    let r = with_list(it, &right, OpId::Permute, &rperm, span)?;
    let r = with_list(it, &r, OpId::Reshape, &[lro_size, sum_size, ro_size], span)?;
    let m = Rc::new(super::super::matmul::call(it, "bmm", &l, &r).map_err(|e| EvalError::from_engine(e, span))?);
    let m = with_list(it, &m, OpId::View, &out_size, span)?;
    with_list(it, &m, OpId::Permute, &operm, span)
}

fn sum_dims_keep(it: &mut Interp, t: &Rc<Tensor>, d: usize, span: Span) -> EvalResult<Rc<Tensor>> {
    sum_dims(it, t, &[d as i64], true, span)
}

/// `tensordot(a, b, dims=2)`: the last `dims` dims of a with the first of
/// b, or `dims=([a dims], [b dims])`.
fn tensordot(it: &mut Interp, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let x = super::super::methods::tensor_arg(&mut a, 0, "a")?;
    let y = super::super::methods::tensor_arg(&mut a, 1, "b")?;
    let (da, db): (Vec<i64>, Vec<i64>) = match a.get(2, "dims") {
        None => ((x.ndim() as i64 - 2..x.ndim() as i64).collect(), (0..2).collect()),
        Some((Value::Int(n), s)) => {
            if n < 0 {
                return Err(err(format!("tensordot expects dims >= 0, but got dims={n}"), s));
            }
            if n as usize > x.ndim().min(y.ndim()) {
                return Err(err(format!("tensordot expects dims < ndim_a or ndim_b, but got dims={n}"), s));
            }
            ((x.ndim() as i64 - n..x.ndim() as i64).collect(), (0..n).collect())
        }
        Some((v @ (Value::List(_) | Value::Tuple(_)), s)) => {
            let parts: Vec<Value> = match &v {
                Value::List(l) => l.borrow().clone(),
                Value::Tuple(t) => t.clone(),
                _ => vec![],
            };
            let bad = || EvalError::type_error("tensordot(): argument 'dims' must be int or a pair of int lists", s);
            if parts.len() != 2 {
                return Err(bad());
            }
            let one = |v: &Value| seq_ints(v).ok_or_else(bad);
            (one(&parts[0])?, one(&parts[1])?)
        }
        Some((v, s)) => return Err(EvalError::type_error(format!("tensordot(): argument 'dims' must be int or tuple, not {}", v.type_name()), s)),
    };
    a.finish(3)?;
    if da.len() != db.len() {
        return Err(err(format!("both dimension lists should have same length, but got {} and {}", da.len(), db.len()), span));
    }
    // As einsum subscripts: a's dims a.., b's free dims after them, shared letters contracted.
    let letters: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
    if x.ndim() + y.ndim() > letters.len() {
        return Err(err("tensordot(): too many dimensions", span));
    }
    let wrap = |d: i64, n: usize| crate::engine::layout::wrap_dim(d, n).map_err(|e| EvalError::from_engine(e, span));
    let sa: Vec<char> = letters[..x.ndim()].to_vec();
    let mut sb: Vec<char> = letters[x.ndim()..x.ndim() + y.ndim()].to_vec();
    for (&i, &j) in da.iter().zip(&db) {
        let (i, j) = (wrap(i, x.ndim())?, wrap(j, y.ndim())?);
        if x.shape()[i] != y.shape()[j] {
            return Err(err(format!("contracted dimensions need to match, but first has size {} in dim {i} and second has size {} in dim {j}", x.shape()[i], y.shape()[j]), span));
        }
        sb[j] = sa[i];
    }
    let out: String = sa.iter().filter(|c| !sb.contains(c)).chain(sb.iter().filter(|c| !sa.contains(c))).collect();
    let eq = format!("{},{}->{out}", sa.iter().collect::<String>(), sb.iter().collect::<String>());
    // ATen's tensordot is one `mm` of the reshaped operands: its refusal.
    if x.dtype == crate::engine::DType::Bool && y.dtype == crate::engine::DType::Bool && x.device() == crate::engine::Device::Cpu {
        return Err(EvalError::new(crate::engine::ErrorKind::NotImplementedError, "\"addmm_impl_cpu_\" not implemented for 'Bool'", span));
    }
    einsum(it, &eq, vec![x, y], span).map(Value::Tensor)
}

/// `combinations(input, r=2, with_replacement=False)`: itertools' order, as
/// an advanced index of the 1-D input (`IndexBackward0`).
fn combinations(it: &mut Interp, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let t = super::super::methods::tensor_arg(&mut a, 0, "input")?;
    let r = a.opt_int(1, "r", 2)?;
    let rep = a.opt_bool(2, "with_replacement", false)?;
    a.finish(3)?;
    if t.ndim() != 1 {
        return Err(err(format!("Expect a 1D vector, but got shape {:?}", t.shape()), span));
    }
    if r < 0 {
        return Err(err(format!("Expect a non-negative number, but got {r}"), span));
    }
    let (n, r) = (t.shape()[0], r as usize);
    let mut rows: Vec<Vec<usize>> = vec![];
    let mut cur: Vec<usize> = vec![];
    fn walk(n: usize, r: usize, rep: bool, start: usize, cur: &mut Vec<usize>, rows: &mut Vec<Vec<usize>>) -> bool {
        if rows.len() > 1 << 22 {
            return false;
        }
        if cur.len() == r {
            rows.push(cur.clone());
            return true;
        }
        for i in start..n {
            cur.push(i);
            let ok = walk(n, r, rep, if rep { i } else { i + 1 }, cur, rows);
            cur.pop();
            if !ok {
                return false;
            }
        }
        true
    }
    if r > 0 && !walk(n, r, rep, 0, &mut cur, &mut rows) {
        return Err(err("combinations(): too many combinations", span));
    }
    if r == 0 {
        // PyTorch returns an empty 1-D tensor for r = 0.
        let e = crate::engine::ops::factory::full(&it.ctx, t.device(), &[0], crate::engine::Scalar::Int(0), t.dtype, "combinations").map_err(|e| EvalError::from_engine(e, span))?;
        return Ok(Value::tensor(e));
    }
    if rows.is_empty() {
        let e = crate::engine::ops::factory::full(&it.ctx, t.device(), &[0, r], crate::engine::Scalar::Int(0), t.dtype, "combinations").map_err(|e| EvalError::from_engine(e, span))?;
        return Ok(Value::tensor(e));
    }
    let vals: Vec<crate::engine::Scalar> = rows.iter().flatten().map(|&i| crate::engine::Scalar::Int(i as i64)).collect();
    let item = crate::engine::ops::advanced::AdvItem::Values { shape: vec![rows.len(), r], vals, dtype: crate::engine::DType::Int64, stride: None };
    it.advanced_get(&t, &[item], span).map(Value::tensor)
}
