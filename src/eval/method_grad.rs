//! A tensor method's result gets its autograd node here when the method
//! did not record one itself: views their view node, conversions and
//! copies theirs, an op without a tsr gradient a node that says so.

use std::rc::Rc;

use crate::engine::layout;
use crate::engine::Tensor;

use super::interp::Interp;
use super::value::Value;
use crate::eval::registry::{nodes, OpId};

/// Gives a method's fresh result its autograd node (views, copies,
/// conversions), named by its row's `backward` for the schema line the
/// call bound to (`overload`). `maps` are the index maps of index-based
/// views (one per output).
pub(super) fn attach(it: &Interp, t: &Rc<Tensor>, id: OpId, overload: usize, result: Value, maps: Option<Vec<layout::Layout>>) -> Value {
    use crate::engine::autograd::Formula;
    let node_name = id.node(overload);
    let multi = matches!(id, OpId::Split | OpId::Chunk | OpId::Unbind);
    if let (true, Value::Tuple(xs)) = (multi, &result) {
        return super::grad::multi::attach(it, t, node_name, xs, maps);
    }
    let one = |r: &Rc<Tensor>, nr: usize| -> Value {
        // The same tensor (contiguous() of a contiguous one), or one that
        // already has its node (arithmetic methods record themselves).
        if Rc::ptr_eq(r, t) || r.requires_grad() {
            return Value::Tensor(r.clone());
        }
        let out = (**r).clone();
        let node = if out.same_storage(t) {
            // reshape of a non-contiguous tensor that needs no copy is `_reshape_alias`.
            let alias = matches!(id, OpId::Reshape | OpId::Flatten | OpId::ReshapeAs) && !t.is_contiguous();
            let node = if alias { nodes::RESHAPE_ALIAS } else { node_name };
            let map = maps.as_ref().and_then(|m| m.get(nr).cloned());
            super::grad::record_view_map(it, node, t, out, multi.then_some(nr), map)
        } else if super::ext::method_family(id).is_some() {
            // An op family records its own nodes: no node means no gradient (new_zeros).
            return Value::Tensor(r.clone());
        } else {
            let f = match id {
                OpId::Clone | OpId::Contiguous => Formula::Identity,
                OpId::To | OpId::Type | OpId::Float | OpId::Double | OpId::Half | OpId::Bfloat16 | OpId::Cuda | OpId::Cpu => super::grad::to_copy(t),
                OpId::Reshape | OpId::Flatten | OpId::ReshapeAs => {
                    // PyTorch: clone(contiguous_format) then _unsafe_view: two nodes.
                    let mut mid = out.clone();
                    mid.relayout(crate::engine::layout::Layout::contiguous(t.shape()));
                    let mid = super::grad::record(it, OpId::Clone.node(0), &[Some(t)], mid, Formula::Identity, &[]);
                    return Value::tensor(super::grad::record(it, nodes::UNSAFE_VIEW, &[Some(&mid)], out, Formula::Reshape { shape: t.shape().to_vec() }, &[]));
                }
                // A tensor-bounds clamp: PyTorch's ClampBackward0, whose
                // formula tsr does not have yet (backward says so).
                _ => Formula::Unsupported,
            };
            super::grad::record(it, node_name, &[Some(t)], out, f, &[])
        };
        Value::tensor(node)
    };
    match result {
        Value::Tensor(r) => one(&r, 0),
        Value::Tuple(xs) => Value::Tuple(xs.into_iter().enumerate().map(|(i, v)| match v { Value::Tensor(r) => one(&r, i), o => o }).collect()),
        other => other,
    }
}
