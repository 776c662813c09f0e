//! Autograd recording: after an op runs, attach the node that knows its
//! backward formula when grad mode is on and an input requires grad.

use std::rc::Rc;

use crate::engine::autograd::meta::{self, Meta};
use crate::engine::autograd::view_formulas::ViewGrad;
use crate::engine::autograd::{Formula, Grad, LeafGrad, Node, Saved};

pub mod attrs;
pub mod functional;
pub mod index_views;
pub mod inplace;
pub mod multi;
pub use inplace::{check_inplace, check_inplace_with, rebase, rebase_node, rebase_saving, record_copy};
use crate::engine::{EngineError, ErrorKind, Tensor};
use crate::lang::span::Span;

use super::error::{EvalError, EvalResult};
use super::interp::Interp;
use super::registry::nodes;

/// True when `out` should get a node: grad mode on, a floating result, and
/// some input requiring grad.
pub fn wants(it: &Interp, inputs: &[Option<&Tensor>], out: &Tensor) -> bool {
    it.grad_enabled && out.dtype.is_floating() && inputs.iter().flatten().any(|t| t.requires_grad())
}

/// Attaches a `name` node to `out` (which is returned) when [`wants`] says so.
pub fn record(it: &Interp, name: &str, inputs: &[Option<&Tensor>], out: Tensor, formula: Formula, saved: &[&Tensor]) -> Tensor {
    record_masked(it, name, inputs, &vec![true; inputs.len()], out, formula, saved)
}

/// [`record`] where only the inputs with `present[i]` get an edge (PyTorch
/// gives `x ** 2`, `2 ** x` and `1 - x` a single edge).
pub fn record_masked(it: &Interp, name: &str, inputs: &[Option<&Tensor>], present: &[bool], out: Tensor, formula: Formula, saved: &[&Tensor]) -> Tensor {
    if !wants(it, inputs, &out) {
        return out;
    }
    let node = Node {
        name: name.to_string(),
        present: present.to_vec(),
        outputs: 1,
        retain: Default::default(),
        hooks: Default::default(),
        next: inputs.iter().zip(present).filter(|(_, p)| **p).map(|(t, _)| t.and_then(crate::engine::autograd::edge_of)).collect(),
        saved: std::cell::RefCell::new(
            saved
                .iter()
                .map(|t| {
                    let is_result = t.same_storage(&out) && t.layout() == out.layout();
                    if is_result {
                        Saved::output(t, name)
                    } else {
                        Saved::new(t, t.grad_fn())
                    }
                })
                .collect(),
        ),
        saves: !saved.is_empty(),
        released: std::cell::Cell::new(false),
        formula,
        out_shape: out.shape().to_vec(),
        out_dtype: out.dtype,
    };
    *out.autograd.borrow_mut() = Some(Grad::Shared(Meta::new(Some(Grad::Node(Rc::new(node))))));
    out
}

/// A view op's node (`TBackward0`, `SliceBackward0`, …). Under `no_grad`, a
/// view of a tensor that requires grad still requires grad, as a leaf that
/// in-place ops with grad mode on must not touch (PyTorch's rule). With
/// grad mode on, every view of a floating tensor remembers its base, so an
/// in-place op on it can rewrite the base's history (`CopySlices`).
pub fn record_view(it: &Interp, name: &str, input: &Tensor, out: Tensor) -> Tensor {
    record_view_nr(it, name, input, out, None)
}

/// [`record_view`] for output `nr` of a multi-output view op (`split`,
/// `chunk`, `unbind`), whose outputs may not be written in place.
pub fn record_view_nr(it: &Interp, name: &str, input: &Tensor, out: Tensor, nr: Option<usize>) -> Tensor {
    record_view_map(it, name, input, out, nr, None)
}

