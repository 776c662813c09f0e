//! Memory-format predicates and dense strides: `is_contiguous` (plain,
//! channels-last, Fortran order), `is_non_overlapping_and_dense`, and the
//! strides TensorIterator infers for an output (`infer_dense_strides`,
//! `sort_perm`). Pure functions of (shape, stride), like the rest of layout.

use super::super::error::{EngineError, Result};

/// True if and only if PyTorch's `is_contiguous()` is true: empty tensors are
/// contiguous; size-1 dims are never checked.
pub fn is_contiguous(shape: &[usize], stride: &[usize]) -> bool {
    let order: Vec<usize> = (0..shape.len()).rev().collect();
    contiguous_in_order(shape, stride, &order)
}

/// True if, visiting dims in `order` (innermost first) and skipping size-1
/// dims, each stride is the product of the sizes before it.
fn contiguous_in_order(shape: &[usize], stride: &[usize], order: &[usize]) -> bool {
    if shape.contains(&0) {
        return true;
    }
    strides_in_order(shape, stride, order)
}

/// [`contiguous_in_order`] without the empty-tensor rule: PyTorch's
/// channels-last checks (`compute_channels_last_contiguous_2d`) have none,
/// so an empty tensor is channels-last contiguous only with those strides.
fn strides_in_order(shape: &[usize], stride: &[usize], order: &[usize]) -> bool {
    let mut expected: usize = 1;
    for &d in order {
        if shape[d] == 1 {
            continue;
        }
        if stride[d] != expected {
            return false;
        }
        expected = expected.saturating_mul(shape[d]);
    }
    true
}

/// `is_contiguous(memory_format=torch.channels_last)`: rank 4 only, dims
/// visited in the order C, W, H, N.
pub fn is_channels_last(shape: &[usize], stride: &[usize]) -> bool {
    shape.len() == 4 && strides_in_order(shape, stride, &[1, 3, 2, 0])
}

/// `is_contiguous(memory_format=torch.channels_last_3d)`: rank 5 only.
pub fn is_channels_last_3d(shape: &[usize], stride: &[usize]) -> bool {
    shape.len() == 5 && strides_in_order(shape, stride, &[1, 4, 3, 2, 0])
}

/// Column-major (Fortran) order: the first dim varies fastest.
pub fn is_fortran_contiguous(shape: &[usize], stride: &[usize]) -> bool {
    let order: Vec<usize> = (0..shape.len()).collect();
    contiguous_in_order(shape, stride, &order)
}

/// Channels-last strides for an NCHW shape: `s[C]=1, s[W]=C, s[H]=W*C, s[N]=H*W*C`.
pub fn channels_last_strides(shape: &[usize]) -> Result<Vec<usize>> {
    match shape.len() {
        4 => {
            // PyTorch's `get_channels_last_strides_2d`: sizes as they are,
            // so a size-0 dim gives stride-0 dims outside it.
            let (c, h, w) = (shape[1], shape[2], shape[3]);
            Ok(vec![h * w * c, 1, w * c, c])
        }
        5 => {
            let (c, d, h, w) = (shape[1], shape[2], shape[3], shape[4]);
            Ok(vec![d * h * w * c, 1, h * w * c, w * c, c])
        }
        _ => Err(EngineError::runtime("required rank 4 tensor to use channels_last format")),
    }
}

/// Strides of `channels_last` (rank 4 only) or `channels_last_3d` (rank 5
/// only), with PyTorch's message for another rank.
pub fn named_channels_last_strides(format: &str, shape: &[usize]) -> Result<Vec<usize>> {
    match (format, shape.len()) {
        ("channels_last", 4) | ("channels_last_3d", 5) => channels_last_strides(shape),
        ("channels_last_3d", _) => Err(EngineError::runtime("required rank 5 tensor to use channels_last_3d format")),
        _ => Err(EngineError::runtime("required rank 4 tensor to use channels_last format")),
    }
}

/// PyTorch's `is_channels_last_strides_2d_s4`/`_3d_s5` (visiting dims in
/// `order`): strides that merely look channels-last, size-1 dims included,
/// with NCHW preferred in ambiguous cases.
fn strides_like_channels_last(shape: &[usize], stride: &[usize], order: &[usize]) -> bool {
    if stride[1] == 0 {
        return false;
    }
    let mut min = 0usize;
    for &d in order {
        if shape[d] == 0 || stride[d] < min {
            return false;
        }
        if d == 0 && min == stride[1] {
            return false;
        }
        min = stride[d];
        if shape[d] > 1 {
            min = min.saturating_mul(shape[d]);
        }
    }
    true
}

