//! `x.storage()`: PyTorch's `TypedStorage`, the deprecated typed view of a
//! tensor's untyped storage. Each call makes a fresh wrapper (so
//! `x.storage() is x.storage()` is False, where `x.untyped_storage()` is one
//! object), warns once per session, and covers the whole storage whatever
//! the tensor's offset (`x[1:].storage().size()` is the base's size).

use std::rc::Rc;

use crate::engine::storage::Storage;
use crate::engine::{scalar, DType, ErrorKind, Scalar};
use crate::lang::span::Span;

use super::error::{EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

#[derive(Debug)]
pub struct TypedStorage {
    pub storage: Rc<Storage>,
    pub dtype: DType,
}

/// PyTorch's `_warn_typed_storage_removal` text (once per process).
pub const DEPRECATED: &str = "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()";

/// `x.storage()`.
pub fn of(it: &mut Interp, storage: &Rc<Storage>, dtype: DType, span: Span) -> Value {
    it.warn_once(DEPRECATED, span);
    Value::TypedStorage(Rc::new(TypedStorage { storage: storage.clone(), dtype }))
}

impl TypedStorage {
    pub fn len(&self) -> usize {
        self.storage.nbytes() / self.dtype.size()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Element `i` as a Python number.
    pub fn get(&self, i: usize) -> Scalar {
        let b = self.storage.bytes();
        scalar::read(self.dtype, b.bytes(), i).unwrap_or(Scalar::Int(0))
    }
}

/// `str(s)` / `repr(s)`: every element on its own line, then the type.
pub fn text(s: &TypedStorage) -> String {
    let n = s.len();
    let items: Vec<String> = (0..n).map(|i| super::py::repr::str(&Value::from_scalar(python_scalar(s.dtype, s.get(i))))).collect();
    format!(" {}\n[torch.storage.TypedStorage(dtype={}, device={}) of size {n}]", items.join("\n "), s.dtype, s.storage.device)
}

/// An element as Python gets it: a float for floating dtypes, a bool for
/// bool, else an int.
pub fn python_scalar(d: DType, v: Scalar) -> Scalar {
    if d.is_floating() {
        Scalar::Float(v.as_f64())
    } else {
        v
    }
}

pub fn attr(s: &Rc<TypedStorage>, name: &str) -> Option<Value> {
    Some(match name {
        "dtype" => Value::DType(s.dtype),
        "device" => Value::Device(s.storage.device.into()),
        "is_cuda" => Value::Bool(s.storage.device.is_cuda()),
        _ => return None,
    })
}

pub const METHODS: &[&str] = &["size", "nbytes", "data_ptr", "element_size", "tolist", "untyped", "is_pinned", "is_shared", "type"];

pub fn method(s: &Rc<TypedStorage>, name: &str, pos: &[Value], span: Span) -> EvalResult<Value> {
    if !pos.is_empty() {
        return Err(EvalError::type_error(format!("TypedStorage.{name}() takes no arguments ({} given)", pos.len()), span));
    }
    Ok(match name {
        "size" => Value::Int(s.len() as i64),
        "nbytes" => Value::Int(s.storage.nbytes() as i64),
        "data_ptr" => Value::Int(s.storage.data_ptr() as i64),
        "element_size" => Value::Int(s.dtype.size() as i64),
        "tolist" => Value::list((0..s.len()).map(|i| Value::from_scalar(python_scalar(s.dtype, s.get(i)))).collect()),
        "untyped" => Value::Storage(s.storage.clone()),
        "is_pinned" => Value::Bool(s.storage.pinned()),
        "is_shared" => Value::Bool(s.storage.shared()),
        "type" => Value::Str(format!("torch.{}", super::super::io::pickle::read::storage_class(s.dtype))),
        _ => return Err(EvalError::new(ErrorKind::AttributeError, format!("'TypedStorage' object has no attribute '{name}'"), span)),
    })
}

/// `s[i] = v`: a write into the storage every view of it sees.
pub fn set(s: &TypedStorage, i: i64, v: &Value, span: Span) -> EvalResult<()> {
    let n = s.len() as i64;
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(EvalError::new(ErrorKind::IndexError, format!("index {i} out of range for storage of size {n}"), span));
    }
    let x = v.as_scalar().ok_or_else(|| EvalError::type_error(format!("can't assign a {} to a scalar value of type {}", v.type_name(), s.dtype), span))?;
    {
        let mut g = s.storage.bytes_mut();
        scalar::write(s.dtype, g.bytes_mut(), j as usize, x);
    }
    s.storage.bump_version();
    Ok(())
}

/// `s[i]`.
pub fn index(s: &TypedStorage, i: i64, span: Span) -> EvalResult<Value> {
    let n = s.len() as i64;
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(EvalError::new(ErrorKind::IndexError, format!("index {i} out of range for storage of size {n}"), span));
    }
    Ok(Value::from_scalar(python_scalar(s.dtype, s.get(j as usize))))
}
