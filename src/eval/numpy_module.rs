//! The `numpy` module tsr has (`import numpy as np`): arrays as views of
//! tsr storages and the calls that show sharing — `np.array` (copies),
//! `np.asarray` (shares), `np.shares_memory`, `np.may_share_memory`, the
//! dtypes — plus `np.load`/`np.save`/`np.savez` (`files_numpy.rs`). An
//! array's attributes, methods and indexing are here too.

use std::rc::Rc;

use crate::engine::{DType, ErrorKind, Tensor};
use crate::lang::ast::IndexItem;
use crate::lang::span::Span;

use super::args::Args;
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::ndarray::{check_numpy, NdArray};
use super::value::Value;
use crate::eval::registry::OpId;

/// `np.NAME` functions (besides the file ones), by `Value::Function` name.
pub const FUNCTIONS: &[&str] = &["numpy.dtype", "numpy.array", "numpy.asarray", "numpy.shares_memory", "numpy.may_share_memory", "numpy.arange", "numpy.zeros", "numpy.ones"];

/// `np.float32` & co. are classes (`<class 'numpy.float32'>`); an array's
/// `dtype` is a dtype object that compares equal to its class and name.
pub fn type_attr(name: &str) -> Option<Value> {
    dtype_attr(name)?;
    Some(Value::Type(match name {
        "bool_" => "numpy.bool",
        "uint8" => "numpy.uint8",
        "int8" => "numpy.int8",
        "int16" => "numpy.int16",
        "int32" => "numpy.int32",
        "int64" => "numpy.int64",
        "float16" => "numpy.float16",
        "float32" => "numpy.float32",
        _ => "numpy.float64",
    }))
}

/// The dtype a NumPy class, dtype object, name or torch dtype stands for.
pub fn dtype_of(v: &Value) -> Option<DType> {
    match v {
        Value::NpDType(d) | Value::DType(d) => Some(*d),
        Value::Type(t) => match t.strip_prefix("numpy.") {
            Some("bool") => Some(DType::Bool),
            Some(n) => dtype_attr(n),
            None => match *t {
                "float" => Some(DType::Float64),
                "int" => Some(DType::Int64),
                "bool" => Some(DType::Bool),
                _ => None,
            },
        },
        Value::Str(s) if s == "bool" => Some(DType::Bool),
        Value::Str(s) => dtype_attr(s),
        _ => None,
    }
}

/// NumPy's dtype names tsr has (`np.float32`, …).
pub fn dtype_attr(name: &str) -> Option<DType> {
    Some(match name {
        "bool_" => DType::Bool,
        "uint8" => DType::UInt8,
        "int8" => DType::Int8,
        "int16" => DType::Int16,
        "int32" => DType::Int32,
        "int64" => DType::Int64,
        "float16" => DType::Float16,
        "float32" => DType::Float32,
        "float64" => DType::Float64,
        _ => return None,
    })
}

/// The class name of a NumPy scalar (`numpy.float32`).
pub fn scalar_type_name(d: DType) -> &'static str {
    match type_attr(if d == DType::Bool { "bool_" } else { d.name() }) {
        Some(Value::Type(t)) => t,
        _ => "numpy.float64",
    }
}

/// `str(np.float32(0.1))`: NumPy's scalar text (a 0-d array's `str`).
pub fn scalar_str(d: DType, s: crate::engine::Scalar) -> String {
    use crate::render::ndarray_repr::{array_str, NdData, NdView};
    let shape: [usize; 0] = [];
    let int = match s {
        crate::engine::Scalar::Int(x) => x,
        other => other.as_f64() as i64,
    };
    let (b, i, u, f) = ([s.as_bool()], [int], [int as u64], [s.as_f64()]);
    let data = match d {
        DType::Bool => NdData::Bool(&b),
        DType::UInt8 => NdData::UInt(&u),
        d if d.is_floating() => NdData::Float(&f),
        _ => NdData::Int(&i),
    };
    array_str(&NdView::new(&shape, data, super::ndarray::numpy_name(d)))
}

/// `repr(np.float32(0.1))` in NumPy 2: `np.float32(0.1)`, `np.True_`.
pub fn scalar_repr(d: DType, s: crate::engine::Scalar) -> String {
    match d {
        DType::Bool => if s.as_bool() { "np.True_".into() } else { "np.False_".into() },
        _ => format!("np.{}({})", super::ndarray::numpy_name(d), scalar_str(d, s)),
    }
}