/// `suggest_memory_format()`: the memory format whose strides these look
/// like (`channels_last` for rank 4, `channels_last_3d` for rank 5), else
/// `contiguous_format`.
pub fn suggest_memory_format(shape: &[usize], stride: &[usize]) -> &'static str {
    match shape.len() {
        4 if strides_like_channels_last(shape, stride, &[1, 3, 2, 0]) => "channels_last",
        5 if strides_like_channels_last(shape, stride, &[1, 4, 3, 2, 0]) => "channels_last_3d",
        _ => "contiguous_format",
    }
}

/// Strides of a fresh tensor of `shape` in the memory format PyTorch's
/// `suggest_memory_format()` gives for `(in_shape, in_stride)` (its rank
/// decides the format; `shape` has the same rank): channels-last when the
/// strides look like it, else contiguous.
pub fn suggested_format_strides(in_shape: &[usize], in_stride: &[usize], shape: &[usize]) -> Option<Vec<usize>> {
    let like = match in_shape.len() {
        4 => strides_like_channels_last(in_shape, in_stride, &[1, 3, 2, 0]),
        5 => strides_like_channels_last(in_shape, in_stride, &[1, 4, 3, 2, 0]),
        _ => false,
    };
    if like && shape.len() == in_shape.len() {
        channels_last_strides(shape).ok()
    } else {
        None
    }
}

/// PyTorch's `is_non_overlapping_and_dense()` flag: true for any tensor of
/// no elements (PyTorch's flag includes `is_contiguous()`, which is).
pub fn is_non_overlapping_and_dense(shape: &[usize], stride: &[usize]) -> bool {
    let n = shape.len();
    if shape.contains(&0) {
        return true;
    }
    if n == 1 {
        return shape[0] < 2 || stride[0] == 1;
    }
    let mut perm: Vec<usize> = (0..n).collect();
    // Size-0 and size-1 dims go last; others by ascending stride (stable).
    perm.sort_by(|&a, &b| {
        let ka = shape[a] < 2;
        let kb = shape[b] < 2;
        ka.cmp(&kb).then(if ka || kb { std::cmp::Ordering::Equal } else { stride[a].cmp(&stride[b]) })
    });
    let mut require: usize = 1;
    for &d in &perm {
        if shape[d] < 2 {
            return true;
        }
        if stride[d] != require {
            return false;
        }
        require = require.saturating_mul(shape[d]);
    }
    true
}

/// Dense strides that keep the input's stride ordering (`infer_dense_strides`):
/// dims sorted by stride (ties: smaller size inside), stride-0 dims ambiguous.
pub fn infer_dense_strides(shape: &[usize], stride: &[usize]) -> Vec<usize> {
    let n = shape.len();
    let mut perm: Vec<usize> = (0..n).rev().collect();
    let should_swap = |d0: usize, d1: usize| -> i32 {
        let (s0, s1) = (stride[d0], stride[d1]);
        if s0 == 0 || s1 == 0 {
            return 0;
        }
        if s0 < s1 {
            return -1;
        }
        if s0 > s1 {
            return 1;
        }
        if shape[d0] > shape[d1] { 1 } else { 0 }
    };
    sort_perm(&mut perm, should_swap);
    let mut out = vec![0usize; n];
    let mut acc: usize = 1;
    for &d in &perm {
        out[d] = acc;
        acc = acc.saturating_mul(shape[d].max(1));
    }
    out
}

/// PyTorch's insertion sort "with support for ambiguous comparisons"
/// (TensorIterator's `reorder_dimensions`, `infer_dense_strides`):
/// `should_swap` > 0 swaps, < 0 stops, 0 (ambiguous) keeps looking.
pub fn sort_perm(perm: &mut [usize], should_swap: impl Fn(usize, usize) -> i32) {
    for i in 1..perm.len() {
        let mut dim1 = i;
        for dim0 in (0..i).rev() {
            let c = should_swap(perm[dim0], perm[dim1]);
            if c > 0 {
                perm.swap(dim0, dim1);
                dim1 = dim0;
            } else if c < 0 {
                break;
            }
        }
    }
}

/// PyTorch's `has_internal_overlap(t) == Yes`: two elements at one address
/// (a stride-0 dim of size > 1); an empty tensor has none.
pub fn has_internal_overlap(shape: &[usize], stride: &[usize]) -> bool {
    !shape.contains(&0) && shape.iter().zip(stride).any(|(&n, &st)| n > 1 && st == 0)
}
