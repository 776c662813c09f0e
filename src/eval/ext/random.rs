//! Family "random": `torch.randperm`, `x.uniform_`, `x.normal_`,
//! `torch.bernoulli(p)` / `p.bernoulli()` / `x.bernoulli_(p)` on
//! PyTorch's CPU generator, bit for bit under `manual_seed`.

use std::rc::Rc;

use crate::engine::autograd::BackwardFn;
use crate::engine::ops::random_more;
use crate::engine::{DType, Device, ErrorKind, Tensor};
use crate::lang::span::Span;

use super::super::args::{to_number, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

pub const FAMILY: Family = Family { functions: &[OpId::Randperm, OpId::Normal], methods: &[OpId::Uniform_, OpId::Normal_, OpId::Bernoulli, OpId::Bernoulli_, OpId::Multinomial], function, method };

fn number(a: &mut Args, i: usize, k: &str, default: f64, op: &str) -> EvalResult<f64> {
    match a.get(i, k) {
        None => Ok(default),
        Some((v, s)) => to_number(&v).map(|x| x.as_f64()).ok_or_else(|| EvalError::type_error(format!("{op}(): argument '{k}' must be float, not {}", v.type_name()), s)),
    }
}

fn function(it: &mut Interp, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    if id == OpId::Normal {
        return normal(it, a);
    }
    debug_assert_eq!(name, "randperm");
    let n = a.int(0, "n")?;
    let dtype = a.dtype_kw()?.unwrap_or(DType::Int64);
    let dev = a.device_kw()?.map(|(d, _)| d).unwrap_or(Device::Cpu);
    for k in ["generator", "layout", "pin_memory", "requires_grad"] {
        a.take_kw(k);
    }
    a.finish(1)?;
    random_more::randperm(&it.ctx, dev, n, dtype, op).map(Value::tensor).at(span)
}

/// `torch.normal`, as PyTorch's `normal_impl`s compute it: floats with a
/// size are `empty(size).normal_(mean, std)`; a tensor mean with a float
/// std is `normal_(0, std)` then `add_(mean)`; a tensor std is
/// `normal_(0, 1)` then `mul_(std).add_(mean)`, into a fresh contiguous
/// tensor of the broadcast shape.
fn normal(it: &mut Interp, mut a: Args) -> EvalResult<Value> {
    use crate::engine::ops::elementwise::{binary_inplace, Arg, BinaryOp};
    let span = a.span;
    a.take_kw("generator");
    if let Some((o, os)) = a.take_kw("out").filter(|(v, _)| !matches!(v, Value::None)) {
        let Value::Tensor(o) = o else {
            return Err(EvalError::type_error(format!("normal(): argument 'out' must be Tensor, not {}", o.type_name()), os));
        };
        return normal_out(it, a, &o);
    }
    let mean = a.get(0, "mean");
    let std = a.get(1, "std");
    let float = |v: &Value, s: Span, k: &str| to_number(v).map(|x| x.as_f64()).ok_or_else(|| EvalError::type_error(format!("normal(): argument '{k}' must be float or Tensor, not {}", v.type_name()), s));
    let check_std = |s: f64| if s >= 0.0 { Ok(()) } else { Err(EvalError::new(ErrorKind::RuntimeError, format!("normal expects std >= 0.0, but found std {}", crate::engine::error::cpp_double(s)), span)) };
    let check_std_tensor = |t: &Tensor| -> EvalResult<()> {
        if t.to_scalars().iter().any(|x| x.as_f64() < 0.0) {
            return Err(EvalError::new(ErrorKind::RuntimeError, "normal expects all elements of std >= 0.0", span));
        }
        Ok(())
    };
    let fresh = |it: &Interp, shape: &[usize], like: &Tensor| Tensor::alloc_on(&it.ctx, like.device(), shape, like.dtype, "normal").map(Rc::new).at(span);
    let (out, node, inputs) = match (mean, std) {
        (Some((Value::Tensor(m), _)), std) => {
            match std {
                Some((Value::Tensor(sd), _)) => {
                    a.finish(2)?;
                    check_std_tensor(&sd)?;
                    let shape = crate::engine::ops::iter_layout::broadcast_shapes(m.shape(), sd.shape()).at(span)?;
                    let out = fresh(it, &shape, &m)?;
                    random_more::normal_(&it.ctx, &out, 0.0, 1.0).at(span)?;
                    binary_inplace(BinaryOp::Mul, &out, Arg::T(&sd)).at(span)?;
                    binary_inplace(BinaryOp::Add, &out, Arg::T(&m)).at(span)?;
                    (out, OpId::Normal.node(0), vec![m, sd])
                }
                std => {
                    a.finish(2)?;
                    let s = match std {
                        None => 1.0,
                        Some((v, vs)) => float(&v, vs, "std")?,
                    };
                    check_std(s)?;
                    let out = fresh(it, m.shape(), &m)?;
                    random_more::normal_(&it.ctx, &out, 0.0, s).at(span)?;
                    binary_inplace(BinaryOp::Add, &out, Arg::T(&m)).at(span)?;
                    (out, OpId::Normal.node(1), vec![m])
                }
            }
        }
        (Some((mv, ms)), Some((Value::Tensor(sd), _))) => {
            a.finish(2)?;
            let m = float(&mv, ms, "mean")?;
            check_std_tensor(&sd)?;
            let out = fresh(it, sd.shape(), &sd)?;
            random_more::normal_(&it.ctx, &out, 0.0, 1.0).at(span)?;
            binary_inplace(BinaryOp::Mul, &out, Arg::T(&sd)).at(span)?;
            binary_inplace(BinaryOp::Add, &out, Arg::S(crate::engine::Scalar::Float(m))).at(span)?;
            (out, OpId::Normal.node(2), vec![sd])
        }
        (Some((mv, ms)), Some((sv, ss))) => {
            let m = float(&mv, ms, "mean")?;
            let s = float(&sv, ss, "std")?;
            let size = a.required_sizes(2, "size")?;
            let dtype = a.dtype_kw()?.unwrap_or(DType::Float32);
            let dev = a.device_kw()?.map(|(d, _)| d).unwrap_or(Device::Cpu);
            for k in ["layout", "pin_memory"] {
                a.take_kw(k);
            }
            a.finish(3)?;
            check_std(s)?;
            let shape = crate::engine::ops::factory::sizes(&size).at(span)?;
            let out = Rc::new(Tensor::alloc_on(&it.ctx, dev, &shape, dtype, "normal").at(span)?);
            random_more::normal_(&it.ctx, &out, m, s).at(span)?;
            return Ok(Value::Tensor(out));
        }
        _ => return Err(a.err("normal() received an invalid combination of arguments: give (Tensor mean, float std=1), (float mean, Tensor std), (Tensor mean, Tensor std) or (float mean, float std, tuple of ints size)")),
    };
    // The draws do not depend on mean or std: their gradients are zeros.
    // (Each of the input's own shape: a broadcast mean or std gets zeros
    // of its shape, not of the output's.)
    let shapes: Vec<Vec<usize>> = inputs.iter().map(|t| t.shape().to_vec()).collect();
    let zeros = BackwardFn::new(move |ctx, _node, g| {
        shapes.iter().map(|shape| crate::engine::ops::factory::full(ctx, g.device(), shape, crate::engine::Scalar::Float(0.0), g.dtype, "backward").map(Some)).collect()
    });
    let ins: Vec<Option<&Tensor>> = inputs.iter().map(|t| Some(&**t)).collect();
    Ok(Value::tensor(grad::record(it, node, &ins, (*out).clone(), zeros, &[])))
}

/// `torch.normal(..., out=o)` as PyTorch's `normal_out`s: `o` is resized
/// (`resize_output`) to the broadcast of mean's shape with its own (a float
/// std), of std's shape (a float mean), of mean and std (two tensors), or
/// to `size`, and the draws are made in `o`'s dtype, in place
/// (`o.normal_(0, std).add_(mean)`, `o.normal_(0, 1).mul_(std).add_(mean)`,
/// `o.normal_(mean, std)`); `o` is returned. No autograd through `out=`.
fn normal_out(it: &mut Interp, mut a: Args, o: &Rc<Tensor>) -> EvalResult<Value> {
    use crate::engine::ops::elementwise::{binary_inplace, Arg, BinaryOp};
    use crate::engine::ops::iter_layout::broadcast_shapes;
    let span = a.span;
    let mean = a.get(0, "mean");
    let std = a.get(1, "std");
    let tensors: Vec<&Rc<Tensor>> = [&mean, &std].into_iter().flatten().filter_map(|(v, _)| if let Value::Tensor(t) = v { Some(t) } else { None }).collect();
    if it.grad_enabled && tensors.iter().any(|t| t.requires_grad()) {
        return Err(EvalError::new(ErrorKind::RuntimeError, "normal(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad.", span));
    }
    let float = |v: &Value, s: Span, k: &str| to_number(v).map(|x| x.as_f64()).ok_or_else(|| EvalError::type_error(format!("normal(): argument '{k}' must be float or Tensor, not {}", v.type_name()), s));
    let std_error = |msg: String| EvalError::new(ErrorKind::RuntimeError, msg, span);
    let resized = |it: &mut Interp, shape: &[usize]| super::super::out::resize_output(it, o, shape, span);
    match (mean, std) {
        (Some((Value::Tensor(m), _)), Some((Value::Tensor(sd), _))) => {
            a.finish(2)?;
            if sd.to_scalars().iter().any(|x| x.as_f64() < 0.0) {
                return Err(std_error("normal expects all elements of std >= 0.0".into()));
            }
            let shape = broadcast_shapes(m.shape(), sd.shape()).at(span)?;
            resized(it, &shape)?;
            random_more::normal_(&it.ctx, o, 0.0, 1.0).at(span)?;
            binary_inplace(BinaryOp::Mul, o, Arg::T(&sd)).at(span)?;
            binary_inplace(BinaryOp::Add, o, Arg::T(&m)).at(span)?;
        }
        (Some((Value::Tensor(m), _)), sv) => {
            a.finish(2)?;
            let s = match sv {
                None => 1.0,
                Some((v, vs)) => float(&v, vs, "std")?,
            };
            if s < 0.0 {
                return Err(std_error(format!("normal expects std >= 0.0, but found std {}", crate::engine::error::cpp_double(s))));
            }
            let shape = broadcast_shapes(m.shape(), o.shape()).at(span)?;
            resized(it, &shape)?;
            random_more::normal_(&it.ctx, o, 0.0, s).at(span)?;
            binary_inplace(BinaryOp::Add, o, Arg::T(&m)).at(span)?;
        }
        (Some((mv, ms)), Some((Value::Tensor(sd), _))) => {
            a.finish(2)?;
            let m = float(&mv, ms, "mean")?;
            if sd.to_scalars().iter().any(|x| x.as_f64() < 0.0) {
                return Err(std_error("normal expects all elements of std >= 0.0".into()));
            }
            resized(it, sd.shape())?;
            random_more::normal_(&it.ctx, o, 0.0, 1.0).at(span)?;
            binary_inplace(BinaryOp::Mul, o, Arg::T(&sd)).at(span)?;
            binary_inplace(BinaryOp::Add, o, Arg::S(crate::engine::Scalar::Float(m))).at(span)?;
        }
        (Some((mv, ms)), Some((sv, ss))) => {
            let m = float(&mv, ms, "mean")?;
            let s = float(&sv, ss, "std")?;
            let size = a.required_sizes(2, "size")?;
            if let Some(d) = a.dtype_kw()?.filter(|&d| d != o.dtype) {
                return Err(EvalError::new(ErrorKind::RuntimeError, format!("dtype {} does not match dtype of out parameter ({})", crate::engine::ops::promote::scalar_type_name(d), crate::engine::ops::promote::scalar_type_name(o.dtype)), span));
            }
            for k in ["layout", "pin_memory", "device"] {
                a.take_kw(k);
            }
            a.finish(3)?;
            let shape = crate::engine::ops::factory::sizes(&size).at(span)?;
            resized(it, &shape)?;
            random_more::normal_(&it.ctx, o, m, s).at(span)?;
        }
        _ => return Err(a.err("normal() received an invalid combination of arguments: give (Tensor mean, float std=1), (float mean, Tensor std), (Tensor mean, Tensor std) or (float mean, float std, tuple of ints size)")),
    }
    o.storage.bump_version();
    Ok(Value::Tensor(o.clone()))
}

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    a.take_kw("generator");
    match id {
        OpId::Uniform_ | OpId::Normal_ => {
            let (k0, k1, d0, d1) = if id == OpId::Uniform_ { ("from", "to", 0.0, 1.0) } else { ("mean", "std", 0.0, 1.0) };
            let x0 = number(&mut a, 0, k0, d0, name)?;
            let x1 = number(&mut a, 1, k1, d1, name)?;
            a.finish(2)?;
            grad::check_inplace(it, t, span)?;
            if id == OpId::Uniform_ { random_more::uniform_(&it.ctx, t, x0, x1) } else { random_more::normal_(&it.ctx, t, x0, x1) }.at(span)?;
            Ok(Value::Tensor(t.clone()))
        }
        OpId::Bernoulli | OpId::Bernoulli_ => {
            let p = a.get(0, "p");
            a.finish(1)?;
            let scalar_p = || {
                EvalError::new(
                    ErrorKind::NotImplementedError,
                    format!("tsr's {name}(p) with a float p is not PyTorch's: PyTorch draws it from MKL's own stream; pass a tensor of probabilities (torch.full_like(x, p))"),
                    span,
                )
            };
            match (name, p) {
                ("bernoulli", None) => {
                    let out = random_more::bernoulli(&it.ctx, t, None).at(span)?;
                    let zero = BackwardFn::new(|ctx, node, g| {
                        let _ = node;
                        Ok(vec![Some(crate::engine::ops::factory::full(ctx, g.device(), g.shape(), crate::engine::Scalar::Float(0.0), g.dtype, "backward")?)])
                    });
                    Ok(Value::tensor(grad::record(it, OpId::Bernoulli.node(0), &[Some(t)], out, zero, &[])))
                }
                ("bernoulli_", Some((Value::Tensor(p), _))) => {
                    grad::check_inplace(it, t, span)?;
                    random_more::bernoulli(&it.ctx, &p, Some(t)).at(span)?;
                    Ok(Value::Tensor(t.clone()))
                }
                (_, Some((Value::Float(_) | Value::Int(_), _))) | (_, None) => Err(scalar_p()),
                (_, Some((v, s))) => Err(EvalError::type_error(format!("{name}(): argument 'p' must be float or Tensor, not {}", v.type_name()), s)),
            }
        }
        OpId::Multinomial => {
            let n = a.int(0, "num_samples")?;
            let replacement = a.opt_bool(1, "replacement", false)?;
            a.finish(2)?;
            if t.ndim() == 0 || t.ndim() > 2 {
                return Err(EvalError::new(ErrorKind::RuntimeError, "prob_dist must be 1 or 2 dim", span));
            }
            if !t.dtype.is_floating() {
                return Err(EvalError::new(ErrorKind::RuntimeError, format!("multinomial only supports floating-point dtypes for input, got: {}", crate::engine::ops::promote::scalar_type_name(t.dtype)), span));
            }
            if n <= 0 {
                return Err(EvalError::new(ErrorKind::RuntimeError, "cannot sample n_sample <= 0 samples", span));
            }
            let cats = *t.shape().last().unwrap_or(&0) as i64;
            if !replacement && n > cats {
                return Err(EvalError::new(ErrorKind::RuntimeError, "cannot sample n_sample > prob_dist.size(-1) samples without replacement", span));
            }
            if !replacement || n == 1 {
                random_more::multinomial_fast_path_checks(t).at(span)?;
            }
            if !replacement {
                return Err(EvalError::new(
                    ErrorKind::NotImplementedError,
                    "tsr's multinomial(replacement=False) is not PyTorch's: PyTorch samples it through exponential_, which its CPU build draws from MKL's stream; use replacement=True",
                    span,
                ));
            }
            // PyTorch's fast path: one sample, with or without replacement,
            // is argmax(p / exponential_()), the same MKL stream.
            if n == 1 {
                return Err(EvalError::new(
                    ErrorKind::NotImplementedError,
                    "tsr's multinomial(p, 1) is not PyTorch's: PyTorch draws one sample as argmax(p / q) with q from exponential_, which its CPU build draws from MKL's stream; draw two or more samples with replacement=True",
                    span,
                ));
            }
            random_more::multinomial_with_replacement(&it.ctx, t, n as usize).map(Value::tensor).at(span)
        }
        _ => Err(a.err(format!("internal: random has no {name}"))),
    }
}
