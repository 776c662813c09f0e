//! The autograd layer: `requires_grad`, the backward graph of `grad_fn`
//! nodes, gradient accumulation into leaves, saved tensors checked against
//! their storage's version counter.
//!
//! Invariants:
//! - A tensor's autograd state is `None` (no grad), a leaf (`LeafGrad`,
//!   shared by every handle on that leaf, holding `.grad`), or the node that
//!   produced it. Views of a tensor that requires grad get their own node,
//!   except the outputs of a multi-output view op (`split`, `chunk`,
//!   `unbind`), which share one node and differ by their output number
//!   (edges are `(node, output_nr)` pairs, as PyTorch's `next_functions`).
//! - Nodes hold their inputs' edges and the tensors their formula needs,
//!   with the version each had when saved; backward refuses stale ones.
//! - Backward never records (PyTorch's default `create_graph=False`).

pub mod as_strided;
pub mod backward;
pub mod copy_slices;
pub mod formulas;
pub mod hooks;
pub mod index_formulas;
pub mod linalg_formulas;
pub mod meta;
pub mod multi;
pub mod reduce_formulas;
pub mod retain;
pub mod view_formulas;

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use super::dtype::DType;
use super::layout::Layout;
use super::tensor::Tensor;

/// `.grad` of a leaf, shared by every handle on it (PyTorch's AccumulateGrad).
#[derive(Default)]
pub struct LeafGrad {
    pub grad: RefCell<Option<Tensor>>,
    /// The leaf's strides: a new `.grad` takes them (PyTorch's layout rule).
    pub stride: Vec<usize>,
    /// A view made under `no_grad` of a tensor that requires grad.
    pub no_grad_view: bool,
    /// The leaf's dtype: gradients arriving in another are cast to it (as
    /// PyTorch's engine does for every input).
    pub dtype: Option<DType>,
    /// `register_hook` ids, run on the summed gradient before it is accumulated.
    pub hooks: RefCell<Vec<u64>>,
}

/// Where a node sends the gradient for one of its inputs: a node and which
/// of its outputs the gradient belongs to (PyTorch's `(node, input_nr)`
/// pair of `next_functions`; 0 except for the outputs of a multi-output
/// node such as `SplitBackward0`), or a leaf's `AccumulateGrad`.
#[derive(Clone)]
pub enum Edge {
    Node(Rc<Node>, usize),
    Leaf(Rc<LeafGrad>),
}

impl Edge {
    /// The output number the edge carries (PyTorch's `input_nr`).
    pub fn output_nr(&self) -> usize {
        match self {
            Edge::Node(_, nr) => *nr,
            Edge::Leaf(_) => 0,
        }
    }
}

/// The edge a consumer of `t` links to: its current node with `t`'s output
/// number, or its leaf. Linking to the output of a multi-output view whose
/// base changed in place fails, as in PyTorch: the message is left for the
/// evaluator ([`meta::take_invalid_use`]).
pub fn edge_of(t: &Tensor) -> Option<Edge> {
    let state = t.grad_state()?;
    let nr = match &*t.autograd.borrow() {
        Some(Grad::Shared(m)) => m.output_nr.get(),
        _ => 0,
    };
    match state {
        Grad::Node(n) => {
            if let Formula::InvalidView { .. } = &n.formula {
                meta::note_invalid_use(&n);
            }
            Some(Edge::Node(n, nr))
        }
        Grad::Leaf(l) => Some(Edge::Leaf(l)),
        Grad::Shared(_) => None,
    }
}

/// A tensor a backward formula needs, with its storage version when saved.
/// The copy holds no autograd state itself; `meta` keeps the saved input's
/// (as PyTorch's SavedVariable keeps the variable).
#[derive(Clone)]
pub struct Saved {
    pub tensor: Tensor,
    pub version: u64,
    /// The node that produced the saved tensor when saved (for the version error).
    pub producer: Option<String>,
    /// The saved input's metadata: the version error names its current
    /// grad_fn, as PyTorch does (outputs keep the name they had).
    pub meta: Option<SavedMeta>,
}

/// A saved input's metadata: held strongly, or weakly when it is the
/// metadata of the node's own output (an in-place op saving its own
/// tensor), which would otherwise keep itself alive.
#[derive(Clone)]
pub enum SavedMeta {
    Strong(Rc<meta::Meta>),
    Weak(Weak<meta::Meta>),
}

impl Saved {
    /// Saves an input of the node.
    pub fn new(t: &Tensor, producer: Option<String>) -> Saved {
        let meta = match &*t.autograd.borrow() {
            Some(Grad::Shared(m)) => Some(SavedMeta::Strong(m.clone())),
            _ => None,
        };
        let tensor = t.clone();
        *tensor.autograd.borrow_mut() = None;
        Saved { tensor, version: t.version(), producer, meta }
    }

