//! Autograd around in-place ops: PyTorch's `check_inplace` before the
//! write, and after it the new history: the op's node on the tensor itself,
//! or, for a view, `CopySlices` on its base (the view then gets a fresh
//! `AsStridedBackward0` from the base).

use std::rc::Rc;

use crate::engine::autograd::meta;
use crate::engine::autograd::{Formula, Grad, Node, Saved};
use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;

const NO_GRAD_VIEW: &str = "A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked).";

/// PyTorch's check before an in-place op on `t` (with `other` the op's
/// tensor operand, if any): no leaf that requires grad, no view of one, no
/// view made under `no_grad`, no output of a multi-output view op.
pub fn check_inplace(it: &Interp, t: &Tensor, span: Span) -> EvalResult<()> {
    check_inplace_with(it, t, None, span)
}

/// [`check_inplace`] where `other`'s requiring grad also makes the op tracked.
pub fn check_inplace_with(it: &Interp, t: &Tensor, other: Option<&Tensor>, span: Span) -> EvalResult<()> {
    if !it.grad_enabled {
        return Ok(());
    }
    let state = t.grad_state();
    if let Some(Grad::Leaf(l)) = &state
        && l.no_grad_view
    {
        return Err(EvalError::new(ErrorKind::RuntimeError, NO_GRAD_VIEW, span));
    }
    let requires_grad = state.is_some() || other.is_some_and(|o| o.requires_grad());
    if !requires_grad {
        return Ok(());
    }
    if let Some(m) = meta::view_info(t)
        && let Some(v) = &m.view
    {
        if let (Some(nr), Some(Grad::Node(n))) = (v.multi, &state) {
            return Err(EvalError::new(
                ErrorKind::RuntimeError,
                format!(
                    "Output {nr} of {} is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
                    crate::engine::autograd::multi::op_name(n)
                ),
                span,
            ));
        }
        let base = v.base.state.borrow().clone();
        if let Some(Grad::Leaf(l)) = &base {
            if l.no_grad_view {
                return Err(EvalError::new(ErrorKind::RuntimeError, NO_GRAD_VIEW, span));
            }
            if state.is_some() {
                return Err(EvalError::new(
                    ErrorKind::RuntimeError,
                    "a view of a leaf Variable that requires grad is being used in an in-place operation.",
                    span,
                )
                .with_hint("wrap the update in `with no_grad():`, or work on x.detach()"));
            }
        }
    }
    if let Some(Grad::Leaf(_)) = state {
        return Err(EvalError::new(ErrorKind::RuntimeError, "a leaf Variable that requires grad is being used in an in-place operation.", span)
            .with_hint("wrap the update in `with no_grad():`, or work on x.detach()"));
    }
    Ok(())
}

/// After an in-place op on `t` (a binary op with an optional tensor
/// operand): `x += y` becomes `AddBackward0`.
pub fn rebase(it: &Interp, t: &Tensor, name: &str, other: Option<&Tensor>, formula: Formula) {
    rebase_node(it, t, name, &[other], formula, &[])
}

/// [`rebase`] whose formula needs `saved` tensors (`x *= y` saves the old x and y).
pub fn rebase_saving(it: &Interp, t: &Tensor, name: &str, other: Option<&Tensor>, formula: Formula, saved: &[&Tensor]) {
    rebase_node(it, t, name, &[other], formula, saved)
}

/// Records the in-place op `name` on `t` whose other inputs are `others`
/// (`None` for a number, which still takes a slot, as PyTorch's wrapped
/// scalars). A view's base gets `CopySlices` wrapping the node.
pub fn rebase_node(it: &Interp, t: &Tensor, name: &str, others: &[Option<&Tensor>], formula: Formula, saved: &[&Tensor]) {
    rebase_node_at(it, t, name, others, formula, saved, None)
}

