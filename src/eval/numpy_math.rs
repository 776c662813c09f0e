//! NumPy arithmetic on arrays: the operators (`a * 2`, `a + b`, `a < b`,
//! `-a`), their in-place forms (`a += 1` writes into `a`'s memory, so a
//! tensor sharing it sees the change) and the arithmetic ufuncs with
//! `out=` (`np.add(n, 1, out=n)`, the PyTorch tutorial's bridge example).
//!
//! The kernels are the engine's; what is NumPy's own is the dtype of the
//! result, decided before the kernel runs: NumPy 2's promotion (NEP 50:
//! a Python int or float takes the array's dtype where it can, float64 and
//! int64 are the defaults, an integer meeting a float becomes the smallest
//! float that holds it), operands cast to that dtype first (scalars
//! rounded to it, as NumPy casts them), and `same_kind` casting for `out`
//! and in-place results.

use std::rc::Rc;

use crate::engine::ops::copy;
use crate::engine::ops::elementwise::{self, Arg as EArg, BinaryOp, UnaryOp};
use crate::engine::ops::factory;
use crate::engine::{DType, Device, ErrorKind, Scalar, Tensor};
use crate::lang::ast::BinOp;
use crate::lang::span::Span;

use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::ndarray::{numpy_name, NdArray};
use super::value::Value;

/// The ufuncs, by their `np.` names, with the operator each one is.
pub const UFUNCS: &[(&str, BinaryOp)] = &[
    ("add", BinaryOp::Add),
    ("subtract", BinaryOp::Sub),
    ("multiply", BinaryOp::Mul),
    ("divide", BinaryOp::Div),
    ("true_divide", BinaryOp::Div),
    ("floor_divide", BinaryOp::FloorDiv),
    ("power", BinaryOp::Pow),
    ("remainder", BinaryOp::Mod),
    ("mod", BinaryOp::Mod),
    ("equal", BinaryOp::Eq),
    ("not_equal", BinaryOp::Ne),
    ("less", BinaryOp::Lt),
    ("less_equal", BinaryOp::Le),
    ("greater", BinaryOp::Gt),
    ("greater_equal", BinaryOp::Ge),
];

/// The ufunc named `name` (`add` for `np.add`).
pub fn ufunc(name: &str) -> Option<BinaryOp> {
    UFUNCS.iter().find(|(n, _)| *n == name).map(|(_, op)| *op)
}

fn ufunc_name(op: BinaryOp) -> &'static str {
    UFUNCS.iter().find(|(_, o)| *o == op).map_or("add", |(n, _)| *n)
}

/// An operand: an array's elements (a tensor as NumPy's `__array__` sees
/// it) or a number, typed (a NumPy scalar) or weak (a Python number).
enum Operand {
    Array(Tensor),
    Typed(DType, Scalar),
    Weak(Scalar),
}

fn operand(v: &Value) -> Option<Operand> {
    match v {
        Value::NdArray(a) => Some(Operand::Array(a.view.clone())),
        Value::Tensor(t) if !t.device().is_cuda() => Some(Operand::Array(t.view_as_layout(t.layout().clone(), "__array__"))),
        Value::NpScalar(d, s) => Some(Operand::Typed(*d, *s)),
        Value::Bool(b) => Some(Operand::Weak(Scalar::Bool(*b))),
        Value::Int(i) => Some(Operand::Weak(Scalar::Int(*i))),
        Value::Float(f) => Some(Operand::Weak(Scalar::Float(*f))),
        _ => None,
    }
}

/// The smallest float that holds every value of integer dtype `d`.
fn float_for_int(d: DType) -> DType {
    match d {
        DType::Bool | DType::UInt8 | DType::Int8 => DType::Float16,
        DType::Int16 => DType::Float32,
        _ => DType::Float64,
    }
}

/// `np.promote_types(a, b)` for the dtypes tsr has.
pub fn promote(a: DType, b: DType) -> DType {
    match (a.is_floating(), b.is_floating()) {
        (true, false) => DType::promote(a, float_for_int(b)),
        (false, true) => DType::promote(float_for_int(a), b),
        _ => DType::promote(a, b),
    }
}

