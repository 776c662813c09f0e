//! `storage x`: the untyped storage behind a tensor, every live binding that
//! views it, and how much of it no live binding can reach.

use std::rc::Rc;

use serde::Serialize;

use crate::engine::alloc::host::CPU_ALIGNMENT;
use crate::engine::storage::Storage;
use crate::engine::{Device, Tensor};

use super::Named;

#[derive(Debug, Clone, Serialize)]
pub struct StorageReport {
    /// The expression as written (`x`, `x.untyped_storage()`).
    pub name: String,
    pub id: u64,
    pub device: String,
    pub nbytes: usize,
    /// The dtype the element count is measured in (the tensor's); `None`
    /// for an untyped storage given directly.
    pub dtype: Option<String>,
    pub element_size: Option<usize>,
    /// `nbytes / element_size`: how many elements of `dtype` fit.
    pub elements: Option<usize>,
    pub data_ptr: u64,
    pub allocator: String,
    /// The version counter (bumped by every in-place write through any view).
    pub version: u64,
    /// The live bindings on this storage, plus the inspected expression
    /// itself when it is not a binding (`binding: false`).
    pub views: Vec<StorageView>,
    /// Bytes inside the footprint of at least one live binding.
    pub reachable_bytes: usize,
    /// Bytes no live binding can reach: memory kept alive for nothing.
    pub unreachable_bytes: usize,
}

/// One tensor viewing the storage.
#[derive(Debug, Clone, Serialize)]
pub struct StorageView {
    pub name: String,
    /// False for an expression that no binding holds (gone after this statement).
    pub binding: bool,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub offset: usize,
    pub dtype: String,
    pub numel: usize,
    /// Lowest and highest storage element (in this view's dtype) it can
    /// reach; `None` when it has no elements.
    pub footprint: Option<[usize; 2]>,
    /// The same range in bytes, `[start, end)`.
    pub bytes: Option<[usize; 2]>,
}

/// The allocator behind a device's storages.
pub fn allocator_name(device: Device) -> String {
    match device {
        Device::Cpu => format!("cpu ({CPU_ALIGNMENT}-byte aligned)"),
        Device::Cuda(i) => format!("cuda:{i} (caching allocator)"),
    }
}

fn view_of(name: &str, t: &Tensor, binding: bool) -> StorageView {
    let fp = super::footprint(t);
    let size = t.dtype.size();
    StorageView {
        name: name.to_string(),
        binding,
        shape: t.shape().to_vec(),
        stride: t.stride().to_vec(),
        offset: t.layout().offset,
        dtype: t.dtype.name().to_string(),
        numel: t.numel(),
        footprint: fp,
        bytes: fp.map(|[lo, hi]| [lo.saturating_mul(size), hi.saturating_add(1).saturating_mul(size)]),
    }
}

/// Builds the report for `storage`, reached through `name`; `subject` is the
/// tensor the expression evaluated to (if it was a tensor).
pub fn build(name: &str, storage: &Rc<Storage>, subject: Option<&Rc<Tensor>>, live: &[Named]) -> StorageReport {
    let mut views: Vec<StorageView> = vec![];
    if let Some(t) = subject.filter(|t| !live.iter().any(|n| Rc::ptr_eq(&n.tensor, t))) {
        views.push(view_of(name, t, false));
    }
    for n in live.iter().filter(|n| Rc::ptr_eq(&n.tensor.storage, storage)) {
        views.push(view_of(&n.name, &n.tensor, true));
    }
    let mut ranges: Vec<[usize; 2]> = views.iter().filter(|v| v.binding).filter_map(|v| v.bytes).collect();
    ranges.sort();
    let mut reachable = 0usize;
    let mut covered_to = 0usize;
    for [lo, hi] in ranges {
        let (lo, hi) = (lo.max(covered_to), hi.min(storage.nbytes()));
        if hi > lo {
            reachable += hi - lo;
            covered_to = hi;
        }
    }
    let dtype = subject.map(|t| t.dtype);
    StorageReport {
        name: name.to_string(),
        id: storage.id,
        device: storage.device.to_string(),
        nbytes: storage.nbytes(),
        dtype: dtype.map(|d| d.name().to_string()),
        element_size: dtype.map(|d| d.size()),
        elements: dtype.map(|d| storage.nbytes() / d.size()),
        data_ptr: storage.data_ptr(),
        allocator: if storage.pinned() || storage.shared() { storage.allocator_name().to_string() } else { allocator_name(storage.device) },
        version: storage.version(),
        views,
        reachable_bytes: reachable,
        unreachable_bytes: storage.nbytes() - reachable,
    }
}
