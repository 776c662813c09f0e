//! Output geometry of element-wise ops, as PyTorch's TensorIterator decides
//! it: broadcasting, the "fast setup" cases (all contiguous, all
//! channels-last, all dense with equal strides) and otherwise the stride
//! permutation from `reorder_dimensions`.

use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{self, Layout};

/// `infer_size`: the broadcast shape of two shapes, aligned from the right.
pub fn broadcast_shapes(a: &[usize], b: &[usize]) -> Result<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = vec![0usize; n];
    for i in (0..n).rev() {
        let offset = n - 1 - i;
        let da = a.len().checked_sub(offset + 1).map(|d| a[d]).unwrap_or(1);
        let db = b.len().checked_sub(offset + 1).map(|d| b[d]).unwrap_or(1);
        out[i] = if da == db || db == 1 {
            da
        } else if da == 1 {
            db
        } else {
            return Err(EngineError::runtime(format!(
                "The size of tensor a ({}) must match the size of tensor b ({}) at non-singleton dimension {}",
                da, db, i
            ))
            .with_hint("shapes are compared from the right; each pair of sizes must be equal, or one of them 1"));
        };
    }
    Ok(out)
}

/// The layout of `l` broadcast to `shape` (stride 0 on broadcast dims).
pub fn broadcast_layout(l: &Layout, shape: &[usize]) -> Layout {
    let n = shape.len();
    let mut stride = vec![0usize; n];
    for i in 0..n {
        let offset = n - 1 - i;
        if let Some(d) = l.ndim().checked_sub(offset + 1) {
            stride[i] = if l.shape[d] == 1 && shape[i] != 1 { 0 } else { l.stride[d] };
        }
    }
    Layout { shape: shape.to_vec(), stride, offset: l.offset }
}

/// Strides of a freshly allocated output for inputs `ins` (their original
/// layouts; scalars are not passed) broadcast to `shape`.
pub fn output_strides(ins: &[&Layout], shape: &[usize]) -> Vec<usize> {
    // Fast setup: every operand has the same shape.
    if !ins.is_empty() && ins.iter().all(|l| l.shape == shape) {
        if ins.iter().all(|l| l.is_contiguous()) {
            return layout::contiguous_strides(shape);
        }
        if ins.iter().all(|l| layout::is_channels_last(&l.shape, &l.stride))
            && let Ok(s) = layout::channels_last_strides(shape)
        {
            return s;
        }
        let first = &ins[0].stride;
        if ins.iter().all(|l| {
            layout::is_non_overlapping_and_dense(&l.shape, &l.stride) && &l.stride == first
        }) {
            return first.clone();
        }
    }
    let n = shape.len();
    let bl: Vec<Layout> = ins.iter().map(|l| broadcast_layout(l, shape)).collect();
    // perm[0] is the innermost dim; start from row-major order.
    let mut perm: Vec<usize> = (0..n).rev().collect();
    let should_swap = |d0: usize, d1: usize| -> i32 {
        for l in &bl {
            let (s0, s1) = (l.stride[d0], l.stride[d1]);
            if s0 == 0 || s1 == 0 {
                continue;
            }
            if s0 < s1 {
                return -1;
            }
            if s0 > s1 {
                return 1;
            }
            if shape[d0] > shape[d1] {
                return 1;
            }
        }
        0
    };
    layout::sort_perm(&mut perm, should_swap);
    let mut stride = vec![0usize; n];
    let mut acc: usize = 1;
    for &d in &perm {
        stride[d] = acc;
        acc = acc.saturating_mul(shape[d]);
    }
    if perm.iter().rev().copied().eq(0..n) {
        return layout::contiguous_strides(shape);
    }
    stride
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_error_uses_pytorch_wording() {
        assert_eq!(broadcast_shapes(&[3, 1], &[1, 4]).unwrap(), vec![3, 4]);
        assert_eq!(broadcast_shapes(&[1], &[0]).unwrap(), vec![0]);
        assert_eq!(
            broadcast_shapes(&[2, 3], &[2, 4]).unwrap_err().message,
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
        );
    }

    #[test]
    fn transposed_input_gives_transposed_output() {
        let t = Layout { shape: vec![4, 3], stride: vec![1, 4], offset: 0 };
        assert_eq!(output_strides(&[&t], &[4, 3]), vec![1, 4]);
        let sliced = Layout { shape: vec![2, 2], stride: vec![8, 2], offset: 0 };
        assert_eq!(output_strides(&[&sliced], &[2, 2]), vec![2, 1]);
    }
}
