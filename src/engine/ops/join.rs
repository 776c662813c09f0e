//! Ops that build one tensor from several, or pick between them: `cat`,
//! `stack`, `where`, `clamp`, `sort`. All return new contiguous tensors.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{fmt_list, EngineError, Result};
use crate::engine::layout;
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::iter_layout::{broadcast_layout, broadcast_shapes};
use super::promote::{result_type, scalar_type_name, Operand};

/// `cat(tensors, dim)` with type promotion; legacy 1-D empty tensors are skipped.
pub fn cat(ctx: &Context, ts: &[&Tensor], dim: i64) -> Result<Tensor> {
    if ts.is_empty() {
        return Err(EngineError::runtime("torch.cat(): expected a non-empty list of Tensors"));
    }
    for (i, t) in ts.iter().enumerate() {
        if t.ndim() == 0 {
            return Err(EngineError::runtime(format!(
                "zero-dimensional tensor (at position {i}) cannot be concatenated"
            )));
        }
    }
    let ops: Vec<Operand> = ts.iter().map(|t| Operand::Tensor { dtype: t.dtype, ndim: t.ndim() }).collect();
    let dtype = result_type(&ops);
    let live: Vec<(usize, &&Tensor)> = ts.iter().enumerate().filter(|(_, t)| !(t.ndim() == 1 && t.numel() == 0)).collect();
    let Some((_, first)) = live.first() else {
        return Tensor::alloc(ctx, &[0], dtype, "cat");
    };
    let d = layout::wrap_dim(dim, first.ndim())?;
    let mut shape = first.shape().to_vec();
    let mut total = 0usize;
    for (i, t) in &live {
        if t.ndim() != first.ndim() {
            return Err(EngineError::runtime(format!(
                "Tensors must have same number of dimensions: got {} and {}",
                first.ndim(),
                t.ndim()
            )));
        }
        for k in 0..shape.len() {
            if k != d && t.shape()[k] != shape[k] {
                return Err(EngineError::runtime(format!(
                    "Sizes of tensors must match except in dimension {}. Expected size {} but got size {} for tensor number {} in the list.",
                    d, shape[k], t.shape()[k], i
                )));
            }
        }
        total += t.shape()[d];
    }
    shape[d] = total;
    let out = Tensor::alloc(ctx, &shape, dtype, "cat")?;
    let mut start = 0i64;
    for (_, t) in &live {
        let len = t.shape()[d] as i64;
        let l = layout::narrow(&out.layout, d as i64, start, len)?;
        let dst = out.view_as_layout(l, "cat");
        super::copy::copy_into(&dst, t)?;
        start += len;
    }
    out.storage.reset_version();
    Ok(out)
}

/// `stack(tensors, dim)`: all the same shape, joined along a new dim.
pub fn stack(ctx: &Context, ts: &[&Tensor], dim: i64) -> Result<Tensor> {
    if ts.is_empty() {
        return Err(EngineError::runtime("stack expects a non-empty TensorList"));
    }
    let first = ts[0];
    for (i, t) in ts.iter().enumerate() {
        if t.shape() != first.shape() {
            return Err(EngineError::runtime(format!(
                "stack expects each tensor to be equal size, but got {} at entry 0 and {} at entry {}",
                fmt_list(first.shape()),
                fmt_list(t.shape()),
                i
            )));
        }
    }
    let d = layout::wrap_dim(dim, first.ndim() + 1)? as i64;
    let views: Vec<Tensor> = ts
        .iter()
        .map(|t| layout::unsqueeze(&t.layout, d).map(|l| t.view_as_layout(l, "unsqueeze")))
        .collect::<Result<_>>()?;
    let refs: Vec<&Tensor> = views.iter().collect();
    cat(ctx, &refs, d)
}

fn values_bcast(t: &Tensor, shape: &[usize]) -> Vec<Scalar> {
    let l = broadcast_layout(&t.layout, shape);
    let v = t.view_as_layout(l, "");
    v.to_scalars()
}

