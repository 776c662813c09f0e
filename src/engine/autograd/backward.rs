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

/// PyTorch's `obeys_layout_contract`: `g` may become the leaf's `.grad`
/// as it is when its strides match the leaf's (dense leaves) or it is
/// contiguous (other leaves).
fn obeys_layout_contract(g: &Tensor, leaf: &LeafGrad) -> bool {
    if leaf.stride.len() == g.ndim() && crate::engine::layout::is_non_overlapping_and_dense(g.shape(), &leaf.stride) {
        g.shape().iter().zip(g.stride()).zip(&leaf.stride).all(|((&n, &gs), &ls)| if n != 1 { gs == ls } else { gs != 0 })
    } else {
        g.is_contiguous()
    }
}

/// A gradient in flight. Several edges may hold the same handle (a node
/// passing its gradient through, the caller's `gradient`), as PyTorch's
/// tensors: the handle count is PyTorch's `use_count`.
type GradRef = Rc<Tensor>;

/// Adds one backward's summed gradient `g` into a leaf's `.grad`, as
/// PyTorch's AccumulateGrad does: the first gradient is adopted when no one
/// else holds it and it obeys the layout contract, else copied into a
/// tensor with the leaf's strides (`copy_`, version 1) or cloned
/// contiguous; a later one is added in place (`+=`, one version more).
fn accumulate(ctx: &Context, leaf: &LeafGrad, g: GradRef) -> Result<()> {
    let mut slot = leaf.grad.borrow_mut();
    let dense_leaf = leaf.stride.len() == g.ndim() && crate::engine::layout::is_non_overlapping_and_dense(g.shape(), &leaf.stride);
    let new = match slot.take() {
        None if Rc::strong_count(&g) == 1 && obeys_layout_contract(&g, leaf) => Rc::try_unwrap(g).unwrap_or_else(|g| (*g).clone()),
        None if dense_leaf => {
            let t = copy::copy_to_new(ctx, &g, &leaf.stride, g.dtype, "grad")?;
            t.storage.bump_version();
            t
        }
        None => copy::clone(ctx, &g)?,
        Some(old) => {
            crate::engine::ops::elementwise::binary_inplace(BinaryOp::Add, &old, Arg::T(&g))?;
            old
        }
    };
    *slot = Some(new);
    Ok(())
}

/// Sums two contributions to one input, as PyTorch's InputBuffer: in place
/// into the first when nothing else holds it or its storage (and it is a
/// dense tensor spanning its storage), else a new sum.
fn add(ctx: &Context, a: Option<GradRef>, b: GradRef) -> Result<GradRef> {
    let Some(a) = a else { return Ok(b) };
    let owns = Rc::strong_count(&a) == 1
        && Rc::strong_count(&a.storage) == 1
        && a.layout.offset == 0
        && a.numel() * a.dtype.size() == a.storage.nbytes()
        && a.dtype == b.dtype
        && a.shape() == b.shape()
        && crate::engine::layout::is_non_overlapping_and_dense(a.shape(), a.stride());
    if owns {
        crate::engine::ops::elementwise::binary_inplace(BinaryOp::Add, &a, Arg::T(&b))?;
        Ok(a)
    } else {
        Ok(Rc::new(binary(ctx, BinaryOp::Add, Arg::T(&a), Arg::T(&b))?))
    }
}

/// The gradients of `node`'s inputs, one per entry of `node.next`, after
/// checking its saved tensors.
pub fn input_grads(ctx: &Context, node: &Node, g: &Tensor) -> Result<Vec<Option<Tensor>>> {
    if node.released.get() && node.saves {
        return Err(EngineError::runtime(BACKWARD_TWICE).with_hint("call backward(retain_graph=True) the first time, or recompute the forward pass"));
    }
    check_saved(node)?;
    Ok(formulas::apply(ctx, node, g)?
        .into_iter()
        .enumerate()
        .filter(|(i, _)| node.present.get(*i).copied().unwrap_or(true))
        .map(|(_, g)| g)
        .collect())
}

/// Frees what `node` saved (and what a `CopySlices` node's inner node saved).
fn release(node: &Node) {
    node.released.set(true);
    node.saved.borrow_mut().clear();
    if let super::Formula::CopySlices { inner: Some(f), .. } = &node.formula {
        release(f);
    }
}

fn check_saved(node: &Node) -> Result<()> {
    for s in node.saved.borrow().iter() {
        let now = s.tensor.version();
        if now != s.version {
            let t = &s.tensor;
            let which = match &s.current_producer() {
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
    let user_gradient = gradient.is_some();
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
    // The caller still holds its `gradient` (PyTorch's use count).
    let g = Rc::new(g);
    let _caller = user_gradient.then(|| g.clone());
    let root_node = match state {
        Grad::Leaf(l) => return accumulate(ctx, &l, g),
        Grad::Node(n) => n,
        Grad::Shared(_) => return Err(EngineError::runtime("internal: unresolved autograd state")),
    };
    // Dependency counts over the reachable graph, leaves included: a leaf's
    // contributions are summed first and added to its .grad once.
    let mut deps: HashMap<usize, usize> = HashMap::new();
    let mut stack = vec![root_node.clone()];
    let mut seen: HashMap<usize, Rc<Node>> = HashMap::new();
    seen.insert(key(&root_node), root_node.clone());
    while let Some(n) = stack.pop() {
        for e in n.next.iter().flatten() {
            match e {
                Edge::Node(m) => {
                    *deps.entry(key(m)).or_insert(0) += 1;
                    if !seen.contains_key(&key(m)) {
                        seen.insert(key(m), m.clone());
                        stack.push(m.clone());
                    }
                }
                Edge::Leaf(l) => *deps.entry(Rc::as_ptr(l) as usize).or_insert(0) += 1,
            }
        }
    }
    drop(seen);
    let mut pending: HashMap<usize, GradRef> = HashMap::new();
    pending.insert(key(&root_node), g);
    let mut ready = vec![root_node.clone()];
    let mut done: Vec<Rc<Node>> = vec![];
    while let Some(n) = ready.pop() {
        // A node no gradient reached still releases its inputs' counts.
        let grads: Vec<Option<GradRef>> = match pending.remove(&key(&n)) {
            // A gradient passed through unchanged keeps its handle.
            Some(gout) => {
                super::retain::fire(ctx, &n, &gout)?;
                input_grads(ctx, &n, &gout)?
                .into_iter()
                .map(|o| o.map(|t| if Rc::ptr_eq(&t.storage, &gout.storage) && t.layout == gout.layout && t.dtype == gout.dtype { gout.clone() } else { Rc::new(t) }))
                .collect()
            }
            None => vec![None; n.next.len()],
        };
        for (edge, grad) in n.next.iter().zip(grads) {
            let Some(edge) = edge else { continue };
            let k = match edge {
                Edge::Leaf(l) => Rc::as_ptr(l) as usize,
                Edge::Node(m) => key(m),
            };
            if let Some(grad) = grad {
                let sum = add(ctx, pending.remove(&k), grad)?;
                pending.insert(k, sum);
            }
            if let Some(d) = deps.get_mut(&k) {
                *d -= 1;
                if *d == 0 {
                    match edge {
                        Edge::Node(m) => ready.push(m.clone()),
                        Edge::Leaf(l) => {
                            if let Some(sum) = pending.remove(&k) {
                                accumulate(ctx, l, sum)?;
                            }
                        }
                    }
                }
            }
        }
        done.push(n);
    }
    if !retain_graph {
        for n in done {
            release(&n);
        }
    }
    Ok(())
}
