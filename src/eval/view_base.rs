//! PyTorch's `_base` and `_is_view()`: a view op's result remembers the
//! tensor it views, the root of the chain (`a.view(3, 4).t()._base is a`).
//! The evaluator marks results here, because only it holds tensors as the
//! values a program names; the engine's views know their storage, not
//! which value they came from. Not views in this sense, as in PyTorch:
//! `detach()`, `.data`, `view(dtype)`, and an op that returns its input.

use std::rc::Rc;

use crate::engine::Tensor;

use super::registry::OpId;
use super::value::Value;

/// `t._base`: the tensor `t` views, if a view op made it.
pub fn base(t: &Tensor) -> Option<Rc<Tensor>> {
    t.view_base.borrow().clone()
}

/// The root of `t`'s views: its base, or `t` itself.
fn root(t: &Rc<Tensor>) -> Rc<Tensor> {
    base(t).unwrap_or_else(|| t.clone())
}

/// Marks each tensor of `result` (a tensor or a tuple of them) that views
/// one of `inputs` (same storage and dtype, another object) as a view of
/// that input's root.
pub fn mark(result: &Value, inputs: &[Rc<Tensor>]) {
    let one = |r: &Rc<Tensor>| {
        if r.view_base.borrow().is_some() {
            return;
        }
        if let Some(i) = inputs.iter().find(|i| !Rc::ptr_eq(i, r) && i.same_storage(r) && i.dtype == r.dtype) {
            *r.view_base.borrow_mut() = Some(root(i));
        }
    };
    match result {
        Value::Tensor(r) => one(r),
        Value::Tuple(xs) => xs.iter().for_each(|x| {
            if let Value::Tensor(r) = x {
                one(r)
            }
        }),
        _ => {}
    }
}

/// Whether a call of `id` whose first argument after the tensor is
/// `first_arg` is `view(dtype)` (a reinterpretation, not differentiable).
pub fn is_dtype_view(id: OpId, first_arg: Option<&Value>) -> bool {
    id == OpId::View && matches!(first_arg, Some(Value::DType(_)))
}

/// Whether a call of `id` with these arguments can make a view in
/// PyTorch's sense: not `detach`, and not `view(dtype)`.
pub fn makes_views(id: OpId, first_arg: Option<&Value>) -> bool {
    id != OpId::Detach && !is_dtype_view(id, first_arg)
}

/// The tensors among a call's arguments (in lists and tuples too).
pub fn tensors_in<'a>(values: impl Iterator<Item = &'a Value>) -> Vec<Rc<Tensor>> {
    let mut out = Vec::new();
    for v in values {
        match v {
            Value::Tensor(t) => out.push(t.clone()),
            Value::Tuple(xs) => out.extend(xs.iter().filter_map(|x| if let Value::Tensor(t) = x { Some(t.clone()) } else { None })),
            Value::List(xs) => out.extend(xs.borrow().iter().filter_map(|x| if let Value::Tensor(t) = x { Some(t.clone()) } else { None })),
            _ => {}
        }
    }
    out
}
