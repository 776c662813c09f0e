//! Index-based backward of the views that pick elements by index
//! (`SliceBackward0`, `SelectBackward0`, `DiagonalBackward0`,
//! `UnfoldBackward0`, `SplitBackward0`, `SplitWithSizesBackward0`,
//! `UnbindBackward0`): like PyTorch's `slice_backward`, `select_backward`,
//! `diagonal_backward` and `unfold_backward`, the input's gradient is a fresh
//! contiguous zeros tensor of the input's shape into which the incoming
//! gradient is written through the same view op.
//!
//! The view op is kept as its `map`: the layout the op gives when applied to
//! a contiguous tensor of the input's shape at offset 0, so the map's storage
//! positions are the input's row-major indices. It never depends on the
//! input's strides, so an input whose elements overlap (an expanded tensor)
//! is no special case, as in PyTorch.

use crate::engine::context::Context;
use crate::engine::error::Result;
use crate::engine::layout::Layout;
use crate::engine::ops::{copy, factory};
use crate::engine::scalar::Scalar;
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

/// True when no two elements of `l` share a position (every dim of size
/// > 1, sorted by stride, steps past all the smaller dims' extent).
pub fn no_internal_overlap(l: &Layout) -> bool {
    let mut dims: Vec<(usize, usize)> = l.shape.iter().zip(&l.stride).filter(|(s, _)| **s > 1).map(|(&s, &st)| (st, s)).collect();
    if l.numel() == 0 {
        return true;
    }
    dims.sort_unstable();
    let mut extent = 0usize; // largest position offset reachable by the smaller dims
    for (stride, size) in dims {
        if stride <= extent {
            return false;
        }
        extent = extent.saturating_add(stride.saturating_mul(size - 1));
    }
    true
}

/// The input's gradient: zeros of `shape` (the gradient's dtype and device,
/// contiguous, version 0) with `g` written (summed where the map's elements
/// overlap, as unfold's windows do) at the positions of `map`.
pub fn scatter_backward(ctx: &Context, g: &Tensor, shape: &[usize], map: &Layout) -> Result<Tensor> {
    if no_internal_overlap(map) {
        let z = factory::full(ctx, g.device(), shape, Scalar::Int(0), g.dtype, "zeros")?;
        if map.numel() > 0 {
            let src = g.storage.bytes();
            let mut dst = z.storage.bytes_mut();
            copy::copy_strided(dst.bytes_mut(), map, z.dtype, src.bytes(), g.layout(), g.dtype);
        }
        return Ok(z);
    }
    // Overlapping windows: each input element sums the gradients of every
    // window holding it, in window order, rounding in the gradient's dtype.
    let n: usize = shape.iter().product();
    let mut acc = vec![0f64; n];
    for (p, v) in StridedIndex::new(map).zip(g.to_scalars()) {
        if let Some(a) = acc.get_mut(p) {
            *a = Scalar::Float(*a + v.as_f64()).cast(g.dtype).as_f64();
        }
    }
    let vals: Vec<Scalar> = acc.into_iter().map(Scalar::Float).collect();
    Tensor::from_scalars_on(ctx, g.device(), shape, g.dtype, &vals, "zeros")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(shape: &[usize], stride: &[usize]) -> Layout {
        Layout { shape: shape.to_vec(), stride: stride.to_vec(), offset: 0 }
    }

    #[test]
    fn overlap_detection() {
        assert!(no_internal_overlap(&l(&[2, 3], &[3, 1])));
        assert!(no_internal_overlap(&l(&[2, 2], &[4, 1])));
        assert!(no_internal_overlap(&l(&[1, 3], &[0, 1])));
        assert!(!no_internal_overlap(&l(&[3, 2], &[0, 1])));
        // unfold(0, 2, 1) of 4 elements: windows overlap.
        assert!(!no_internal_overlap(&l(&[3, 2], &[1, 1])));
        // unfold(0, 2, 2): they do not.
        assert!(no_internal_overlap(&l(&[2, 2], &[2, 1])));
        assert!(no_internal_overlap(&l(&[0, 2], &[0, 0])));
    }
}
