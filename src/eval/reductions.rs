//! Argument handling for reductions (`x.sum(dim=1, keepdim=True)`,
//! `x.max(0)` → `(values, indices)`, `x.std(unbiased=False)`).

use std::rc::Rc;

use crate::engine::ops::reduce::{reduce, ReduceOp};
use crate::engine::Tensor;

use super::args::{seq_ints, Args};
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;
use crate::eval::registry::OpId;

fn op_of(id: OpId) -> ReduceOp {
    match id {
        OpId::Sum => ReduceOp::Sum,
        OpId::Mean => ReduceOp::Mean,
        OpId::Prod => ReduceOp::Prod,
        OpId::Max => ReduceOp::Max,
        OpId::Min => ReduceOp::Min,
        OpId::Argmax => ReduceOp::ArgMax,
        OpId::Argmin => ReduceOp::ArgMin,
        OpId::Std => ReduceOp::Std,
        OpId::Var => ReduceOp::Var,
        OpId::All => ReduceOp::All,
        _ => ReduceOp::Any,
    }
}

pub fn call(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let op = op_of(id);
    // max(other) / min(other): element-wise maximum/minimum.
    if matches!(op, ReduceOp::Max | ReduceOp::Min)
        && let Some((Value::Tensor(other), _)) = a.pos.first().cloned()
    {
        a.finish(1)?;
        return super::ext::math::maximum(it, t, &other, op == ReduceOp::Max, span);
    }
    if matches!(op, ReduceOp::Std | ReduceOp::Var) {
        let sp = spread_args(&mut a, name)?;
        a.finish(3)?;
        let r = reduce(&it.ctx, op, t, sp.dims.as_deref(), sp.keepdim, sp.correction, None).at(span)?;
        super::warnings::degrees_of_freedom(it, name, t.numel(), r.values.numel(), sp.correction, span);
        return Ok(Value::tensor(record(it, t, op, sp.dims.as_deref(), sp.keepdim, sp.correction, r.values, None)));
    }
    let dims = dims_arg(&mut a, name)?;
    if op == ReduceOp::Prod && dims.as_ref().is_some_and(|d| d.len() != 1) {
        return Err(EvalError::type_error(
            "prod() received an invalid combination of arguments - got (tuple), but expected one of:\n * (*, torch.dtype dtype = None)\n * (int dim, bool keepdim = False, *, torch.dtype dtype = None)\n",
            span,
        ));
    }
    // An empty dim list reduces over every dim (sum and mean).
    let dims = match dims {
        Some(d) if d.is_empty() && matches!(op, ReduceOp::Sum | ReduceOp::Mean) => None,
        other => other,
    };
    if matches!(op, ReduceOp::Max | ReduceOp::Min | ReduceOp::ArgMax | ReduceOp::ArgMin)
        && let Some(d) = &dims
        && d.len() != 1
    {
        return Err(EvalError::type_error(format!("{name}(): argument 'dim' must be int, not tuple"), span));
    }
    let keepdim = a.opt_bool(1, "keepdim", false)?;
    let correction = 1.0;
    let dtype = a.dtype_kw()?;
    a.finish(2)?;
    let src: Tensor = match dtype {
        Some(d) => crate::engine::ops::copy::to_dtype(&it.ctx, t, d).at(span)?.unwrap_or_else(|| (**t).clone()),
        None => (**t).clone(),
    };
    let r = reduce(&it.ctx, op, &src, dims.as_deref(), keepdim, correction, dtype).at(span)?;
    let r = crate::engine::ops::reduce::Reduced { values: record(it, t, op, dims.as_deref(), keepdim, correction, r.values, r.indices.as_ref()), indices: r.indices };
    Ok(match r.indices {
        Some(i) => Value::NamedTuple(if op == ReduceOp::Max { "max" } else { "min" }, vec![("values", Value::tensor(r.values)), ("indices", Value::tensor(i))]),
        None => Value::tensor(r.values),
    })
}

/// A reduction's `dim` argument (positional 0 or `dim=`).
fn dims_arg(a: &mut Args, name: &str) -> EvalResult<Option<Vec<i64>>> {
    match a.get(0, "dim") {
        None | Some((Value::None, _)) => Ok(None),
        Some((v, s)) => Ok(Some(seq_ints(&v).ok_or_else(|| {
            EvalError::type_error(format!("{name}(): argument 'dim' must be int or tuple of ints, not {}", v.type_name()), s)
        })?)),
    }
}

/// `var`/`std`/`var_mean`/`std_mean`'s arguments after the input.
struct Spread {
    dims: Option<Vec<i64>>,
    correction: f64,
    keepdim: bool,
}

/// The three overloads PyTorch's parser tells apart: `(bool unbiased)`,
/// `(dim, bool unbiased=True, bool keepdim=False)` and
/// `(dim=None, *, correction=None, keepdim=False)`: a bool first is
/// `unbiased` (`x.var(False)`), positional 1 is `unbiased`, 2 `keepdim`.
fn spread_args(a: &mut Args, name: &str) -> EvalResult<Spread> {
    let mut correction = 1.0;
    if let Some((Value::Bool(unbiased), _)) = a.pos.first() {
        correction = if *unbiased { 1.0 } else { 0.0 };
        a.pos.remove(0);
        return Ok(Spread { dims: None, correction, keepdim: false });
    }
    // An empty dim list reduces over every dim.
    let dims = dims_arg(a, name)?.filter(|d| !d.is_empty());
    if !a.opt_bool(1, "unbiased", true)? {
        correction = 0.0;
    }
    let keepdim = a.opt_bool(2, "keepdim", false)?;
    if let Some((v, s)) = a.take_kw("correction")
        && !matches!(v, Value::None)
    {
        correction = super::args::to_number(&v).map(|x| x.as_f64()).ok_or_else(|| EvalError::type_error("correction must be a number", s))?;
    }
    Ok(Spread { dims, correction, keepdim })
}

