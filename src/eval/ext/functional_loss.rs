//! The losses of `torch.nn.functional`: `mse_loss` (MseLossBackward0),
//! `nll_loss` (NllLossBackward0, NllLoss2DBackward0 for more dims) and
//! `cross_entropy` as ATen composes it: log_softmax then nll_loss for class
//! indices; `-(log_softmax * target).sum() / n` for class probabilities;
//! the label-smoothing blend of the two otherwise.

use std::rc::Rc;

use crate::engine::autograd::{saved_tensor, BackwardFn};
use crate::engine::ops::elementwise::{binary, Arg, BinaryOp};
use crate::engine::ops::functional::{self as kern, Reduction};
use crate::engine::ops::promote::scalar_type_name;
use crate::engine::ops::reduce::{reduce, ReduceOp};
use crate::engine::{layout, DType, ErrorKind, Scalar, Tensor};
use crate::lang::span::Span;

use super::super::args::{to_int, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::functional::{opt_float, parse_reduction, reduction, reduction_name, scalar_step, step};
use crate::eval::registry::OpId;

pub fn call(it: &mut Interp, x: &Rc<Tensor>, id: OpId, mut a: Args) -> EvalResult<Value> {
    let name = id.name().strip_prefix(super::functional::PREFIX).unwrap_or(id.name());
    let target = match a.get(0, "target") {
        Some((Value::Tensor(t), _)) => t,
        Some((v, s)) => return Err(super::functional::not_tensor(name, "target", 2, &v, s)),
        None => return Err(a.err(format!("{name}() missing 1 required positional argument: 'target'"))),
    };
    match id {
        OpId::NnFunctionalMseLoss => {
            let red = reduction_name(it, &mut a, 1, 2, 3)?;
            let weight = match a.get(4, "weight") {
                None | Some((Value::None, _)) => None,
                Some((Value::Tensor(w), _)) => Some(w),
                Some((v, s)) => return Err(EvalError::new(ErrorKind::AttributeError, format!("'{}' object has no attribute 'size'", v.type_name()), s)),
            };
            a.finish(5)?;
            mse_loss(it, x, &target, &red, weight, a.span)
        }
        _ => {
            let weight = opt_tensor(&mut a, 1, "weight")?;
            let ignore = match a.get(3, "ignore_index") {
                None => -100,
                Some((v, s)) => to_int(&v).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'ignore_index' must be int, not {}", v.type_name()), s))?,
            };
            let red = reduction(it, &mut a, 2, 4, 5)?;
            let smoothing = if id == OpId::NnFunctionalCrossEntropy { opt_float(&mut a, 6, "label_smoothing", 0.0)? } else { 0.0 };
            a.finish(if id == OpId::NnFunctionalCrossEntropy { 7 } else { 6 })?;
            let span = a.span;
            if id == OpId::NnFunctionalNllLoss {
                return nll_loss_nd(it, x, &target, weight.as_deref(), red, ignore, span).map(Value::Tensor);
            }
            cross_entropy(it, x, &target, weight.as_deref(), red, ignore, smoothing, span).map(Value::Tensor)
        }
    }
}

fn opt_tensor(a: &mut Args, i: usize, k: &str) -> EvalResult<Option<Rc<Tensor>>> {
    match a.get(i, k) {
        None | Some((Value::None, _)) => Ok(None),
        Some((Value::Tensor(t), _)) => Ok(Some(t)),
        Some((v, s)) => Err(EvalError::type_error(format!("{}(): argument '{k}' must be Tensor, not {}", a.name, v.type_name()), s)),
    }
}

fn rt(msg: String, span: Span) -> EvalError {
    EvalError::new(ErrorKind::RuntimeError, msg, span)
}

fn sizes(s: &[usize]) -> String {
    format!("[{}]", s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "))
}

/// `mse_loss`: a target of another shape warns, and both broadcast; with
/// `weight=` F's Python composite (pow, mul, sum, div by the weights' sum).
fn mse_loss(it: &mut Interp, x: &Rc<Tensor>, y: &Rc<Tensor>, red: &str, weight: Option<Rc<Tensor>>, span: Span) -> EvalResult<Value> {
    let in_shape = x.shape().to_vec();
    let (mut x, mut y) = (x.clone(), y.clone());
    if x.shape() != y.shape() {
        let size = |s: &[usize]| format!("torch.Size([{}])", s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "));
        it.warn(
            &format!(
                "Using a target size ({}) that is different to the input size ({}). This will likely lead to incorrect results due to broadcasting. Please ensure they have the same size.",
                size(y.shape()),
                size(x.shape())
            ),
            span,
        );
        let b = crate::engine::ops::iter_layout::broadcast_shapes(x.shape(), y.shape()).at(span)?;
        let shape = Value::Tuple(b.iter().map(|&d| Value::Int(d as i64)).collect());
        // broadcast_tensors expands only what is not of the broadcast shape.
        if x.shape() != b.as_slice() {
            x = step(it, &x, OpId::Expand, vec![shape.clone()], vec![], span)?;
        }
        if y.shape() != b.as_slice() {
            y = step(it, &y, OpId::Expand, vec![shape], vec![], span)?;
        }
    }
    if let Some(w) = weight {
        if w.shape() != in_shape.as_slice() {
            return Err(EvalError::new(ErrorKind::ValueError, "Weights and input must have the same size.", span));
        }
        let d = step(it, &x, OpId::Sub, vec![Value::Tensor(y)], vec![], span)?;
        let sq = step(it, &d, OpId::Pow, vec![Value::Int(2)], vec![], span)?;
        let m = step(it, &sq, OpId::Mul, vec![Value::Tensor(w.clone())], vec![], span)?;
        return match red {
            "none" => Ok(Value::Tensor(m)),
            "sum" => step(it, &m, OpId::Sum, vec![], vec![], span).map(Value::Tensor),
            "mean" => {
                let s = step(it, &m, OpId::Sum, vec![], vec![], span)?;
                let ws = step(it, &w, OpId::Sum, vec![], vec![], span)?;
                step(it, &s, OpId::Div, vec![Value::Tensor(ws)], vec![], span).map(Value::Tensor)
            }
            r => Err(EvalError::new(ErrorKind::ValueError, format!("Invalid reduction mode: {r}. Expected one of 'none', 'mean', 'sum'."), span)),
        };
    }
    let red = parse_reduction(red, span)?;
    let dt = DType::promote(x.dtype, y.dtype);
    if !dt.is_floating() {
        return Err(EvalError::new(ErrorKind::NotImplementedError, format!("\"mse_cpu\" not implemented for '{}'", scalar_type_name(dt)), span));
    }
    let ctx = &it.ctx;
    let d = binary(ctx, BinaryOp::Sub, Arg::T(&x), Arg::T(&y)).at(span)?;
    let sq = binary(ctx, BinaryOp::Mul, Arg::T(&d), Arg::T(&d)).at(span)?;
    let out = match red {
        Reduction::None => sq,
        Reduction::Mean => reduce(ctx, ReduceOp::Mean, &sq, None, false, 1.0, None).at(span)?.values,
        Reduction::Sum => reduce(ctx, ReduceOp::Sum, &sq, None, false, 1.0, None).at(span)?.values,
    };
    let numel = x.numel();
    let f = BackwardFn::new(move |ctx, node, g| {
        let (a, b) = (saved_tensor(node, 0)?, saved_tensor(node, 1)?);
        let dt = g.dtype;
        let rd = |v: f64| Scalar::Float(v).cast(dt).as_f64();
        let norm = rd(if red == Reduction::Mean { 2.0 / numel as f64 } else { 2.0 });
        let shape = a.shape().to_vec();
        let ga = crate::engine::ops::pointwise::zip_map(ctx, &[&a, &b, g], &shape, dt, |r| rd(rd(norm * rd(r[0] - r[1])) * r[2]))?;
        let gb = crate::engine::ops::pointwise::zip_map(ctx, &[&b, &a, g], &shape, dt, |r| rd(rd(norm * rd(r[0] - r[1])) * r[2]))?;
        Ok(vec![Some(ga), Some(gb)])
    });
    Ok(Value::tensor(grad::record(it, OpId::NnFunctionalMseLoss.node(0), &[Some(&x), Some(&y)], out, f, &[&x, &y])))
}

/// ATen's `nll_loss_nd`: 1-D and 2-D inputs are `nll_loss`; more dims are
/// `nll_loss2d` over (N, C, rest) (a view back for reduction='none').
pub fn nll_loss_nd(it: &mut Interp, x: &Rc<Tensor>, target: &Rc<Tensor>, weight: Option<&Tensor>, red: Reduction, ignore: i64, span: Span) -> EvalResult<Rc<Tensor>> {
    let nd = x.ndim();
    if nd < 1 {
        return Err(EvalError::new(ErrorKind::ValueError, format!("Expected 1 or more dimensions (got {nd})"), span));
    }
    let tb = target.shape().first().copied().unwrap_or(1);
    if nd != 1 && x.shape()[0] != tb {
        return Err(EvalError::new(ErrorKind::ValueError, format!("Expected input batch_size ({}) to match target batch_size ({tb}).", x.shape()[0]), span));
    }
    if !matches!(target.dtype, DType::Int64 | DType::UInt8) {
        return Err(rt(format!("expected target dtype to be Long or Byte, but got {}", scalar_type_name(target.dtype)), span));
    }
    if let Some(w) = weight
        && w.dtype != x.dtype
    {
        return Err(rt(format!("expected scalar type {} but found {}", scalar_type_name(x.dtype), scalar_type_name(w.dtype)), span));
    }
    let ctx = &it.ctx;
    let (weight, target) = (weight.cloned(), (**target).clone());
    if nd <= 2 {
        let (out, total) = kern::nll_loss(ctx, x, &target, weight.as_ref(), red, ignore).at(span)?;
        let in_shape = x.shape().to_vec();
        let f = BackwardFn::new(move |ctx, _node, g| Ok(vec![Some(kern::nll_loss_backward(ctx, g, &in_shape, &target, weight.as_ref(), red, ignore, total)?)]));
        return Ok(Rc::new(grad::record(it, OpId::NnFunctionalNllLoss.node(0), &[Some(x)], out, f, &[])));
    }
    let (n, c) = (x.shape()[0], x.shape()[1]);
    let rest: Vec<usize> = x.shape()[2..].to_vec();
    if target.shape().get(1..) != Some(&rest[..]) {
        let mut want = vec![n];
        want.extend(&rest);
        return Err(rt(format!("Expected target size {}, got {}", sizes(&want), sizes(target.shape())), span));
    }
    if nd != 4 {
        // PyTorch's nll_loss_nd: (N, C, 1, rest) into nll_loss2d, and its
        // 'none' output viewed back to the target's shape.
        let r: i64 = rest.iter().product::<usize>() as i64;
        let xc = if x.is_contiguous() { x.clone() } else { step(it, x, OpId::Contiguous, vec![], vec![], span)? };
        let ints = |v: &[i64]| Value::Tuple(v.iter().map(|&d| Value::Int(d)).collect());
        let x4 = step(it, &xc, OpId::View, vec![ints(&[n as i64, c as i64, 1, r])], vec![], span)?;
        let tc = crate::engine::ops::copy::copy_to_new(&it.ctx, &target, &layout::contiguous_strides(target.shape()), target.dtype, "contiguous").at(span)?;
        let t4 = tc.view_as_layout(layout::view(tc.layout(), &[n as i64, 1, r]).at(span)?, "view");
        let out = nll_loss_2d(it, &x4, &t4, weight.as_ref(), red, ignore, span)?;
        if red == Reduction::None {
            return step(it, &out, OpId::View, vec![ints(&target.shape().iter().map(|&d| d as i64).collect::<Vec<_>>())], vec![], span);
        }
        return Ok(out);
    }
    nll_loss_2d(it, x, &target, weight.as_ref(), red, ignore, span)
}

/// `nll_loss2d` of an (N, C, H, W) input and (N, H, W) target
/// (NllLoss2DBackward0), as the 2-D kernel over (N·H·W, C) rows.
fn nll_loss_2d(it: &mut Interp, x: &Rc<Tensor>, target: &Tensor, weight: Option<&Tensor>, red: Reduction, ignore: i64, span: Span) -> EvalResult<Rc<Tensor>> {
    let ctx = &it.ctx;
    let nd = x.ndim();
    let (n, c) = (x.shape()[0], x.shape()[1]);
    let rest: Vec<usize> = x.shape()[2..].to_vec();
    let weight = weight.cloned();
    // (N, C, rest) → (N·rest, C): the classes last, rows in (N, rest) order.
    let m: usize = n * rest.iter().product::<usize>();
    let mut perm: Vec<i64> = vec![0];
    perm.extend(2..nd as i64);
    perm.push(1);
    let moved = x.view_as_layout(layout::permute(x.layout(), &perm).at(span)?, "permute");
    let rows = crate::engine::ops::copy::copy_to_new(ctx, &moved, &layout::contiguous_strides(moved.shape()), x.dtype, "nll_loss2d").at(span)?;
    let rows = rows.view_as_layout(layout::view(rows.layout(), &[m as i64, c as i64]).at(span)?, "view");
    let flat_t = crate::engine::ops::copy::copy_to_new(ctx, target, &layout::contiguous_strides(target.shape()), target.dtype, "nll_loss2d").at(span)?;
    let flat_t = flat_t.view_as_layout(layout::view(flat_t.layout(), &[m as i64]).at(span)?, "view");
    let (out, total) = kern::nll_loss(ctx, &rows, &flat_t, weight.as_ref(), red, ignore).at(span)?;
    let keep = red == Reduction::None;
    let ns: Vec<i64> = if keep { target.shape().iter().map(|&d| d as i64).collect() } else { vec![] };
    let out = out.view_as_layout(layout::view(out.layout(), &ns).at(span)?, "view");
    let xs = x.shape().to_vec();
    let f = BackwardFn::new(move |ctx, _node, g| {
        let g = crate::engine::ops::copy::copy_to_new(ctx, g, &layout::contiguous_strides(g.shape()), g.dtype, "backward")?;
        let g = g.view_as_layout(layout::view(g.layout(), &[if keep { m as i64 } else { 1 }])?, "view");
        let g = if keep { g } else { g.view_as_layout(layout::view(g.layout(), &[])?, "view") };
        let gr = kern::nll_loss_backward(ctx, &g, &[m, c], &flat_t, weight.as_ref(), red, ignore, total)?;
        // (N·rest, C) → (N, rest, C) → (N, C, rest).
        let mut moved_shape = vec![n as i64];
        moved_shape.extend(rest.iter().map(|&d| d as i64));
        moved_shape.push(c as i64);
        let gm = gr.view_as_layout(layout::view(gr.layout(), &moved_shape)?, "view");
        let mut back: Vec<i64> = vec![0, xs.len() as i64 - 1];
        back.extend(1..xs.len() as i64 - 1);
        let gp = gm.view_as_layout(layout::permute(gm.layout(), &back)?, "permute");
        crate::engine::ops::copy::copy_to_new(ctx, &gp, &layout::contiguous_strides(&xs), gp.dtype, "backward").map(|t| vec![Some(t)])
    });
    Ok(Rc::new(grad::record(it, OpId::NnFunctionalNllLoss.node(1), &[Some(x)], out, f, &[])))
}

fn class_view(it: &mut Interp, w: &Tensor, nd: usize, class_dim: usize, span: Span) -> EvalResult<Rc<Tensor>> {
    let mut shape = vec![Value::Int(1); nd];
    shape[class_dim] = Value::Int(w.numel() as i64);
    step(it, &Rc::new(w.clone()), OpId::View, vec![Value::Tuple(shape)], vec![], span)
}

/// `cross_entropy` as ATen's `cross_entropy_loss` picks its path.
#[allow(clippy::too_many_arguments)]
fn cross_entropy(it: &mut Interp, x: &Rc<Tensor>, target: &Rc<Tensor>, weight: Option<&Tensor>, red: Reduction, ignore: i64, smoothing: f64, span: Span) -> EvalResult<Rc<Tensor>> {
    let nd = x.ndim();
    let class_dim = if nd == 1 { 0 } else { 1 };
    if !(0.0..=1.0).contains(&smoothing) {
        return Err(rt(format!("label_smoothing must be between 0.0 and 1.0. Got: {}", crate::report::pyfloat::py_float(smoothing)), span));
    }
    if nd == 0 {
        return Err(EvalError::new(ErrorKind::IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got 1)", span));
    }
    let c = x.shape()[class_dim];
    if x.shape() == target.shape() {
        // Class probabilities.
        if !target.dtype.is_floating() {
            return Err(rt(format!("Expected floating point type for target with class probabilities, got {}", scalar_type_name(target.dtype)), span));
        }
        if ignore >= 0 {
            return Err(rt("ignore_index is not supported for floating point target".into(), span));
        }
        if let Some(w) = weight
            && (w.ndim() != 1 || w.numel() != c)
        {
            return Err(rt(format!("cross_entropy: weight tensor should be defined either for all {c} classes or no classes but got weight tensor of shape: {}", sizes(w.shape())), span));
        }
        let input = step(it, x, OpId::LogSoftmax, vec![Value::Int(class_dim as i64)], vec![], span)?;
        let tgt = if smoothing > 0.0 {
            let t = scalar_step(it, target, true, 1.0 - smoothing, span)?;
            let s = smoothing / c as f64;
            let r = binary(&it.ctx, BinaryOp::Add, Arg::T(&t), Arg::S(Scalar::Float(s))).at(span)?;
            let f = BackwardFn::new(|_ctx, _node, g| Ok(vec![Some(g.clone())]));
            Rc::new(grad::record(it, OpId::Add.node(2), &[Some(&t)], r, f, &[]))
        } else {
            target.clone()
        };
        let mut m = step(it, &input, OpId::Mul, vec![Value::Tensor(tgt)], vec![], span)?;
        if let Some(w) = weight {
            let wv = if nd > 1 { class_view(it, w, nd, class_dim, span)? } else { Rc::new(w.clone()) };
            m = step(it, &m, OpId::Mul, vec![Value::Tensor(wv)], vec![], span)?;
        }
        return match red {
            Reduction::None => {
                let s = step(it, &m, OpId::Sum, vec![Value::Int(class_dim as i64)], vec![], span)?;
                step(it, &s, OpId::Neg, vec![], vec![], span)
            }
            Reduction::Sum => {
                let s = step(it, &m, OpId::Sum, vec![], vec![], span)?;
                step(it, &s, OpId::Neg, vec![], vec![], span)
            }
            Reduction::Mean => {
                let s = step(it, &m, OpId::Sum, vec![], vec![], span)?;
                let s = step(it, &s, OpId::Neg, vec![], vec![], span)?;
                let n = x.numel().checked_div(c).unwrap_or(0);
                scalar_step(it, &s, false, if x.numel() == 0 { f64::NAN } else { n as f64 }, span)
            }
        };
    }
    let input = step(it, x, OpId::LogSoftmax, vec![Value::Int(class_dim as i64)], vec![], span)?;
    let nll = nll_loss_nd(it, &input, target, weight, red, ignore, span)?;
    if smoothing <= 0.0 {
        return Ok(nll);
    }
    // Label smoothing: blend with the mean of -log_softmax over classes.
    let tv: Vec<i64> = target.to_scalars().into_iter().map(|s| s.as_i64()).collect();
    let mask_vals: Vec<Scalar> = tv.iter().map(|&t| Scalar::Bool(t == ignore)).collect();
    let mask = Tensor::from_scalars(&it.ctx, target.shape(), DType::Bool, &mask_vals, "eq").at(span)?;
    let smooth = match weight {
        Some(w) => {
            let wv = class_view(it, w, nd, class_dim, span)?;
            let m = step(it, &input, OpId::Mul, vec![Value::Tensor(wv)], vec![], span)?;
            let s = step(it, &m, OpId::Sum, vec![Value::Int(class_dim as i64)], vec![], span)?;
            step(it, &s, OpId::Neg, vec![], vec![], span)?
        }
        None => {
            let s = step(it, &input, OpId::Sum, vec![Value::Int(class_dim as i64)], vec![], span)?;
            step(it, &s, OpId::Neg, vec![], vec![], span)?
        }
    };
    let smooth = step(it, &smooth, OpId::MaskedFill_, vec![Value::tensor(mask), Value::Float(0.0)], vec![], span)?;
    let ret = match red {
        Reduction::None => smooth,
        Reduction::Sum => step(it, &smooth, OpId::Sum, vec![], vec![], span)?,
        Reduction::Mean => {
            let s = step(it, &smooth, OpId::Sum, vec![], vec![], span)?;
            let kept: Vec<i64> = tv.iter().copied().filter(|&t| t != ignore).collect();
            let denom = match weight {
                Some(w) => {
                    let wv = w.to_scalars();
                    let picked: Vec<Scalar> = kept.iter().map(|&t| wv.get(t as usize).copied().unwrap_or(Scalar::Float(0.0))).collect();
                    let p = Tensor::from_scalars(&it.ctx, &[picked.len()], w.dtype, &picked, "gather").at(span)?;
                    reduce(&it.ctx, ReduceOp::Sum, &p, None, false, 1.0, None).at(span)?.values
                }
                None => Tensor::from_scalars(&it.ctx, &[], DType::Int64, &[Scalar::Int(kept.len() as i64)], "sum").at(span)?,
            };
            step(it, &s, OpId::Div, vec![Value::tensor(denom)], vec![], span)?
        }
    };
    let a = scalar_step(it, &nll, true, 1.0 - smoothing, span)?;
    let b = scalar_step(it, &ret, true, smoothing / c as f64, span)?;
    step(it, &a, OpId::Add, vec![Value::Tensor(b)], vec![], span)
}
