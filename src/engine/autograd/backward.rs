//! `tensor.backward(gradient, retain_graph)`: walks the graph from the
//! output in topological order, applies each node's formula, and adds the
//! results into the leaves' `.grad`. Gradients wait in one slot per output
//! of the node they go to (PyTorch's InputBuffer), so a multi-output node
//! runs once with all its outputs' gradients.

use std::collections::HashMap;
use std::rc::Rc;

use super::{formulas, Edge, LeafGrad, Node};
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
        && a.layout().offset == 0
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
    check_runnable(node)?;
    Ok(present_only(node, formulas::apply(ctx, node, g)?))
}

/// [`input_grads`] of a node with one gradient per output (`None` where
/// none arrived): multi-output nodes take them all at once.
fn node_input_grads(ctx: &Context, node: &Node, grads: &[Option<GradRef>]) -> Result<Vec<Option<Tensor>>> {
    match &node.formula {
        super::Formula::MultiView { .. } => {
            check_runnable(node)?;
            let gs: Vec<Option<&Tensor>> = grads.iter().map(|g| g.as_deref()).collect();
            Ok(present_only(node, super::multi::apply(ctx, node, &gs)?))
        }
        _ => match grads.first() {
            Some(Some(g)) => input_grads(ctx, node, g),
            _ => Ok(vec![None; node.next.len()]),
        },
    }
}

fn check_runnable(node: &Node) -> Result<()> {
    if node.released.get() && node.saves {
        return Err(EngineError::runtime(BACKWARD_TWICE).with_hint("call backward(retain_graph=True) the first time, or recompute the forward pass"));
    }
    check_saved(node)
}

