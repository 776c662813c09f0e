//! The tensor header: shape, stride, offset and dtype over a shared storage.
//!
//! Invariants:
//! - A view never allocates: it is a new `Tensor` holding a clone of the same
//!   `Rc<Storage>` and a layout computed by `layout.rs`.
//! - Every element a tensor can reach lies inside its storage (checked when a
//!   layout is attached by `as_strided`; other view ops preserve it).

use std::cell::RefCell;
use std::rc::Rc;

use super::autograd::Grad;

use super::context::Context;
use super::device::Device;
use super::dtype::DType;
use super::error::{EngineError, Result};
use super::header::Header;
use super::layout::{checked_numel, Layout};
use super::scalar::{self, Scalar};
use super::storage::Storage;
use super::strided::{flat_to_storage, StridedIndex};

/// One step in a tensor's history, from the allocating tensor to this one.
#[derive(Debug, Clone)]
pub struct Step {
    /// The operation as written, e.g. `t()`, `view(12)`, `reshape(12)`.
    pub op: String,
    pub before: Option<Layout>,
    pub after: Layout,
    pub storage: u64,
    /// True when this step allocated a new storage and copied data into it.
    pub copied: bool,
    pub prev: Option<Rc<Step>>,
}

impl Drop for Step {
    /// Unlinks the history iteratively: dropping a chain of a million views
    /// (`x = x.t()` on a million lines) recursed once per step and overflowed
    /// the stack.
    fn drop(&mut self) {
        let mut prev = self.prev.take();
        while let Some(rc) = prev {
            match Rc::try_unwrap(rc) {
                Ok(mut step) => prev = step.prev.take(),
                Err(_) => break,
            }
        }
    }
}

#[derive(Clone)]
pub struct Tensor {
    pub storage: Rc<Storage>,
    /// Shape, stride and offset: changed in place only by the in-place view ops.
    pub header: Header,
    pub dtype: DType,
    /// Autograd state: none, a leaf that requires grad, or its grad_fn node.
    pub autograd: RefCell<Option<Grad>>,
    /// The history shown by `lineage`; the in-place view ops add a step.
    pub lineage: RefCell<Option<Rc<Step>>>,
    /// A `torch.nn.Parameter` (only loaded ones: a view or result of one
    /// is a plain tensor, as in PyTorch).
    pub parameter: bool,
    /// PyTorch's `_base`: the tensor a view op's result views (the root: a
    /// view of a view holds the first tensor), set by the evaluator, which
    /// knows the tensors as values. `None` for every other tensor.
    pub view_base: RefCell<Option<Rc<Tensor>>>,
}

impl std::fmt::Debug for Tensor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tensor")
            .field("storage", &self.storage.id)
            .field("layout", &self.layout())
            .field("dtype", &self.dtype)
            .finish()
    }
}

impl Tensor {
    /// A new contiguous, zero-filled tensor in a fresh storage. `op` names the
    /// factory for the lineage (`arange(12)`).
    pub fn alloc(ctx: &Context, shape: &[usize], dtype: DType, op: &str) -> Result<Tensor> {
        Self::alloc_on(ctx, Device::Cpu, shape, dtype, op)
    }

    /// [`Tensor::alloc`] on `device`.
    pub fn alloc_on(ctx: &Context, device: Device, shape: &[usize], dtype: DType, op: &str) -> Result<Tensor> {
        let numel = checked_numel(shape)?;
        let nbytes = numel.checked_mul(dtype.size()).ok_or_else(|| {
            EngineError::runtime(format!(
                "Storage size calculation overflowed with sizes={}",
                super::error::fmt_list(shape)
            ))
        })?;
        let storage = Storage::allocate_on(ctx, device, nbytes, op)?;
        let layout = Layout::contiguous(shape);
        let lineage = Some(Rc::new(Step {
            op: op.to_string(),
            before: None,
            after: layout.clone(),
            storage: storage.id,
            copied: true,
            prev: None,
        }));
        Ok(Tensor { storage, header: Header::new(layout), dtype, autograd: RefCell::new(None), lineage: RefCell::new(lineage), parameter: false, view_base: RefCell::new(None) })
    }

