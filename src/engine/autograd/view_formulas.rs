//! Backward formulas of the shape views whose gradient PyTorch computes as
//! a view (or a reshape) of the incoming gradient: `t`, `transpose`,
//! `permute`, `view`/`reshape`, `unsqueeze`, `squeeze`, and `expand`
//! (summed back with `sum_to`). The gradient keeps sharing the incoming
//! gradient's storage where PyTorch's does, so strides and `_version` of
//! the gradients downstream match.
//!
//! A node gets one of these only when its output is exactly that view of
//! its input ([`ViewGrad::deduce`] checks by redoing the view); any other
//! view keeps the storage-position formula (`Formula::View`).

use super::formulas::sum_to;
use crate::engine::context::Context;
use crate::engine::error::Result;
use crate::engine::layout::{self, Layout};
use crate::engine::ops::shape;
use crate::engine::tensor::Tensor;

/// Which shape view a node's op is, for [`ViewGrad::deduce`] (the
/// evaluator tells it from the op's registry row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewKind {
    /// `t`, `transpose`, `permute`.
    Permute,
    /// `view`, `_reshape_alias`.
    Reshape,
    Unsqueeze,
    /// `squeeze` of all size-1 dims, one dim or a list.
    Squeeze,
    Expand,
}

#[derive(Debug, Clone)]
pub enum ViewGrad {
    /// `t`, `transpose`, `permute`: the gradient permuted by the inverse
    /// (`inverse[i]` is the gradient dim that becomes input dim i).
    Permute { inverse: Vec<usize> },
    /// `view`, `reshape` (as a view), `_unsafe_view`: `grad.reshape(shape)`.
    Reshape { shape: Vec<usize> },
    /// `unsqueeze(d)`: `grad.squeeze(d)` for each listed dim (ascending).
    Squeeze { dims: Vec<usize> },
    /// `squeeze` of size-1 dims: `unsqueeze_to(grad, ...)`, re-inserting
    /// the input's dims at the listed positions (ascending).
    Unsqueeze { dims: Vec<usize> },
    /// `expand`: `sum_to(grad, shape)`.
    Expand { shape: Vec<usize> },
}

impl ViewGrad {
    /// The formula of a view of kind `kind` from `input` to `output`, when
    /// the output is exactly that view of the input.
    pub fn deduce(kind: ViewKind, input: &Layout, output: &Layout) -> Option<ViewGrad> {
        let (g, redo) = match kind {
            ViewKind::Permute => {
                let inverse = inverse_perm(input, output)?;
                let mut perm = vec![0i64; inverse.len()];
                for (i, &j) in inverse.iter().enumerate() {
                    perm[j] = i as i64;
                }
                (ViewGrad::Permute { inverse }, layout::permute(input, &perm).ok()?)
            }
            ViewKind::Reshape => {
                let stride = layout::compute_stride(&input.shape, &input.stride, &output.shape)?;
                let redo = Layout { shape: output.shape.clone(), stride, offset: input.offset };
                (ViewGrad::Reshape { shape: input.shape.clone() }, redo)
            }
            ViewKind::Unsqueeze => {
                let dims = inserted(&input.shape, &output.shape)?;
                let redo = dims.iter().try_fold(input.clone(), |l, &d| layout::unsqueeze(&l, d as i64).ok())?;
                (ViewGrad::Squeeze { dims }, redo)
            }
            ViewKind::Squeeze => {
                let dims = inserted(&output.shape, &input.shape)?;
                let ds: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
                (ViewGrad::Unsqueeze { dims }, layout::squeeze_dims(input, Some(&ds)).ok()?)
            }
            ViewKind::Expand => {
                let sizes: Vec<i64> = output.shape.iter().map(|&d| d as i64).collect();
                (ViewGrad::Expand { shape: input.shape.clone() }, layout::expand(input, &sizes, "").ok()?)
            }
        };
        (&redo == output).then_some(g)
    }

    /// The input's gradient from the output's gradient `g`.
    pub fn apply(&self, ctx: &Context, g: &Tensor) -> Result<Tensor> {
        Ok(match self {
            ViewGrad::Permute { inverse } => {
                let dims: Vec<i64> = inverse.iter().map(|&d| d as i64).collect();
                g.view_as_layout(layout::permute(g.layout(), &dims)?, "permute")
            }
            ViewGrad::Reshape { shape } => {
                let s: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
                shape::reshape(ctx, g, &s, "reshape")?.0
            }
            ViewGrad::Squeeze { dims } => {
                let ds: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
                g.view_as_layout(layout::squeeze_dims(g.layout(), Some(&ds))?, "squeeze")
            }
            ViewGrad::Unsqueeze { dims } => {
                let mut l = g.layout().clone();
                for &d in dims {
                    l = layout::unsqueeze(&l, d as i64)?;
                }
                g.view_as_layout(l, "unsqueeze")
            }
            ViewGrad::Expand { shape } => sum_to(ctx, g, shape)?,
        })
    }
}

/// For a permuted view: which output dim each input dim went to, matching
/// (size, stride) pairs in order.
fn inverse_perm(input: &Layout, output: &Layout) -> Option<Vec<usize>> {
    if input.ndim() != output.ndim() || input.offset != output.offset {
        return None;
    }
    let mut used = vec![false; output.ndim()];
    let mut inverse = Vec::with_capacity(input.ndim());
    for i in 0..input.ndim() {
        // Prefer the same position, so a transpose of equal dims is the identity.
        let pick = |j: usize| !used[j] && output.shape[j] == input.shape[i] && output.stride[j] == input.stride[i];
        let j = if pick(i) { i } else { (0..output.ndim()).find(|&j| pick(j))? };
        used[j] = true;
        inverse.push(j);
    }
    Some(inverse)
}

/// The positions (in `long`) of the size-1 dims `long` has beyond `short`,
/// ascending, when `long` is `short` with size-1 dims inserted (matching
/// dims as early as possible).
fn inserted(short: &[usize], long: &[usize]) -> Option<Vec<usize>> {
    let (n, m) = (long.len(), short.len());
    if n < m {
        return None;
    }
    // can[i][j]: long[i..] is short[j..] with size-1 dims inserted.
    let mut can = vec![vec![false; m + 1]; n + 1];
    can[n][m] = true;
    for i in (0..n).rev() {
        for j in (0..=m).rev() {
            can[i][j] = (j < m && long[i] == short[j] && can[i + 1][j + 1]) || (long[i] == 1 && can[i + 1][j]);
        }
    }
    if !can[0][0] {
        return None;
    }
    let (mut j, mut dims) = (0, vec![]);
    for i in 0..n {
        if j < m && long[i] == short[j] && can[i + 1][j + 1] {
            j += 1;
        } else {
            dims.push(i);
        }
    }
    Some(dims)
}