/// NumPy's result dtype for `op` over `ops` (before the op's own rule:
/// true division of integers is float64).
fn result_dtype(ops: &[&Operand]) -> DType {
    let strong = ops.iter().filter_map(|o| match o {
        Operand::Array(t) => Some(t.dtype),
        Operand::Typed(d, _) => Some(*d),
        Operand::Weak(_) => None,
    });
    let d = strong.reduce(promote);
    let mut weak = DType::Bool;
    for o in ops {
        if let Operand::Weak(s) = o {
            weak = weak.max(match s {
                Scalar::Bool(_) => DType::Bool,
                Scalar::Int(_) => DType::Int64,
                Scalar::Float(_) => DType::Float64,
            });
        }
    }
    match d {
        None => weak,
        // A weak number keeps the strong dtype unless its kind is higher.
        Some(d) if weak == DType::Float64 && !d.is_floating() => DType::Float64,
        Some(DType::Bool) if weak == DType::Int64 => DType::Int64,
        Some(d) => d,
    }
}

/// A number rounded to dtype `d`, as NumPy casts it before the op (a
/// Python int out of `d`'s range is NumPy 2's OverflowError).
fn cast_scalar(s: Scalar, d: DType, span: Span) -> EvalResult<Scalar> {
    if let (Scalar::Int(i), false) = (s, d.is_floating() || d == DType::Bool) {
        let (lo, hi) = super::typeinfo::int_limits(d);
        if i < lo || i > hi {
            return Err(EvalError::new(ErrorKind::OverflowError, format!("Python integer {i} out of bounds for {}", numpy_name(d)), span));
        }
    }
    if let (Scalar::Float(x), DType::Float16) = (s, d) {
        // One rounding, double to half, as NumPy's `npy_double_to_half`.
        return Ok(Scalar::Float(half::f16::from_f64(x).to_f64()));
    }
    Ok(s.cast(d))
}

/// NumPy's `can_cast(from, to, "same_kind")`: to a wider type, or within
/// one kind, or up the kinds b < u < i < f.
fn same_kind(from: DType, to: DType) -> bool {
    let kind = |d: DType| match d {
        DType::Bool => 0,
        DType::UInt8 => 1,
        d if d.is_floating() => 3,
        _ => 2,
    };
    kind(from) <= kind(to)
}

fn is_comparison(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge)
}

/// `a op b` where one side is an array or a NumPy scalar: the result's
/// elements, or `None` when an operand is not something NumPy computes with.
pub fn binary(it: &Interp, op: BinaryOp, a: &Value, b: &Value, span: Span) -> Option<EvalResult<Tensor>> {
    let (x, y) = (operand(a)?, operand(b)?);
    Some(broadcast_check(&[&x, &y], None, span).and_then(|_| compute(it, op, &x, &y, span)))
}

/// NumPy's `(3,)`.
fn shape_text(s: &[usize]) -> String {
    match s {
        [d] => format!("({d},)"),
        _ => format!("({})", s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(",")),
    }
}

/// The operands (and `out`) broadcast together, or NumPy's ValueError.
fn broadcast_check(ops: &[&Operand], out: Option<&[usize]>, span: Span) -> EvalResult<()> {
    let shapes: Vec<&[usize]> = ops
        .iter()
        .map(|o| match o {
            Operand::Array(t) => t.shape(),
            _ => &[][..],
        })
        .chain(out)
        .collect();
    let mut shape: Vec<usize> = vec![];
    for s in &shapes {
        match crate::engine::ops::iter_layout::broadcast_shapes(&shape, s) {
            Ok(b) => shape = b,
            Err(_) => {
                let all: String = shapes.iter().map(|s| shape_text(s) + " ").collect();
                return Err(EvalError::new(ErrorKind::ValueError, format!("operands could not be broadcast together with shapes {all}"), span));
            }
        }
    }
    Ok(())
}

