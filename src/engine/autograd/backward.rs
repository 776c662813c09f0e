//! `tensor.backward(gradient, retain_graph)`: walks the graph from the
//! output in topological order, applies each node's formula, and adds the
//! results into the leaves' `.grad`.

use std::collections::HashMap;
use std::rc::Rc;

use super::{formulas, Edge, Grad, LeafGrad, Node};
use crate::engine::context::Context;
use crate::engine::error::{fmt_list, EngineError, Result};
use crate::engine::ops::elementwise::{binary, Arg, BinaryOp};
use crate::engine::ops::{copy, factory};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

pub const BACKWARD_TWICE: &str = "Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.";

fn key(n: &Rc<Node>) -> usize {
    Rc::as_ptr(n) as usize
}

/// Adds `g` into a leaf's `.grad` (a new tensor the first time).
fn accumulate(ctx: &Context, leaf: &LeafGrad, g: Tensor) -> Result<()> {
    let mut slot = leaf.grad.borrow_mut();
    let new = match slot.take() {
        // A new .grad takes the leaf's strides when they are dense.
        None if leaf.stride.len() == g.ndim()
            && g.stride() != leaf.stride.as_slice()
            && crate::engine::layout::is_non_overlapping_and_dense(g.shape(), &leaf.stride) =>
        {
            copy::copy_to_new(ctx, &g, &leaf.stride, g.dtype, "grad")?
        }
        None => copy::clone(ctx, &g)?,
        Some(old) => {
            // In place, as PyTorch does when nothing else holds the grad.
            crate::engine::ops::elementwise::binary_inplace(BinaryOp::Add, &old, Arg::T(&g))?;
            old
        }
    };
    *slot = Some(new);
    Ok(())
}

fn add(ctx: &Context, a: Option<Tensor>, b: Tensor) -> Result<Tensor> {
    match a {
        None => Ok(b),
        Some(a) => binary(ctx, BinaryOp::Add, Arg::T(&a), Arg::T(&b)),
    }
}

fn check_saved(node: &Node) -> Result<()> {
    for s in node.saved.borrow().iter() {
        let now = s.tensor.version();
        if now != s.version {
            let t = &s.tensor;
            let which = match &s.producer {
                Some(n) => format!(", which is output 0 of {},", super::short_name(n)),
                None => String::new(),
            };
            return Err(EngineError::runtime(format!(
                "one of the variables needed for gradient computation has been modified by an inplace operation: [torch.{} {}]{} is at version {}; expected version {} instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
                t.dtype.legacy_name(),
                fmt_list(t.shape()),
                which,
                now,
                s.version
            ))
            .with_hint("an in-place op (like +=, add_, or item assignment) changed a tensor this gradient needs; use the out-of-place form"));
        }
    }
    Ok(())
}

/// Runs backward from `root` with output gradient `gradient` (ones for a scalar).
pub fn backward(ctx: &Context, root: &Tensor, gradient: Option<Tensor>, retain_graph: bool) -> Result<()> {
    let Some(state) = root.grad_state() else {
        return Err(EngineError::runtime("element 0 of tensors does not require grad and does not have a grad_fn"));
    };
    let g = match gradient {
        Some(g) => {
            if g.shape() != root.shape() {
                return Err(EngineError::runtime(format!(
                    "Mismatch in shape: grad_output[0] has a shape of torch.Size({}) and output[0] has a shape of torch.Size({}).",
                    fmt_list(g.shape()),
                    fmt_list(root.shape())
                )));
            }
            g
        }
        None => {
            if root.numel() != 1 {
                return Err(EngineError::runtime("grad can be implicitly created only for scalar outputs")
                    .with_hint("pass a gradient of the output's shape: y.backward(ones_like(y)), or reduce first: y.sum().backward()"));
            }
            factory::full(ctx, root.device(), root.shape(), Scalar::Int(1), root.dtype, "ones_like")?
        }
    };
    let root_node = match state {
        Grad::Leaf(l) => return accumulate(ctx, &l, g),
        Grad::Node(n) => n,
    };
    // Dependency counts over the reachable graph.
    let mut deps: HashMap<usize, usize> = HashMap::new();
    let mut stack = vec![root_node.clone()];
    let mut seen: HashMap<usize, Rc<Node>> = HashMap::new();
    seen.insert(key(&root_node), root_node.clone());
    while let Some(n) = stack.pop() {
        for e in n.next.iter().flatten() {
            if let Edge::Node(m) = e {
                *deps.entry(key(m)).or_insert(0) += 1;
                if !seen.contains_key(&key(m)) {
                    seen.insert(key(m), m.clone());
                    stack.push(m.clone());
                }
            }
        }
    }
    let mut pending: HashMap<usize, Tensor> = HashMap::new();
    pending.insert(key(&root_node), g);
    let mut ready = vec![root_node.clone()];
    let mut done: Vec<Rc<Node>> = vec![];
    while let Some(n) = ready.pop() {
        let Some(gout) = pending.remove(&key(&n)) else { continue };
        if n.released.get() && n.saves {
            return Err(EngineError::runtime(BACKWARD_TWICE).with_hint("call backward(retain_graph=True) the first time, or recompute the forward pass"));
        }
        check_saved(&n)?;
        let grads: Vec<Option<Tensor>> = formulas::apply(ctx, &n, &gout)?
            .into_iter()
            .enumerate()
            .filter(|(i, _)| n.present.get(*i).copied().unwrap_or(true))
            .map(|(_, g)| g)
            .collect();
        for (edge, grad) in n.next.iter().zip(grads) {
            let (Some(edge), Some(grad)) = (edge, grad) else { continue };
            match edge {
                Edge::Leaf(l) => accumulate(ctx, l, grad)?,
                Edge::Node(m) => {
                    let k = key(m);
                    let sum = add(ctx, pending.remove(&k), grad)?;
                    pending.insert(k, sum);
                    if let Some(d) = deps.get_mut(&k) {
                        *d -= 1;
                        if *d == 0 {
                            ready.push(m.clone());
                        }
                    }
                }
            }
        }
        done.push(n);
    }
    if !retain_graph {
        for n in done {
            n.released.set(true);
            n.saved.borrow_mut().clear();
        }
    }
    Ok(())
}