/// [`rebase_node`] where `pre` is `t`'s version before the write: saved
/// tensors on `t`'s storage were saved then (PyTorch saves before writing).
pub fn rebase_node_at(it: &Interp, t: &Tensor, name: &str, others: &[Option<&Tensor>], formula: Formula, saved: &[&Tensor], pre: Option<u64>) {
    if !it.grad_enabled || !(t.requires_grad() || others.iter().flatten().any(|o| o.requires_grad())) {
        return;
    }
    let state = t.grad_state();
    if matches!(state, Some(Grad::Leaf(_))) {
        return;
    }
    let own = match &*t.autograd.borrow() {
        Some(Grad::Shared(m)) => Some(m.clone()),
        _ => None,
    };
    let mut next = vec![crate::engine::autograd::edge_of(t)];
    next.extend(others.iter().map(|o| o.and_then(crate::engine::autograd::edge_of)));
    let node = Node {
        name: name.to_string(),
        present: vec![true; next.len()],
        outputs: 1,
        retain: Default::default(),
        hooks: Default::default(),
        next,
        saved: std::cell::RefCell::new(
            saved
                .iter()
                .map(|s| {
                    let mut sv = Saved::new(s, s.grad_fn()).weak_if_own(own.as_ref());
                    if let Some(p) = pre.filter(|_| s.same_storage(t)) {
                        sv.version = p;
                    }
                    sv
                })
                .collect(),
        ),
        saves: !saved.is_empty(),
        released: Default::default(),
        formula,
        out_shape: t.shape().to_vec(),
        out_dtype: t.dtype,
    };
    install(t, node);
}

/// Makes `node` (recorded by an out-of-place op that ran on a stand-in for
/// `t`, its first input) `t`'s in-place history: the first edge becomes
/// `t`'s previous history, the other edges and the saved tensors stay.
pub fn rebase_recorded(it: &Interp, t: &Tensor, from: &Node) {
    if !it.grad_enabled || matches!(t.grad_state(), Some(Grad::Leaf(_))) {
        return;
    }
    let mut next = from.next.clone();
    if let Some(first) = next.first_mut() {
        *first = crate::engine::autograd::edge_of(t);
    }
    let node = Node {
        name: from.name.clone(),
        present: from.present.clone(),
        outputs: 1,
        retain: Default::default(),
        hooks: Default::default(),
        next,
        saved: std::cell::RefCell::new(from.saved.borrow().clone()),
        saves: from.saves,
        released: Default::default(),
        formula: from.formula.clone(),
        out_shape: t.shape().to_vec(),
        out_dtype: t.dtype,
    };
    install(t, node);
}

/// Installs `node` as `t`'s history; for a view, as a `CopySlices` on its
/// base (PyTorch's rebase_history).
fn install(t: &Tensor, node: Node) {
    let view = meta::view_info(t);
    let Some(v) = view.as_ref().and_then(|m| m.view.as_ref()) else {
        meta::set_state(t, Some(Grad::Node(Rc::new(node))));
        return;
    };
    let base = v.base.state.borrow().clone();
    if matches!(base, Some(Grad::Leaf(_))) {
        meta::set_state(t, Some(Grad::Node(Rc::new(node))));
        return;
    }
    let mut next = vec![base.and_then(|g| g.edge())];
    next.extend(node.next.iter().skip(1).cloned());
    let copy_slices = Node {
        name: crate::eval::registry::nodes::COPY_SLICES.to_string(),
        present: vec![true; next.len()],
        outputs: 1,
        retain: Default::default(),
        hooks: Default::default(),
        next,
        saved: Default::default(),
        saves: node.saves,
        released: Default::default(),
        formula: Formula::CopySlices { base: v.base_layout.clone(), view: t.layout().clone(), inner: Some(Rc::new(node)) },
        out_shape: v.base_layout.shape.clone(),
        out_dtype: t.dtype,
    };
    meta::replace_state(&v.base, Some(Grad::Node(Rc::new(copy_slices))));
    meta::refresh(t);
}

/// After `dst.copy_(src)`: `CopyBackwards` (src gets the gradient back in
/// its own shape, dtype and device).
pub fn record_copy(it: &Interp, dst: &Tensor, src: &Tensor) {
    let f = Formula::Copy { shape: src.shape().to_vec(), dtype: src.dtype, device: src.device() };
    rebase_node(it, dst, crate::eval::registry::nodes::COPY_BACKWARDS, &[Some(src)], f, &[]);
}
