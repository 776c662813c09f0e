//! Backward formulas: the gradient of each input from the output gradient.

use std::collections::HashMap;

use super::{Formula, Node};
use crate::engine::context::Context;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{self, Layout};
use crate::engine::ops::elementwise::{binary, unary, Arg, BinaryOp, UnaryOp};
use crate::engine::ops::reduce::{reduce, ReduceOp};
use crate::engine::ops::{copy, linalg};
use crate::engine::scalar::Scalar;
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

fn bin(ctx: &Context, op: BinaryOp, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    binary(ctx, op, Arg::T(a), Arg::T(b))
}

fn bin_s(ctx: &Context, op: BinaryOp, a: &Tensor, s: f64) -> Result<Tensor> {
    binary(ctx, op, Arg::T(a), Arg::S(Scalar::Float(s)))
}

/// Sums `g` down to `shape` (undoing broadcasting).
pub fn sum_to(ctx: &Context, g: &Tensor, shape: &[usize]) -> Result<Tensor> {
    if g.shape() == shape {
        return Ok(g.clone());
    }
    let lead = g.ndim().saturating_sub(shape.len());
    let mut dims: Vec<i64> = (0..lead as i64).collect();
    for (i, &s) in shape.iter().enumerate() {
        if s == 1 && g.shape().get(lead + i).copied().unwrap_or(1) != 1 {
            dims.push((lead + i) as i64);
        }
    }
    let r = if dims.is_empty() { g.clone() } else { reduce(ctx, ReduceOp::Sum, g, Some(&dims), true, 1.0, Some(g.dtype))?.values };
    let r = r.contiguous_or_self(ctx)?;
    let l = layout::view(&r.layout, &shape.iter().map(|&x| x as i64).collect::<Vec<_>>())?;
    Ok(r.view_as_layout(l, "sum_to"))
}

fn saved(node: &Node, i: usize) -> Result<Tensor> {
    node.saved
        .borrow()
        .get(i)
        .map(|s| s.tensor.clone())
        .ok_or_else(|| EngineError::runtime("internal: saved tensor missing"))
}

/// The view's gradient: each output element's gradient is added to the
/// input element at the same storage position.
fn view_backward(ctx: &Context, g: &Tensor, input: &Layout, output: &Layout) -> Result<Tensor> {
    let mut pos: HashMap<usize, usize> = HashMap::with_capacity(input.numel());
    for (i, p) in StridedIndex::new(input).enumerate() {
        if pos.insert(p, i).is_some() {
            return Err(EngineError::runtime(
                "tsr: cannot take the gradient through a view of a tensor whose elements overlap (an expanded tensor); clone() it first",
            ));
        }
    }
    let gv = g.to_scalars();
    let mut acc = vec![0f64; input.numel()];
    for (k, p) in StridedIndex::new(output).enumerate() {
        if let (Some(&i), Some(v)) = (pos.get(&p), gv.get(k)) {
            acc[i] += v.as_f64();
        }
    }
    let vals: Vec<Scalar> = acc.into_iter().map(Scalar::Float).collect();
    Tensor::from_scalars_on(ctx, g.device(), &input.shape, g.dtype, &vals, "view_backward")
}

