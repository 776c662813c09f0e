//! Values of the language: Python scalars and containers, dtypes, devices,
//! and tensors (shared by `Rc`, so `y = x` binds the same tensor object).

use std::rc::Rc;

use crate::engine::{DType, Device, Scalar, Tensor};

#[derive(Debug, Clone)]
pub enum Value {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Tuple(Vec<Value>),
    List(Vec<Value>),
    /// `torch.Size([3, 4])`.
    Size(Vec<usize>),
    DType(DType),
    Device(Device),
    /// `torch.contiguous_format`, `torch.channels_last`, …
    MemoryFormat(&'static str),
    Dict(Vec<(String, Value)>),
    Tensor(Rc<Tensor>),
    /// A namespace such as `torch` or `torch.cuda`.
    Module(&'static str),
    /// A builtin function, by its canonical name (`arange`, `cuda.memory_allocated`).
    Function(String),
    Ellipsis,
    /// `torch.return_types.max(values=…, indices=…)`: unpacks like a tuple.
    NamedTuple(&'static str, Vec<(&'static str, Value)>),
    /// `x.untyped_storage()`.
    Storage(Rc<crate::engine::storage::Storage>),
    /// `y.grad_fn`: a node of the backward graph.
    GradFn(Rc<crate::engine::autograd::Node>),
    /// The `AccumulateGrad` node of a leaf (in `next_functions`).
    AccumulateGrad(Rc<crate::engine::autograd::LeafGrad>),
}

impl Value {
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::None => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::Tuple(_) => "tuple",
            Value::List(_) => "list",
            Value::Size(_) => "torch.Size",
            Value::DType(_) => "torch.dtype",
            Value::Device(_) => "torch.device",
            Value::MemoryFormat(_) => "torch.memory_format",
            Value::Dict(_) => "dict",
            Value::Tensor(_) => "Tensor",
            Value::Module(_) => "module",
            Value::Function(_) => "builtin_function_or_method",
            Value::Ellipsis => "ellipsis",
            Value::NamedTuple(..) => "torch.return_types",
            Value::Storage(_) => "torch.storage.UntypedStorage",
            Value::GradFn(_) => "grad_fn",
            Value::AccumulateGrad(_) => "AccumulateGrad",
        }
    }

    /// The value as a Python number, if it is one.
    pub fn as_scalar(&self) -> Option<Scalar> {
        match self {
            Value::Bool(b) => Some(Scalar::Bool(*b)),
            Value::Int(i) => Some(Scalar::Int(*i)),
            Value::Float(f) => Some(Scalar::Float(*f)),
            _ => None,
        }
    }

    pub fn from_scalar(s: Scalar) -> Value {
        match s {
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::Int(i) => Value::Int(i),
            Scalar::Float(f) => Value::Float(f),
        }
    }

    pub fn tensor(t: Tensor) -> Value {
        Value::Tensor(Rc::new(t))
    }

    /// Python truthiness (tensors only when they have one element).
    pub fn truthy(&self) -> Option<bool> {
        Some(match self {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::Tuple(v) | Value::List(v) => !v.is_empty(),
            Value::Size(v) => !v.is_empty(),
            Value::Dict(v) => !v.is_empty(),
            Value::Tensor(t) => return t.item().ok().map(|s| s.as_bool()),
            _ => true,
        })
    }
}
