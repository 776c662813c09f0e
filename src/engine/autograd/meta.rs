//! Per-tensor autograd metadata that in-place ops can rewrite (PyTorch's
//! `AutogradMeta` / `DifferentiableViewMeta`).
//!
//! Invariants:
//! - Every non-leaf result and every differentiable view holds a shared
//!   [`Meta`]: all handles of that tensor (bindings, copies of the header)
//!   see the same current `grad_fn`, so an in-place op rewrites it for all.
//! - A view's `base` is the root base (a view of a view points at the same
//!   base); it is the base's own `Meta` when the base is not a leaf, so
//!   `CopySlices` can rewrite the base's history.
//! - A view whose storage version moved since its `grad_fn` was made gets
//!   a fresh `AsStridedBackward0` from its base's current history when its
//!   state is next read (PyTorch regenerates it on `grad_fn` access).
//! - Nothing here points back from a node to a `Meta`, so there are no cycles.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::{Formula, Grad, Node};
use crate::engine::dtype::DType;
use crate::engine::layout::Layout;
use crate::engine::tensor::Tensor;

/// The mutable autograd state of one tensor.
#[derive(Default)]
pub struct Meta {
    /// The current state: `None` (no grad), a leaf, or a node (never `Shared`).
    pub state: RefCell<Option<Grad>>,
    /// For a differentiable view: where its base is.
    pub view: Option<ViewInfo>,
    /// Set by `retain_grad()` (the hook sits on the current node).
    pub retains_grad: Cell<bool>,
    /// `.grad` of a non-leaf: retained by backward or assigned.
    pub grad: RefCell<Option<Tensor>>,
    /// Which output of its node the tensor is (PyTorch's `output_nr`): the
    /// output number of a multi-output view op's result, else 0.
    pub output_nr: Cell<usize>,
}

pub struct ViewInfo {
    /// The root base's metadata.
    pub base: Rc<Meta>,
    /// The base's layout (for `CopySlices` and `AsStridedBackward0`).
    pub base_layout: Layout,
    /// The view's own layout (an in-place view op such as `t_()` changes it).
    pub layout: RefCell<Layout>,
    /// Storage version when `state` was last set.
    pub version: Cell<u64>,
    /// Output number, for a view made by a multi-output view op (`split`,
    /// `chunk`, `unbind`) or a view of one: such views may not be written
    /// in place.
    pub multi: Option<usize>,
}

impl Meta {
    pub fn new(state: Option<Grad>) -> Rc<Meta> {
        Rc::new(Meta { state: RefCell::new(state), view: None, ..Default::default() })
    }
}

/// A tensor's current state (`None`, a leaf or a node), regenerating a
/// stale view's `grad_fn`.
pub fn resolve(t: &Tensor) -> Option<Grad> {
    let g = t.autograd.borrow().clone();
    match g {
        Some(Grad::Shared(m)) => resolve_meta(&m, t.version(), t.dtype),
        other => other,
    }
}

/// [`resolve`] for a metadata cell, at storage version `version`.
pub fn resolve_meta(m: &Meta, version: u64, dtype: DType) -> Option<Grad> {
    if let Some(v) = &m.view
        && v.version.get() != version
    {
        regenerate(m, v, version, dtype);
    }
    m.state.borrow().clone()
}

/// The node a view whose base changed in place gets (PyTorch's engine
/// regenerates it as `as_strided`'s, outside derivatives.yaml's ops): the
/// one node name the engine makes itself; the `as_strided` row names its
/// node with it.
pub const AS_STRIDED_NODE: &str = "AsStridedBackward0";

/// Gives a view whose base changed in place a new [`AS_STRIDED_NODE`];
/// an output of a multi-output view op (or a view of one) gets an
/// `Invalid` node instead, which refuses to be used ([`Formula::InvalidView`]).
fn regenerate(m: &Meta, v: &ViewInfo, version: u64, dtype: DType) {
    v.version.set(version);
    if let Some(nr) = v.multi {
        let old = m.state.borrow().clone();
        let Some(Grad::Node(old)) = old else { return };
        let op = match &old.formula {
            Formula::InvalidView { op, .. } => op.clone(),
            _ => super::short_name(&old.name).to_string(),
        };
        let node = Node {
            name: "Invalid".to_string(),
            next: vec![],
            saved: RefCell::new(vec![]),
            saves: false,
            released: Cell::new(false),
            formula: Formula::InvalidView { op, nr },
            out_shape: v.layout.borrow().shape.clone(),
            out_dtype: dtype,
            present: vec![],
            outputs: 1,
            retain: Default::default(),
            hooks: Default::default(),
        };
        // The tensor stays the same output of its op (`output_nr`).
        let output_nr = m.output_nr.get();
        replace_state(m, Some(Grad::Node(Rc::new(node))));
        m.output_nr.set(output_nr);
        return;
    }
    let base = v.base.state.borrow().clone();
    let Some(base) = base else { return };
    let node = Node {
        name: AS_STRIDED_NODE.to_string(),
        next: vec![base.edge()],
        saved: RefCell::new(vec![]),
        saves: false,
        released: Cell::new(false),
        formula: Formula::View { input: v.base_layout.clone(), output: v.layout.borrow().clone(), as_strided: true },
        out_shape: v.layout.borrow().shape.clone(),
        out_dtype: dtype,
        present: vec![true],
        outputs: 1,
        retain: Default::default(),
        hooks: Default::default(),
    };
    replace_state(m, Some(Grad::Node(Rc::new(node))));
}

