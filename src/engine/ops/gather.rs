//! Gather-like ops: `gather`, `index_select`, `take`, `take_along_dim`,
//! `masked_select` pick input elements into a new contiguous tensor. Each
//! is planned as a [`Picked`]: the result's shape and, per result element,
//! the row-major position of the input element it reads. The backward of
//! all of them is [`accumulate`] over the same positions (PyTorch's
//! scatter_add/index_add of the gradient into zeros). Also `masked_fill`,
//! `nonzero` and `count_nonzero`, with PyTorch's checks and messages.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{Layout, contiguous_strides, wrap_dim};
use crate::engine::scalar::{self, Scalar};
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

use super::iter_layout::broadcast_shapes;

/// Where each element of a picked result comes from.
#[derive(Debug, Clone)]
pub struct Picked {
    pub shape: Vec<usize>,
    /// Per result element (row-major): the input's row-major position.
    pub pos: Vec<usize>,
}

pub fn shape_list(s: &[usize]) -> String {
    format!("[{}]", s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "))
}

/// The shape PyTorch's kernels see: a 0-dim tensor as one element.
fn nonempty(s: &[usize]) -> Vec<usize> {
    if s.is_empty() { vec![1] } else { s.to_vec() }
}

fn is_index_dtype(d: DType) -> bool {
    matches!(d, DType::Int64 | DType::Int32)
}

fn values_i64(t: &Tensor) -> Vec<i64> {
    t.to_scalars().into_iter().map(|s| s.as_i64()).collect()
}

/// For each row-major position of `to`, the row-major position of `from`
/// broadcast to it (`from` must broadcast to `to`).
pub fn broadcast_positions(from: &[usize], to: &[usize]) -> Vec<usize> {
    let lead = to.len() - from.len();
    let own = contiguous_strides(from);
    let mut stride = vec![0usize; to.len()];
    for d in 0..from.len() {
        if from[d] != 1 {
            stride[lead + d] = own[d];
        }
    }
    let l = Layout { shape: to.to_vec(), stride, offset: 0 };
    StridedIndex::new(&l).collect()
}

/// `torch.gather(t, dim, index)`: the result has index's shape.
pub fn gather_plan(t: &Tensor, dim: i64, index: &Tensor) -> Result<Picked> {
    let d = gather_check(t, dim, index)?;
    let (ts, is) = (nonempty(t.shape()), nonempty(index.shape()));
    let pos = gather_positions(&ts, d, &is, &values_i64(index), false)?;
    Ok(Picked { shape: index.shape().to_vec(), pos })
}

/// `gather`'s checks before it reads the index: its wrapped dim.
pub fn gather_check(t: &Tensor, dim: i64, index: &Tensor) -> Result<usize> {
    let d = wrap_dim(dim, t.ndim())?;
    if !is_index_dtype(index.dtype) {
        return Err(EngineError::runtime("gather(): Expected dtype int32/int64 for index"));
    }
    let (ts, is) = (nonempty(t.shape()), nonempty(index.shape()));
    if ts.len() != is.len() {
        return Err(EngineError::runtime("Index tensor must have the same number of dimensions as input tensor"));
    }
    for k in 0..ts.len() {
        if k != d && is[k] > ts[k] {
            return Err(EngineError::runtime(format!(
                "Size does not match at dimension {k} expected index {} to be no larger than self {} apart from dimension {d}",
                shape_list(index.shape()),
                shape_list(t.shape())
            )));
        }
    }
    Ok(d)
}

/// Row-major positions in `ts` that a gather along `d` with an index of
/// shape `is` and values `idx` reads.
fn gather_positions(ts: &[usize], d: usize, is: &[usize], idx: &[i64], wrap: bool) -> Result<Vec<usize>> {
    let tstr = contiguous_strides(ts);
    let il = Layout { shape: is.to_vec(), stride: tstr.iter().enumerate().map(|(k, &s)| if k == d { 0 } else { s }).collect(), offset: 0 };
    let mut pos = Vec::with_capacity(idx.len());
    for (k, base) in StridedIndex::new(&il).enumerate() {
        if k % (1 << 16) == 0 {
            crate::engine::interrupt::check()?;
        }
        let v = idx[k];
        let v = if wrap && ts[d] > 0 { v.rem_euclid(ts[d] as i64) } else { v };
        if v < 0 || v >= ts[d] as i64 {
            return Err(EngineError::runtime(format!("index {v} is out of bounds for dimension {d} with size {}", ts[d])));
        }
        pos.push(base + v as usize * tstr[d]);
    }
    Ok(pos)
}

/// `index_select(t, dim, index)`: dim `dim` replaced by index's length.
pub fn index_select_plan(t: &Tensor, dim: i64, index: &Tensor) -> Result<Picked> {
    let (d, idx) = index_select_check(t, dim, index)?;
    let ts = nonempty(t.shape());
    let mut shape = ts.clone();
    shape[d] = idx.len();
    let tstr = contiguous_strides(&ts);
    let l = Layout { shape: shape.clone(), stride: tstr.iter().enumerate().map(|(k, &s)| if k == d { 0 } else { s }).collect(), offset: 0 };
    let inner: usize = shape[d + 1..].iter().product();
    let pos = StridedIndex::new(&l).enumerate().map(|(k, base)| base + idx[(k / inner.max(1)) % idx.len().max(1)] as usize * tstr[d]).collect();
    let shape = if t.ndim() == 0 { vec![] } else { shape };
    Ok(Picked { shape, pos })
}

/// `index_select`'s checks (bounds included): its wrapped dim and the
/// index's values.
pub fn index_select_check(t: &Tensor, dim: i64, index: &Tensor) -> Result<(usize, Vec<i64>)> {
    let d = wrap_dim(dim, t.ndim())?;
    if index.ndim() > 1 {
        return Err(EngineError::index("index_select(): Index is supposed to be a vector"));
    }
    if !is_index_dtype(index.dtype) {
        return Err(EngineError::runtime("index_select(): Expected dtype int32 or int64 for index"));
    }
    let idx = values_i64(index);
    if t.ndim() == 0 && idx.len() != 1 {
        return Err(EngineError::runtime(format!("index_select(): Index to scalar can have only 1 value, got {} value(s)", idx.len())));
    }
    let ts = nonempty(t.shape());
    let size = ts[d];
    if let Some(_bad) = idx.iter().find(|&&v| v < 0 || v as usize >= size) {
        return Err(EngineError::index("index out of range in self"));
    }
    Ok((d, idx))
}

/// `take(t, index)`: t as a flat row-major tensor, read at index's values.
pub fn take_plan(t: &Tensor, index: &Tensor) -> Result<Picked> {
    if index.dtype != DType::Int64 {
        return Err(EngineError::runtime(format!(
            "take(): Expected a long tensor for index, but got {}",
            super::promote::scalar_type_name(index.dtype)
        )));
    }
    let n = t.numel() as i64;
    let mut pos = Vec::with_capacity(index.numel());
    for v in values_i64(index) {
        if v < -n || v >= n {
            return Err(EngineError::index(format!("out of range: tried to access index {v} on a tensor of {n} elements.")));
        }
        pos.push(if v < 0 { v + n } else { v } as usize);
    }
    Ok(Picked { shape: index.shape().to_vec(), pos })
}

/// `take_along_dim(t, indices, dim)`: with a dim, t and indices broadcast
/// against each other apart from `dim`, then gather; without, `take` of
/// the flattened t. With a dim, indices wrap modulo the dim's size (as
/// PyTorch's `remainder`), without one they must be in bounds (its flat gather).
pub fn take_along_dim_plan(t: &Tensor, index: &Tensor, dim: Option<i64>) -> Result<Picked> {
    if index.dtype != DType::Int64 {
        return Err(EngineError::runtime(format!(
            "torch.take_along_dim(): dtype of indices should be Long but got {}",
            super::promote::scalar_type_name(index.dtype)
        )));
    }
    let Some(dim) = dim else {
        let n = index.numel();
        let pos = gather_positions(&[t.numel()], 0, &[n], &values_i64(index), false)?;
        return Ok(Picked { shape: vec![n], pos });
    };
    if t.ndim() != index.ndim() {
        return Err(EngineError::runtime(format!(
            "torch.take_along_dim(): input and indices should have the same number of dimensions, but got {} dimensions for input, and {} dimensions for indices",
            t.ndim(),
            index.ndim()
        )));
    }
    let d = wrap_dim(dim, t.ndim())?;
    let (mut ts, mut is) = (t.shape().to_vec(), index.shape().to_vec());
    ts[d] = 1;
    is[d] = 1;
    let b = broadcast_shapes(&ts, &is)?;
    let (mut tb, mut ib) = (b.clone(), b);
    tb[d] = t.shape()[d];
    ib[d] = index.shape()[d];
    // Gather from t broadcast to `tb`, then map back to t's positions.
    let iv = values_i64(index);
    let ip = broadcast_positions(index.shape(), &ib);
    let idx: Vec<i64> = ip.iter().map(|&p| iv[p]).collect();
    // PyTorch wraps them first with `remainder(size)` (Python's modulo).
    if tb[d] == 0 && !idx.is_empty() {
        return Err(EngineError::runtime("ZeroDivisionError"));
    }
    let pos = gather_positions(&tb, d, &ib, &idx, true)?;
    let back = broadcast_positions(t.shape(), &tb);
    Ok(Picked { shape: ib, pos: pos.into_iter().map(|q| back[q]).collect() })
}

/// `masked_select(t, mask)`: the elements of t (broadcast with mask) where
/// mask is true, as a 1-D tensor.
pub fn masked_select_plan(t: &Tensor, mask: &Tensor) -> Result<Picked> {
    if mask.dtype != DType::Bool {
        return Err(EngineError::runtime("masked_select: expected BoolTensor for mask"));
    }
    let b = broadcast_shapes(mask.shape(), t.shape())?;
    let m = mask.to_scalars();
    let mp = broadcast_positions(mask.shape(), &b);
    let tp = broadcast_positions(t.shape(), &b);
    let pos: Vec<usize> = mp.iter().zip(&tp).filter(|(q, _)| m[**q].as_bool()).map(|(_, &p)| p).collect();
    Ok(Picked { shape: vec![pos.len()], pos })
}

/// The picked elements of `t` in a new contiguous tensor of t's dtype.
pub fn pick(ctx: &Context, t: &Tensor, p: &Picked, op: &str) -> Result<Tensor> {
    let out = Tensor::alloc_on(ctx, t.device(), &p.shape, t.dtype, op)?;
    let offs: Vec<usize> = StridedIndex::new(t.layout()).collect();
    let es = t.dtype.size();
    {
        let src = t.storage.bytes();
        let src = src.bytes();
        let mut dst = out.storage.bytes_mut();
        let dst = dst.bytes_mut();
        for (i, &q) in p.pos.iter().enumerate() {
            if i % (1 << 16) == 0 {
                crate::engine::interrupt::check()?;
            }
            let s = offs[q];
            dst[i * es..(i + 1) * es].copy_from_slice(&src[s * es..(s + 1) * es]);
        }
    }
    Ok(out.with_copy_lineage(t, op))
}

/// Zeros of `shape` (g's dtype and device) with `g`'s elements added at
/// `pos`: the gradient of a pick (repeated positions add up).
pub fn accumulate(ctx: &Context, g: &Tensor, shape: &[usize], pos: &[usize], op: &str) -> Result<Tensor> {
    let n: usize = shape.iter().product();
    let gv = g.to_scalars();
    let mut acc = vec![0f64; n];
    for (k, &q) in pos.iter().enumerate() {
        acc[q] += gv[k].as_f64();
    }
    let vals: Vec<Scalar> = acc.into_iter().map(|v| Scalar::Float(v).cast(g.dtype)).collect();
    Tensor::from_scalars_on(ctx, g.device(), shape, g.dtype, &vals, op)
}


pub fn check_mask(mask: &Tensor) -> Result<()> {
    if mask.dtype != DType::Bool {
        return Err(EngineError::runtime(format!("masked_fill_ only supports boolean masks, but got mask with dtype {}", crate::engine::ops::promote::type_meta_name(mask.dtype))));
    }
    Ok(())
}

/// A filled tensor, with each element's position in self and whether it was filled.
pub type Filled = (Tensor, Vec<usize>, Vec<bool>);

/// `masked_fill(t, mask, v)`: t and mask broadcast (mask first), a new
/// contiguous tensor. Also returns, per result element, t's position and
/// whether it was filled (for the backward).
pub fn masked_fill(ctx: &Context, t: &Tensor, mask: &Tensor, v: Scalar, op: &str) -> Result<Filled> {
    check_mask(mask)?;
    let b = broadcast_shapes(mask.shape(), t.shape())?;
    if let Some(done) = masked_fill_dense(ctx, t, mask, v, op)? {
        return Ok(done);
    }
    let m = mask.to_scalars();
    let filled: Vec<bool> = broadcast_positions(mask.shape(), &b).into_iter().map(|q| m[q].as_bool()).collect();
    let pos = broadcast_positions(t.shape(), &b);
    let tv = t.to_scalars();
    let v = v.cast(t.dtype);
    let vals: Vec<Scalar> = pos.iter().zip(&filled).map(|(&p, &f)| if f { v } else { tv[p] }).collect();
    let out = Tensor::from_scalars_on(ctx, t.device(), &b, t.dtype, &vals, op)?;
    Ok((out.with_copy_lineage(t, op), pos, filled))
}

/// [`masked_fill`] of a contiguous CPU tensor by a contiguous mask of its
/// shape: `where(mask, v, t)` on typed slices (`pick_dense::where_fill`).
fn masked_fill_dense(ctx: &Context, t: &Tensor, mask: &Tensor, v: Scalar, op: &str) -> Result<Option<Filled>> {
    if !super::pick_dense::dense(t) || !super::pick_dense::dense(mask) || mask.shape() != t.shape() || t.numel() == 0 {
        return Ok(None);
    }
    let (n, es) = (t.numel(), t.dtype.size());
    let out = Tensor::alloc_on(ctx, t.device(), t.shape(), t.dtype, op)?;
    let fill = super::pick_dense::one_value(v.cast(t.dtype), t.dtype);
    let filled: Vec<bool> = {
        let (src, m) = (t.storage.bytes(), mask.storage.bytes());
        let m = &m.bytes()[mask.layout().offset..mask.layout().offset + n];
        let src = &src.bytes()[t.layout().offset * es..(t.layout().offset + n) * es];
        let mut dst = out.storage.bytes_mut();
        super::pick_dense::where_fill(m, super::pick_dense::WhereSrc::One(&fill), super::pick_dense::WhereSrc::Full(src), &mut dst.bytes_mut()[..n * es], es)?;
        m.iter().map(|&b| b != 0).collect()
    };
    Ok(Some((out.with_copy_lineage(t, op), (0..n).collect(), filled)))
}

/// `t.masked_fill_(mask, v)`: mask must broadcast to t's shape. Returns
/// which elements were filled (row-major).
pub fn masked_fill_(t: &Tensor, mask: &Tensor, v: Scalar) -> Result<Vec<bool>> {
    check_mask(mask)?;
    let b = broadcast_shapes(t.shape(), mask.shape())?;
    if b != t.shape() {
        return Err(EngineError::runtime(format!("output with shape {} doesn't match the broadcast shape {}", shape_list(t.shape()), shape_list(&b))));
    }
    if !is_expanded(t) {
        super::copy::check_no_internal_overlap(t)?;
    }
    let m = mask.to_scalars();
    let filled: Vec<bool> = broadcast_positions(mask.shape(), &b).into_iter().map(|q| m[q].as_bool()).collect();
    let v = v.cast(t.dtype);
    {
        let mut buf = t.storage.bytes_mut();
        let bytes = buf.bytes_mut();
        for (s, &f) in StridedIndex::new(t.layout()).zip(&filled) {
            if f {
                scalar::write(t.dtype, bytes, s, v);
            }
        }
    }
    t.storage.bump_version();
    Ok(filled)
}

/// PyTorch's `has_internal_overlap(t) == Yes`: a stride-0 dim of size > 1
/// (`masked_fill_`/`index_fill_` only warn then, and write every alias).
pub fn is_expanded(t: &Tensor) -> bool {
    t.shape().iter().zip(t.stride()).any(|(&n, &s)| n > 1 && s == 0)
}

/// `nonzero(t)`: the coordinates of the nonzero elements, shape
/// `(n, ndim)` with PyTorch's strides `(1, n)` (column-major).
pub fn nonzero(ctx: &Context, t: &Tensor, op: &str) -> Result<Tensor> {
    let shape = t.shape().to_vec();
    let vals = t.to_scalars();
    let hits: Vec<usize> = vals.iter().enumerate().filter(|(_, v)| v.as_bool()).map(|(i, _)| i).collect();
    let n = hits.len();
    let nd = shape.len();
    let out = Tensor::alloc_strided_on(ctx, t.device(), &[n, nd], &[1, n], DType::Int64, op)?;
    {
        let mut buf = out.storage.bytes_mut();
        let bytes = buf.bytes_mut();
        for (i, &flat) in hits.iter().enumerate() {
            let mut rem = flat;
            for d in (0..nd).rev() {
                scalar::write(DType::Int64, bytes, i + d * n, Scalar::Int((rem % shape[d]) as i64));
                rem /= shape[d];
            }
        }
    }
    Ok(out.with_copy_lineage(t, op))
}

/// `count_nonzero(t, dims)` (no dims: all of them): an int64 tensor.
pub fn count_nonzero(ctx: &Context, t: &Tensor, dims: &[i64], op: &str) -> Result<Tensor> {
    let mut reduce = vec![false; t.ndim()];
    for &d in dims {
        let w = wrap_dim(d, t.ndim())?;
        if t.ndim() > 0 && reduce[w] {
            return Err(EngineError::runtime(format!("dim {w} appears multiple times in the list of dims")));
        }
        if t.ndim() > 0 {
            reduce[w] = true;
        }
    }
    if dims.is_empty() {
        reduce.iter_mut().for_each(|r| *r = true);
    }
    let shape: Vec<usize> = t.shape().iter().zip(&reduce).filter(|(_, r)| !**r).map(|(s, _)| *s).collect();
    let kept = Layout {
        shape: t.shape().to_vec(),
        stride: {
            let cs = contiguous_strides(&shape);
            let mut k = 0;
            reduce.iter().map(|&r| if r { 0 } else { k += 1; cs[k - 1] }).collect()
        },
        offset: 0,
    };
    let mut counts = vec![0i64; shape.iter().product()];
    for (v, o) in t.to_scalars().iter().zip(StridedIndex::new(&kept)) {
        if v.as_bool() {
            counts[o] += 1;
        }
    }
    let vals: Vec<Scalar> = counts.into_iter().map(Scalar::Int).collect();
    Tensor::from_scalars_on(ctx, t.device(), &shape, DType::Int64, &vals, op)
}