/// `where(cond, x, y)`.
pub fn where_(ctx: &Context, cond: &Tensor, x: &Tensor, y: &Tensor) -> Result<Tensor> {
    if cond.dtype != DType::Bool && cond.dtype != DType::UInt8 {
        return Err(EngineError::runtime(format!(
            "where expected condition to be a boolean tensor, but got a tensor with dtype {}",
            scalar_type_name(cond.dtype)
        )));
    }
    let shape = broadcast_shapes(&broadcast_shapes(cond.shape(), x.shape())?, y.shape())?;
    let dtype = result_type(&[
        Operand::Tensor { dtype: x.dtype, ndim: x.ndim() },
        Operand::Tensor { dtype: y.dtype, ndim: y.ndim() },
    ]);
    let (c, a, b) = (values_bcast(cond, &shape), values_bcast(x, &shape), values_bcast(y, &shape));
    let vals: Vec<Scalar> = c.iter().zip(a.iter().zip(&b)).map(|(c, (a, b))| if c.as_bool() { *a } else { *b }).collect();
    Tensor::from_scalars(ctx, &shape, dtype, &vals, "where")
}

/// `clamp(min, max)`.
pub fn clamp(ctx: &Context, t: &Tensor, min: Option<Scalar>, max: Option<Scalar>) -> Result<Tensor> {
    if min.is_none() && max.is_none() {
        return Err(EngineError::runtime("torch.clamp: At least one of 'min' or 'max' must not be None"));
    }
    let mut ops = vec![Operand::Tensor { dtype: t.dtype, ndim: t.ndim() }];
    ops.extend(min.iter().chain(max.iter()).map(|s| Operand::Wrapped(*s)));
    let dtype = result_type(&ops);
    let float = dtype.is_floating();
    let vals: Vec<Scalar> = t
        .to_scalars()
        .into_iter()
        .map(|v| {
            let v = v.cast(dtype);
            if float {
                let mut f = v.as_f64();
                if f.is_nan() {
                    return Scalar::Float(f);
                }
                if let Some(lo) = min {
                    f = f.max(lo.as_f64());
                }
                if let Some(hi) = max {
                    f = f.min(hi.as_f64());
                }
                Scalar::Float(f)
            } else {
                let mut i = v.as_i64();
                if let Some(lo) = min {
                    i = i.max(lo.as_i64());
                }
                if let Some(hi) = max {
                    i = i.min(hi.as_i64());
                }
                Scalar::Int(i)
            }
        })
        .collect();
    Tensor::from_scalars(ctx, t.shape(), dtype, &vals, "clamp")
}

/// `sort(dim, descending)`: values and int64 indices; NaN sorts as largest; stable.
pub fn sort(ctx: &Context, t: &Tensor, dim: i64, descending: bool) -> Result<(Tensor, Tensor)> {
    let n = t.ndim();
    let d = layout::wrap_dim(dim, n)?;
    if n == 0 {
        let v = super::copy::clone(ctx, t)?;
        let i = Tensor::from_scalars(ctx, &[], DType::Int64, &[Scalar::Int(0)], "sort")?;
        return Ok((v, i));
    }
    let shape = t.shape().to_vec();
    let vals = t.to_scalars();
    let len = shape[d];
    let inner: usize = shape[d + 1..].iter().product();
    let outer: usize = shape[..d].iter().product();
    let mut out_v = vals.clone();
    let mut out_i = vec![Scalar::Int(0); vals.len()];
    let key = |s: &Scalar| -> (bool, f64, i64) {
        match s {
            Scalar::Float(f) => (f.is_nan(), *f, 0),
            other => (false, 0.0, other.as_i64()),
        }
    };
    for o in 0..outer {
        for i in 0..inner {
            let idx: Vec<usize> = (0..len).map(|j| o * len * inner + j * inner + i).collect();
            let mut order: Vec<usize> = (0..len).collect();
            order.sort_by(|&a, &b| {
                let (ka, kb) = (key(&vals[idx[a]]), key(&vals[idx[b]]));
                let ord = ka.0.cmp(&kb.0).then(ka.1.partial_cmp(&kb.1).unwrap_or(std::cmp::Ordering::Equal)).then(ka.2.cmp(&kb.2));
                if descending { ord.reverse() } else { ord }
            });
            for (j, &src) in order.iter().enumerate() {
                out_v[idx[j]] = vals[idx[src]];
                out_i[idx[j]] = Scalar::Int(src as i64);
            }
        }
    }
    Ok((
        Tensor::from_scalars(ctx, &shape, t.dtype, &out_v, "sort")?,
        Tensor::from_scalars(ctx, &shape, DType::Int64, &out_i, "sort")?,
    ))
}
