//! Autograd recording: after an op runs, attach the node that knows its
//! backward formula when grad mode is on and an input requires grad.

use std::rc::Rc;

use crate::engine::autograd::{Edge, Formula, Grad, LeafGrad, Node, Saved};
use crate::engine::{EngineError, ErrorKind, Tensor};
use crate::lang::span::Span;

use super::error::{EvalError, EvalResult};
use super::interp::Interp;

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
        next: inputs
            .iter()
            .zip(present)
            .filter(|(_, p)| **p)
            .map(|(t, _)| t.and_then(|t| t.grad_state().map(|g| g.edge())))
            .collect(),
        saved: std::cell::RefCell::new(
            saved
                .iter()
                .map(|t| {
                    let is_result = t.same_storage(&out) && t.layout == out.layout;
                    Saved::new(t, if is_result { Some(name.to_string()) } else { t.grad_fn() })
                })
                .collect(),
        ),
        saves: !saved.is_empty(),
        released: std::cell::Cell::new(false),
        formula,
        out_shape: out.shape().to_vec(),
        out_dtype: out.dtype,
    };
    *out.autograd.borrow_mut() = Some(Grad::Node(Rc::new(node)));
    out
}

/// A view op's node (`TBackward0`, `SliceBackward0`, …). Under `no_grad`, a
/// view of a tensor that requires grad still requires grad, as a leaf that
/// in-place ops with grad mode on must not touch (PyTorch's rule).
pub fn record_view(it: &Interp, name: &str, input: &Tensor, out: Tensor) -> Tensor {
    if !it.grad_enabled && input.requires_grad() && input.dtype.is_floating() {
        *out.autograd.borrow_mut() = Some(Grad::Leaf(Rc::new(LeafGrad { no_grad_view: true, ..Default::default() })));
        return out;
    }
    let formula = Formula::View { input: input.layout.clone(), output: out.layout.clone() };
    record(it, name, &[Some(input)], out, formula, &[])
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
    let mut a = t.autograd.borrow_mut();
    match (on, a.is_some()) {
        (true, false) => *a = Some(Grad::Leaf(Rc::new(LeafGrad { stride: t.stride().to_vec(), ..Default::default() }))),
        (false, true) => *a = None,
        _ => {}
    }
    Ok(())
}

/// PyTorch's check before an in-place op: no leaf (or view of a leaf) that
/// requires grad may be written while grad mode is on.
pub fn check_inplace(it: &Interp, t: &Tensor, span: Span) -> EvalResult<()> {
    if !it.grad_enabled {
        return Ok(());
    }
    match t.grad_state() {
        Some(Grad::Leaf(l)) if l.no_grad_view => Err(EvalError::new(
            ErrorKind::RuntimeError,
            "A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked).",
            span,
        )),
        Some(Grad::Leaf(_)) => Err(EvalError::new(
            ErrorKind::RuntimeError,
            "a leaf Variable that requires grad is being used in an in-place operation.",
            span,
        )
        .with_hint("wrap the update in `with no_grad():`, or work on x.detach()")),
        Some(Grad::Node(n)) if matches!(n.formula, Formula::View { .. }) && n.next.iter().flatten().any(|e| matches!(e, Edge::Leaf(_))) => {
            Err(EvalError::new(
                ErrorKind::RuntimeError,
                "a view of a leaf Variable that requires grad is being used in an in-place operation.",
                span,
            ))
        }
        Some(Grad::Node(n)) if matches!(n.formula, Formula::View { .. }) => Err(EvalError::new(
            ErrorKind::NotImplementedError,
            "tsr cannot yet record an in-place op on a view of a tensor that requires grad (PyTorch rewrites the base's history with CopySlices)",
            span,
        )
        .with_hint("clone() the view first, or do the update out of place")),
        _ => Ok(()),
    }
}

/// After an in-place op on a non-leaf that requires grad: its history now
/// ends in the in-place op's node (`x += y` becomes `AddBackward0`).
pub fn rebase(it: &Interp, t: &Tensor, name: &str, other: Option<&Tensor>, formula: Formula) {
    rebase_saving(it, t, name, other, formula, &[])
}

/// [`rebase`] whose formula needs `saved` tensors (`x *= y` saves the old x and y).
pub fn rebase_saving(it: &Interp, t: &Tensor, name: &str, other: Option<&Tensor>, formula: Formula, saved: &[&Tensor]) {
    if !it.grad_enabled || !(t.requires_grad() || other.is_some_and(|o| o.requires_grad())) {
        return;
    }
    if matches!(t.grad_state(), Some(Grad::Leaf(_))) {
        return;
    }
    let node = Node {
        name: name.to_string(),
        next: vec![t.grad_state().map(|g| g.edge()), other.and_then(|o| o.grad_state().map(|g| g.edge()))],
        saved: std::cell::RefCell::new(saved.iter().map(|s| Saved::new(s, s.grad_fn())).collect()),
        saves: !saved.is_empty(),
        released: Default::default(),
        formula,
        out_shape: t.shape().to_vec(),
        out_dtype: t.dtype,
        present: vec![true, true],
    };
    *t.autograd.borrow_mut() = Some(Grad::Node(Rc::new(node)));
}

/// `t.grad`.
pub fn grad_of(t: &Tensor) -> Option<Tensor> {
    match t.grad_state() {
        Some(Grad::Leaf(l)) => l.grad.borrow().clone(),
        _ => None,
    }
}

/// `t.grad = value`.
pub fn set_grad(t: &Tensor, g: Option<Tensor>, span: Span) -> EvalResult<()> {
    match t.grad_state() {
        Some(Grad::Leaf(l)) => {
            *l.grad.borrow_mut() = g;
            Ok(())
        }
        _ if g.is_none() => Ok(()),
        _ => Err(EvalError::new(ErrorKind::RuntimeError, "tsr can only set .grad on leaves that require grad", span)),
    }
}

/// The node name PyTorch gives a view op.
pub fn view_node_name(method: &str, squeeze_dim: bool) -> &'static str {
    match method {
        "t" => "TBackward0",
        "transpose" | "swapaxes" | "swapdims" | "mT" => "TransposeBackward0",
        "permute" | "movedim" | "moveaxis" | "T" => "PermuteBackward0",
        "narrow" | "slice" => "SliceBackward0",
        "select" | "index" => "SelectBackward0",
        "unsqueeze" => "UnsqueezeBackward0",
        "squeeze" if squeeze_dim => "SqueezeBackward1",
        "squeeze" => "SqueezeBackward0",
        "expand" | "expand_as" => "ExpandBackward0",
        "diagonal" => "DiagonalBackward0",
        "unfold" => "UnfoldBackward0",
        "as_strided" => "AsStridedBackward0",
        "split" | "chunk" => "SplitBackward0",
        "unbind" => "UnbindBackward0",
        _ => "ViewBackward0",
    }
}

/// Engine errors from backward, at the `backward()` call.
pub fn backward_error(e: EngineError, span: Span) -> EvalError {
    EvalError::from_engine(e, span)
}

/// `ToCopyBackward0` formula for a dtype or device change.
pub fn to_copy(from: &Tensor) -> Formula {
    Formula::ToCopy { dtype: from.dtype, device: from.device() }
}
