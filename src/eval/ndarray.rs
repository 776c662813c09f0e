//! The NumPy bridge: an `ndarray` value that is a view of a tsr storage.
//!
//! `t.numpy()`, `np.asarray(t)` and `torch.from_numpy(n)` share memory
//! (writes through either side are seen by the other); `torch.tensor(n)`
//! and `np.array(t)` copy. An array keeps the tensor header
//! `torch.from_numpy` would give it (`view`), so NumPy's byte strides are
//! that header's strides times the item size, and every report that shows
//! tensors shows arrays beside them on the same storage.

use std::rc::Rc;

use crate::engine::layout::{is_contiguous, is_fortran_contiguous};
use crate::engine::{DType, ErrorKind, Tensor};
use crate::lang::span::Span;

use super::error::{EvalError, EvalResult};
use super::value::Value;

#[derive(Debug)]
pub struct NdArray {
    /// The header `torch.from_numpy(a)` has: storage, shape, strides and
    /// offset in elements.
    pub view: Tensor,
    /// `a.base`: the object whose memory this array views (a tensor for
    /// `t.numpy()`, the array for `a.T`), or None when it owns its data.
    pub base: Option<Value>,
    pub owndata: bool,
}

impl NdArray {
    /// An array that owns its memory (`np.load`, `np.array`).
    pub fn owning(view: Tensor) -> NdArray {
        NdArray { view, base: None, owndata: true }
    }

    /// `t.numpy()` / `np.asarray(t)`: a view of `t`'s memory whose base is
    /// a tensor aliasing `t` (as in PyTorch: not `t` itself).
    pub fn of_tensor(t: &Tensor) -> NdArray {
        let alias = t.view_as_layout(t.layout().clone(), "numpy()");
        NdArray { view: t.view_as_layout(t.layout().clone(), "numpy()"), base: Some(Value::tensor(alias)), owndata: false }
    }

    pub fn itemsize(&self) -> usize {
        self.view.dtype.size()
    }
    /// NumPy's strides, in bytes.
    pub fn strides(&self) -> Vec<i64> {
        self.view.stride().iter().map(|&s| (s * self.itemsize()) as i64).collect()
    }
    /// NumPy's contiguity flags (a dimension of size 1 never matters; an
    /// empty array is both).
    pub fn c_contiguous(&self) -> bool {
        self.view.numel() == 0 || is_contiguous(self.view.shape(), self.view.stride())
    }
    pub fn f_contiguous(&self) -> bool {
        self.view.numel() == 0 || is_fortran_contiguous(self.view.shape(), self.view.stride()) || self.view.ndim() <= 1 && self.c_contiguous()
    }
    /// `a.ctypes.data`: the address of the first element.
    pub fn data_address(&self) -> u64 {
        self.view.data_ptr()
    }
}

/// NumPy's dtype name for a tsr dtype (`np.dtype('float32')`).
pub fn numpy_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "bool",
        other => other.name(),
    }
}

/// `Tensor.numpy()`'s refusals.
pub fn check_numpy(t: &Tensor, span: Span) -> EvalResult<()> {
    if t.requires_grad() {
        return Err(EvalError::new(ErrorKind::RuntimeError, "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.", span));
    }
    if t.device().is_cuda() {
        return Err(EvalError::type_error(format!("can't convert {} device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.", t.device()), span));
    }
    if t.dtype == DType::BFloat16 {
        return Err(EvalError::type_error("Got unsupported ScalarType BFloat16", span));
    }
    Ok(())
}

/// `torch.from_numpy(a)`: a tensor on the array's memory.
pub fn to_tensor(a: &NdArray) -> Tensor {
    a.view.view_as_layout(a.view.layout().clone(), "from_numpy")
}

/// `a.flags`, as NumPy prints it.
pub fn flags_text(a: &NdArray) -> String {
    let b = |x: bool| if x { "True" } else { "False" };
    format!(
        "  C_CONTIGUOUS : {}\n  F_CONTIGUOUS : {}\n  OWNDATA : {}\n  WRITEABLE : True\n  ALIGNED : True\n  WRITEBACKIFCOPY : False\n",
        b(a.c_contiguous()),
        b(a.f_contiguous()),
        b(a.owndata)
    )
}

