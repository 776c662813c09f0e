//! Python's `repr()` of language values, and the suffix rules that decide
//! which `dtype=`/`device=`/`grad_fn=` parts a tensor repr shows.

use crate::engine::{DType, Device, Tensor};
pub use crate::report::pyfloat::{py_float, scalar_text};
use super::repr::{tensor_repr, PrintOptions, ReprKind, ReprSource};

struct TensorSource<'a>(&'a Tensor);

impl ReprSource for TensorSource<'_> {
    fn shape(&self) -> &[usize] {
        self.0.shape()
    }
    fn kind(&self) -> ReprKind {
        match self.0.dtype {
            DType::Bool => ReprKind::Bool,
            d if d.is_floating() => ReprKind::Float,
            _ => ReprKind::Int,
        }
    }
    fn get_f64(&self, flat: usize) -> f64 {
        self.0.get_flat(flat).as_f64()
    }
    fn get_i64(&self, flat: usize) -> i64 {
        self.0.get_flat(flat).as_i64()
    }
    fn get_bool(&self, flat: usize) -> bool {
        self.0.get_flat(flat).as_bool()
    }
}

/// PyTorch's `repr(tensor)`.
/// `repr(t)` printed with `opts` (the session's `set_printoptions`).
pub fn tensor_text(t: &Tensor, opts: &PrintOptions) -> String {
    if t.parameter {
        // torch.nn.Parameter.__repr__
        let plain = Tensor { parameter: false, ..t.clone() };
        return format!("Parameter containing:\n{}", tensor_text(&plain, opts));
    }
    let mut suffixes = Vec::new();
    if let Device::Cuda(i) = t.device() {
        suffixes.push(format!("device='cuda:{i}'"));
    }
    let empty = t.numel() == 0;
    let default_dtype = t.dtype == DType::default_float() || matches!(t.dtype, DType::Int64 | DType::Bool);
    if (empty && t.dtype != DType::default_float()) || (!empty && !default_dtype) {
        suffixes.push(format!("dtype={}", t.dtype));
    }
    if let Some(g) = t.grad_fn() {
        suffixes.push(format!("grad_fn=<{g}>"));
    } else if t.requires_grad() {
        suffixes.push("requires_grad=True".to_string());
    }
    tensor_repr(&TensorSource(t), &suffixes, opts)
}