/// Replaces `m`'s state (whose node then has one output, output 0); a
/// `retain_grad()` hook moves to the new node.
pub fn replace_state(m: &Meta, state: Option<Grad>) {
    let old = m.state.replace(state);
    m.output_nr.set(0);
    super::retain::move_hook(m, &old, &m.state.borrow());
}

/// PyTorch's error for using an output of a multi-output view op whose
/// base (or another view of it) changed in place.
pub fn invalid_view_message(op: &str, nr: usize) -> String {
    format!(
        "Output {nr} of {op} is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one."
    )
}

thread_local! {
    /// The error of the last use of an `Invalid` node (see [`note_invalid_use`]).
    static INVALID_USE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Records that an op linked to an `Invalid` node: recording cannot fail,
/// so the evaluator raises the error after the op ([`take_invalid_use`]).
pub fn note_invalid_use(n: &Node) {
    if let Formula::InvalidView { op, nr } = &n.formula {
        let msg = invalid_view_message(op, *nr);
        INVALID_USE.with(|c| {
            let mut c = c.borrow_mut();
            if c.is_none() {
                *c = Some(msg);
            }
        });
    }
}

/// The error of an `Invalid` node used since the last call, if any.
pub fn take_invalid_use() -> Option<String> {
    INVALID_USE.with(|c| c.borrow_mut().take())
}

/// The shared metadata of `t`, made on first use (a plain state moves into it).
pub fn shared(t: &Tensor) -> Rc<Meta> {
    let cur = t.autograd.borrow().clone();
    match cur {
        Some(Grad::Shared(m)) => m,
        other => {
            let m = Meta::new(other);
            *t.autograd.borrow_mut() = Some(Grad::Shared(m.clone()));
            m
        }
    }
}

/// The view info of `t`, when it is a differentiable view.
pub fn view_info(t: &Tensor) -> Option<Rc<Meta>> {
    match &*t.autograd.borrow() {
        Some(Grad::Shared(m)) if m.view.is_some() => Some(m.clone()),
        _ => None,
    }
}

/// Makes `out` a differentiable view of `input` whose current state is
/// `state`; `output_nr` is its output number of that state's node.
pub fn make_view(input: &Tensor, out: &Tensor, state: Option<Grad>, multi: Option<usize>, output_nr: usize) {
    let of_view = view_info(input).and_then(|m| m.view.as_ref().map(|v| (v.base.clone(), v.base_layout.clone())));
    let (base, base_layout) = match of_view {
        Some(found) => found,
        None => {
            // A leaf base never changes history; views only need its edge.
            let cur = input.autograd.borrow().clone();
            let base = match cur {
                Some(Grad::Leaf(l)) => Meta::new(Some(Grad::Leaf(l))),
                _ => shared(input),
            };
            (base, input.layout().clone())
        }
    };
    let info = ViewInfo { base, base_layout, layout: RefCell::new(out.layout().clone()), version: Cell::new(out.version()), multi };
    let m = Rc::new(Meta { state: RefCell::new(state), view: Some(info), output_nr: Cell::new(output_nr), ..Default::default() });
    *out.autograd.borrow_mut() = Some(Grad::Shared(m));
}

/// Sets `t`'s state for every handle sharing its metadata.
pub fn set_state(t: &Tensor, state: Option<Grad>) {
    let m = shared(t);
    replace_state(&m, state);
    if let Some(v) = &m.view {
        v.version.set(t.version());
    }
}

/// Regenerates a view's `grad_fn` now (after `CopySlices` rewrote its base).
pub fn refresh(t: &Tensor) {
    if let Some(m) = view_info(t)
        && let Some(v) = &m.view
    {
        v.version.set(u64::MAX);
        resolve(t);
    }
}

/// Drops `m` without recursing: when this was its last handle, the nodes it
/// (and its view's base) held go onto `stack` for the caller's loop.
pub fn unlink(m: Rc<Meta>, stack: &mut Vec<Rc<Node>>) {
    let mut metas = vec![m];
    while let Some(m) = metas.pop() {
        if let Ok(mut m) = Rc::try_unwrap(m) {
            if let Some(Grad::Node(n)) = m.state.get_mut().take() {
                stack.push(n);
            }
            if let Some(v) = m.view.take() {
                metas.push(v.base);
            }
        }
    }
}
