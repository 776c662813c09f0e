//! `inspect`: every header field of a tensor and of its storage.

use serde::Serialize;

use crate::engine::layout::contiguous_strides;
use crate::engine::Tensor;

use super::values::tensor_values;

/// Tensors with at most this many elements carry their `values` in JSON.
pub const VALUES_LIMIT: usize = 1000;

#[derive(Debug, Clone, Serialize)]
pub struct StorageInfo {
    pub id: u64,
    pub data_ptr: u64,
    pub nbytes: usize,
    pub device: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct GradInfo {
    pub storage: u64,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub data_ptr: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct TensorReport {
    pub name: String,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub storage_offset: usize,
    pub dtype: String,
    pub device: String,
    pub element_size: usize,
    pub numel: usize,
    pub data_ptr: u64,
    pub is_contiguous: bool,
    /// Row-major strides the tensor would need to be contiguous (only when it is not).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contiguous_stride: Option<Vec<usize>>,
    pub storage: StorageInfo,
    /// True when the device is tsr's simulated CUDA device (tables say so).
    #[serde(skip)]
    pub simulated: bool,
    /// Other live bindings whose tensors view the same storage.
    pub shared_with: Vec<String>,
    pub requires_grad: bool,
    pub is_leaf: bool,
    pub grad_fn: Option<String>,
    /// The tensor's `.grad` (a leaf's, or a non-leaf's retained one): its
    /// storage and shape (null when there is none).
    pub grad: Option<GradInfo>,
    pub version: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<serde_json::Value>,
}

/// Builds the report for `t`, shown as `name`; `bindings` are the session's
/// live tensors (name, tensor), used to list who else shares the storage.
pub fn tensor_report<'a>(name: &str, t: &Tensor, bindings: impl Iterator<Item = (&'a str, &'a Tensor)>) -> TensorReport {
    let shared_with = bindings
        .filter(|(n, other)| *n != name && other.same_storage(t))
        .map(|(n, _)| n.to_string())
        .collect();
    let contiguous = t.is_contiguous();
    TensorReport {
        name: name.to_string(),
        shape: t.shape().to_vec(),
        stride: t.stride().to_vec(),
        storage_offset: t.layout().offset,
        dtype: t.dtype.name().to_string(),
        device: t.device().to_string(),
        element_size: t.dtype.size(),
        numel: t.numel(),
        data_ptr: t.data_ptr(),
        is_contiguous: contiguous,
        contiguous_stride: (!contiguous).then(|| contiguous_strides(t.shape())),
        storage: StorageInfo {
            id: t.storage.id,
            data_ptr: t.storage.data_ptr(),
            nbytes: t.storage.nbytes(),
            device: t.device().to_string(),
        },
        shared_with,
        simulated: t.device().is_cuda() && t.storage.allocator_name().contains("simulated"),
        requires_grad: t.requires_grad(),
        is_leaf: t.is_leaf(),
        grad_fn: t.grad_fn(),
        grad: crate::engine::autograd::retain::grad_of(t).map(|g| GradInfo {
            storage: g.storage.id,
            shape: g.shape().to_vec(),
            stride: g.stride().to_vec(),
            data_ptr: g.data_ptr(),
        }),
        version: t.version(),
        values: super::values::values_are_small(t.shape()).then(|| tensor_values(t)),
    }
}
