//! `softmax`, `log_softmax` (`dim=`, `dtype=`) and `logsumexp` of the
//! element-wise math family, with SoftmaxBackward0, LogSoftmaxBackward0
//! and LogsumexpBackward0 (`torch.nn.functional` reaches them by name).

use std::rc::Rc;

use crate::engine::autograd::{saved_tensor, BackwardFn};
use crate::engine::ops::softmax;
use crate::engine::ops::promote::scalar_type_name;
use crate::engine::Tensor;
use crate::lang::span::Span;

use super::super::args::{seq_ints, to_int, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

pub const FAMILY: Family = Family {
    functions: &[],
    methods: &[OpId::Softmax, OpId::LogSoftmax, OpId::Logsumexp],
    function: super::no_function,
    method,
};

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    if id == OpId::Logsumexp {
        let (dv, ds) = a.get(0, "dim").ok_or_else(|| a.err("logsumexp() missing required argument 'dim'"))?;
        let dims: Vec<i64> = match to_int(&dv) {
            Some(d) => vec![d],
            None => seq_ints(&dv).ok_or_else(|| EvalError::type_error(format!("logsumexp(): argument 'dim' must be tuple of ints, not {}", dv.type_name()), ds))?,
        };
        let keepdim = a.opt_bool(1, "keepdim", false)?;
        let out = super::math::take_out(&mut a, false)?;
        a.finish(2)?;
        if let Some(o) = out {
            // `sum_out` computes into `out`'s dtype, so a wider `out` gets
            // a wider sum, log and add.
            let dt = match &o.0 {
                Value::Tensor(ot) if !ot.dtype.is_floating() => {
                    let msg = format!("logsumexp(): Expected floating point type for result tensor, but got: {}", scalar_type_name(ot.dtype));
                    return Err(EvalError::new(crate::engine::ErrorKind::RuntimeError, msg, span));
                }
                Value::Tensor(ot) => Some(ot.dtype),
                _ => None,
            };
            let r = softmax::logsumexp(&it.ctx, t, &dims, keepdim, dt).at(span)?;
            return super::math::write_out(it, name, super::math::OutRule::Cast, &[t], r, &o, span);
        }
        let r = softmax::logsumexp(&it.ctx, t, &dims, keepdim, None).at(span)?;
        let keep = r.clone();
        let f = BackwardFn::new(move |ctx, node, g| {
            let x = saved_tensor(node, 0)?;
            let r = saved_tensor(node, 1)?;
            Ok(vec![Some(softmax::logsumexp_backward(ctx, g, &x, &r, &dims)?)])
        });
        return Ok(Value::tensor(super::super::grad::record(it, OpId::Logsumexp.node(0), &[Some(t)], r, f, &[t, &keep])));
    }
    let dim = match a.get(0, "dim") {
        Some((v, s)) => to_int(&v).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'dim' must be int, not {}", v.type_name()), s))?,
        None => return Err(a.err(format!("{name}() missing 1 required positional arguments: \"dim\""))),
    };
    let dtype = a.dtype_kw()?;
    let out = super::math::take_out(&mut a, false)?;
    a.take_kw("_stacklevel");
    a.finish(1)?;
    let x: Rc<Tensor> = match dtype {
        Some(d) if d != t.dtype => {
            let c = crate::engine::ops::copy::to_dtype(&it.ctx, t, d).at(span)?.unwrap_or_else(|| (**t).clone());
            Rc::new(super::super::grad::record(it, OpId::To.node(0), &[Some(t)], c, super::super::grad::to_copy(t), &[]))
        }
        _ => t.clone(),
    };
    let log = id == OpId::LogSoftmax;
    let r = softmax::softmax(&it.ctx, &x, dim, log).at(span)?;
    if let Some(o) = out {
        if let Value::Tensor(ot) = &o.0
            && ot.dtype != r.dtype
        {
            let msg = format!("Expected out tensor to have dtype {}, but got {} instead", crate::engine::ops::promote::type_meta_name(r.dtype), crate::engine::ops::promote::type_meta_name(ot.dtype));
            return Err(EvalError::new(crate::engine::ErrorKind::RuntimeError, msg, span));
        }
        return super::math::write_out(it, name, super::math::OutRule::Cast, &[t], r, &o, span);
    }
    let keep = r.clone();
    let f = BackwardFn::new(move |ctx, node, g| {
        let y = saved_tensor(node, 0)?;
        Ok(vec![Some(softmax::softmax_backward(ctx, g, &y, dim, log)?)])
    });
    let node = if log { OpId::LogSoftmax.node(0) } else { OpId::Softmax.node(0) };
    Ok(Value::tensor(super::super::grad::record(it, node, &[Some(&x)], r, f, &[&keep])))
}