pub fn array(view: Tensor) -> Value {
    Value::NdArray(Rc::new(NdArray::owning(view)))
}

/// A ufunc's result: an array, or a NumPy scalar when it has no dims
/// (`np.add(1, 2)` is `np.int64(3)`, as is `np.array(5) + 1`).
pub fn array_or_scalar(t: Tensor) -> Value {
    if t.ndim() == 0 {
        Value::NpScalar(t.dtype, python_scalar(&t, 0))
    } else {
        array(t)
    }
}

/// The array a view of `a` names as its base: `a` itself, unless `a` is
/// itself a view of another array (NumPy collapses the chain).
fn view_base(a: &Rc<NdArray>) -> Value {
    match &a.base {
        Some(b @ Value::NdArray(_)) => b.clone(),
        _ => Value::NdArray(a.clone()),
    }
}

fn view_of(a: &Rc<NdArray>, t: Tensor) -> Value {
    Value::NdArray(Rc::new(NdArray { view: t, base: Some(view_base(a)), owndata: false }))
}

/// The tensor an array or tensor argument stands for (`np.shares_memory`).
fn tensor_of(v: &Value) -> Option<&Tensor> {
    match v {
        Value::NdArray(a) => Some(&a.view),
        Value::Tensor(t) => Some(t),
        _ => None,
    }
}

fn dtype_arg(a: &mut Args, i: usize) -> EvalResult<Option<DType>> {
    match a.get(i, "dtype") {
        None | Some((Value::None, _)) => Ok(None),
        Some((v, _)) if dtype_of(&v).is_some() => Ok(dtype_of(&v)),
        Some((v, s)) => Err(EvalError::type_error(format!("Cannot interpret '{}' as a data type", super::py::repr::repr(&v)), s)),
    }
}

/// A copy of `t` into a fresh C-ordered storage.
fn copy_of(it: &Interp, t: &Tensor, dtype: Option<DType>, span: Span) -> EvalResult<Tensor> {
    let d = dtype.unwrap_or(t.dtype);
    crate::engine::ops::copy::copy_to_new(&it.ctx, t, &crate::engine::layout::contiguous_strides(t.shape()), d, "np.array()").at(span)
}