fn matmul_backward(ctx: &Context, g: &Tensor, a: &Tensor, b: &Tensor, ranks: [usize; 2]) -> Result<[Tensor; 2]> {
    let t = |x: &Tensor| -> Result<Tensor> { Ok(x.view_as_layout(layout::transpose(&x.layout, -2, -1)?, "mT")) };
    let unsq = |x: &Tensor, d: i64| -> Result<Tensor> { Ok(x.view_as_layout(layout::unsqueeze(&x.layout, d)?, "unsqueeze")) };
    match ranks {
        [1, 1] => {
            // dot: ga = g * b, gb = g * a (g is 0-dim).
            Ok([bin(ctx, BinaryOp::Mul, b, g)?, bin(ctx, BinaryOp::Mul, a, g)?])
        }
        [2, 1] => {
            // mv: ga = g ⊗ b, gb = aᵀ g.
            let ga = linalg::matmul(ctx, &unsq(g, 1)?, &unsq(b, 0)?)?;
            let gb = linalg::matmul(ctx, &t(a)?, g)?;
            Ok([ga, gb])
        }
        [1, 2] => {
            let ga = linalg::matmul(ctx, g, &t(b)?)?;
            let gb = linalg::matmul(ctx, &unsq(a, 1)?, &unsq(g, 0)?)?;
            Ok([ga, gb])
        }
        _ => {
            let ga = linalg::matmul(ctx, g, &t(b)?)?;
            let gb = linalg::matmul(ctx, &t(a)?, g)?;
            Ok([sum_to(ctx, &ga, a.shape())?, sum_to(ctx, &gb, b.shape())?])
        }
    }
}