/// [`record_view_nr`] for a view that picks elements by index, with `map`
/// its op applied to a contiguous tensor of the input's shape (the node then
/// has PyTorch's index-based formula, [`Formula::IndexView`]).
pub fn record_view_map(it: &Interp, name: &str, input: &Tensor, out: Tensor, nr: Option<usize>, map: Option<crate::engine::layout::Layout>) -> Tensor {
    if !input.dtype.is_floating() {
        return out;
    }
    if !it.grad_enabled {
        if input.requires_grad() {
            *out.autograd.borrow_mut() = Some(Grad::Leaf(Rc::new(LeafGrad { no_grad_view: true, ..Default::default() })));
        }
        return out;
    }
    let state = input.grad_state().map(|_| {
        let node = Node {
            name: name.to_string(),
            present: vec![true],
            outputs: 1,
            retain: Default::default(),
            hooks: Default::default(),
            next: vec![crate::engine::autograd::edge_of(input)],
            saved: Default::default(),
            saves: false,
            released: Default::default(),
            formula: match (map, nodes::view_kind(name).and_then(|k| ViewGrad::deduce(k, input.layout(), out.layout()))) {
                (Some(map), _) => Formula::IndexView { shape: input.shape().to_vec(), map },
                (None, Some(v)) => Formula::ViewGrad(v),
                // `alias` (`x[...]`): the gradient passes through as it is.
                (None, None) if name == nodes::ALIAS => Formula::Identity,
                (None, None) => Formula::View { input: input.layout().clone(), output: out.layout().clone(), as_strided: nodes::is_as_strided(name) },
            },
            out_shape: out.shape().to_vec(),
            out_dtype: out.dtype,
        };
        Grad::Node(Rc::new(node))
    });
    // A view of a multi-output view is itself output 0 of its own op.
    let multi = nr.or_else(|| meta::view_info(input).and_then(|m| m.view.as_ref().and_then(|v| v.multi)).map(|_| 0));
    meta::make_view(input, &out, state, multi, 0);
    out
}

/// Makes `t` a leaf that requires grad (`requires_grad=True` on a factory
/// when `factory`, else `requires_grad_()` / `x.requires_grad = True`).
pub fn make_leaf(t: &Tensor, on: bool, factory: bool, span: Span) -> EvalResult<()> {
    if on && !t.dtype.is_floating() {
        let msg = if factory {
            "Only Tensors of floating point and complex dtype can require gradients"
        } else {
            "only Tensors of floating point dtype can require gradients"
        };
        return Err(EvalError::new(ErrorKind::RuntimeError, msg, span));
    }
    if !t.is_leaf() {
        if on {
            return Ok(());
        }
        return Err(EvalError::new(
            ErrorKind::RuntimeError,
            "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().",
            span,
        ));
    }
    match (on, t.requires_grad()) {
        (true, false) => {
            // A gradient assigned before stays (PyTorch keeps `.grad`).
            let grad = crate::engine::autograd::retain::grad_of(t);
            *t.autograd.borrow_mut() = Some(Grad::Leaf(Rc::new(LeafGrad { stride: t.stride().to_vec(), grad: grad.into(), dtype: Some(t.dtype), ..Default::default() })));
        }
        (false, true) => *t.autograd.borrow_mut() = None,
        _ => {}
    }
    Ok(())
}

/// `t.grad` (a leaf's, or a non-leaf's retained or assigned gradient).
pub fn grad_of(t: &Tensor) -> Option<Tensor> {
    crate::engine::autograd::retain::grad_of(t)
}

/// `t.retain_grad()`.
pub fn retain_grad(t: &Tensor, span: Span) -> EvalResult<()> {
    crate::engine::autograd::retain::retain_grad(t).map_err(|e| EvalError::from_engine(e, span))
}

/// Engine errors from backward, at the `backward()` call.
pub fn backward_error(e: EngineError, span: Span) -> EvalError {
    EvalError::from_engine(e, span)
}

/// `ToCopyBackward0` formula for a dtype or device change.
pub fn to_copy(from: &Tensor) -> Formula {
    Formula::ToCopy { dtype: from.dtype, device: from.device() }
}