fn compute(it: &Interp, op: BinaryOp, x: &Operand, y: &Operand, span: Span) -> EvalResult<Tensor> {
    let mut d = result_dtype(&[x, y]);
    match (op, d) {
        (BinaryOp::Sub, DType::Bool) => {
            return Err(EvalError::type_error("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.", span))
        }
        // Bools divide, floor-divide, take remainders and powers as int8.
        (BinaryOp::FloorDiv | BinaryOp::Mod | BinaryOp::Pow, DType::Bool) => d = DType::Int8,
        (BinaryOp::Div, d0) if !d0.is_floating() => d = DType::Float64,
        _ => {}
    }
    let arg = |o: &Operand| -> EvalResult<Either> {
        Ok(match o {
            Operand::Array(t) => Either::T(copy::to_dtype(&it.ctx, t, d).at(span)?.unwrap_or_else(|| t.clone())),
            // A NumPy scalar computes as a 0-dim array of its dtype.
            Operand::Typed(_, s) => Either::T(factory::full(&it.ctx, Device::Cpu, &[], s.cast(d), d, "numpy scalar").at(span)?),
            Operand::Weak(s) => Either::S(cast_scalar(*s, d, span)?),
        })
    };
    let (l, r) = (arg(x)?, arg(y)?);
    if op == BinaryOp::Pow && !d.is_floating() && r.any_negative(it, span)? {
        return Err(EvalError::new(ErrorKind::ValueError, "Integers to negative integer powers are not allowed.", span));
    }
    let out = elementwise::binary(&it.ctx, op, l.earg(), r.earg()).at(span)?;
    if is_comparison(op) || out.dtype == d {
        return Ok(out);
    }
    copy::to_dtype(&it.ctx, &out, d).at(span).map(|c| c.unwrap_or(out))
}

enum Either {
    T(Tensor),
    S(Scalar),
}

impl Either {
    fn earg(&self) -> EArg<'_> {
        match self {
            Either::T(t) => EArg::T(t),
            Either::S(s) => EArg::S(*s),
        }
    }
    fn any_negative(&self, it: &Interp, span: Span) -> EvalResult<bool> {
        match self {
            Either::S(s) => Ok(s.as_f64() < 0.0),
            Either::T(t) => {
                // A fresh contiguous bool tensor: one byte per element.
                let neg = elementwise::binary(&it.ctx, BinaryOp::Lt, EArg::T(t), EArg::S(Scalar::Int(0))).at(span)?;
                let any = neg.storage.bytes().bytes().iter().any(|&b| b != 0);
                Ok(any)
            }
        }
    }
}

/// `result` written into `dst` (an array's memory) under `same_kind`
/// casting, as a ufunc's `out=` and `a op= b` write.
fn write_out(op: BinaryOp, dst: &Tensor, result: &Tensor, span: Span) -> EvalResult<()> {
    if !same_kind(result.dtype, dst.dtype) {
        return Err(EvalError::new(
            ErrorKind::UFuncOutputCastingError,
            format!(
                "Cannot cast ufunc '{}' output from dtype('{}') to dtype('{}') with casting rule 'same_kind'",
                ufunc_name(op),
                numpy_name(result.dtype),
                numpy_name(dst.dtype)
            ),
            span,
        ));
    }
    let shape = crate::engine::ops::iter_layout::broadcast_shapes(dst.shape(), result.shape()).at(span)?;
    if shape != dst.shape() {
        return Err(EvalError::new(
            ErrorKind::ValueError,
            format!("non-broadcastable output operand with shape {} doesn't match the broadcast shape {}", shape_text(dst.shape()), shape_text(&shape)),
            span,
        ));
    }
    // A write through NumPy is not a tensor op: the version counter of a
    // tensor sharing the memory does not move.
    let version = dst.storage.version();
    copy::copy_into(dst, result).at(span)?;
    dst.storage.set_version(version);
    Ok(())
}

/// `a op= b` on an array `a`: computed, then written into `a`'s memory.
pub fn inplace(it: &Interp, a: &Rc<NdArray>, op: BinOp, rhs: &Value, span: Span) -> EvalResult<()> {
    let Some(e) = engine_op(op) else {
        return Err(EvalError::type_error(format!("unsupported operand type(s) for {}=: 'numpy.ndarray' and '{}'", op.symbol(), rhs.type_name()), span));
    };
    let (x, Some(y)) = (Operand::Array(a.view.clone()), operand(rhs)) else {
        return Err(EvalError::type_error(format!("unsupported operand type(s) for {}=: 'numpy.ndarray' and '{}'", op.symbol(), rhs.type_name()), span));
    };
    // `a += b` is `np.add(a, b, out=a)`: `a` broadcasts as the output too.
    broadcast_check(&[&x, &y], Some(a.view.shape()), span)?;
    let r = compute(it, e, &x, &y, span)?;
    write_out(e, &a.view, &r, span)
}

