//! Family "random": `torch.randperm`, `x.uniform_`, `x.normal_`,
//! `torch.bernoulli(p)` / `p.bernoulli()` / `x.bernoulli_(p)` on
//! PyTorch's CPU generator, bit for bit under `manual_seed`.

use std::rc::Rc;

use crate::engine::autograd::{BackwardFn, Formula};
use crate::engine::ops::random_dist::{self, Dist};
use crate::engine::ops::{random_int, random_more};
use crate::engine::{DType, Device, ErrorKind, Tensor};
use crate::lang::span::Span;

use super::super::args::{to_number, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

pub const FAMILY: Family = Family { functions: &[OpId::Randperm, OpId::Normal, OpId::RandLike, OpId::RandnLike, OpId::RandintLike], methods: &[OpId::Uniform_, OpId::Normal_, OpId::Random_, OpId::Exponential_, OpId::Cauchy_, OpId::LogNormal_, OpId::Geometric_, OpId::Bernoulli, OpId::Bernoulli_, OpId::Multinomial], function, method };

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
    if matches!(id, OpId::RandLike | OpId::RandnLike | OpId::RandintLike) {
        return like(it, id, a, op);
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
            let dtype = a.dtype_kw()?.unwrap_or(DType::default_float());
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

/// `rand_like`, `randn_like`, `randint_like`: PyTorch's composites
/// `empty_like(self, ...)` then `uniform_(0, 1)`, `normal_(0, 1)` or
/// `random_(low, high)`, so a permuted input's draws land in its order.
fn like(it: &mut Interp, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let span = a.span;
    let t = super::super::methods::tensor_arg(&mut a, 0, "input")?;
    a.take_kw("generator");
    let ends = if id == OpId::RandintLike {
        let int_or_tensor = |a: &mut Args, i: usize, k: &str| -> EvalResult<i64> {
            match a.get(i, k) {
                Some((Value::Tensor(h), s)) => h.item().map(|v| v.as_f64() as i64).at(s),
                Some((v, s)) => super::super::args::to_int(&v).ok_or_else(|| EvalError::type_error(format!("randint_like(): argument '{k}' must be int, not {}", v.type_name()), s)),
                None => Err(a.err(format!("randint_like() missing required argument '{k}'"))),
            }
        };
        let two = a.pos.len() >= 3 || a.kw.iter().any(|(k, _, _)| k == "low");
        let (low, high) = if two { (int_or_tensor(&mut a, 1, "low")?, int_or_tensor(&mut a, 2, "high")?) } else { (0, int_or_tensor(&mut a, 1, "high")?) };
        a.pos.truncate(1);
        Some(random_int::Ends::FromTo(low, high))
    } else {
        None
    };
    let out = super::super::builtins::alloc_like(&it.ctx, &mut a, &t, 1, op)?;
    match ends {
        Some(ends) => random_ints(it, &out, ends, span)?,
        None if id == OpId::RandLike => random_more::uniform_(&it.ctx, &out, 0.0, 1.0).at(span)?,
        None => random_more::normal_(&it.ctx, &out, 0.0, 1.0).at(span)?,
    }
    out.storage.reset_version();
    Ok(Value::Tensor(out))
}

/// `t.random_(ends)`: checked as PyTorch checks it, its warnings raised,
/// then drawn.
fn random_ints(it: &mut Interp, t: &Tensor, ends: random_int::Ends, span: Span) -> EvalResult<()> {
    let plan = random_int::plan(t.dtype, ends).at(span)?;
    for w in &plan.warnings {
        it.warn(w, span);
    }
    random_int::fill(&it.ctx, t, &plan).at(span)
}

/// `x.bernoulli_(p)` with a float `p`.
fn bernoulli_float_(it: &mut Interp, t: &Rc<Tensor>, p: f64, span: Span) -> EvalResult<Value> {
    grad::check_inplace(it, t, span)?;
    random_more::bernoulli_scalar_(&it.ctx, t, p).at(span)?;
    grad::rebase_node(it, t, OpId::Bernoulli_.node(1), &[], Formula::RandomFill { p_shape: None }, &[]);
    Ok(Value::Tensor(t.clone()))
}

/// `x.random_()`, `x.random_(to)`, `x.random_(from, to)`, `x.random_(from, None)`.
/// With the overload's index in the row (`random_.from`, `random_.to`,
/// `random_`), which names its node.
fn random_ends(a: &mut Args) -> EvalResult<(random_int::Ends, usize)> {
    let has = |a: &Args, k: &str| a.kw.iter().any(|(n, _, _)| n == k);
    if a.pos.is_empty() && !has(a, "from") && !has(a, "to") {
        return Ok((random_int::Ends::Default, 2));
    }
    if a.pos.len() == 1 && !has(a, "from") && !has(a, "to") || a.pos.is_empty() && !has(a, "from") {
        return Ok((random_int::Ends::FromTo(0, a.int(0, "to")?), 1));
    }
    let from = a.int(0, "from")?;
    Ok(match a.opt_int_or_none(1, "to")? {
        Some(to) => (random_int::Ends::FromTo(from, to), 0),
        None => (random_int::Ends::From(from), 0),
    })
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
            grad::rebase_node(it, t, id.node(0), &[], Formula::RandomFill { p_shape: None }, &[]);
            Ok(Value::Tensor(t.clone()))
        }
        OpId::Random_ => {
            let (ends, overload) = random_ends(&mut a)?;
            a.finish(2)?;
            grad::check_inplace(it, t, span)?;
            random_ints(it, t, ends, span)?;
            grad::rebase_node(it, t, OpId::Random_.node(overload), &[], Formula::RandomFill { p_shape: None }, &[]);
            Ok(Value::Tensor(t.clone()))
        }
        OpId::Exponential_ | OpId::Cauchy_ | OpId::LogNormal_ | OpId::Geometric_ => {
            let dist = match id {
                OpId::Exponential_ => Dist::Exponential { lambd: number(&mut a, 0, "lambd", 1.0, name)? },
                OpId::Cauchy_ => Dist::Cauchy { median: number(&mut a, 0, "median", 0.0, name)?, sigma: number(&mut a, 1, "sigma", 1.0, name)? },
                OpId::LogNormal_ => Dist::LogNormal { mean: number(&mut a, 0, "mean", 1.0, name)?, std: number(&mut a, 1, "std", 2.0, name)? },
                _ => Dist::Geometric { p: number(&mut a, 0, "p", f64::NAN, name)? },
            };
            a.finish(2)?;
            grad::check_inplace(it, t, span)?;
            random_dist::fill(&it.ctx, t, dist).at(span)?;
            grad::rebase_node(it, t, id.node(0), &[], Formula::RandomFill { p_shape: None }, &[]);
            Ok(Value::Tensor(t.clone()))
        }
        OpId::Bernoulli | OpId::Bernoulli_ => {
            // p with its value as a number, when it is one.
            let p = a.get(0, "p").map(|(v, s)| (to_number(&v).map(|x| x.as_f64()), v, s));
            a.finish(1)?;
            match (id, p) {
                (OpId::Bernoulli, None) => {
                    let out = random_more::bernoulli(&it.ctx, t, None).at(span)?;
                    let zero = BackwardFn::new(|ctx, node, g| {
                        let _ = node;
                        Ok(vec![Some(crate::engine::ops::factory::full(ctx, g.device(), g.shape(), crate::engine::Scalar::Float(0.0), g.dtype, "backward")?)])
                    });
                    Ok(Value::tensor(grad::record(it, OpId::Bernoulli.node(0), &[Some(t)], out, zero, &[])))
                }
                (OpId::Bernoulli_, Some((_, Value::Tensor(p), _))) => {
                    grad::check_inplace_with(it, t, Some(&p), span)?;
                    random_more::bernoulli(&it.ctx, &p, Some(t)).at(span)?;
                    grad::rebase_node(it, t, OpId::Bernoulli_.node(0), &[Some(&p)], Formula::RandomFill { p_shape: Some(p.shape().to_vec()) }, &[]);
                    Ok(Value::Tensor(t.clone()))
                }
                // bernoulli_(float p = 0.5): one double draw per element.
                (OpId::Bernoulli_, None) => bernoulli_float_(it, t, 0.5, span),
                (OpId::Bernoulli_, Some((Some(p), _, _))) => bernoulli_float_(it, t, p, span),
                // bernoulli(p): a new contiguous tensor, bernoulli_(p)'d;
                // PyTorch has no derivative for it (a NotImplemented node).
                (OpId::Bernoulli, Some((Some(p), _, _))) => {
                    let out = Tensor::alloc_on(&it.ctx, t.device(), t.shape(), t.dtype, "bernoulli").at(span)?;
                    random_more::bernoulli_scalar_(&it.ctx, &out, p).at(span)?;
                    out.storage.reset_version();
                    Ok(Value::tensor(grad::record(it, crate::eval::registry::nodes::NOT_IMPLEMENTED, &[Some(t)], out, Formula::NotImplemented("bernoulli"), &[])))
                }
                (_, Some((_, v, s))) => Err(EvalError::type_error(format!("{name}(): argument 'p' must be float or Tensor, not {}", v.type_name()), s)),
                (_, None) => Err(a.err(format!("internal: {name} without p"))),
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
                return random_more::multinomial_fast_path(&it.ctx, t, n as usize).map(Value::tensor).at(span);
            }
            random_more::multinomial_with_replacement(&it.ctx, t, n as usize).map(Value::tensor).at(span)
        }
        _ => Err(a.err(format!("internal: random has no {name}"))),
    }
}
