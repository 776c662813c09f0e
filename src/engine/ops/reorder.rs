//! Reordering copies: `flip`, `roll`, `rot90`. Each allocates a new storage
//! and moves every element to its new index (no arithmetic on values, so
//! the copy is byte-wise and works for every dtype).

use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{self, Layout};
use crate::engine::{Context, Tensor};

use super::iter_layout;

/// A new tensor of `shape` with `stride` (on `src`'s device) whose element
/// at index `i` is `src`'s element at `map(i)`.
pub fn gather(ctx: &Context, src: &Tensor, shape: &[usize], stride: &[usize], op: &str, map: impl Fn(&[usize], &mut [usize])) -> Result<Tensor> {
    let out = Tensor::alloc_strided_on(ctx, src.device(), shape, stride, src.dtype, op)?;
    let n = out.numel();
    if n > 0 {
        let size = src.dtype.size();
        let sbuf = src.storage.bytes();
        let mut dbuf = out.storage.bytes_mut();
        let (sb, db) = (sbuf.bytes(), dbuf.bytes_mut());
        let mut idx = vec![0usize; shape.len()];
        let mut from = vec![0usize; src.ndim()];
        for j in 0..n {
            if j % crate::engine::interrupt::CHECK_EVERY == 0 {
                crate::engine::interrupt::check()?;
            }
            map(&idx, &mut from);
            let (d, s) = (out.layout().element_offset(&idx) * size, src.layout().element_offset(&from) * size);
            if let (Some(d), Some(s)) = (db.get_mut(d..d + size), sb.get(s..s + size)) {
                d.copy_from_slice(s);
            }
            // Row-major increment.
            for k in (0..idx.len()).rev() {
                idx[k] += 1;
                if idx[k] < shape[k] {
                    break;
                }
                idx[k] = 0;
            }
        }
    }
    Ok(out.with_copy_lineage(src, op))
}

/// Wraps `dims` for a tensor of `ndim` dims; a repeated dim fails as PyTorch's `dim_list_to_bitset`.
pub fn dim_set(dims: &[i64], ndim: usize) -> Result<Vec<bool>> {
    let mut seen = vec![false; ndim.max(1)];
    for &d in dims {
        let w = layout::wrap_dim(d, ndim)?;
        if seen[w] {
            return Err(EngineError::runtime(format!("dim {w} appears multiple times in the list of dims")));
        }
        seen[w] = true;
    }
    Ok(seen)
}

/// `flip(dims)`: a copy in the input's stride order (as TensorIterator allocates it).
pub fn flip(ctx: &Context, t: &Tensor, dims: &[i64]) -> Result<Tensor> {
    let set = dim_set(dims, t.ndim())?;
    if let Some(out) = flip_contiguous(ctx, t, &set)? {
        return Ok(out);
    }
    let shape = t.shape().to_vec();
    let stride = iter_layout::output_strides(&[t.layout()], &shape);
    gather(ctx, t, &shape, &stride, "flip()", |i, f| {
        for (k, x) in i.iter().enumerate() {
            f[k] = if set[k] { shape[k] - 1 - x } else { *x };
        }
    })
}

