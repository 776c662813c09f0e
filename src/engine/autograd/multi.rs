//! Multi-output nodes: the outputs of `split`, `chunk` and `unbind` share
//! one node (`SplitBackward0`, `SplitWithSizesBackward0`, `UnbindBackward0`)
//! and differ by their output number, as in PyTorch. Backward buffers one
//! gradient per output and calls the node once with all of them; outputs
//! no gradient reached count as zeros (PyTorch's `split_backward` fills them
//! with zeros before `cat`, `unbind_backward` before `stack`).

use super::{meta, Formula, Node};
use crate::engine::context::Context;
use crate::engine::error::{EngineError, Result};
use crate::engine::ops::{copy, factory};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

/// The input's gradient of a multi-output node from its outputs' gradients
/// (`None` for outputs no gradient reached): a fresh contiguous tensor of
/// the input's shape, zero outside the outputs that have a gradient.
pub fn apply(ctx: &Context, node: &Node, grads: &[Option<&Tensor>]) -> Result<Vec<Option<Tensor>>> {
    match &node.formula {
        Formula::MultiView { shape, maps } => {
            let Some(first) = grads.iter().flatten().next() else { return Ok(vec![None]) };
            let z = factory::full(ctx, first.device(), shape, Scalar::Int(0), first.dtype, "zeros")?;
            for (g, map) in grads.iter().zip(maps) {
                let Some(g) = g else { continue };
                if map.numel() == 0 {
                    continue;
                }
                if g.shape() != map.shape.as_slice() {
                    return Err(EngineError::runtime("internal: a multi-output view's gradient has the wrong shape"));
                }
                let g = if g.dtype != z.dtype || g.device() != z.device() {
                    copy::copy_to_device(ctx, g, z.device(), &copy::preserve_strides(g), z.dtype, "to")?
                } else {
                    (*g).clone()
                };
                let src = g.storage.bytes();
                let mut dst = z.storage.bytes_mut();
                copy::copy_strided(dst.bytes_mut(), map, z.dtype, src.bytes(), g.layout(), g.dtype);
            }
            Ok(vec![Some(z)])
        }
        Formula::InvalidView { op, nr } => Err(EngineError::runtime(meta::invalid_view_message(op, *nr))),
        _ => Err(EngineError::runtime("internal: not a multi-output formula")),
    }
}

/// The short op name PyTorch's multi-output view messages give a node
/// (`Split`), kept by the `Invalid` node that replaced it.
pub fn op_name(n: &Node) -> String {
    match &n.formula {
        Formula::InvalidView { op, .. } => op.clone(),
        _ => super::short_name(&n.name).to_string(),
    }
}
