//! `repeat_interleave` with a tensor of repeats: the index list it makes
//! (`torch.repeat_interleave(repeats)`) and the `index_select` it does with
//! it, with IndexSelectBackward0's scatter-add.

use crate::engine::error::{EngineError, ErrorKind, Result};
use crate::engine::layout;
use crate::engine::{scalar, Context, Scalar, Tensor};

use super::reorder::gather;

/// `torch.repeat_interleave(repeats)`: index i written repeats[i] times,
/// in repeats' (integer) dtype.
pub fn repeat_indices(ctx: &Context, repeats: &Tensor) -> Result<Tensor> {
    if repeats.ndim() != 1 {
        return Err(EngineError::runtime("repeat_interleave only accept 1D vector as repeat"));
    }
    if repeats.dtype.is_floating() || repeats.dtype == crate::engine::DType::Bool {
        let msg = format!("\"repeat_interleave_cpu\" not implemented for '{}'", super::promote::scalar_type_name(repeats.dtype));
        return Err(EngineError::new(ErrorKind::NotImplementedError, msg));
    }
    let counts: Vec<i64> = repeats.to_scalars().iter().map(|s| s.as_i64()).collect();
    if counts.iter().any(|&c| c < 0) {
        return Err(EngineError::runtime("repeats can not be negative"));
    }
    let values: Vec<Scalar> = counts.iter().enumerate().flat_map(|(i, &c)| std::iter::repeat_n(Scalar::Int(i as i64), c as usize)).collect();
    Tensor::from_scalars_on(ctx, repeats.device(), &[values.len()], repeats.dtype, &values, "repeat_interleave()")
}

/// `index_select(dim, idx)` with indices already in range: a contiguous copy.
pub fn index_select(ctx: &Context, t: &Tensor, dim: usize, idx: &[usize]) -> Result<Tensor> {
    let mut shape = t.shape().to_vec();
    shape[dim] = idx.len();
    let stride = layout::contiguous_strides(&shape);
    gather(ctx, t, &shape, &stride, "repeat_interleave()", |i, f| {
        f.copy_from_slice(i);
        f[dim] = idx[i[dim]];
    })
}

/// IndexSelectBackward0: zeros of `in_shape`, each slice of `g` added at its index.
pub fn index_select_backward(ctx: &Context, g: &Tensor, in_shape: &[usize], dim: usize, idx: &[usize]) -> Result<Tensor> {
    let out = super::factory::full(ctx, g.device(), in_shape, Scalar::Float(0.0), g.dtype, "index_select_backward")?;
    let n = g.numel();
    if n == 0 {
        return Ok(out);
    }
    let gbuf = g.storage.bytes();
    let mut obuf = out.storage.bytes_mut();
    let (gb, ob) = (gbuf.bytes(), obuf.bytes_mut());
    let mut i = vec![0usize; g.ndim()];
    let mut to = vec![0usize; g.ndim()];
    for j in 0..n {
        if j % crate::engine::interrupt::CHECK_EVERY == 0 {
            crate::engine::interrupt::check()?;
        }
        to.copy_from_slice(&i);
        to[dim] = idx[i[dim]];
        let (s, d) = (g.layout().element_offset(&i), out.layout().element_offset(&to));
        if let (Some(a), Some(b)) = (scalar::read(g.dtype, gb, s), scalar::read(g.dtype, ob, d)) {
            scalar::write(g.dtype, ob, d, Scalar::Float(a.as_f64() + b.as_f64()));
        }
        for k in (0..i.len()).rev() {
            i[k] += 1;
            if i[k] < g.shape()[k] {
                break;
            }
            i[k] = 0;
        }
    }
    drop(obuf);
    Ok(out)
}
