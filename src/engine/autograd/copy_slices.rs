//! Backward of writes: `fill_`/`zero_` (FillBackward2/3, ZeroBackward0),
//! `copy_` (CopyBackwards), and PyTorch's `CopySlices`, the node an
//! in-place op on a view puts on the view's base: the base's gradient
//! passes through outside the view, and inside it goes through the
//! in-place op's own node.

use std::collections::HashMap;

use super::formulas::sum_to;
use super::{Formula, Node};
use crate::engine::context::Context;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::Layout;
use crate::engine::ops::reduce::{reduce, ReduceOp};
use crate::engine::ops::{copy, factory};
use crate::engine::scalar::Scalar;
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

fn zeros_like(ctx: &Context, g: &Tensor) -> Result<Tensor> {
    factory::full(ctx, g.device(), g.shape(), Scalar::Int(0), g.dtype, "zeros_like")
}

/// For each element of `view` (row-major), the row-major index of the
/// element of `base` at the same storage position.
fn positions(base: &Layout, view: &Layout) -> Result<Vec<usize>> {
    let mut pos: HashMap<usize, usize> = HashMap::with_capacity(base.numel());
    for (i, p) in StridedIndex::new(base).enumerate() {
        pos.entry(p).or_insert(i);
    }
    StridedIndex::new(view)
        .map(|p| pos.get(&p).copied().ok_or_else(|| EngineError::runtime("internal: a view element lies outside its base")))
        .collect()
}

/// Gradients for `fill_`, the random fills, `copy_` and `CopySlices` nodes.
pub fn apply(ctx: &Context, node: &Node, g: &Tensor) -> Result<Vec<Option<Tensor>>> {
    Ok(match &node.formula {
        // fill_(value): nothing reaches self; a tensor value gets the sum.
        Formula::Fill => {
            let value = if node.present.len() > 1 { Some(reduce(ctx, ReduceOp::Sum, g, None, false, 1.0, Some(g.dtype))?.values) } else { None };
            vec![Some(zeros_like(ctx, g)?), value]
        }
        Formula::RandomFill { p_shape } => {
            let p = match p_shape {
                Some(shape) => Some(crate::engine::ops::factory::full(ctx, g.device(), shape, Scalar::Float(0.0), g.dtype, "backward")?),
                None => None,
            };
            vec![Some(zeros_like(ctx, g)?), p]
        }
        // copy_(src): src gets the gradient in its own shape, dtype and device.
        Formula::Copy { shape, dtype, device } => {
            let s = sum_to(ctx, g, shape)?;
            let s = if s.dtype != *dtype || s.device() != *device {
                copy::copy_to_device(ctx, &s, *device, &copy::preserve_strides(&s), *dtype, "to")?
            } else {
                s
            };
            vec![Some(zeros_like(ctx, g)?), Some(s)]
        }
        Formula::CopySlices { base, view, inner } => {
            let inner = inner.as_ref().ok_or_else(|| EngineError::runtime(super::backward::BACKWARD_TWICE))?;
            let idx = positions(base, view)?;
            let gv = g.to_scalars();
            let slice: Vec<Scalar> = idx.iter().map(|&i| gv.get(i).copied().unwrap_or(Scalar::Float(0.0))).collect();
            let gs = Tensor::from_scalars_on(ctx, g.device(), &view.shape, g.dtype, &slice, "copy_slices")?;
            let mut res = super::backward::input_grads(ctx, inner, &gs)?;
            let mut out = gv;
            let first = if res.is_empty() { None } else { res.remove(0) };
            // PyTorch copies the slice's gradient into an as_strided view of
            // the result laid out as `view`: copy_ refuses a view with two
            // elements at one address (an in-place write into an expand).
            if first.is_some() && crate::engine::layout::has_internal_overlap(&view.shape, &view.stride) {
                return Err(EngineError::runtime(crate::engine::ops::copy::INTERNAL_OVERLAP));
            }
            let inside: Vec<Scalar> = match &first {
                Some(r) if r.numel() == idx.len() => r.to_scalars(),
                _ => vec![Scalar::Float(0.0); idx.len()],
            };
            for (&i, v) in idx.iter().zip(inside) {
                if let Some(slot) = out.get_mut(i) {
                    *slot = v;
                }
            }
            let result = Tensor::from_scalars_on(ctx, g.device(), &base.shape, g.dtype, &out, "copy_slices")?;
            // PyTorch copies the gradient into a fresh tensor, then the
            // slice's gradient into it.
            result.storage.bump_version();
            result.storage.bump_version();
            let mut grads = vec![Some(result)];
            grads.extend(res);
            grads
        }
        _ => return Err(EngineError::runtime("internal: not a write formula")),
    })
}