    /// Saves the node's own output: named by the node forever.
    pub fn output(t: &Tensor, name: &str) -> Saved {
        let mut s = Saved::new(t, Some(name.to_string()));
        s.meta = None;
        s
    }

    /// Holds the metadata weakly when it is `own` (the node's output's).
    pub fn weak_if_own(mut self, own: Option<&Rc<meta::Meta>>) -> Saved {
        if let (Some(SavedMeta::Strong(m)), Some(o)) = (&self.meta, own)
            && Rc::ptr_eq(m, o)
        {
            self.meta = Some(SavedMeta::Weak(Rc::downgrade(m)));
        }
        self
    }

    /// The name of the node the version error mentions.
    pub fn current_producer(&self) -> Option<String> {
        let m = match &self.meta {
            Some(SavedMeta::Strong(m)) => Some(m.clone()),
            Some(SavedMeta::Weak(w)) => w.upgrade(),
            None => None,
        };
        let Some(m) = m else { return self.producer.clone() };
        match meta::resolve_meta(&m, self.tensor.version(), self.tensor.dtype) {
            Some(Grad::Node(n)) => Some(n.name.clone()),
            _ => None,
        }
    }
}

/// The formula a node applies to its output gradient.
#[derive(Debug, Clone)]
pub enum Formula {
    /// `a + b` / `a - b` (gradient negated for b when `sub`).
    AddSub { sub: bool, shapes: [Vec<usize>; 2] },
    /// `a * b` (saved a, b; a scalar operand has no edge).
    Mul { shapes: [Vec<usize>; 2] },
    /// `a / b` (saved a, b).
    Div { shapes: [Vec<usize>; 2] },
    /// `a ** e` for a Python number e (saved a).
    PowScalar { exp: f64 },
    /// `base ** a` for a Python number base (saved result).
    RPowScalar { base: f64 },
    Neg,
    /// `reciprocal()` (how PyTorch computes `scalar / tensor`), saved result.
    Reciprocal,
    /// exp, tanh, sigmoid, sqrt, relu: from the saved result.
    FromResult(&'static str),
    /// log, sin, cos, abs: from the saved input.
    FromInput(&'static str),
    /// Full `sum()` / `mean()` (`mean` divides by the count).
    SumAll { shape: Vec<usize>, mean: bool },
    /// `sum(dims, keepdim)` / `mean(dims, keepdim)`.
    SumDims { shape: Vec<usize>, dims: Vec<usize>, keepdim: bool, mean: bool },
    /// A view: the gradient flows back through the storage positions;
    /// `as_strided` for `as_strided` itself and a regenerated view
    /// ([`meta::AS_STRIDED_NODE`]), which take `as_strided_backward`.
    View { input: Layout, output: Layout, as_strided: bool },
    /// A view that picks elements by index (slice, select, narrow,
    /// diagonal, unfold, split, unbind): zeros of the input's `shape` with
    /// the gradient written through `map`, the op applied to a contiguous
    /// tensor of that shape ([`index_formulas`]).
    IndexView { shape: Vec<usize>, map: Layout },
    /// A shape view whose gradient is a view of the incoming one (`t`,
    /// `permute`, `view`, `unsqueeze`, `expand`, …).
    ViewGrad(view_formulas::ViewGrad),
    /// `_unsafe_view` (a reshape that copied, matmul's folds): `grad.reshape(shape)`.
    Reshape { shape: Vec<usize> },
    /// `clone()` / `contiguous()`.
    Identity,
    /// Advanced indexing `x[idx]` (`IndexBackward0`): zeros of the input's
    /// `shape` with the gradient added at the indexed positions, as
    /// PyTorch's `zeros_like(self).index_put_(indices, grad, accumulate=True)`.
    Index { shape: Vec<usize>, items: Vec<crate::engine::ops::advanced::AdvItem> },
    /// `x[idx] = v` (`IndexPutBackward0`): `x`'s gradient with zeros at the
    /// written positions, and `v`'s the gradient there, summed back to
    /// `value_shape` (the value was broadcast).
    IndexPut { items: Vec<crate::engine::ops::advanced::AdvItem>, value_shape: Vec<usize> },
    /// `to(dtype)`, `.cuda()`, `.cpu()`: the gradient converts back.
    ToCopy { dtype: DType, device: crate::engine::device::Device },
    /// `mm`, `bmm`, `mv`, `dot`: `need` says which inputs want a gradient;
    /// saved are `a` when `b` needs one, then `b` when `a` does (PyTorch
    /// saves only those); `a`/`b` are the inputs' layouts when called.
    Linalg { op: linalg_formulas::LinalgOp, need: [bool; 2], a: Layout, b: Layout },
    /// `where(cond, x, y)` (saved cond).
    Where { shapes: [Vec<usize>; 2] },
    /// `clamp(min, max)`: the gradient passes where min ≤ x ≤ max (saved x).
    Clamp { min: Option<f64>, max: Option<f64> },
    /// `cat(tensors, dim)`: the gradient is split back (sizes along dim, and
    /// each input's shape for legacy empty 1-D inputs).
    Cat { dim: usize, shapes: Vec<Vec<usize>> },
    /// `stack(tensors, dim)`: input i gets `g.select(dim, i)`.
    Stack { dim: usize, count: usize },
    /// `a ** b` for two tensors (saved a, b, result).
    PowTensor { shapes: [Vec<usize>; 2] },
    /// `var`/`std` over `dims` (all when None) (saved x; std also its result).
    VarStd { dims: Option<Vec<usize>>, correction: f64, keepdim: bool, std: bool },
    /// Full `prod()` (saved x).
    ProdAll,
    /// Full `max()`/`min()`: the gradient is shared evenly by the ties (saved x, result).
    MaxMinAll,
    /// `sort(dim)`: the gradient goes back to where each value came from (saved indices).
    Sort { dim: usize },
    /// `prod(dim, keepdim)` (saved x, result).
    ProdDim { dim: usize, keepdim: bool },
    /// `max(dim)`/`min(dim)` values: the gradient goes to the saved indices.
    IndexDim { dim: usize, keepdim: bool, shape: Vec<usize> },
    /// `a % b` (saved a, b): `g` for a, `-g * floor(a / b)` for b.
    Remainder { shapes: [Vec<usize>; 2] },
    /// `fill_`, `zero_`: zero for self, the summed gradient for a tensor value.
    Fill,
    /// The in-place random fills (`uniform_`, `random_`, `bernoulli_`, …):
    /// zero for self, and zeros of `p_shape` for a tensor of probabilities.
    RandomFill { p_shape: Option<Vec<usize>> },
    /// `copy_(src)`: zero for self, the gradient (summed to src's shape, in
    /// src's dtype and device) for src.
    Copy { shape: Vec<usize>, dtype: DType, device: crate::engine::device::Device },
    /// An in-place op on a view of a non-leaf: the base's gradient outside
    /// the view passes through, inside it goes through `inner` (whose other
    /// inputs' gradients are this node's other outputs).
    CopySlices { base: Layout, view: Layout, inner: Option<Rc<Node>> },
    /// A multi-output view op (`split`, `chunk`, `unbind`): one node for
    /// all outputs; the input's gradient is zeros of `shape` with each
    /// output's gradient written through its `maps` entry (outputs no
    /// gradient reached stay zero, as PyTorch's `cat`/`stack` of zeros).
    MultiView { shape: Vec<usize>, maps: Vec<Layout> },
    /// What an output of a multi-output view gets when its base changed in
    /// place: PyTorch refuses to regenerate its `grad_fn`. `op` is the
    /// view op's short name (`Split`), `nr` the output number.
    InvalidView { op: String, nr: usize },
    /// An op PyTorch has no derivative for (`floor_divide`, number `%` tensor):
    /// backward fails with PyTorch's message naming the aten op.
    NotImplemented(&'static str),
    /// An op whose gradient tsr does not compute yet.
    Unsupported,
    /// A backward formula written as a function (new ops add no variant):
    /// it gets the context, the node (for its saved tensors, `saved_tensor`)
    /// and the incoming gradient, and returns one gradient per edge.
    Fn(BackwardFn),
}

/// A backward formula's signature: context, node, incoming gradient →
/// one gradient per edge.
pub type BackwardFnType = dyn Fn(&crate::engine::Context, &Node, &Tensor) -> crate::engine::error::Result<Vec<Option<Tensor>>>;

/// The function behind [`Formula::Fn`].
#[derive(Clone)]
pub struct BackwardFn(pub Rc<BackwardFnType>);

impl BackwardFn {
    /// The [`Formula`] that runs `f` (not a `BackwardFn`: rows pass it to `record`).
    #[allow(clippy::new_ret_no_self)]
    pub fn new(f: impl Fn(&crate::engine::Context, &Node, &Tensor) -> crate::engine::error::Result<Vec<Option<Tensor>>> + 'static) -> Formula {
        Formula::Fn(BackwardFn(Rc::new(f)))
    }
}

impl std::fmt::Debug for BackwardFn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BackwardFn")
    }
}

/// Saved tensor `i` of `node` (as [`record`](crate) saved them, in order).
pub fn saved_tensor(node: &Node, i: usize) -> crate::engine::error::Result<Tensor> {
    formulas::saved(node, i)
}

pub struct Node {
    /// PyTorch's node name (`MulBackward0`).
    pub name: String,
    /// One entry per differentiable input; `None` for inputs that need no grad.
    pub next: Vec<Option<Edge>>,
    pub saved: RefCell<Vec<Saved>>,
    /// Whether the formula saved tensors (only those nodes fail a second backward).
    pub saves: bool,
    /// Set once backward ran without `retain_graph`.
    pub released: Cell<bool>,
    pub formula: Formula,
    /// Shape and dtype of the node's output (for zero gradients).
    pub out_shape: Vec<usize>,
    pub out_dtype: DType,
    /// Which of the formula's gradients have an entry in `next` (a pow or
    /// rsub with a Python number has no edge for the number).
    pub present: Vec<bool>,
    /// How many outputs the node has (more than 1 only for multi-output
    /// view ops); backward buffers one gradient per output.
    pub outputs: usize,
    /// The tensors whose `retain_grad()` hooks sit on this node, with the
    /// output each is: backward stores that output's incoming gradient in
    /// their `.grad` ([`retain`]).
    pub retain: RefCell<Vec<(usize, Weak<meta::Meta>)>>,
    /// `register_hook` on the tensors this node outputs: (output, hook id),
    /// in registration order. Backward runs them on the output's incoming
    /// gradient before the retain hooks and before the node ([`hooks`]).
    pub hooks: RefCell<Vec<(usize, u64)>>,
}

impl Drop for Node {
    /// Frees the graph iteratively: a chain of 100 000 nodes (`y = y * 1` on
    /// as many lines) recursed once per node when dropped (through `next`
    /// and through the saved inputs' grad_fn) and overflowed the stack.
    fn drop(&mut self) {
        let mut stack: Vec<Rc<Node>> = Vec::new();
        detach_children(self, &mut stack);
        while let Some(rc) = stack.pop() {
            if let Ok(mut node) = Rc::try_unwrap(rc) {
                detach_children(&mut node, &mut stack);
            }
        }
    }
}

/// Moves the nodes `node` links to (edges, saved tensors' grad_fn) onto `stack`.
fn detach_children(node: &mut Node, stack: &mut Vec<Rc<Node>>) {
    for edge in node.next.drain(..).flatten() {
        if let Edge::Node(n, _) = edge {
            stack.push(n);
        }
    }
    for saved in node.saved.get_mut().drain(..) {
        if let Some(Grad::Node(n)) = saved.tensor.autograd.borrow_mut().take() {
            stack.push(n);
        }
        if let Some(SavedMeta::Strong(m)) = saved.meta {
            meta::unlink(m, stack);
        }
    }
    if let Formula::CopySlices { inner, .. } = &mut node.formula
        && let Some(n) = inner.take()
    {
        stack.push(n);
    }
}

/// A tensor's autograd state. `Tensor::grad_state` resolves `Shared` to
/// the current `Leaf` or `Node`, so consumers only see those two.
#[derive(Clone)]
pub enum Grad {
    Leaf(Rc<LeafGrad>),
    Node(Rc<Node>),
    /// State that in-place ops rewrite for every handle (non-leaves, views).
    Shared(Rc<meta::Meta>),
}

impl Grad {
    /// The edge a consumer of a tensor in this state links to (prefer
    /// [`edge_of`], which also checks the tensor is usable).
    pub fn edge(&self) -> Option<Edge> {
        match self {
            Grad::Leaf(l) => Some(Edge::Leaf(l.clone())),
            Grad::Node(n) => Some(Edge::Node(n.clone(), 0)),
            Grad::Shared(m) => match m.state.borrow().as_ref()? {
                Grad::Node(n) => Some(Edge::Node(n.clone(), m.output_nr.get())),
                g => g.edge(),
            },
        }
    }
}

/// PyTorch's short op name in version-counter errors (`Exp` for ExpBackward0).
pub fn short_name(node: &str) -> &str {
    node.find("Backward").map(|i| &node[..i]).unwrap_or(node)
}

/// How PyTorch's saved-tensor version error names the node that produced
/// the tensor: a generated node without `Backward` and without a trailing
/// `0` (`MulBackward0` → `Mul`, `PowBackward1` → `Pow1`); other nodes by
/// their C++ class (`torch::autograd::CopySlices`).
pub fn version_error_name(node: &str) -> String {
    match node.find("Backward") {
        Some(i) => {
            let rest = &node[i + "Backward".len()..];
            format!("{}{}", &node[..i], if rest == "0" { "" } else { rest })
        }
        None => format!("torch::autograd::{node}"),
    }
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<{} object>", self.name)
    }
}

impl std::fmt::Debug for LeafGrad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<AccumulateGrad object>")
    }
}
