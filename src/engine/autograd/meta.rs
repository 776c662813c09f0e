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
}

pub struct ViewInfo {
    /// The root base's metadata.
    pub base: Rc<Meta>,
    /// The base's layout (for `CopySlices` and `AsStridedBackward0`).
    pub base_layout: Layout,
    /// The view's own layout.
    pub layout: Layout,
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

/// Gives a view whose base changed in place a new `AsStridedBackward0`.
fn regenerate(m: &Meta, v: &ViewInfo, version: u64, dtype: DType) {
    v.version.set(version);
    let base = v.base.state.borrow().clone();
    let Some(base) = base else { return };
    let node = Node {
        name: "AsStridedBackward0".to_string(),
        next: vec![base.edge()],
        saved: RefCell::new(vec![]),
        saves: false,
        released: Cell::new(false),
        formula: Formula::View { input: v.base_layout.clone(), output: v.layout.clone() },
        out_shape: v.layout.shape.clone(),
        out_dtype: dtype,
        present: vec![true],
        retain: Default::default(),
    };
    replace_state(m, Some(Grad::Node(Rc::new(node))));
}

/// Replaces `m`'s state; a `retain_grad()` hook moves to the new node.
pub fn replace_state(m: &Meta, state: Option<Grad>) {
    let old = m.state.replace(state);
    super::retain::move_hook(m, &old, &m.state.borrow());
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

/// Makes `out` a differentiable view of `input` whose current state is `state`.
pub fn make_view(input: &Tensor, out: &Tensor, state: Option<Grad>, multi: Option<usize>) {
    let (base, base_layout) = match view_info(input) {
        Some(m) => {
            let v = m.view.as_ref().expect("view_info returns views");
            (v.base.clone(), v.base_layout.clone())
        }
        None => {
            // A leaf base never changes history; views only need its edge.
            let cur = input.autograd.borrow().clone();
            let base = match cur {
                Some(Grad::Leaf(l)) => Meta::new(Some(Grad::Leaf(l))),
                _ => shared(input),
            };
            (base, input.layout.clone())
        }
    };
    let info = ViewInfo { base, base_layout, layout: out.layout.clone(), version: Cell::new(out.version()), multi };
    let m = Rc::new(Meta { state: RefCell::new(state), view: Some(info), ..Default::default() });
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
