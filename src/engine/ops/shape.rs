//! Shape ops that may be a view or a copy: `reshape`, `flatten`.

use crate::engine::context::Context;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{self, compute_stride, infer_size, Layout};
use crate::engine::tensor::Tensor;

/// What `reshape` did and why, for `explain`.
#[derive(Debug, Clone, PartialEq)]
pub enum ReshapeOutcome {
    /// The input was contiguous: `view`.
    ViewOfContiguous,
    /// `computeStride` found strides: a view (`_reshape_alias`).
    ViewByStrides,
    /// No view possible: `clone(contiguous_format).view(shape)`.
    Copied,
}

/// `reshape(shape)`: a view when PyTorch's rule allows it, otherwise a copy.
pub fn reshape(ctx: &Context, t: &Tensor, shape: &[i64], op: &str) -> Result<(Tensor, ReshapeOutcome)> {
    let newshape = infer_size(shape, t.numel())?;
    if t.is_contiguous() {
        let l = layout::view(t.layout(), shape)?;
        return Ok((t.view_as_layout(l, op), ReshapeOutcome::ViewOfContiguous));
    }
    if let Some(stride) = compute_stride(t.shape(), t.stride(), &newshape) {
        let l = Layout { shape: newshape, stride, offset: t.layout().offset };
        return Ok((t.view_as_layout(l, op), ReshapeOutcome::ViewByStrides));
    }
    let strides = layout::contiguous_strides(t.shape());
    let copy = super::copy::copy_to_new(ctx, t, &strides, t.dtype, op)?;
    let l = Layout::contiguous(&newshape);
    let mut out = copy;
    out.relayout(l.clone());
    if let Some(step) = out.lineage() {
        let mut s = (*step).clone();
        s.after = l;
        out.lineage = std::cell::RefCell::new(Some(std::rc::Rc::new(s)));
    }
    Ok((out, ReshapeOutcome::Copied))
}

/// `flatten(start_dim, end_dim)`.
pub fn flatten(ctx: &Context, t: &Tensor, start: i64, end: i64, op: &str) -> Result<Tensor> {
    if t.ndim() == 0 {
        return reshape(ctx, t, &[1], op).map(|r| r.0);
    }
    let s = layout::wrap_dim(start, t.ndim())?;
    let e = layout::wrap_dim(end, t.ndim())?;
    if s > e {
        return Err(EngineError::runtime("flatten() has invalid args: start_dim cannot come after end_dim"));
    }
    if s == e {
        return Ok(t.clone());
    }
    let mut shape: Vec<i64> = t.shape()[..s].iter().map(|&x| x as i64).collect();
    shape.push(t.shape()[s..=e].iter().product::<usize>() as i64);
    shape.extend(t.shape()[e + 1..].iter().map(|&x| x as i64));
    reshape(ctx, t, &shape, op).map(|r| r.0)
}
