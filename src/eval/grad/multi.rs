//! Recording a multi-output view op (`split`, `chunk`, `unbind`): one node
//! for all the outputs, each output a view that knows its output number
//! (PyTorch's `a.grad_fn is b.grad_fn`, `next_functions` pairs naming the
//! output, and one call of the node in backward).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use crate::engine::autograd::{edge_of, meta, Formula, Grad, LeafGrad, Node};
use crate::engine::layout::Layout;
use crate::engine::Tensor;

use super::super::interp::Interp;

/// Gives the outputs `outs` of the view op `name` on `input` one shared
/// node; `maps` are the op's outputs on a contiguous tensor of the input's
/// shape (the index maps of [`Formula::MultiView`]).
pub fn record_multi_view(it: &Interp, name: &str, input: &Tensor, outs: Vec<Tensor>, maps: Option<Vec<Layout>>) -> Vec<Tensor> {
    if !input.dtype.is_floating() {
        return outs;
    }
    if !it.grad_enabled {
        if input.requires_grad() {
            for o in &outs {
                *o.autograd.borrow_mut() = Some(Grad::Leaf(Rc::new(LeafGrad { no_grad_view: true, ..Default::default() })));
            }
        }
        return outs;
    }
    let state = input.grad_state().map(|_| {
        let formula = match maps {
            Some(maps) if maps.len() == outs.len() => Formula::MultiView { shape: input.shape().to_vec(), maps },
            _ => Formula::Unsupported,
        };
        Grad::Node(Rc::new(Node {
            name: name.to_string(),
            present: vec![true],
            outputs: outs.len(),
            retain: RefCell::default(),
            hooks: RefCell::default(),
            next: vec![edge_of(input)],
            saved: RefCell::default(),
            saves: false,
            released: Cell::default(),
            formula,
            out_shape: outs.first().map(|o| o.shape().to_vec()).unwrap_or_default(),
            out_dtype: input.dtype,
        }))
    });
    for (i, o) in outs.iter().enumerate() {
        meta::make_view(input, o, state.clone(), Some(i), i);
    }
    outs
}

/// The tuple a multi-output view method returns, its tensors recorded
/// with [`record_multi_view`] (tensors that already have autograd state,
/// or share no storage with `t`, are left as they are).
pub fn attach(it: &Interp, t: &Tensor, name: &str, xs: &[super::super::value::Value], maps: Option<Vec<Layout>>) -> super::super::value::Value {
    use super::super::value::Value;
    let fresh = xs.iter().all(|x| matches!(x, Value::Tensor(r) if r.same_storage(t) && !r.requires_grad()));
    if !fresh {
        return Value::Tuple(xs.to_vec());
    }
    let outs: Vec<Tensor> = xs.iter().filter_map(|x| if let Value::Tensor(r) = x { Some((**r).clone()) } else { None }).collect();
    Value::Tuple(record_multi_view(it, name, t, outs, maps).into_iter().map(Value::tensor).collect())
}