/// `flip` of a contiguous tensor (whose output is contiguous too): the
/// trailing unflipped dims are runs of bytes, each copied whole from its
/// flipped source position.
fn flip_contiguous(ctx: &Context, t: &Tensor, set: &[bool]) -> Result<Option<Tensor>> {
    if !t.is_contiguous() || t.numel() == 0 || t.device() != crate::engine::Device::Cpu {
        return Ok(None);
    }
    let shape = t.shape();
    let n = shape.len();
    let last = (0..n).rev().find(|&d| set[d]);
    let Some(last) = last else { return Ok(None) };
    let run: usize = shape[last + 1..].iter().product();
    let size = t.dtype.size();
    let out = Tensor::alloc_on(ctx, t.device(), shape, t.dtype, "flip()")?;
    {
        let src = t.storage.bytes();
        let sb = &src.bytes()[t.layout().offset * size..(t.layout().offset + t.numel()) * size];
        let mut dst = out.storage.bytes_mut();
        let db = &mut dst.bytes_mut()[..t.numel() * size];
        let runs = t.numel() / run;
        let outer = &shape[..=last];
        let strides = crate::engine::layout::contiguous_strides(outer);
        let rb = run * size;
        for r in 0..runs {
            if r % 4096 == 0 {
                crate::engine::interrupt::check()?;
            }
            // The source run: each flipped coordinate mirrored.
            let mut from = 0usize;
            for d in 0..outer.len() {
                let x = (r / strides[d]) % outer[d];
                from += (if set[d] { outer[d] - 1 - x } else { x }) * strides[d];
            }
            db[r * rb..(r + 1) * rb].copy_from_slice(&sb[from * rb..(from + 1) * rb]);
        }
    }
    Ok(Some(out.with_copy_lineage(t, "flip()")))
}

/// `roll(shifts, dims)`: a contiguous copy; with no dims the tensor rolls as if flattened.
pub fn roll(ctx: &Context, t: &Tensor, shifts: &[i64], dims: &[i64]) -> Result<Tensor> {
    if dims.is_empty() && shifts.len() == 1 {
        let flat = t.contiguous_or_self(ctx)?;
        let n = t.numel();
        let flat = flat.view_as_layout(Layout { shape: vec![n], stride: vec![1], offset: flat.layout().offset }, "roll()");
        let rolled = roll(ctx, &flat, shifts, &[0])?;
        return Ok(rolled.view_as_layout(Layout::contiguous(t.shape()), "roll()"));
    }
    if shifts.len() != dims.len() {
        return Err(EngineError::runtime(format!("shifts and dimensions must align. shifts: {}, dims:{}", shifts.len(), dims.len())));
    }
    if t.ndim() == 0 {
        return Err(EngineError::index(format!("Dimension specified as {} but tensor has no dimensions", dims[0])));
    }
    let shape = t.shape().to_vec();
    // Per dim, the total shift (a dim may repeat: shifts add up).
    let mut by = vec![0i64; shape.len()];
    for (&s, &d) in shifts.iter().zip(dims) {
        let w = layout::wrap_dim(d, t.ndim())?;
        by[w] += s;
    }
    let stride = layout::contiguous_strides(&shape);
    gather(ctx, t, &shape, &stride, "roll()", |i, f| {
        for (k, x) in i.iter().enumerate() {
            let n = shape[k] as i64;
            f[k] = if n == 0 { 0 } else { (*x as i64 - by[k]).rem_euclid(n) as usize };
        }
    })
}

/// `rot90(k, dims)`: flip and transpose as PyTorch composes them (k = 0 is
/// a contiguous clone), so the result's strides are PyTorch's.
pub fn rot90(ctx: &Context, t: &Tensor, k: i64, dims: &[i64]) -> Result<Tensor> {
    if dims.len() != 2 {
        return Err(EngineError::runtime(format!("expected total rotation dims == 2, but got dims = {}", dims.len())));
    }
    if t.ndim() < 2 {
        return Err(EngineError::runtime(format!("expected total dims >= 2, but got total dims = {}", t.ndim())));
    }
    let (d0, d1) = (layout::wrap_dim(dims[0], t.ndim())?, layout::wrap_dim(dims[1], t.ndim())?);
    if d0 == d1 {
        return Err(EngineError::runtime(format!("expected rotation dims to be different, but got dim0 = {} and dim1 = {}", dims[0], dims[1])));
    }
    let (a, b) = (d0 as i64, d1 as i64);
    let out = match k.rem_euclid(4) {
        1 => {
            let f = flip(ctx, t, &[b])?;
            f.view_as_layout(layout::transpose(f.layout(), a, b)?, "rot90()")
        }
        2 => flip(ctx, t, &[a, b])?,
        3 => {
            let f = flip(ctx, t, &[a])?;
            f.view_as_layout(layout::transpose(f.layout(), a, b)?, "rot90()")
        }
        _ => super::copy::copy_to_new(ctx, t, &layout::contiguous_strides(t.shape()), t.dtype, "rot90()")?,
    };
    Ok(out)
}

