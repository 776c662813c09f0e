//! `tensor.register_hook(fn)`: hooks are ids here (the engine never runs
//! Python); the caller of backward passes a runner that calls the function
//! the id stands for and may return a replacement gradient.
//!
//! Invariants (PyTorch's):
//! - A leaf's hooks run on its summed gradient, before it is accumulated
//!   into `.grad`.
//! - A non-leaf's hooks sit on the `grad_fn` it had when they were
//!   registered (an in-place op later does not move them) and run on that
//!   output's incoming gradient, in registration order, before the
//!   `retain_grad()` hook, so `.grad` holds the hooked value.

use std::rc::Rc;

use super::{Edge, LeafGrad, Node};
use crate::engine::error::{EngineError, Result};
use crate::engine::tensor::Tensor;

/// Runs hook `id` on a gradient: `Some` replaces it.
pub type HookRunner<'a> = dyn FnMut(u64, &Tensor) -> Result<Option<Tensor>> + 'a;

/// A runner for a backward with no hooks to run (tests, internal callers).
pub fn none(_: u64, _: &Tensor) -> Result<Option<Tensor>> {
    Ok(None)
}

pub const NOT_REQUIRES_GRAD: &str = "cannot register a hook on a tensor that doesn't require gradient";

/// Puts hook `id` on `t`: on its leaf, or on its current `grad_fn` for the
/// output it is.
pub fn register(t: &Tensor, id: u64) -> Result<()> {
    match super::edge_of(t) {
        None => Err(EngineError::runtime(NOT_REQUIRES_GRAD).with_hint("call x.requires_grad_() first, or hook a tensor computed from one that requires grad")),
        Some(Edge::Leaf(l)) => {
            l.hooks.borrow_mut().push(id);
            Ok(())
        }
        Some(Edge::Node(n, nr)) => {
            n.hooks.borrow_mut().push((nr, id));
            Ok(())
        }
    }
}

/// `leaf`'s hooks on its summed gradient `g`.
pub fn run_leaf(leaf: &LeafGrad, mut g: Rc<Tensor>, run: &mut HookRunner) -> Result<Rc<Tensor>> {
    let ids = leaf.hooks.borrow().clone();
    for id in ids {
        if let Some(new) = run(id, &g)? {
            g = Rc::new(new);
        }
    }
    Ok(g)
}

/// `node`'s hooks on the gradients reaching its outputs (`slots[i]` for output i).
pub fn run_node(node: &Node, slots: &mut [Option<Rc<Tensor>>], run: &mut HookRunner) -> Result<()> {
    let hooks = node.hooks.borrow().clone();
    for (nr, id) in hooks {
        let Some(Some(g)) = slots.get(nr) else { continue };
        if let Some(new) = run(id, g)? {
            slots[nr] = Some(Rc::new(new));
        }
    }
    Ok(())
}