/// `var_mean`/`std_mean` (`std`): both outputs from one `WelfordOps` pass
/// (`engine::ops::reduce::var_mean`; a full reduction is Welford's too,
/// not `std_var_all_cpu`'s); each output recorded as `var`/`std` and
/// `mean` would record it.
pub fn var_mean(it: &mut Interp, t: &Rc<Tensor>, std: bool, name: &str, mut a: Args) -> EvalResult<(Tensor, Tensor)> {
    let span = a.span;
    let sp = spread_args(&mut a, name)?;
    a.finish(3)?;
    let op = if std { ReduceOp::Std } else { ReduceOp::Var };
    let dims = sp.dims.as_deref();
    let (spread, mean) = match crate::engine::ops::reduce::var_mean(&it.ctx, t, dims, sp.keepdim, sp.correction, std).at(span)? {
        Some(both) => both,
        None => (
            reduce(&it.ctx, op, t, dims, sp.keepdim, sp.correction, None).at(span)?.values,
            reduce(&it.ctx, ReduceOp::Mean, t, dims, sp.keepdim, sp.correction, None).at(span)?.values,
        ),
    };
    super::warnings::degrees_of_freedom(it, name, t.numel(), spread.numel(), sp.correction, span);
    let spread = record(it, t, op, dims, sp.keepdim, sp.correction, spread, None);
    let mean = record(it, t, ReduceOp::Mean, dims, sp.keepdim, sp.correction, mean, None);
    Ok((spread, mean))
}

/// The reduction's node: `SumBackward0/1`, `MeanBackward0/1`, `ProdBackward0/1`,
/// `Max/MinBackward1` (all) and `Max/MinBackward0` (along a dim, from `indices`).
#[allow(clippy::too_many_arguments)]
fn record(it: &Interp, t: &Tensor, op: ReduceOp, dims: Option<&[i64]>, keepdim: bool, correction: f64, out: Tensor, indices: Option<&Tensor>) -> Tensor {
    use crate::engine::autograd::Formula;
    let mean = op == ReduceOp::Mean;
    let wrapped: Option<Vec<usize>> = dims.map(|ds| ds.iter().filter_map(|&d| crate::engine::layout::wrap_dim(d, t.ndim()).ok()).filter(|_| t.ndim() > 0).collect());
    match (op, dims) {
        (ReduceOp::Var | ReduceOp::Std, _) => {
            let std = op == ReduceOp::Std;
            let keep = out.clone();
            let f = Formula::VarStd { dims: wrapped, correction, keepdim, std };
            let name = if std { OpId::Std.node(0) } else { OpId::Var.node(0) };
            let saved: Vec<&Tensor> = if std { vec![t, &keep] } else { vec![t] };
            return super::grad::record(it, name, &[Some(t)], out, f, &saved);
        }
        (ReduceOp::Prod, None) => {
            let keep = out.clone();
            return super::grad::record(it, OpId::Prod.node(0), &[Some(t)], out, Formula::ProdAll, &[t, &keep]);
        }
        (ReduceOp::Prod, Some(_)) => {
            let keep = out.clone();
            let dim = wrapped.as_ref().and_then(|d| d.first().copied()).unwrap_or(0);
            return super::grad::record(it, OpId::Prod.node(1), &[Some(t)], out, Formula::ProdDim { dim, keepdim }, &[t, &keep]);
        }
        (ReduceOp::Max | ReduceOp::Min, Some(_)) => {
            let Some(idx) = indices else { return out };
            let dim = wrapped.as_ref().and_then(|d| d.first().copied()).unwrap_or(0);
            let name = if op == ReduceOp::Max { OpId::Max.node(2) } else { OpId::Min.node(2) };
            let f = Formula::IndexDim { dim, keepdim, shape: t.shape().to_vec() };
            return super::grad::record(it, name, &[Some(t)], out, f, &[idx]);
        }
        (ReduceOp::Max | ReduceOp::Min, None) => {
            let keep = out.clone();
            let name = if op == ReduceOp::Max { OpId::Max.node(0) } else { OpId::Min.node(0) };
            return super::grad::record(it, name, &[Some(t)], out, Formula::MaxMinAll, &[t, &keep]);
        }
        _ => {}
    }
    let (name, formula) = match (op, dims) {
        (ReduceOp::Sum | ReduceOp::Mean, None) => (if mean { OpId::Mean.node(0) } else { OpId::Sum.node(0) }, Formula::SumAll { shape: t.shape().to_vec(), mean }),
        (ReduceOp::Sum | ReduceOp::Mean, Some(ds)) => {
            let dims: Vec<usize> = ds.iter().filter_map(|&d| crate::engine::layout::wrap_dim(d, t.ndim()).ok()).filter(|_| t.ndim() > 0).collect();
            (if mean { OpId::Mean.node(1) } else { OpId::Sum.node(1) }, Formula::SumDims { shape: t.shape().to_vec(), dims, keepdim, mean })
        }
        _ => return out,
    };
    super::grad::record(it, name, &[Some(t)], out, formula, &[])
}