/// `repeat(repeats)`: a contiguous copy of self tiled `repeats[i]` times
/// along dim i (self first gets leading size-1 dims up to `repeats.len()`).
pub fn repeat(ctx: &Context, t: &Tensor, repeats: &[i64]) -> Result<Tensor> {
    if repeats.len() < t.ndim() {
        return Err(EngineError::runtime("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"));
    }
    let lead = repeats.len() - t.ndim();
    let padded = padded_shape(t.shape(), lead);
    let raw: Vec<i64> = repeats.iter().zip(&padded).map(|(&r, &p)| r * p as i64).collect();
    let shape = super::factory::sizes(&raw)?;
    let stride = layout::contiguous_strides(&shape);
    gather(ctx, t, &shape, &stride, "repeat()", |i, f| {
        for (k, x) in f.iter_mut().enumerate() {
            *x = i[k + lead] % padded[k + lead];
        }
    })
}

/// `shape` with `lead` size-1 dims in front.
fn padded_shape(shape: &[usize], lead: usize) -> Vec<usize> {
    std::iter::repeat_n(1, lead).chain(shape.iter().copied()).collect()
}

/// RepeatBackward0: `g` seen as (r0, s0, r1, s1, …), summed over the r dims.
pub fn repeat_backward(ctx: &Context, g: &Tensor, in_shape: &[usize], repeats: &[i64]) -> Result<Tensor> {
    let padded = padded_shape(in_shape, repeats.len() - in_shape.len());
    let g = g.contiguous_or_self(ctx)?;
    let (mut split, mut dims) = (vec![], vec![]);
    for (&r, &p) in repeats.iter().zip(&padded) {
        dims.push(split.len() as i64);
        split.push(r);
        split.push(p as i64);
    }
    let s = if dims.is_empty() {
        g
    } else {
        let v = g.view_as_layout(layout::view(g.layout(), &split)?, "repeat_backward");
        super::reduce::reduce(ctx, super::reduce::ReduceOp::Sum, &v, Some(&dims), false, 1.0, Some(g.dtype))?.values.contiguous_or_self(ctx)?
    };
    let shape: Vec<i64> = in_shape.iter().map(|&x| x as i64).collect();
    Ok(s.view_as_layout(layout::view(s.layout(), &shape)?, "repeat_backward"))
}

#[cfg(test)]
mod flip_tests {
    use super::*;

    #[test]
    fn the_contiguous_flip_is_the_general_flip() {
        let ctx = Context::new(&crate::engine::EngineConfig::default());
        let vals: Vec<crate::engine::Scalar> = (0..60).map(crate::engine::Scalar::Int).collect();
        let t = Tensor::from_scalars_on(&ctx, crate::engine::Device::Cpu, &[3, 4, 5], crate::engine::DType::Int16, &vals, "t").unwrap();
        // A non-contiguous view with the same values takes the general path.
        let p = t.view_as_layout(crate::engine::layout::permute(t.layout(), &[2, 1, 0]).unwrap(), "p");
        let pc = crate::engine::ops::copy::contiguous(&ctx, &p).unwrap().unwrap_or(p);
        let back = pc.view_as_layout(crate::engine::layout::permute(pc.layout(), &[2, 1, 0]).unwrap(), "b");
        for dims in [vec![0], vec![1], vec![2], vec![0, 2], vec![-1, 0, 1]] {
            let fast = flip(&ctx, &t, &dims).unwrap();
            let slow = flip(&ctx, &back, &dims).unwrap();
            assert_eq!(fast.to_scalars(), slow.to_scalars(), "dims {dims:?}");
            assert_eq!(fast.layout().stride, crate::engine::layout::contiguous_strides(t.shape()));
        }
    }
}