pub fn call(it: &mut Interp, name: &str, mut a: Args, op: &str) -> EvalResult<Value> {
    let span = a.span;
    match name {
        "numpy.dtype" => {
            let (v, s) = a.get(0, "dtype").ok_or_else(|| a.err("dtype() missing required argument 'dtype' (pos 1)"))?;
            a.finish(1)?;
            dtype_of(&v).map(Value::NpDType).ok_or_else(|| EvalError::type_error(format!("data type {} not understood", super::py::repr::repr(&v)), s))
        }
        "numpy.array" | "numpy.asarray" => {
            let (obj, os) = a.get(0, "object").ok_or_else(|| a.err(format!("{}() missing required argument 'object' (pos 1)", &name[6..])))?;
            let dtype = dtype_arg(&mut a, 1)?;
            a.finish(2)?;
            let share = name == "numpy.asarray";
            match &obj {
                Value::NdArray(x) if share && dtype.is_none_or(|d| d == x.view.dtype) => Ok(obj.clone()),
                Value::NdArray(x) => Ok(array(copy_of(it, &x.view, dtype, span)?)),
                Value::Tensor(t) => {
                    check_numpy(t, os)?;
                    if share && dtype.is_none_or(|d| d == t.dtype) {
                        Ok(Value::NdArray(Rc::new(NdArray::of_tensor(t))))
                    } else {
                        Ok(array(copy_of(it, t, dtype, span)?))
                    }
                }
                other => {
                    // A list: NumPy's default dtypes (int64, float64, bool).
                    let t = super::literal::tensor_from_value(it, other, dtype.or_else(|| numpy_default(other)), os)?;
                    Ok(array(t))
                }
            }
        }
        "numpy.shares_memory" | "numpy.may_share_memory" => {
            let (x, xs) = a.get(0, "a").ok_or_else(|| a.err("shares_memory() missing required argument 'a' (pos 1)"))?;
            let (y, ys) = a.get(1, "b").ok_or_else(|| a.err("shares_memory() missing required argument 'b' (pos 2)"))?;
            a.take_kw("max_work");
            a.finish(2)?;
            let tx = tensor_of(&x).ok_or_else(|| EvalError::type_error(format!("tsr's np.{}() takes arrays or tensors, not {}", &name[6..], x.type_name()), xs))?;
            let ty = tensor_of(&y).ok_or_else(|| EvalError::type_error(format!("tsr's np.{}() takes arrays or tensors, not {}", &name[6..], y.type_name()), ys))?;
            Ok(Value::Bool(super::ndarray::shares_memory(tx, ty, name == "numpy.shares_memory")))
        }
        "numpy.arange" | "numpy.zeros" | "numpy.ones" => {
            // torch's factories with NumPy's default dtypes: float64 for
            // floats (and for zeros/ones), int64 for ints.
            let mut dtype = None;
            if let Some(i) = a.kw.iter().position(|(k, _, _)| k == "dtype") {
                let (_, v, s) = a.kw.remove(i);
                dtype = match v {
                    ref x if dtype_of(x).is_some() => dtype_of(x),
                    other => return Err(EvalError::type_error(format!("Cannot interpret '{}' as a data type", super::py::repr::repr(&other)), s)),
                };
            }
            let floats = a.pos.iter().any(|(v, _)| matches!(v, Value::Float(_)));
            let d = dtype.unwrap_or(if name != "numpy.arange" || floats { DType::Float64 } else { DType::Int64 });
            a.kw.push(("dtype".into(), Value::DType(d), span));
            let torch_name = &name[6..];
            a.name = torch_name.to_string();
            match super::builtins::call(it, torch_name, a, op)? {
                Value::Tensor(t) => Ok(Value::NdArray(Rc::new(NdArray::owning((*t).clone())))),
                other => Ok(other),
            }
        }
        _ => Err(a.err(format!("{name}() is not available"))),
    }
}

/// NumPy's dtype for a list's values: float64 for floats where PyTorch
/// would say float32.
fn numpy_default(v: &Value) -> Option<DType> {
    fn walk(v: &Value, float: &mut bool, int: &mut bool) {
        match v {
            Value::Float(_) => *float = true,
            Value::Int(_) => *int = true,
            Value::List(l) => l.borrow().iter().for_each(|x| walk(x, float, int)),
            Value::Tuple(xs) => xs.iter().for_each(|x| walk(x, float, int)),
            _ => {}
        }
    }
    let (mut float, mut int) = (false, false);
    walk(v, &mut float, &mut int);
    let empty = match v {
        Value::List(l) => l.borrow().is_empty(),
        Value::Tuple(xs) => xs.is_empty(),
        _ => false,
    };
    if float || empty { Some(DType::Float64) } else { None }
}

/// `a.NAME`.
pub fn attr(a: &Rc<NdArray>, name: &str, span: Span) -> EvalResult<Value> {
    let ints = |xs: Vec<i64>| Value::Tuple(xs.into_iter().map(Value::Int).collect());
    Ok(match name {
        "shape" => ints(a.view.shape().iter().map(|&d| d as i64).collect()),
        "strides" => ints(a.strides()),
        "dtype" => Value::NpDType(a.view.dtype),
        "flags" => Value::NdFlags(a.clone()),
        "base" => a.base.clone().unwrap_or(Value::None),
        "ctypes" => Value::NamedTuple("numpy.ctypes", vec![("data", Value::Int(a.data_address() as i64))]),
        "size" => Value::Int(a.view.numel() as i64),
        "ndim" => Value::Int(a.view.ndim() as i64),
        "itemsize" => Value::Int(a.itemsize() as i64),
        "nbytes" => Value::Int((a.view.numel() * a.itemsize()) as i64),
        "T" => {
            let n = a.view.ndim();
            let perm: Vec<i64> = (0..n as i64).rev().collect();
            let l = crate::engine::layout::permute(a.view.layout(), &perm).at(span)?;
            view_of(a, a.view.view_as_layout(l, "T"))
        }
        _ if METHODS.contains(&name) => Value::Method(Rc::new((Value::NdArray(a.clone()), name.to_string()))),
        _ => return Err(EvalError::new(ErrorKind::AttributeError, format!("'numpy.ndarray' object has no attribute '{name}'"), span)
            .with_hint("tsr's arrays show layout and sharing (shape, strides, dtype, flags, base, ctypes.data); NumPy's operators and arithmetic ufuncs (np.add, …) work; its reductions and math functions are not there")),
    })
}

