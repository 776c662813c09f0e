//! Values of the language: Python scalars and containers, dtypes, devices,
//! and tensors (shared by `Rc`, so `y = x` binds the same tensor object).

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::{DType, Scalar, Tensor};

pub use super::py::dict::{Key, PyDict};
pub use super::py::func::{Closure, Scope};
pub use super::py::exc::PyExc;

#[derive(Debug, Clone)]
pub enum Value {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Tuple(Vec<Value>),
    /// A Python list: mutable and shared (`b = a; b.append(1)` changes `a`).
    List(Rc<RefCell<Vec<Value>>>),
    /// `torch.Size([3, 4])`.
    Size(Vec<usize>),
    DType(DType),
    Device(super::device_value::PyDevice),
    /// `torch.contiguous_format`, `torch.channels_last`, …
    MemoryFormat(&'static str),
    /// `torch.strided` (tsr's only layout) and `torch.sparse_coo`.
    Layout(&'static str),
    /// `torch.finfo(d)` or `torch.iinfo(d)`: the limits of dtype `d`.
    TypeInfo(DType),
    /// A Python dict (insertion order), shared like a list.
    Dict(Rc<RefCell<PyDict>>),
    /// A Python set (its entries' values are `None`).
    Set(Rc<RefCell<PyDict>>),
    /// `range(start, stop, step)`.
    Range(i64, i64, i64),
    /// `slice(start, stop, step)` (tsr's take ints or None).
    Slice(Option<i64>, Option<i64>, Option<i64>),
    /// A `def` or `lambda`.
    Func(Rc<Closure>),
    /// A Python builtin function (`len`, `print`, …), by name.
    Builtin(&'static str),
    /// A type object: `int`, `str`, `list`, `torch.Tensor`, `ValueError`, …
    Type(&'static str),
    /// A method bound to a Python value (`xs.append`).
    Method(Rc<(Value, String)>),
    /// A caught exception (`except E as e`).
    Exception(Rc<PyExc>),
    /// An iterator (`zip`, `map`, `enumerate`, `iter`, …): items still to come.
    Iter(Rc<RefCell<std::collections::VecDeque<Value>>>, &'static str),
    /// A generator expression, run lazily.
    Gen(Rc<RefCell<super::py::generator::Generator>>),
    /// `d.keys()`, `d.values()`, `d.items()`: live views of a dict.
    DictView(Rc<RefCell<PyDict>>, DictViewKind),
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
    /// A NumPy array: a view of a tsr storage (`t.numpy()`, `np.load`).
    NdArray(Rc<super::ndarray::NdArray>),
    /// `a.flags` of an array.
    NdFlags(Rc<super::ndarray::NdArray>),
    /// A NumPy dtype (`a.dtype`, `np.float32`).
    NpDType(DType),
    /// A NumPy scalar (`a[0, 0]`): a number of a NumPy dtype, printed as
    /// NumPy prints it (`np.float32(5.0)`), a number in arithmetic.
    NpScalar(DType, Scalar),
    /// `x.storage()`: a fresh `TypedStorage` wrapper on each call.
    TypedStorage(Rc<super::typed_storage::TypedStorage>),
    /// `safetensors.safe_open(path, framework="pt")`: an opened file.
    SafeOpen(Rc<crate::io::safetensors_file::StFile>),
    /// `x.register_hook(fn)`'s `RemovableHandle`.
    Hook(Rc<super::hooks::HookHandle>),
    /// `torch.Generator()` or `torch.default_generator`.
    Generator(Rc<super::generator_value::GenHandle>),
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
            Value::Layout(_) => "torch.layout",
            Value::TypeInfo(d) => super::typeinfo::type_name(*d),
            Value::Dict(d) => if d.borrow().ordered { "OrderedDict" } else { "dict" },
            Value::Set(_) => "set",
            Value::Range(..) => "range",
            Value::Slice(..) => "slice",
            Value::Func(_) => "function",
            Value::Builtin(_) | Value::Method(_) => "builtin_function_or_method",
            Value::Type(_) => "type",
            Value::Exception(e) => e.kind.name(),
            Value::Iter(_, name) => name,
            Value::Gen(_) => "generator",
            Value::DictView(_, k) => k.type_name(),
            Value::Tensor(_) => "Tensor",
            Value::Module(_) => "module",
            Value::Function(f) if super::ext::functional::python_function(f).is_some() => "function",
            Value::Function(_) => "builtin_function_or_method",
            Value::Ellipsis => "ellipsis",
            Value::NamedTuple(..) => "torch.return_types",
            Value::Storage(_) => "torch.storage.UntypedStorage",
            Value::GradFn(_) => "grad_fn",
            Value::AccumulateGrad(_) => "AccumulateGrad",
            Value::SafeOpen(_) => "builtins.safe_open",
            Value::Hook(_) => "RemovableHandle",
            Value::Generator(_) => "torch._C.Generator",
            Value::TypedStorage(_) => "TypedStorage",
            Value::NdArray(_) => "numpy.ndarray",
            Value::NdFlags(_) => "numpy.flagsobj",
            Value::NpDType(_) => "numpy.dtype",
            Value::NpScalar(d, _) => super::numpy_module::scalar_type_name(*d),
        }
    }

    /// The value as a Python number, if it is one.
    pub fn as_scalar(&self) -> Option<Scalar> {
        match self {
            Value::Bool(b) => Some(Scalar::Bool(*b)),
            Value::Int(i) => Some(Scalar::Int(*i)),
            Value::Float(f) => Some(Scalar::Float(*f)),
            Value::NpScalar(_, s) => Some(*s),
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
            Value::NpScalar(_, s) => s.as_f64() != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::Tuple(v) => !v.is_empty(),
            Value::List(v) => !v.borrow().is_empty(),
            Value::Size(v) => !v.is_empty(),
            Value::Dict(v) | Value::Set(v) => !v.borrow().is_empty(),
            Value::Range(a, b, s) => super::py::seq::range_len(*a, *b, *s) > 0,
            Value::Tensor(t) => return t.item().ok().map(|s| s.as_bool()),
            _ => true,
        })
    }
}

impl Value {
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(RefCell::new(items)))
    }

    pub fn str(s: impl Into<String>) -> Value {
        Value::Str(s.into())
    }

    /// A dict with string keys (memory statistics and friends).
    pub fn dict_from_pairs(pairs: Vec<(String, Value)>) -> Value {
        let mut d = PyDict::default();
        for (k, v) in pairs {
            d.insert_str(k, v);
        }
        Value::Dict(Rc::new(RefCell::new(d)))
    }

    /// The items of a list or tuple (a copy of the list's).
    pub fn seq_items(&self) -> Option<Vec<Value>> {
        match self {
            Value::Tuple(xs) => Some(xs.clone()),
            Value::List(xs) => Some(xs.borrow().clone()),
            _ => None,
        }
    }
}

/// Which view of a dict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DictViewKind {
    Keys,
    Values,
    Items,
}

impl DictViewKind {
    pub fn type_name(self) -> &'static str {
        match self {
            DictViewKind::Keys => "dict_keys",
            DictViewKind::Values => "dict_values",
            DictViewKind::Items => "dict_items",
        }
    }

    /// The view's items now.
    pub fn items(self, d: &PyDict) -> Vec<Value> {
        match self {
            DictViewKind::Keys => d.keys(),
            DictViewKind::Values => d.values(),
            DictViewKind::Items => d.items().into_iter().map(|(k, v)| Value::Tuple(vec![k, v])).collect(),
        }
    }
}
