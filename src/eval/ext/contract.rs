//! Family "contract": `torch.einsum` and `torch.tensordot`, lowered as
//! PyTorch lowers them: repeated subscripts of one operand become a
//! `diagonal`, subscripts only one operand needs are summed first, and each
//! pair of operands is a `bmm` of permuted, reshaped views (`mul` when
//! nothing is contracted), viewed back to the result's dims and permuted
//! to the output order. Every step is an ordinary tsr op, so the graph,
//! the storages and the strides are those of the steps.

use std::rc::Rc;

use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::super::args::{seq_ints, Args};
use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;

pub const FAMILY: Family = Family { functions: &["einsum", "tensordot", "combinations"], methods: &["inner", "kron"], function, method };

/// `inner` and `kron` (method and function forms).
fn method(it: &mut Interp, t: &Rc<Tensor>, name: &str, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let span = a.span;
    let o = super::super::methods::tensor_arg(&mut a, 0, "other")?;
    a.finish(1)?;
    if name == "inner" {
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
    let ta = with_list(it, t, "reshape", &ra, span)?;
    let tb = with_list(it, &o, "reshape", &rb, span)?;
    let Value::Tensor(m) = super::super::ops::binop(it, crate::lang::ast::BinOp::Mul, &Value::Tensor(ta), &Value::Tensor(tb), span)? else {
        return Err(err("internal: kron", span));
    };
    let shape: Vec<usize> = sa.iter().zip(&sb).map(|(x, y)| x * y).collect();
    let l = crate::engine::layout::view(m.layout(), &shape.iter().map(|&d| d as i64).collect::<Vec<_>>()).map_err(|e| EvalError::from_engine(e, span))?;
    let out = m.view_as_layout(l, "kron");
    let f = crate::engine::autograd::Formula::Reshape { shape: m.shape().to_vec() };
    Ok(Value::tensor(super::super::grad::record(it, "UnsafeViewBackward0", &[Some(&m)], out, f, &[])))
}

/// A tensor and the subscript of each of its dims.
struct Term {
    t: Rc<Tensor>,
    subs: Vec<char>,
}

fn err(msg: impl Into<String>, span: Span) -> EvalError {
    EvalError::new(ErrorKind::RuntimeError, msg, span)
}

/// `x.NAME(ints...)` through the evaluator (records autograd like user code).
fn call(it: &mut Interp, t: &Rc<Tensor>, name: &str, ints: &[i64], span: Span) -> EvalResult<Rc<Tensor>> {
    let a = Args { name: name.to_string(), pos: ints.iter().map(|&i| (Value::Int(i), span)).collect(), kw: vec![], span, pos_base: 0 };
    call_args(it, t, name, a, span)
}

fn call_args(it: &mut Interp, t: &Rc<Tensor>, name: &str, a: Args, span: Span) -> EvalResult<Rc<Tensor>> {
    match super::super::methods::call(it, t, name, a, span, name)? {
        Value::Tensor(r) => Ok(r),
        other => Err(err(format!("internal: {name} gave {}", other.type_name()), span)),
    }
}

fn with_list(it: &mut Interp, t: &Rc<Tensor>, name: &str, ints: &[i64], span: Span) -> EvalResult<Rc<Tensor>> {
    let list = Value::Tuple(ints.iter().map(|&i| Value::Int(i)).collect());
    let a = Args { name: name.to_string(), pos: vec![(list, span)], kw: vec![], span, pos_base: 0 };
    call_args(it, t, name, a, span)
}

fn function(it: &mut Interp, name: &str, mut a: Args, _op: &str) -> EvalResult<Value> {
    let span = a.span;
    if name == "tensordot" {
        return tensordot(it, a);
    }
    if name == "combinations" {
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

/// The subscripts of `eq` for `n` operands, and the output's.
fn parse(eq: &str, ops: &[Rc<Tensor>], span: Span) -> EvalResult<(Vec<Vec<char>>, Vec<char>)> {
    let eq: String = eq.chars().filter(|c| !c.is_whitespace()).collect();
    if eq.contains("...") || eq.contains('.') {
        return Err(EvalError::new(ErrorKind::NotImplementedError, "tsr's einsum does not take ellipses (...) yet: name every dim", span));
    }
    let (lhs, out) = match eq.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (eq.clone(), None),
    };
    let terms: Vec<Vec<char>> = lhs.split(',').map(|s| s.chars().collect()).collect();
    for t in &terms {
        if let Some(c) = t.iter().find(|c| !c.is_ascii_alphabetic()) {
            return Err(err(format!("einsum(): invalid subscript given at index {} in the equation string, subscripts must be in [a-zA-Z]", lhs.find(*c).unwrap_or(0)), span));
        }
    }
    if terms.len() != ops.len() {
        let which = if terms.len() > ops.len() { "fewer" } else { "more" };
        return Err(err(format!("einsum(): {which} operands were provided than specified in the equation"), span));
    }
    for (i, (t, o)) in terms.iter().zip(ops).enumerate() {
        if t.len() != o.ndim() {
            return Err(err(format!("einsum(): the number of subscripts in the equation ({}) does not match the number of dimensions ({}) for operand {i} and no ellipsis was given", t.len(), o.ndim()), span));
        }
    }
    let out: Vec<char> = match out {
        Some(o) => {
            let o: Vec<char> = o.chars().collect();
            for (i, c) in o.iter().enumerate() {
                if !c.is_ascii_alphabetic() {
                    return Err(err("einsum(): invalid subscript given in the equation string, subscripts must be in [a-zA-Z]", span));
                }
                if o[..i].contains(c) {
                    return Err(err(format!("einsum(): output subscript {c} appears more than once in the output"), span));
                }
                if !terms.iter().any(|t| t.contains(c)) {
                    return Err(err(format!("einsum(): output subscript {c} does not appear in the equation for any input operand"), span));
                }
            }
            o
        }
        // Implicit output: the subscripts seen once, in alphabetical order.
        None => {
            let mut once: Vec<char> = ('A'..='Z').chain('a'..='z').filter(|c| terms.iter().flatten().filter(|x| *x == c).count() == 1).collect();
            once.sort_by_key(|c| if c.is_ascii_uppercase() { (0, *c) } else { (1, *c) });
            once
        }
    };
    Ok((terms, out))
}

fn einsum(it: &mut Interp, eq: &str, ops: Vec<Rc<Tensor>>, span: Span) -> EvalResult<Rc<Tensor>> {
    if ops.is_empty() {
        return Err(err("einsum(): must provide at least one operand", span));
    }
    let (subs, out) = parse(eq, &ops, span)?;
    // Sizes agree per subscript.
    let mut size = std::collections::HashMap::new();
    for (k, (t, s)) in ops.iter().zip(&subs).enumerate() {
        for (d, c) in s.iter().enumerate() {
            if let Some(e) = s[..d].iter().position(|x| x == c)
                && t.shape()[e] != t.shape()[d]
            {
                return Err(err(format!("einsum(): subscript {c} is repeated for operand {k} but the sizes don't match, {} != {}", t.shape()[d], t.shape()[e]), span));
            }
            let n = t.shape()[d];
            match size.get(c) {
                Some(&m) if m != n && m != 1 && n != 1 => {
                    return Err(err(format!("einsum(): operands do not broadcast with remapped shapes (original->remapped): subscript {c} has sizes {m} and {n}"), span));
                }
                _ => {
                    size.insert(*c, n);
                }
            }
        }
    }
    // PyTorch's global dim order: the output's subscripts, then the others
    // as they first appear. Each operand is permuted into it (a view, even
    // when the order is already right: `einsum("ij->ij", x)` is PermuteBackward0).
    let mut global: Vec<char> = out.clone();
    for c in subs.iter().flatten() {
        if !global.contains(c) {
            global.push(*c);
        }
    }
    let mut terms: Vec<Term> = vec![];
    for (t, s) in ops.into_iter().zip(subs) {
        let mut term = diagonals(it, Term { t, subs: s }, span)?;
        let mut order = term.subs.clone();
        order.sort_by_key(|c| global.iter().position(|g| g == c));
        let perm: Vec<i64> = order.iter().map(|c| term.subs.iter().position(|x| x == c).unwrap_or(0) as i64).collect();
        term.t = with_list(it, &term.t, "permute", &perm, span)?;
        term.subs = order;
        terms.push(term);
    }
    // Fold left to right; a subscript is summed away once no later operand
    // and not the output needs it.
    let mut acc = terms.remove(0);
    let needed = |rest: &[Term], c: char| out.contains(&c) || rest.iter().any(|t| t.subs.contains(&c));
    acc = sum_unneeded(it, acc, |c| needed(&terms, c), None, span)?;
    while !terms.is_empty() {
        let b = terms.remove(0);
        let b = sum_unneeded(it, b, |c| needed(&terms, c), Some(&acc.subs), span)?;
        acc = pair(it, acc, b, |c| needed(&terms, c), &global, span)?;
    }
    // Permute to the output order.
    let perm: Vec<i64> = out.iter().map(|c| acc.subs.iter().position(|x| x == c).unwrap_or(0) as i64).collect();
    if perm.iter().enumerate().any(|(i, &p)| p != i as i64) {
        return with_list(it, &acc.t, "permute", &perm, span);
    }
    Ok(acc.t)
}

/// Repeated subscripts of one operand (`ii`): the diagonal, a view.
fn diagonals(it: &mut Interp, mut term: Term, span: Span) -> EvalResult<Term> {
    loop {
        let Some((i, j)) = (0..term.subs.len()).find_map(|i| (i + 1..term.subs.len()).find(|&j| term.subs[j] == term.subs[i]).map(|j| (i, j))) else {
            return Ok(term);
        };
        // diagonal(0, i, j) drops both dims and appends the diagonal last.
        term.t = call(it, &term.t, "diagonal", &[0, i as i64, j as i64], span)?;
        let c = term.subs[i];
        term.subs.remove(j);
        term.subs.remove(i);
        term.subs.push(c);
    }
}

/// Sums the subscripts of `term` that nothing after it needs and that the
/// other operand of its pair (`partner`) does not have.
fn sum_unneeded(it: &mut Interp, term: Term, needed: impl Fn(char) -> bool, partner: Option<&[char]>, span: Span) -> EvalResult<Term> {
    let drop: Vec<usize> = (0..term.subs.len()).filter(|&d| !needed(term.subs[d]) && !partner.is_some_and(|p| p.contains(&term.subs[d]))).collect();
    if drop.is_empty() {
        return Ok(term);
    }
    let dims: Vec<i64> = drop.iter().map(|&d| d as i64).collect();
    let t = with_list(it, &term.t, "sum", &dims, span)?;
    let subs = term.subs.iter().enumerate().filter(|(d, _)| !drop.contains(d)).map(|(_, c)| *c).collect();
    Ok(Term { t, subs })
}

/// One contraction step: `bmm` over the shared subscripts nothing later
/// needs, batching the shared ones that stay; `mul` when none is summed.
fn pair(it: &mut Interp, a: Term, b: Term, needed: impl Fn(char) -> bool, global: &[char], span: Span) -> EvalResult<Term> {
    // The operand whose own subscripts come first in the global order goes
    // on the left, so the product comes out in that order (no permute).
    let first_own = |t: &Term, o: &Term| t.subs.iter().filter(|c| !o.subs.contains(c)).filter_map(|c| global.iter().position(|g| g == c)).min();
    let (a, b) = match (first_own(&a, &b), first_own(&b, &a)) {
        (Some(x), Some(y)) if y < x => (b, a),
        _ => (a, b),
    };
    let shared: Vec<char> = a.subs.iter().copied().filter(|c| b.subs.contains(c)).collect();
    let con: Vec<char> = shared.iter().copied().filter(|&c| !needed(c)).collect();
    let batch: Vec<char> = shared.iter().copied().filter(|&c| needed(c)).collect();
    let left: Vec<char> = a.subs.iter().copied().filter(|c| !shared.contains(c)).collect();
    let right: Vec<char> = b.subs.iter().copied().filter(|c| !shared.contains(c)).collect();
    let pos = |t: &Term, cs: &[char]| -> Vec<i64> { cs.iter().map(|c| t.subs.iter().position(|x| x == c).unwrap_or(0) as i64).collect() };
    let size = |t: &Term, cs: &[char]| -> Vec<usize> { cs.iter().map(|c| t.t.shape()[t.subs.iter().position(|x| x == c).unwrap_or(0)]).collect() };
    let prod = |v: &[usize]| v.iter().product::<usize>() as i64;
    if con.is_empty() {
        // Element-wise: both in the order batch + left + right, broadcast by unsqueeze.
        let order: Vec<char> = batch.iter().chain(&left).chain(&right).copied().collect();
        let align = |it: &mut Interp, t: &Term| -> EvalResult<Rc<Tensor>> {
            let mut cur = t.t.clone();
            let mut have: Vec<char> = t.subs.clone();
            let keep: Vec<char> = order.iter().copied().filter(|c| have.contains(c)).collect();
            let perm: Vec<i64> = keep.iter().map(|c| have.iter().position(|x| x == c).unwrap_or(0) as i64).collect();
            if perm.iter().enumerate().any(|(i, &p)| p != i as i64) {
                cur = with_list(it, &cur, "permute", &perm, span)?;
            }
            have = keep;
            for (i, c) in order.iter().enumerate() {
                if !have.contains(c) {
                    cur = call(it, &cur, "unsqueeze", &[i as i64], span)?;
                    have.insert(i, *c);
                }
            }
            Ok(cur)
        };
        let (ta, tb) = (align(it, &a)?, align(it, &b)?);
        let r = super::super::ops::binop(it, crate::lang::ast::BinOp::Mul, &Value::Tensor(ta), &Value::Tensor(tb), span)?;
        let Value::Tensor(r) = r else { return Err(err("internal: mul gave no tensor", span)) };
        return Ok(Term { t: r, subs: order });
    }
    let (bs, ls, cs, rs) = (size(&a, &batch), size(&a, &left), size(&a, &con), size(&b, &right));
    let cs_b = size(&b, &con);
    if cs != cs_b {
        return Err(err(format!("einsum(): subscript {} has size {} for one operand which does not broadcast with previously seen size {}", con[0], cs_b[0], cs[0]), span));
    }
    let pa: Vec<i64> = [pos(&a, &batch), pos(&a, &left), pos(&a, &con)].concat();
    let pb: Vec<i64> = [pos(&b, &batch), pos(&b, &con), pos(&b, &right)].concat();
    let ta = with_list(it, &a.t, "permute", &pa, span)?;
    let tb = with_list(it, &b.t, "permute", &pb, span)?;
    let ta = with_list(it, &ta, "reshape", &[prod(&bs), prod(&ls), prod(&cs)], span)?;
    let tb = with_list(it, &tb, "reshape", &[prod(&bs), prod(&cs), prod(&rs)], span)?;
    let r = super::super::matmul::call(it, "bmm", &ta, &tb).map_err(|e| EvalError::from_engine(e, span))?;
    let r = Rc::new(r);
    let shape: Vec<i64> = bs.iter().chain(&ls).chain(&rs).map(|&n| n as i64).collect();
    let r = with_list(it, &r, "view", &shape, span)?;
    Ok(Term { t: r, subs: batch.iter().chain(&left).chain(&right).copied().collect() })
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