pub const METHODS: &[&str] = &["tolist", "copy", "item", "reshape"];

/// `a.NAME(args)`.
pub fn method(it: &mut Interp, a: &Rc<NdArray>, name: &str, pos: Vec<Value>, span: Span) -> EvalResult<Value> {
    match (name, pos.as_slice()) {
        ("tolist", []) => Ok(super::conversion::tolist(&a.view)),
        ("reshape", dims) if !dims.is_empty() => {
            // `a.reshape(2, 3)` or `a.reshape((2, 3))`: a view when the
            // strides allow it, else a copy (NumPy's rule, torch's math).
            let shape: Vec<i64> = match dims {
                [Value::Tuple(xs)] => xs.iter().filter_map(super::args::to_int).collect(),
                _ => dims.iter().map(|d| super::args::to_int(d).ok_or_else(|| EvalError::type_error("'float' object cannot be interpreted as an integer", span))).collect::<EvalResult<_>>()?,
            };
            match crate::engine::layout::view(a.view.layout(), &shape) {
                Ok(l) => Ok(view_of(a, a.view.view_as_layout(l, "reshape"))),
                Err(_) => {
                    let c = copy_of(it, &a.view, None, span)?;
                    let l = crate::engine::layout::view(c.layout(), &shape).at(span)?;
                    Ok(array(c.view_as_layout(l, "reshape")))
                }
            }
        }
        ("copy", []) => Ok(array(copy_of(it, &a.view, None, span)?)),
        ("item", []) if a.view.numel() == 1 => Ok(Value::from_scalar(python_scalar(&a.view, 0))),
        ("item", []) => Err(EvalError::new(ErrorKind::ValueError, "can only convert an array of size 1 to a Python scalar", span)),
        ("item", [Value::Int(i)]) => {
            let n = a.view.numel() as i64;
            if *i >= n || *i < -n {
                return Err(EvalError::new(ErrorKind::IndexError, format!("index {i} is out of bounds for size {n}"), span));
            }
            Ok(Value::from_scalar(python_scalar(&a.view, if *i < 0 { (i + n) as usize } else { *i as usize })))
        }
        _ => Err(EvalError::type_error(format!("ndarray.{name}() got the wrong arguments"), span)),
    }
}

fn python_scalar(t: &Tensor, flat: usize) -> crate::engine::Scalar {
    super::typed_storage::python_scalar(t.dtype, t.get_flat(flat))
}

/// `a[items]`: a scalar for a full integer index, else a view (basic
/// indexing) or a copy (advanced indexing), as NumPy gives them.
pub fn index(it: &mut Interp, a: &Rc<NdArray>, items: &[IndexItem], span: Span) -> EvalResult<Value> {
    let r = super::expr::index_or_copy(it, &as_tensor(a), items, span)?;
    if r.ndim() == 0 {
        return Ok(Value::NpScalar(r.dtype, python_scalar(&r, 0)));
    }
    if Rc::ptr_eq(&r.storage, &a.view.storage) {
        Ok(view_of(a, r))
    } else {
        Ok(array(r))
    }
}

/// `for v in a`: NumPy scalars of a 1-d array, views of an n-d one's rows.
pub fn rows(a: &Rc<NdArray>, span: Span) -> EvalResult<Vec<Value>> {
    let t = &a.view;
    if t.ndim() == 0 {
        return Err(EvalError::type_error("iteration over a 0-d array", span));
    }
    (0..t.shape()[0] as i64)
        .map(|i| {
            let r = t.view_as_layout(crate::engine::layout::select(t.layout(), 0, i).at(span)?, "__iter__");
            Ok(if r.ndim() == 0 { Value::NpScalar(r.dtype, python_scalar(&r, 0)) } else { view_of(a, r) })
        })
        .collect()
}

/// The tensor header an array is, for reports and item assignment.
pub fn as_tensor(a: &NdArray) -> Rc<Tensor> {
    Rc::new(super::ndarray::to_tensor(a))
}