/// One of `a.flags`' entries, by NumPy's key or attribute name.
pub fn flag(a: &NdArray, key: &str, span: Span) -> EvalResult<Value> {
    Ok(Value::Bool(match key {
        "C_CONTIGUOUS" | "C" | "c_contiguous" | "contiguous" => a.c_contiguous(),
        "F_CONTIGUOUS" | "F" | "f_contiguous" | "fortran" => a.f_contiguous() && !(a.c_contiguous() && a.view.ndim() > 1 && key == "fortran"),
        "OWNDATA" | "O" | "owndata" => a.owndata,
        "WRITEABLE" | "W" | "writeable" | "ALIGNED" | "A" | "aligned" => true,
        "WRITEBACKIFCOPY" | "X" | "writebackifcopy" => false,
        _ => return Err(EvalError::new(ErrorKind::KeyError, format!("Unknown flag {}", super::py::repr::repr(&Value::str(key))), span)),
    }))
}

/// `np.shares_memory(a, b)` (exact) / `np.may_share_memory(a, b)` (by
/// extents): tsr decides both from the storages and the byte ranges.
pub fn shares_memory(a: &Tensor, b: &Tensor, exact: bool) -> bool {
    if !Rc::ptr_eq(&a.storage, &b.storage) || a.numel() == 0 || b.numel() == 0 {
        return false;
    }
    let (Some((alo, ahi)), Some((blo, bhi))) = (a.layout().footprint(), b.layout().footprint()) else { return false };
    let (sa, sb) = (a.dtype.size(), b.dtype.size());
    let (alo, ahi, blo, bhi) = (alo * sa, (ahi + 1) * sa, blo * sb, (bhi + 1) * sb);
    if ahi <= blo || bhi <= alo {
        return false;
    }
    if !exact {
        return true;
    }
    // Exact: some byte both reach (small arrays enumerate; large ones use extents).
    const ENUMERATE: usize = 1 << 20;
    if a.numel() > ENUMERATE || b.numel() > ENUMERATE {
        return true;
    }
    let bytes = |t: &Tensor| -> std::collections::HashSet<usize> {
        let s = t.dtype.size();
        crate::engine::strided::StridedIndex::new(t.layout()).flat_map(|e| e * s..(e + 1) * s).collect()
    };
    let sa = bytes(a);
    crate::engine::strided::StridedIndex::new(b.layout()).any(|e| (e * sb..(e + 1) * sb).any(|x| sa.contains(&x)))
}

/// `repr(a)`: NumPy's `array_repr`.
pub fn repr(a: &NdArray) -> String {
    numpy_text(a, true)
}

/// `str(a)` / `print(a)`: NumPy's `array_str`.
pub fn str_text(a: &NdArray) -> String {
    numpy_text(a, false)
}

fn numpy_text(a: &NdArray, as_repr: bool) -> String {
    use crate::render::ndarray_repr::{array_repr, array_str, NdData, NdView};
    let vals = a.view.to_scalars();
    let shape = a.view.shape().to_vec();
    let dtype = numpy_name(a.view.dtype);
    let (bools, ints, uints, floats): (Vec<bool>, Vec<i64>, Vec<u64>, Vec<f64>);
    let data = match a.view.dtype {
        DType::Bool => {
            bools = vals.iter().map(|v| v.as_bool()).collect();
            NdData::Bool(&bools)
        }
        DType::UInt8 => {
            uints = vals.iter().map(|v| v.as_f64() as u64).collect();
            NdData::UInt(&uints)
        }
        d if d.is_floating() => {
            floats = vals.iter().map(|v| v.as_f64()).collect();
            NdData::Float(&floats)
        }
        _ => {
            ints = vals.iter().map(|v| match v {
                crate::engine::Scalar::Int(i) => *i,
                other => other.as_f64() as i64,
            }).collect();
            NdData::Int(&ints)
        }
    };
    let v = NdView::new(&shape, data, dtype);
    if as_repr { array_repr(&v) } else { array_str(&v) }
}
