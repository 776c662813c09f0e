//! `contiguity x`: every layout flag at once (C-contiguous, channels_last,
//! channels_last_3d, non-overlapping-and-dense, Fortran order), the strides
//! each would need, and the special cases that decide them.

use serde::Serialize;

use crate::engine::layout::{
    channels_last_strides, contiguous_strides, infer_dense_strides, is_channels_last, is_channels_last_3d, is_contiguous,
    is_fortran_contiguous, is_non_overlapping_and_dense,
};
use crate::engine::Tensor;

#[derive(Debug, Clone, Serialize)]
pub struct ContiguityReport {
    pub name: String,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub numel: usize,
    /// Row-major (`is_contiguous()`).
    pub contiguous: Flag,
    /// `is_contiguous(memory_format=torch.channels_last)` (rank 4 only).
    pub channels_last: Flag,
    /// `is_contiguous(memory_format=torch.channels_last_3d)` (rank 5 only).
    pub channels_last_3d: Flag,
    /// Some permutation of the dims is row-major: no gaps, no repeats.
    pub non_overlapping_and_dense: Flag,
    /// Column-major: the first dim varies fastest.
    pub fortran: Flag,
    /// The row-major test, dim by dim from the last.
    pub checks: Vec<DimCheck>,
    /// The special cases that apply (size-1 dims, no elements, stride 0).
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Flag {
    pub holds: bool,
    /// False when the flag is defined for another rank only.
    pub applies: bool,
    /// The strides this layout would need (for this shape), when it applies.
    pub strides: Option<Vec<usize>>,
}

/// One step of the row-major test: `expected` is `None` for a size-1 dim,
/// whose stride is never checked.
#[derive(Debug, Clone, Serialize)]
pub struct DimCheck {
    pub dim: usize,
    pub size: usize,
    pub stride: usize,
    pub expected: Option<usize>,
    pub ok: bool,
}

/// Column-major strides: the first dim has stride 1.
pub fn fortran_strides(shape: &[usize]) -> Vec<usize> {
    let mut out = vec![1usize; shape.len()];
    let mut acc: usize = 1;
    for (d, &s) in shape.iter().enumerate() {
        out[d] = acc;
        acc = acc.saturating_mul(s.max(1));
    }
    out
}

pub fn build(name: &str, t: &Tensor) -> ContiguityReport {
    let (shape, stride) = (t.shape(), t.stride());
    let rank = shape.len();
    let dense = is_non_overlapping_and_dense(shape, stride);
    let flag = |holds: bool, strides: Option<Vec<usize>>| Flag { holds, applies: strides.is_some(), strides };
    // PyTorch returns early for numel 0, so there is no dim-by-dim check then.
    let mut checks = vec![];
    let mut expected: usize = 1;
    for d in (0..rank).rev().filter(|_| t.numel() > 0) {
        if shape[d] == 1 {
            checks.push(DimCheck { dim: d, size: 1, stride: stride[d], expected: None, ok: true });
            continue;
        }
        checks.push(DimCheck { dim: d, size: shape[d], stride: stride[d], expected: Some(expected), ok: stride[d] == expected });
        expected = expected.saturating_mul(shape[d]);
    }
    let mut notes = vec![];
    if rank == 0 {
        notes.push("a 0-d tensor holds one element: it is contiguous in every sense".to_string());
    }
    if t.numel() == 0 {
        notes.push("numel is 0: there is nothing to lay out, so it counts as contiguous whatever the strides".to_string());
    }
    for d in (0..rank).filter(|&d| shape[d] == 1) {
        notes.push(format!("dim {d} has size 1: its stride ({}) is never checked (there is no second step to take)", stride[d]));
    }
    for d in (0..rank).filter(|&d| shape[d] > 1 && stride[d] == 0) {
        notes.push(format!("dim {d} has stride 0 (expanded): its {} indices all read the same elements, so the layout overlaps itself", shape[d]));
    }
    ContiguityReport {
        name: name.to_string(),
        shape: shape.to_vec(),
        stride: stride.to_vec(),
        numel: t.numel(),
        contiguous: flag(is_contiguous(shape, stride), Some(contiguous_strides(shape))),
        channels_last: flag(is_channels_last(shape, stride), (rank == 4).then(|| channels_last_strides(shape).ok()).flatten()),
        channels_last_3d: flag(is_channels_last_3d(shape, stride), (rank == 5).then(|| channels_last_strides(shape).ok()).flatten()),
        non_overlapping_and_dense: flag(dense, Some(if dense { stride.to_vec() } else { infer_dense_strides(shape, stride) })),
        fortran: flag(is_fortran_contiguous(shape, stride), Some(fortran_strides(shape))),
        checks,
        notes,
    }
}
