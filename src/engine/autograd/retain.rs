//! `.grad` of any tensor and PyTorch's `retain_grad()`.
//!
//! Invariants:
//! - A leaf's `.grad` lives in its [`LeafGrad`]; any other tensor's lives
//!   in its shared [`Meta`], so every handle of the tensor sees it.
//! - `retain_grad()` on a non-leaf puts a hook on the tensor's current
//!   `grad_fn` for its output number (`Node::retain`, a weak pointer back
//!   to the tensor's metadata, so there is no cycle). Backward calls it with the node's
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
                n.retain.borrow_mut().push((m.output_nr.get(), Rc::downgrade(&m)));
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
/// gradient of any other tensor, or `None` (the evaluator adds PyTorch's
/// warning when a non-leaf that does not retain its gradient is asked).
pub fn grad_of(t: &Tensor) -> Option<Tensor> {
    if let Some(l) = leaf(t) {
        return l.grad.borrow().clone();
    }
    own_meta(t).and_then(|m| m.grad.borrow().clone())
}

/// `t.grad = g` (the caller checked `g`). A tensor that does not require
/// grad keeps it in autograd metadata made for it, as PyTorch's.
pub fn set_grad(t: &Tensor, g: Option<Tensor>) {
    if let Some(l) = leaf(t) {
        *l.grad.borrow_mut() = g;
        return;
    }
    match own_meta(t) {
        Some(m) => *m.grad.borrow_mut() = g,
        None if g.is_none() => {}
        None => *meta::shared(t).grad.borrow_mut() = g,
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
        let mine = |w: &std::rc::Weak<Meta>| std::ptr::eq(w.as_ptr(), m);
        let mut hooks = o.retain.borrow_mut();
        if let Some(i) = hooks.iter().position(|(_, w)| mine(w)) {
            let (_, w) = hooks.remove(i);
            n.retain.borrow_mut().push((m.output_nr.get(), w));
        }
    }
}

/// Runs `node`'s retain hooks with the gradients reaching its outputs
/// (`grads[i]` for output i; a hook whose output got none does nothing).
pub fn fire<G: std::ops::Deref<Target = Tensor>>(ctx: &Context, node: &Node, grads: &[Option<G>]) -> Result<()> {
    let hooks: Vec<(usize, Rc<Meta>)> = node.retain.borrow().iter().filter_map(|(nr, w)| w.upgrade().map(|m| (*nr, m))).collect();
    for (nr, m) in hooks {
        let Some(Some(g)) = grads.get(nr) else { continue };
        let g: &Tensor = g;
        let old = m.grad.borrow().clone();
        let new = match old {
            None => copy::copy_to_new(ctx, g, &contiguous_strides(g.shape()), g.dtype, "grad")?,
            Some(old) => binary(ctx, BinaryOp::Add, Arg::T(&old), Arg::T(g))?,
        };
        *m.grad.borrow_mut() = Some(new);
    }
    Ok(())
}