/// Gradients for `node`'s inputs (in `node.next` order) from `g`.
pub fn apply(ctx: &Context, node: &Node, g: &Tensor) -> Result<Vec<Option<Tensor>>> {
    Ok(match &node.formula {
        Formula::AddSub { sub, shapes } => {
            let ga = sum_to(ctx, g, &shapes[0])?;
            let gb = sum_to(ctx, g, &shapes[1])?;
            let gb = if *sub { unary(ctx, UnaryOp::Neg, &gb)? } else { gb };
            vec![Some(ga), Some(gb)]
        }
        Formula::Mul { shapes } => {
            let (a, b) = (saved(node, 0)?, saved(node, 1)?);
            vec![
                Some(sum_to(ctx, &bin(ctx, BinaryOp::Mul, g, &b)?, &shapes[0])?),
                Some(sum_to(ctx, &bin(ctx, BinaryOp::Mul, g, &a)?, &shapes[1])?),
            ]
        }
        Formula::Div { shapes } => {
            let (a, b) = (saved(node, 0)?, saved(node, 1)?);
            let ga = bin(ctx, BinaryOp::Div, g, &b)?;
            let gb = bin(ctx, BinaryOp::Div, &bin(ctx, BinaryOp::Mul, g, &a)?, &bin(ctx, BinaryOp::Mul, &b, &b)?)?;
            let gb = unary(ctx, UnaryOp::Neg, &gb)?;
            vec![Some(sum_to(ctx, &ga, &shapes[0])?), Some(sum_to(ctx, &gb, &shapes[1])?)]
        }
        Formula::PowScalar { exp } => {
            let a = saved(node, 0)?;
            let d = bin_s(ctx, BinaryOp::Mul, &bin_s(ctx, BinaryOp::Pow, &a, exp - 1.0)?, *exp)?;
            vec![Some(bin(ctx, BinaryOp::Mul, g, &d)?)]
        }
        Formula::RPowScalar { base } => {
            let out = saved(node, 0)?;
            vec![Some(bin_s(ctx, BinaryOp::Mul, &bin(ctx, BinaryOp::Mul, g, &out)?, base.ln())?)]
        }
        Formula::Neg => vec![Some(unary(ctx, UnaryOp::Neg, g)?)],
        Formula::FromResult(op) => {
            let out = saved(node, 0)?;
            let d = match *op {
                "exp" => out,
                "tanh" => bin_s(ctx, BinaryOp::Mul, &bin_s(ctx, BinaryOp::Sub, &bin(ctx, BinaryOp::Mul, &out, &out)?, 1.0)?, -1.0)?,
                "sigmoid" => bin(ctx, BinaryOp::Mul, &out, &bin_s(ctx, BinaryOp::Mul, &bin_s(ctx, BinaryOp::Sub, &out, 1.0)?, -1.0)?)?,
                "sqrt" => bin_s(ctx, BinaryOp::Div, &bin_s(ctx, BinaryOp::Pow, &out, -1.0)?, 2.0)?,
                _ => {
                    // relu: 1 where the result is positive.
                    let m = bin_s(ctx, BinaryOp::Gt, &out, 0.0)?;
                    copy::to_dtype(ctx, &m, g.dtype)?.unwrap_or(m)
                }
            };
            vec![Some(bin(ctx, BinaryOp::Mul, g, &d)?)]
        }
        Formula::FromInput(op) => {
            let a = saved(node, 0)?;
            let d = match *op {
                "log" => bin_s(ctx, BinaryOp::Pow, &a, -1.0)?,
                "sin" => unary(ctx, UnaryOp::Cos, &a)?,
                "cos" => unary(ctx, UnaryOp::Neg, &unary(ctx, UnaryOp::Sin, &a)?)?,
                _ => {
                    // abs: sign(a).
                    let pos = bin_s(ctx, BinaryOp::Gt, &a, 0.0)?;
                    let neg = bin_s(ctx, BinaryOp::Lt, &a, 0.0)?;
                    let s = bin(ctx, BinaryOp::Sub, &copy::to_dtype(ctx, &pos, g.dtype)?.unwrap_or(pos), &copy::to_dtype(ctx, &neg, g.dtype)?.unwrap_or(neg))?;
                    s
                }
            };
            vec![Some(bin(ctx, BinaryOp::Mul, g, &d)?)]
        }
        Formula::SumAll { shape, mean } => {
            let n: usize = shape.iter().product();
            let g = if *mean { bin_s(ctx, BinaryOp::Div, g, n.max(1) as f64)? } else { g.clone() };
            let sizes: Vec<i64> = shape.iter().map(|&x| x as i64).collect();
            let e = layout::expand(&g.layout, &sizes, g.dtype.legacy_name())?;
            vec![Some(copy::contiguous(ctx, &g.view_as_layout(e, "expand"))?.unwrap_or_else(|| g.clone()))]
        }
        Formula::SumDims { shape, dims, keepdim, mean } => {
            let mut gg = g.clone();
            if !keepdim {
                let mut sorted = dims.clone();
                sorted.sort_unstable();
                for &d in &sorted {
                    gg = gg.view_as_layout(layout::unsqueeze(&gg.layout, d as i64)?, "unsqueeze");
                }
            }
            if *mean {
                let n: usize = dims.iter().map(|&d| shape[d]).product();
                gg = bin_s(ctx, BinaryOp::Div, &gg, n.max(1) as f64)?;
            }
            let sizes: Vec<i64> = shape.iter().map(|&x| x as i64).collect();
            let e = layout::expand(&gg.layout, &sizes, gg.dtype.legacy_name())?;
            vec![Some(copy::contiguous(ctx, &gg.view_as_layout(e, "expand"))?.unwrap_or_else(|| gg.clone()))]
        }
        Formula::View { input, output } => vec![Some(view_backward(ctx, g, input, output)?)],
        Formula::Reshape { shape } => {
            let c = g.contiguous_or_self(ctx)?;
            let l = layout::view(&c.layout, &shape.iter().map(|&x| x as i64).collect::<Vec<_>>())?;
            vec![Some(c.view_as_layout(l, "reshape"))]
        }
        Formula::Identity => vec![Some(g.clone())],
        Formula::ToCopy { dtype, device } => {
            if g.dtype == *dtype && g.device() == *device {
                vec![Some(g.clone())]
            } else {
                vec![Some(copy::copy_to_device(ctx, g, *device, &copy::preserve_strides(g), *dtype, "to")?)]
            }
        }
        Formula::MatMul { ranks } => {
            let (a, b) = (saved(node, 0)?, saved(node, 1)?);
            let [ga, gb] = matmul_backward(ctx, g, &a, &b, *ranks)?;
            vec![Some(ga), Some(gb)]
        }
        Formula::Unsupported => {
            return Err(EngineError::new(
                crate::engine::error::ErrorKind::NotImplementedError,
                format!("tsr does not compute the gradient of {} yet", node.name),
            ))
        }
    })
}