fn present_only(node: &Node, grads: Vec<Option<Tensor>>) -> Vec<Option<Tensor>> {
    grads.into_iter().enumerate().filter(|(i, _)| node.present.get(*i).copied().unwrap_or(true)).map(|(_, g)| g).collect()
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
                Some(n) => format!(", which is output 0 of {},", super::version_error_name(n)),
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

/// What `torch.autograd.grad` asks the walk for: the summed gradient that
/// reaches each input (a leaf, or one output of a node), returned instead
/// of added into any `.grad`.
pub struct Capture {
    wanted: Vec<Edge>,
    pub grads: Vec<Option<Tensor>>,
}

impl Capture {
    /// One slot per input, in order; an input that does not require grad
    /// is PyTorch's error.
    pub fn new(inputs: &[&Tensor]) -> Result<Capture> {
        let wanted = inputs
            .iter()
            .map(|t| super::edge_of(t).ok_or_else(|| EngineError::runtime("One of the differentiated Tensors does not require grad")))
            .collect::<Result<Vec<_>>>()?;
        Ok(Capture { grads: vec![None; wanted.len()], wanted })
    }

    fn leaf(&mut self, l: &Rc<LeafGrad>, g: &Tensor) {
        for (w, slot) in self.wanted.iter().zip(&mut self.grads) {
            if matches!(w, Edge::Leaf(x) if Rc::ptr_eq(x, l)) {
                *slot = Some(g.clone());
            }
        }
    }

    fn node(&mut self, n: &Rc<Node>, slots: &[Option<GradRef>]) {
        for (w, slot) in self.wanted.iter().zip(&mut self.grads) {
            if let Edge::Node(m, nr) = w
                && Rc::ptr_eq(m, n)
                && let Some(Some(g)) = slots.get(*nr)
            {
                *slot = Some((**g).clone());
            }
        }
    }
}

/// Runs backward from `root` with output gradient `gradient` (ones for a scalar).
/// `hooks` runs the `register_hook` functions ([`super::hooks`]). With a
/// `capture` (`torch.autograd.grad`), no `.grad` changes: the gradients
/// reaching the captured inputs are kept in it.
pub fn backward(ctx: &Context, root: &Tensor, gradient: Option<Tensor>, retain_graph: bool, hooks: &mut super::hooks::HookRunner, mut capture: Option<&mut Capture>) -> Result<()> {
    if root.grad_state().is_none() {
        return Err(EngineError::runtime("element 0 of tensors does not require grad and does not have a grad_fn"));
    }
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
    // The caller still holds the root's gradient, its own or the implicit
    // ones (Python's `backward` keeps its list of gradients while the
    // engine runs): PyTorch's use count, so a leaf never steals it.
    let g = Rc::new(g);
    let _caller = g.clone();
    let (root_node, root_nr) = match super::edge_of(root) {
        Some(Edge::Leaf(l)) => {
            let g = super::hooks::run_leaf(&l, g, hooks)?;
            if let Some(c) = capture.as_deref_mut() {
                c.leaf(&l, &g);
                return Ok(());
            }
            return accumulate(ctx, &l, g);
        }
        Some(Edge::Node(n, nr)) => (n, nr),
        None => return Err(EngineError::runtime("internal: unresolved autograd state")),
    };
    // Dependency counts over the reachable graph, leaves included: a leaf's
    // contributions are summed first and added to its .grad once; a node
    // runs once every edge into it (whichever output it names) is done.
    let mut deps: HashMap<usize, usize> = HashMap::new();
    let mut stack = vec![root_node.clone()];
    let mut seen: HashMap<usize, Rc<Node>> = HashMap::new();
    seen.insert(key(&root_node), root_node.clone());
    while let Some(n) = stack.pop() {
        for e in n.next.iter().flatten() {
            match e {
                Edge::Node(m, _) => {
                    *deps.entry(key(m)).or_insert(0) += 1;
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key(m)) {
                        e.insert(m.clone());
                        stack.push(m.clone());
                    }
                }
                Edge::Leaf(l) => *deps.entry(Rc::as_ptr(l) as usize).or_insert(0) += 1,
            }
        }
    }
    drop(seen);
    // PyTorch's InputBuffer: one slot per output of each node waiting to run.
    let mut pending: HashMap<usize, Vec<Option<GradRef>>> = HashMap::new();
    let mut leaf_pending: HashMap<usize, GradRef> = HashMap::new();
    let mut slots = vec![None; root_node.outputs.max(root_nr + 1)];
    slots[root_nr] = Some(g);
    pending.insert(key(&root_node), slots);
    let mut ready = vec![root_node.clone()];
    let mut done: Vec<Rc<Node>> = vec![];
    while let Some(n) = ready.pop() {
        // A node no gradient reached still releases its inputs' counts.
        let mut slots = pending.remove(&key(&n)).unwrap_or_default();
        let grads: Vec<Option<GradRef>> = if slots.iter().any(Option::is_some) {
            super::hooks::run_node(&n, &mut slots, hooks)?;
            if let Some(c) = capture.as_deref_mut() {
                c.node(&n, &slots);
            } else {
                super::retain::fire(ctx, &n, &slots)?;
            }
            // Views of the gradient (sum's expand, view ops) are new
            // tensors in PyTorch even when their geometry is unchanged.
            // But `squeeze` of no size-1 dim (`unsqueeze_to`) and `expand`
            // to the same shape (`sum_to`) return the gradient itself.
            let view_formula = match &n.formula {
                super::Formula::ViewGrad(super::view_formulas::ViewGrad::Unsqueeze { dims }) => !dims.is_empty(),
                super::Formula::ViewGrad(super::view_formulas::ViewGrad::Expand { .. }) => false,
                f => matches!(f, super::Formula::SumAll { .. } | super::Formula::SumDims { .. } | super::Formula::ViewGrad(_) | super::Formula::Reshape { .. } | super::Formula::View { .. }),
            };
            let passed = slots.first().cloned().flatten().filter(|_| n.outputs == 1 && !view_formula);
            node_input_grads(ctx, &n, &slots)?
                .into_iter()
                // A gradient passed through unchanged keeps its handle.
                .map(|o| {
                    o.map(|t| match &passed {
                        Some(gout) if Rc::ptr_eq(&t.storage, &gout.storage) && t.layout() == gout.layout() && t.dtype == gout.dtype => gout.clone(),
                        _ => Rc::new(t),
                    })
                })
                .collect()
        } else {
            vec![None; n.next.len()]
        };
        drop(slots);
        // PyTorch computes no gradient for an input without an edge (a
        // number, a tensor that does not require grad), so such a gradient
        // must not hold the handle while the other inputs take theirs.
        let grads: Vec<Option<GradRef>> = grads.into_iter().zip(&n.next).map(|(g, e)| g.filter(|_| e.is_some())).collect();
        for (edge, grad) in n.next.iter().zip(grads) {
            let Some(edge) = edge else { continue };
            let grad = grad.map(|g| cast_to_input(ctx, g, edge)).transpose()?;
            match edge {
                Edge::Leaf(l) => {
                    let k = Rc::as_ptr(l) as usize;
                    if let Some(grad) = grad {
                        let sum = add(ctx, leaf_pending.remove(&k), grad)?;
                        leaf_pending.insert(k, sum);
                    }
                    if release_dep(&mut deps, k)
                        && let Some(sum) = leaf_pending.remove(&k)
                    {
                        let sum = super::hooks::run_leaf(l, sum, hooks)?;
                        match capture.as_deref_mut() {
                            Some(c) => c.leaf(l, &sum),
                            None => accumulate(ctx, l, sum)?,
                        }
                    }
                }
                Edge::Node(m, nr) => {
                    let k = key(m);
                    if let Some(grad) = grad {
                        let slots = pending.entry(k).or_insert_with(|| vec![None; m.outputs.max(1)]);
                        if slots.len() <= *nr {
                            slots.resize(nr + 1, None);
                        }
                        let sum = add(ctx, slots[*nr].take(), grad)?;
                        slots[*nr] = Some(sum);
                    }
                    if release_dep(&mut deps, k) {
                        ready.push(m.clone());
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

/// PyTorch's `validate_outputs`: a gradient in another dtype than the input
/// it is for (a float32 operand of a float64 result) is cast to the input's.
fn cast_to_input(ctx: &Context, g: GradRef, edge: &Edge) -> Result<GradRef> {
    let want = match edge {
        Edge::Leaf(l) => l.dtype,
        Edge::Node(m, _) => Some(m.out_dtype),
    };
    match want {
        Some(d) if d != g.dtype && d.is_floating() => Ok(Rc::new(copy::to_dtype(ctx, &g, d)?.unwrap_or_else(|| (*g).clone()))),
        _ => Ok(g),
    }
}

/// Counts one finished edge into `k`; true when it was the last.
fn release_dep(deps: &mut HashMap<usize, usize>, k: usize) -> bool {
    match deps.get_mut(&k) {
        Some(d) => {
            *d -= 1;
            *d == 0
        }
        None => false,
    }
}