    /// A tensor with the given strides in a fresh storage just big enough.
    pub fn alloc_strided(ctx: &Context, shape: &[usize], stride: &[usize], dtype: DType, op: &str) -> Result<Tensor> {
        Self::alloc_strided_on(ctx, Device::Cpu, shape, stride, dtype, op)
    }

    /// [`Tensor::alloc_strided`] on `device`.
    pub fn alloc_strided_on(ctx: &Context, device: Device, shape: &[usize], stride: &[usize], dtype: DType, op: &str) -> Result<Tensor> {
        let l = Layout { shape: shape.to_vec(), stride: stride.to_vec(), offset: 0 };
        checked_numel(shape)?;
        let elems = l.footprint().map(|(_, hi)| hi + 1).unwrap_or(0);
        let mut t = Tensor::alloc_on(ctx, device, &[elems], dtype, op)?;
        t.relayout(l.clone());
        if let Some(step) = t.lineage() {
            let mut s = (*step).clone();
            s.after = l;
            t.lineage = RefCell::new(Some(Rc::new(s)));
        }
        Ok(t)
    }

    /// Builds a tensor from row-major values (cast to `dtype`).
    pub fn from_scalars(ctx: &Context, shape: &[usize], dtype: DType, values: &[Scalar], op: &str) -> Result<Tensor> {
        Self::from_scalars_on(ctx, Device::Cpu, shape, dtype, values, op)
    }

    /// [`Tensor::from_scalars`] on `device`.
    pub fn from_scalars_on(ctx: &Context, device: Device, shape: &[usize], dtype: DType, values: &[Scalar], op: &str) -> Result<Tensor> {
        let t = Tensor::alloc_on(ctx, device, shape, dtype, op)?;
        {
            let mut buf = t.storage.bytes_mut();
            let bytes = buf.bytes_mut();
            for (i, v) in values.iter().enumerate() {
                scalar::write(dtype, bytes, i, *v);
            }
        }
        Ok(t)
    }

    /// A view of the same storage with a new layout. Never allocates.
    pub fn view_as_layout(&self, layout: Layout, op: &str) -> Tensor {
        let lineage = Some(Rc::new(Step {
            op: op.to_string(),
            before: Some(self.layout().clone()),
            after: layout.clone(),
            storage: self.storage.id,
            copied: false,
            prev: self.lineage(),
        }));
        Tensor { storage: self.storage.clone(), header: Header::new(layout), dtype: self.dtype, autograd: RefCell::new(None), lineage: RefCell::new(lineage), parameter: false, view_base: RefCell::new(None) }
    }

    /// A tensor with `layout` over an existing `storage` (one read from a
    /// file). Refuses a layout that reaches past the storage's end, so no
    /// header from a file can read out of bounds.
    pub fn on_storage(storage: Rc<Storage>, layout: Layout, dtype: DType, op: &str) -> Result<Tensor> {
        super::layout::check_numel(&layout.shape)?;
        if let Some((_, hi)) = layout.footprint() {
            let needed = (hi as u128 + 1) * dtype.size() as u128;
            if hi == usize::MAX || needed > storage.nbytes() as u128 {
                return Err(EngineError::runtime(format!(
                    "setStorage: sizes {}, strides {}, storage offset {}, and itemsize {} requiring a storage size of {needed} are out of bounds for storage of size {}",
                    super::error::fmt_list(&layout.shape),
                    super::error::fmt_list(&layout.stride),
                    layout.offset,
                    dtype.size(),
                    storage.nbytes()
                )));
            }
        }
        let lineage = Some(Rc::new(Step { op: op.to_string(), before: None, after: layout.clone(), storage: storage.id, copied: true, prev: None }));
        Ok(Tensor { storage, header: Header::new(layout), dtype, autograd: RefCell::new(None), lineage: RefCell::new(lineage), parameter: false, view_base: RefCell::new(None) })
    }

