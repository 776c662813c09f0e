//! `.grad` of any tensor and PyTorch's `retain_grad()`.
//!
//! Invariants:
//! - A leaf's `.grad` lives in its [`LeafGrad`]; any other tensor's lives
//!   in its shared [`Meta`], so every handle of the tensor sees it.
//! - `retain_grad()` on a non-leaf puts a hook on the tensor's current
//!   `grad_fn` (`Node::retain`, a weak pointer back to the tensor's
//!   metadata, so there is no cycle). Backward calls it with the node's
//!   incoming gradient before the node runs: the first gradient is cloned
//!   contiguous, later ones are added out of place (`grad + g`), as
//!   PyTorch's `retain_grad_hook`.
//! - When an in-place op (or a view's regeneration) gives the tensor a new
//!   `grad_fn`, the hook moves to it ([`move_hook`], PyTorch's
//!   `update_tensor_hooks_on_new_gradfn`).

use std::rc::Rc;

use super::meta::{self, Meta};
use super::{Grad, LeafGrad, Node};
use crate::engine::context::Context;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::contiguous_strides;
use crate::engine::ops::copy;
use crate::engine::ops::elementwise::{binary, Arg, BinaryOp};
use crate::engine::tensor::Tensor;

pub const NOT_REQUIRES_GRAD: &str = "can't retain_grad on Tensor that has requires_grad=False";

/// `t.retain_grad()`: a no-op on leaves and when already retaining.
pub fn retain_grad(t: &Tensor) -> Result<()> {
    match t.grad_state() {
        None => Err(EngineError::runtime(NOT_REQUIRES_GRAD)
            .with_hint("only tensors computed from one that requires grad have a gradient to retain")),
        Some(Grad::Leaf(_)) | Some(Grad::Shared(_)) => Ok(()),
        Some(Grad::Node(n)) => {
            let m = meta::shared(t);
            if !m.retains_grad.get() {
                *n.retain.borrow_mut() = Some(Rc::downgrade(&m));
                m.retains_grad.set(true);
            }
            Ok(())
        }
    }
}

/// `t.retains_grad`: true for a non-leaf after `retain_grad()`.
pub fn retains_grad(t: &Tensor) -> bool {
    matches!(t.grad_state(), Some(Grad::Node(_))) && own_meta(t).is_some_and(|m| m.retains_grad.get())
}

fn own_meta(t: &Tensor) -> Option<Rc<Meta>> {
    match &*t.autograd.borrow() {
        Some(Grad::Shared(m)) => Some(m.clone()),
        _ => None,
    }
}

fn leaf(t: &Tensor) -> Option<Rc<LeafGrad>> {
    match t.grad_state() {
        Some(Grad::Leaf(l)) => Some(l),
        _ => None,
    }
}

/// `t.grad`: the leaf's accumulated gradient, a retained (or assigned)
/// gradient of any other tensor, or `None` (PyTorch also warns when a
/// non-leaf that does not retain its gradient is asked; tsr has no warnings).
pub fn grad_of(t: &Tensor) -> Option<Tensor> {
    if let Some(l) = leaf(t) {
        return l.grad.borrow().clone();
    }
    own_meta(t).and_then(|m| m.grad.borrow().clone())
}

/// `t.grad = g`. Returns false when `t` has nowhere to keep a gradient (a
/// tensor that does not require grad and has no autograd metadata).
pub fn set_grad(t: &Tensor, g: Option<Tensor>) -> bool {
    if let Some(l) = leaf(t) {
        *l.grad.borrow_mut() = g;
        return true;
    }
    match own_meta(t) {
        Some(m) => {
            *m.grad.borrow_mut() = g;
            true
        }
        None => g.is_none(),
    }
}

/// Moves `m`'s retain hook from its old `grad_fn` to its new one.
pub fn move_hook(m: &Meta, old: &Option<Grad>, new: &Option<Grad>) {
    if !m.retains_grad.get() {
        return;
    }
    if let (Some(Grad::Node(o)), Some(Grad::Node(n))) = (old, new)
        && !Rc::ptr_eq(o, n)
    {
        let hook = o.retain.borrow_mut().take();
        if hook.is_some() {
            *n.retain.borrow_mut() = hook;
        }
    }
}

/// Runs `node`'s retain hook (if any) with the gradient `g` reaching it.
pub fn fire(ctx: &Context, node: &Node, g: &Tensor) -> Result<()> {
    let Some(m) = node.retain.borrow().as_ref().and_then(|w| w.upgrade()) else { return Ok(()) };
    let old = m.grad.borrow().clone();
    let new = match old {
        None => copy::copy_to_new(ctx, g, &contiguous_strides(g.shape()), g.dtype, "grad")?,
        Some(old) => binary(ctx, BinaryOp::Add, Arg::T(&old), Arg::T(g))?,
    };
    *m.grad.borrow_mut() = Some(new);
    Ok(())
}