/// `torch.as_tensor(data, dtype=None, device=None)`: the same tensor when
/// nothing changes, the array's memory for an ndarray, a copy when the
/// dtype or device changes, a new tensor from a list.
pub fn torch_as_tensor(it: &mut Interp, mut a: Args, op: &str) -> EvalResult<Value> {
    let span = a.span;
    let (data, ds) = a.get(0, "data").ok_or_else(|| a.err("as_tensor() missing required argument 'data' (pos 1)"))?;
    let dtype = a.dtype_kw()?;
    let device = a.device_kw()?.map(|(d, _)| d);
    a.finish(1)?;
    let base: Rc<Tensor> = match &data {
        Value::Tensor(t) => t.clone(),
        Value::NdArray(x) => as_tensor(x),
        other => {
            let t = super::literal::tensor_from_value(it, other, dtype, ds)?;
            let t = match device {
                Some(d) if d != t.device() => super::conversion::to_device(it, t, d, span)?,
                _ => t,
            };
            return Ok(Value::tensor(t));
        }
    };
    let d = dtype.unwrap_or(base.dtype);
    let dev = device.unwrap_or(base.device());
    if d == base.dtype && dev == base.device() {
        return Ok(Value::Tensor(base));
    }
    // PyTorch converts with `tensor.to(device, dtype)`: the input's strides
    // are kept (preserve_format) and autograd records `ToCopyBackward0`.
    let kw = vec![("device".to_string(), Value::Device(dev.into()), span), ("dtype".to_string(), Value::DType(d), span)];
    let to = Args { name: "to".into(), pos: vec![], kw, span, pos_base: 0 };
    super::methods::call_op(it, &base, OpId::To, to, span, op)
}

/// `torch.asarray(obj, ...)`: `as_tensor`, then `requires_grad_` on the
/// result (the input itself when no copy was needed). Unspecified,
/// `requires_grad` follows a tensor input's, with PyTorch's warn-once.
pub fn torch_asarray(it: &mut Interp, a: Args, op: &str, requires: Option<bool>) -> EvalResult<Value> {
    let span = a.span;
    let obj = a.pos.first().map(|(v, _)| v).or(a.kw.iter().find(|(k, _, _)| k == "obj").map(|(_, v, _)| v)).cloned();
    let input_grad = matches!(&obj, Some(Value::Tensor(t)) if t.requires_grad());
    let wants = match requires {
        Some(b) => b,
        None => {
            if input_grad {
                it.warn_once(super::warnings::ASARRAY_REQUIRES_GRAD, span);
            }
            input_grad
        }
    };
    let mut a = a;
    let copy = match a.take_kw("copy") {
        None | Some((Value::None, _)) => None,
        Some((Value::Bool(b), _)) => Some(b),
        Some((v, s)) => return Err(EvalError::type_error(format!("asarray(): argument 'copy' must be bool, not {}", v.type_name()), s)),
    };
    let input = match obj {
        Some(Value::Tensor(t)) => Some(t.clone()),
        _ => None,
    };
    if let (Some(false), Some(t), Some((Value::DType(d), _))) = (copy, &input, a.kw.iter().find(|(k, _, _)| k == "dtype").map(|(_, v, s)| (v.clone(), *s)))
        && d != t.dtype
    {
        use crate::engine::ops::promote::scalar_type_name as st;
        return Err(EvalError::new(ErrorKind::ValueError, format!("can't alias tensor with dtype '{}' into dtype '{}'.", st(t.dtype), st(d)), span));
    }
    let grad_was = it.grad_enabled;
    it.grad_enabled = grad_was && wants;
    let mut v = torch_as_tensor(it, a, op);
    // copy=True of a tensor that needed no conversion: a clone.
    if let (Some(true), Some(t), Ok(Value::Tensor(r))) = (copy, &input, &v)
        && Rc::ptr_eq(t, r)
    {
        let clone = Args { name: "clone".into(), pos: vec![], kw: vec![], span, pos_base: 0 };
        v = super::methods::call_op(it, t, OpId::Clone, clone, span, op);
    }
    it.grad_enabled = grad_was;
    let v = v?;
    if let Value::Tensor(t) = &v
        && t.is_leaf()
        && t.requires_grad() != wants
    {
        super::grad::make_leaf(t, wants, false, span)?;
    }
    Ok(v)
}