    /// Marks `self` (a fresh copy) as produced from `src` by `op`.
    pub fn with_copy_lineage(mut self, src: &Tensor, op: &str) -> Tensor {
        self.lineage = RefCell::new(Some(Rc::new(Step {
            op: op.to_string(),
            before: Some(src.layout().clone()),
            after: self.layout().clone(),
            storage: self.storage.id,
            copied: true,
            prev: src.lineage(),
        })));
        self
    }

    /// The history shown by `lineage`, newest step first.
    pub fn lineage(&self) -> Option<Rc<Step>> {
        self.lineage.borrow().clone()
    }

    /// Gives a tensor this code owns (not yet shared) a new layout.
    pub fn relayout(&mut self, layout: Layout) {
        self.header = Header::new(layout);
    }

    /// Shape, stride and offset now.
    pub fn layout(&self) -> &Layout {
        self.header.get()
    }
    pub fn shape(&self) -> &[usize] {
        &self.layout().shape
    }
    pub fn stride(&self) -> &[usize] {
        &self.layout().stride
    }
    pub fn ndim(&self) -> usize {
        self.layout().ndim()
    }
    pub fn numel(&self) -> usize {
        self.layout().numel()
    }
    pub fn device(&self) -> Device {
        self.storage.device
    }
    pub fn is_contiguous(&self) -> bool {
        self.layout().is_contiguous()
    }
    /// `data_ptr()`: storage address plus offset in bytes (0 when empty storage).
    pub fn data_ptr(&self) -> u64 {
        let base = self.storage.data_ptr();
        if base == 0 {
            return 0;
        }
        base + (self.layout().offset * self.dtype.size()) as u64
    }
    pub fn version(&self) -> u64 {
        self.storage.version()
    }
    /// True unless an autograd node produced this tensor.
    pub fn is_leaf(&self) -> bool {
        !matches!(self.grad_state(), Some(Grad::Node(_)))
    }
    pub fn requires_grad(&self) -> bool {
        self.grad_state().is_some()
    }
    /// PyTorch's name of the node that produced this tensor (`MulBackward0`).
    pub fn grad_fn(&self) -> Option<String> {
        match self.grad_state() {
            Some(Grad::Node(n)) => Some(n.name.clone()),
            _ => None,
        }
    }
    /// The current autograd state: `None`, a leaf or a node (a view whose
    /// base changed in place gets its regenerated node).
    pub fn grad_state(&self) -> Option<Grad> {
        super::autograd::meta::resolve(self)
    }
    /// Itself when contiguous, else a contiguous copy.
    pub fn contiguous_or_self(&self, ctx: &Context) -> Result<Tensor> {
        Ok(super::ops::copy::contiguous(ctx, self)?.unwrap_or_else(|| self.clone()))
    }
    pub fn same_storage(&self, other: &Tensor) -> bool {
        Rc::ptr_eq(&self.storage, &other.storage)
    }

    /// The element at row-major flat index `flat`.
    pub fn get_flat(&self, flat: usize) -> Scalar {
        let idx = flat_to_storage(self.layout(), flat);
        let buf = self.storage.bytes();
        scalar::read(self.dtype, buf.bytes(), idx).unwrap_or(Scalar::Int(0))
    }

    /// All elements in row-major logical order.
    pub fn to_scalars(&self) -> Vec<Scalar> {
        let buf = self.storage.bytes();
        let bytes = buf.bytes();
        StridedIndex::new(self.layout())
            .map(|i| scalar::read(self.dtype, bytes, i).unwrap_or(Scalar::Int(0)))
            .collect()
    }

    /// `item()`: the single element of a one-element tensor.
    pub fn item(&self) -> Result<Scalar> {
        if self.numel() != 1 {
            return Err(EngineError::runtime(format!(
                "a Tensor with {} elements cannot be converted to Scalar",
                self.numel()
            )));
        }
        Ok(self.get_flat(0))
    }
}
