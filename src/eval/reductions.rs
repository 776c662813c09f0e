//! Argument handling for reductions (`x.sum(dim=1, keepdim=True)`,
//! `x.max(0)` → `(values, indices)`, `x.std(unbiased=False)`).

use std::rc::Rc;

use crate::engine::ops::elementwise::{self, Arg as EArg, BinaryOp};
use crate::engine::ops::reduce::{reduce, ReduceOp};
use crate::engine::Tensor;

use super::args::{seq_ints, Args};
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

fn op_of(name: &str) -> ReduceOp {
    match name {
        "sum" => ReduceOp::Sum,
        "mean" => ReduceOp::Mean,
        "prod" => ReduceOp::Prod,
        "max" => ReduceOp::Max,
        "min" => ReduceOp::Min,
        "argmax" => ReduceOp::ArgMax,
        "argmin" => ReduceOp::ArgMin,
        "std" => ReduceOp::Std,
        "var" => ReduceOp::Var,
        "all" => ReduceOp::All,
        _ => ReduceOp::Any,
    }
}

pub fn call(it: &mut Interp, t: &Rc<Tensor>, name: &str, mut a: Args, _op: &str) -> EvalResult<Value> {
    let span = a.span;
    let op = op_of(name);
    // max(other) / min(other): element-wise maximum/minimum.
    if matches!(op, ReduceOp::Max | ReduceOp::Min) {
        if let Some((Value::Tensor(other), _)) = a.pos.first().cloned() {
            a.finish(1)?;
            return maximum(it, t, &other, op == ReduceOp::Max, span);
        }
    }
    let dims: Option<Vec<i64>> = match a.get(0, "dim") {
        None | Some((Value::None, _)) => None,
        Some((v, s)) => Some(seq_ints(&v).ok_or_else(|| {
            EvalError::type_error(format!("{name}(): argument 'dim' must be int or tuple of ints, not {}", v.type_name()), s)
        })?),
    };
    if matches!(op, ReduceOp::Max | ReduceOp::Min | ReduceOp::ArgMax | ReduceOp::ArgMin) {
        if let Some(d) = &dims {
            if d.len() != 1 {
                return Err(EvalError::type_error(format!("{name}(): argument 'dim' must be int, not tuple"), span));
            }
        }
    }
    let keepdim = a.opt_bool(1, "keepdim", false)?;
    let mut correction = 1.0;
    if matches!(op, ReduceOp::Std | ReduceOp::Var) {
        if let Some((v, _)) = a.take_kw("unbiased") {
            correction = if matches!(v, Value::Bool(false)) { 0.0 } else { 1.0 };
        }
        if let Some((v, s)) = a.take_kw("correction") {
            correction = super::args::to_number(&v).map(|x| x.as_f64()).ok_or_else(|| EvalError::type_error("correction must be a number", s))?;
        }
    }
    let dtype = a.dtype_kw()?;
    a.finish(2)?;
    let src: Tensor = match dtype {
        Some(d) => crate::engine::ops::copy::to_dtype(&it.ctx, t, d).at(span)?.unwrap_or_else(|| (**t).clone()),
        None => (**t).clone(),
    };
    let r = reduce(&it.ctx, op, &src, dims.as_deref(), keepdim, correction).at(span)?;
    Ok(match r.indices {
        Some(i) => Value::NamedTuple(if op == ReduceOp::Max { "max" } else { "min" }, vec![("values", Value::tensor(r.values)), ("indices", Value::tensor(i))]),
        None => Value::tensor(r.values),
    })
}

fn maximum(it: &Interp, a: &Tensor, b: &Tensor, max: bool, span: crate::lang::span::Span) -> EvalResult<Value> {
    // maximum(a, b) = where(a >= b, a, b), with NaN propagating.
    let ge = elementwise::binary(&it.ctx, if max { BinaryOp::Ge } else { BinaryOp::Le }, EArg::T(a), EArg::T(b)).at(span)?;
    let nan = elementwise::binary(&it.ctx, BinaryOp::Ne, EArg::T(a), EArg::T(a)).at(span)?;
    let pick = elementwise::binary(&it.ctx, BinaryOp::BitOr, EArg::T(&ge), EArg::T(&nan)).at(span)?;
    crate::engine::ops::join::where_(&it.ctx, &pick, a, b).map(Value::tensor).at(span)
}
