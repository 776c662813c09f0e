//! Backward formulas: the gradient of each input from the output gradient.

use std::collections::HashMap;

use super::{Formula, Node};
use crate::engine::context::Context;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{self, Layout};
use crate::engine::ops::elementwise::{binary, unary, Arg, BinaryOp, UnaryOp};
use crate::engine::ops::reduce::{reduce, ReduceOp};
use crate::engine::ops::copy;
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
    let l = layout::view(r.layout(), &shape.iter().map(|&x| x as i64).collect::<Vec<_>>())?;
    Ok(r.view_as_layout(l, "sum_to"))
}

pub(super) fn saved(node: &Node, i: usize) -> Result<Tensor> {
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

/// `g` in the dtype of the input it is for (PyTorch's engine casts every
/// gradient to its input's dtype; a Python number operand, saved as a 0-dim
/// float64 tensor, must not promote the other's gradient either).
fn as_input(ctx: &Context, g: Tensor, input: &Tensor) -> Result<Tensor> {
    Ok(if g.dtype != input.dtype && input.dtype.is_floating() { copy::to_dtype(ctx, &g, input.dtype)?.unwrap_or(g) } else { g })
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
                Some(as_input(ctx, sum_to(ctx, &bin(ctx, BinaryOp::Mul, g, &b)?, &shapes[0])?, &a)?),
                Some(as_input(ctx, sum_to(ctx, &bin(ctx, BinaryOp::Mul, g, &a)?, &shapes[1])?, &b)?),
            ]
        }
        Formula::Div { shapes } => {
            let (a, b) = (saved(node, 0)?, saved(node, 1)?);
            let ga = bin(ctx, BinaryOp::Div, g, &b)?;
            let gb = bin(ctx, BinaryOp::Div, &bin(ctx, BinaryOp::Mul, g, &a)?, &bin(ctx, BinaryOp::Mul, &b, &b)?)?;
            let gb = unary(ctx, UnaryOp::Neg, &gb)?;
            vec![Some(as_input(ctx, sum_to(ctx, &ga, &shapes[0])?, &a)?), Some(as_input(ctx, sum_to(ctx, &gb, &shapes[1])?, &b)?)]
        }
        Formula::PowScalar { exp } => {
            let a = saved(node, 0)?;
            if *exp == 0.0 {
                // PyTorch: a zero exponent gives `zeros_like(self)` (not 0 · x^-1,
                // whose zeros may be negative).
                vec![Some(crate::engine::ops::factory::full(ctx, a.device(), a.shape(), Scalar::Int(0), a.dtype, "zeros_like")?)]
            } else {
                let d = bin_s(ctx, BinaryOp::Mul, &bin_s(ctx, BinaryOp::Pow, &a, exp - 1.0)?, *exp)?;
                vec![Some(bin(ctx, BinaryOp::Mul, g, &d)?)]
            }
        }
        Formula::RPowScalar { base } => {
            let out = saved(node, 0)?;
            vec![None, Some(bin_s(ctx, BinaryOp::Mul, &bin(ctx, BinaryOp::Mul, g, &out)?, base.ln())?)]
        }
        Formula::Neg => vec![Some(unary(ctx, UnaryOp::Neg, g)?)],
        Formula::Reciprocal => {
            // d(1/x) = -1/x² = -r², from the saved result r.
            let r = saved(node, 0)?;
            vec![Some(unary(ctx, UnaryOp::Neg, &bin(ctx, BinaryOp::Mul, g, &bin(ctx, BinaryOp::Mul, &r, &r)?)?)?)]
        }
        Formula::FromResult(op) => {
            let out = saved(node, 0)?;
            let d = match *op {
                "exp" => out,
                "tanh" => bin_s(ctx, BinaryOp::Mul, &bin_s(ctx, BinaryOp::Sub, &bin(ctx, BinaryOp::Mul, &out, &out)?, 1.0)?, -1.0)?,
                "sigmoid" => bin(ctx, BinaryOp::Mul, &out, &bin_s(ctx, BinaryOp::Mul, &bin_s(ctx, BinaryOp::Sub, &out, 1.0)?, -1.0)?)?,
                "sqrt" => bin_s(ctx, BinaryOp::Div, &bin_s(ctx, BinaryOp::Pow, &out, -1.0)?, 2.0)?,
                _ => {
                    // relu: threshold_backward, where(result <= 0, 0, g):
                    // +0 where the result is not positive (g · 0 would
                    // give -0 for a negative g).
                    let m = bin_s(ctx, BinaryOp::Gt, &out, 0.0)?;
                    let m = copy::to_dtype(ctx, &m, g.dtype)?.unwrap_or(m);
                    let gm = bin(ctx, BinaryOp::Mul, g, &m)?;
                    let zeros = bin_s(ctx, BinaryOp::Mul, &m, 0.0)?;
                    return Ok(vec![Some(crate::engine::ops::join::where_(ctx, &bin_s(ctx, BinaryOp::Gt, &out, 0.0)?, &gm, &zeros)?)]);
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
                    bin(ctx, BinaryOp::Sub, &copy::to_dtype(ctx, &pos, g.dtype)?.unwrap_or(pos), &copy::to_dtype(ctx, &neg, g.dtype)?.unwrap_or(neg))?
                }
            };
            vec![Some(bin(ctx, BinaryOp::Mul, g, &d)?)]
        }
        Formula::SumAll { shape, mean } => {
            let n: usize = shape.iter().product();
            let g = if *mean { bin_s(ctx, BinaryOp::Div, g, n.max(1) as f64)? } else { g.clone() };
            let sizes: Vec<i64> = shape.iter().map(|&x| x as i64).collect();
            // PyTorch's sum backward is the expanded gradient itself (a
            // `.grad` copies it); mean's division makes a new tensor.
            let e = g.view_as_layout(layout::expand(g.layout(), &sizes, g.dtype.legacy_name())?, "expand");
            // The division is of the expanded gradient: a fresh contiguous tensor.
            vec![Some(if *mean { copy::copy_to_new(ctx, &e, &layout::contiguous_strides(shape), e.dtype, "div")? } else { e })]
        }
        Formula::SumDims { shape, dims, keepdim, mean } => {
            let mut gg = g.clone();
            if !keepdim {
                let mut sorted = dims.clone();
                sorted.sort_unstable();
                for &d in &sorted {
                    gg = gg.view_as_layout(layout::unsqueeze(gg.layout(), d as i64)?, "unsqueeze");
                }
            }
            if *mean {
                let n: usize = dims.iter().map(|&d| shape[d]).product();
                gg = bin_s(ctx, BinaryOp::Div, &gg, n.max(1) as f64)?;
            }
            let sizes: Vec<i64> = shape.iter().map(|&x| x as i64).collect();
            let e = gg.view_as_layout(layout::expand(gg.layout(), &sizes, gg.dtype.legacy_name())?, "expand");
            // The division is of the expanded gradient: a fresh contiguous tensor.
            vec![Some(if *mean { copy::copy_to_new(ctx, &e, &layout::contiguous_strides(shape), e.dtype, "div")? } else { e })]
        }
        Formula::View { input, output, as_strided: true } => {
            vec![Some(super::as_strided::as_strided_backward(ctx, g, input, output)?)]
        }
        Formula::View { input, output, .. } => vec![Some(view_backward(ctx, g, input, output)?)],
        Formula::IndexView { shape, map } => vec![Some(super::index_formulas::scatter_backward(ctx, g, shape, map)?)],
        Formula::ViewGrad(v) => vec![Some(v.apply(ctx, g)?)],
        Formula::Reshape { shape } => {
            let s: Vec<i64> = shape.iter().map(|&x| x as i64).collect();
            vec![Some(crate::engine::ops::shape::reshape(ctx, g, &s, "reshape")?.0)]
        }
        Formula::Identity => vec![Some(g.clone())],
        Formula::IndexPut { items, value_shape } => {
            let gs = copy::clone(ctx, g)?;
            let shape = crate::engine::ops::advanced::result_shape(g, items)?;
            let zeros = crate::engine::ops::factory::full(ctx, g.device(), &shape, Scalar::Int(0), g.dtype, "zeros_like")?;
            crate::engine::ops::advanced::index_put(&gs, items, &zeros, false)?;
            // PyTorch's out-of-place `index_put` leaves its result at version 0.
            gs.storage.reset_version();
            let gv = crate::engine::ops::advanced::index(ctx, g, items, "index")?;
            vec![Some(gs), Some(sum_to(ctx, &gv, value_shape)?)]
        }
        Formula::Index { shape, items } => {
            let z = crate::engine::ops::factory::full(ctx, g.device(), shape, Scalar::Int(0), g.dtype, "zeros_like")?;
            crate::engine::ops::advanced::index_put(&z, items, g, true)?;
            vec![Some(z)]
        }
        Formula::ToCopy { dtype, device } => {
            if g.dtype == *dtype && g.device() == *device {
                vec![Some(g.clone())]
            } else {
                vec![Some(copy::copy_to_device(ctx, g, *device, &copy::preserve_strides(g), *dtype, "to")?)]
            }
        }
        Formula::Linalg { op, need, a, b } => super::linalg_formulas::apply(ctx, node, g, *op, *need, [a, b])?,
        Formula::Where { shapes } => {
            let cond = saved(node, 0)?;
            let zero = crate::engine::ops::factory::full(ctx, g.device(), &[], Scalar::Int(0), g.dtype, "zero")?;
            let gx = crate::engine::ops::join::where_(ctx, &cond, g, &zero)?;
            let gy = crate::engine::ops::join::where_(ctx, &cond, &zero, g)?;
            vec![Some(sum_to(ctx, &gx, &shapes[0])?), Some(sum_to(ctx, &gy, &shapes[1])?)]
        }
        Formula::Clamp { min, max } => {
            // PyTorch 2.15: `where((x > min) & (x < max), grad, 0)`: a bound
            // itself gets 0, masked gradients are +0, and the mask (so the
            // result) follows x's layout.
            let x = saved(node, 0)?;
            let lo = min.map(|m| bin_s(ctx, BinaryOp::Gt, &x, m)).transpose()?;
            let hi = max.map(|m| bin_s(ctx, BinaryOp::Lt, &x, m)).transpose()?;
            let mask = match (lo, hi) {
                (Some(l), Some(h)) => {
                    // `logical_and_`: in place, so the mask keeps x's layout.
                    crate::engine::ops::elementwise::binary_inplace(BinaryOp::BitAnd, &l, Arg::T(&h))?;
                    l
                }
                (Some(m), None) | (None, Some(m)) => m,
                (None, None) => return Ok(vec![Some(g.clone())]),
            };
            let zero = crate::engine::ops::factory::full(ctx, g.device(), &[], Scalar::Int(0), g.dtype, "zero")?;
            vec![Some(crate::engine::ops::join::where_(ctx, &mask, g, &zero)?)]
        }
        Formula::Cat { dim, shapes } => {
            let mut start = 0i64;
            let mut out = vec![];
            for s in shapes {
                if s.len() == 1 && s[0] == 0 && g.ndim() != 1 {
                    out.push(Some(crate::engine::ops::factory::full(ctx, g.device(), s, Scalar::Int(0), g.dtype, "zeros")?));
                    continue;
                }
                let len = s.get(*dim).copied().unwrap_or(0) as i64;
                let l = layout::narrow(g.layout(), *dim as i64, start, len)?;
                // PyTorch's `cat_tensors_backward`: views of the gradient.
                out.push(Some(g.view_as_layout(l, "narrow")));
                start += len;
            }
            out
        }
        Formula::Stack { dim, count } => (0..*count)
            .map(|i| -> Result<Option<Tensor>> {
                let l = layout::select(g.layout(), *dim as i64, i as i64)?;
                // PyTorch's `stack_tensors_backward`: views of the gradient.
                Ok(Some(g.view_as_layout(l, "select")))
            })
            .collect::<Result<_>>()?,
        Formula::PowTensor { shapes } => {
            let (a, b, out) = (saved(node, 0)?, saved(node, 1)?, saved(node, 2)?);
            let zero = crate::engine::ops::factory::full(ctx, g.device(), &[], Scalar::Int(0), g.dtype, "zero")?;
            let where_ = crate::engine::ops::join::where_;
            // PyTorch's pow_backward_self: where(b == 0, 0, g · (b · a^(b-1))).
            let bm1 = bin_s(ctx, BinaryOp::Sub, &b, 1.0)?;
            let raw_a = bin(ctx, BinaryOp::Mul, g, &bin(ctx, BinaryOp::Mul, &b, &bin(ctx, BinaryOp::Pow, &a, &bm1)?)?)?;
            let ga = where_(ctx, &bin_s(ctx, BinaryOp::Eq, &b, 0.0)?, &zero, &raw_a)?;
            // pow_backward_exponent: g · where(b >= 0 & a == 0, 0, out · ln a),
            // with a in the result's dtype.
            let a_ = copy::to_dtype(ctx, &a, out.dtype)?.unwrap_or_else(|| a.clone());
            let t = bin(ctx, BinaryOp::Mul, &out, &unary(ctx, UnaryOp::Log, &a_)?)?;
            let mask = bin(ctx, BinaryOp::BitAnd, &bin_s(ctx, BinaryOp::Ge, &b, 0.0)?, &bin_s(ctx, BinaryOp::Eq, &a_, 0.0)?)?;
            let gb = bin(ctx, BinaryOp::Mul, g, &where_(ctx, &mask, &zero, &t)?)?;
            vec![Some(sum_to(ctx, &ga, &shapes[0])?), Some(sum_to(ctx, &gb, &shapes[1])?)]
        }
        Formula::VarStd { dims, correction, keepdim, std } => {
            let x = saved(node, 0)?;
            let idims: Option<Vec<i64>> = dims.as_ref().map(|d| d.iter().map(|&v| v as i64).collect());
            let n: usize = match dims {
                None => x.numel(),
                Some(d) => d.iter().map(|&i| x.shape()[i]).product(),
            };
            let mean = reduce(ctx, ReduceOp::Mean, &x, idims.as_deref(), true, 1.0, None)?.values;
            let centered = bin(ctx, BinaryOp::Sub, &x, &mean)?;
            // Bring g back to keepdim shape so it broadcasts over the reduced dims.
            let mut gg = g.clone();
            if let (Some(d), false) = (dims, keepdim) {
                let mut sorted = d.clone();
                sorted.sort_unstable();
                for &k in &sorted {
                    gg = gg.view_as_layout(layout::unsqueeze(gg.layout(), k as i64)?, "unsqueeze");
                }
            }
            let scale = 1.0 / (n as f64 - correction);
            let mut d = bin_s(ctx, BinaryOp::Mul, &bin(ctx, BinaryOp::Mul, &gg, &centered)?, 2.0 * scale)?;
            if *std {
                let mut out = saved(node, 1)?;
                if let (Some(dd), false) = (dims, keepdim) {
                    let mut sorted = dd.clone();
                    sorted.sort_unstable();
                    for &k in &sorted {
                        out = out.view_as_layout(layout::unsqueeze(out.layout(), k as i64)?, "unsqueeze");
                    }
                }
                d = bin(ctx, BinaryOp::Div, &d, &bin_s(ctx, BinaryOp::Mul, &out, 2.0)?)?;
            }
            vec![Some(d)]
        }
        Formula::ProdAll | Formula::ProdDim { .. } | Formula::MaxMinAll | Formula::IndexDim { .. } | Formula::Sort { .. } => {
            super::reduce_formulas::apply(ctx, node, g)?
        }
        Formula::Fill | Formula::RandomFill { .. } | Formula::Copy { .. } | Formula::CopySlices { .. } => super::copy_slices::apply(ctx, node, g)?,
        Formula::Remainder { shapes } => {
            // d(a % b) = g for a and -g · floor(a / b) for b (b a tensor only).
            let ga = sum_to(ctx, g, &shapes[0])?;
            let gb = if node.saved.borrow().len() == 2 {
                let (a, b) = (saved(node, 0)?, saved(node, 1)?);
                let q = bin(ctx, BinaryOp::FloorDiv, &a, &b)?;
                Some(sum_to(ctx, &unary(ctx, UnaryOp::Neg, &bin(ctx, BinaryOp::Mul, g, &q)?)?, &shapes[1])?)
            } else {
                None
            };
            vec![Some(ga), gb]
        }
        Formula::MultiView { .. } | Formula::InvalidView { .. } => super::multi::apply(ctx, node, &[Some(g)])?,
        // derivatives.yaml's `not_implemented(...)` rows say it differently
        // from the autograd fallback's nodes.
        Formula::NotImplemented(op @ ("_unique2" | "unique_dim" | "unique_consecutive" | "inplace version of acosh" | "inplace version of asinh" | "inplace version of atanh")) => {
            return Err(EngineError::new(crate::engine::error::ErrorKind::NotImplementedError, format!("the derivative for '{op}' is not implemented.")));
        }
        Formula::NotImplemented(op) => {
            return Err(EngineError::runtime(format!("derivative for aten::{op} is not implemented")));
        }
        Formula::Fn(f) => (f.0)(ctx, node, g)?,
        Formula::Unsupported => {
            return Err(EngineError::new(
                crate::engine::error::ErrorKind::NotImplementedError,
                format!("tsr does not compute the gradient of {} yet", node.name),
            ))
        }
    })
}