/// `np.float32(2.1)`, `np.int64(3)`, `np.bool_(x)`: a NumPy scalar from a
/// number (an int out of the dtype's range is NumPy's OverflowError).
pub fn scalar_of(d: DType, pos: &[Value], span: Span) -> EvalResult<Value> {
    let s = match pos {
        [] => Scalar::Int(0),
        [v] => match v {
            Value::NpScalar(_, s) => *s,
            other => other.as_scalar().ok_or_else(|| EvalError::type_error(format!("{}() argument must be a number, not '{}'", numpy_name(d), other.type_name()), span))?,
        },
        _ => return Err(EvalError::type_error(format!("{}() takes at most 1 argument ({} given)", numpy_name(d), pos.len()), span)),
    };
    let s = if d == DType::Bool { Scalar::Bool(s.as_bool()) } else { cast_scalar(s, d, span)? };
    Ok(Value::NpScalar(d, super::typed_storage::python_scalar(d, s)))
}

/// The operators tsr's NumPy arrays have: the arithmetic ones.
pub fn engine_op(op: BinOp) -> Option<BinaryOp> {
    use BinaryOp as B;
    super::ops::engine_op(op).filter(|e| matches!(e, B::Add | B::Sub | B::Mul | B::Div | B::FloorDiv | B::Mod | B::Pow))
}

/// `np.add(x, y, out=o)` and the other ufuncs of [`UFUNCS`].
pub fn call_ufunc(it: &Interp, name: &str, mut a: super::args::Args) -> EvalResult<Value> {
    let span = a.span;
    let op = ufunc(name).unwrap_or(BinaryOp::Add);
    let out = a.take_kw("out");
    let (x, _) = a.get(0, "x1").ok_or_else(|| a.err(format!("{name}() takes from 2 to 3 positional arguments but 0 were given")))?;
    let (y, _) = a.get(1, "x2").ok_or_else(|| a.err(format!("{name}() takes from 2 to 3 positional arguments but 1 were given")))?;
    let out = match (a.get(2, "out"), out) {
        (Some(o), None) | (None, Some(o)) => Some(o),
        (None, None) => None,
        (Some(_), Some((_, s))) => return Err(EvalError::type_error("cannot specify 'out' as both a positional and keyword argument", s)),
    };
    a.finish(3)?;
    let out_shape = match &out {
        Some((Value::NdArray(o), _)) => Some(o.view.shape().to_vec()),
        Some((Value::Tuple(v), _)) => match v.as_slice() {
            [Value::NdArray(o)] => Some(o.view.shape().to_vec()),
            _ => None,
        },
        _ => None,
    };
    let (Some(ox), Some(oy)) = (operand(&x), operand(&y)) else {
        return Err(EvalError::type_error(
            format!("ufunc '{name}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"),
            span,
        ));
    };
    broadcast_check(&[&ox, &oy], out_shape.as_deref(), span)?;
    let r = compute(it, op, &ox, &oy, span)?;
    let out = match out {
        // A tensor input's `__array_wrap__` makes the result a tensor.
        None | Some((Value::None, _)) if matches!(x, Value::Tensor(_)) || matches!(y, Value::Tensor(_)) => return Ok(Value::tensor(r)),
        None | Some((Value::None, _)) => return Ok(super::numpy_module::array_or_scalar(r)),
        // `out=(o,)` is the tuple form NumPy also takes.
        Some((Value::Tuple(v), s)) if v.len() == 1 => (v[0].clone(), s),
        Some(o) => o,
    };
    match out {
        (Value::NdArray(o), _) => {
            write_out(op, &o.view, &r, span)?;
            Ok(Value::NdArray(o))
        }
        (_, s) => Err(EvalError::type_error("return arrays must be of ArrayType", s)),
    }
}

/// `-s`, `~s` of a NumPy scalar: as a 0-dim array's.
pub fn scalar_unary(it: &Interp, op: UnaryOp, d: DType, s: Scalar, span: Span) -> EvalResult<Value> {
    let t = factory::full(&it.ctx, Device::Cpu, &[], s.cast(d), d, "numpy scalar").at(span)?;
    unary(it, op, &NdArray::owning(t), span)
}

/// `-a`, `+a`, `~a` and `abs(a)` of an array.
pub fn unary(it: &Interp, op: UnaryOp, a: &NdArray, span: Span) -> EvalResult<Value> {
    let t = &a.view;
    if op == UnaryOp::Neg && t.dtype == DType::Bool {
        return Err(EvalError::type_error("The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.", span));
    }
    elementwise::unary(&it.ctx, op, t).at(span).map(super::numpy_module::array_or_scalar)
}
