//! Element-wise arithmetic with broadcasting, type promotion and PyTorch's
//! output layout. Integer math wraps as C++ does; `//` and `%` follow Python.

use crate::engine::context::Context;
use crate::engine::dtype::{Category, DType};
use crate::engine::error::{EngineError, ErrorKind, Result};
use crate::engine::layout::Layout;
use crate::engine::scalar::{self, Scalar};
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

use super::division::Rounding;
use super::iter_layout::{broadcast_layout, broadcast_shapes, output_strides};
use super::promote::{can_cast, result_type, scalar_type_name, Operand};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    /// `div(rounding_mode='trunc')`.
    TruncDiv,
    Mod,
    Pow,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl BinaryOp {
    pub fn name(self) -> &'static str {
        match self {
            BinaryOp::Add => "add",
            BinaryOp::Sub => "sub",
            BinaryOp::Mul => "mul",
            BinaryOp::Div => "div",
            BinaryOp::FloorDiv => "floor_divide",
            BinaryOp::TruncDiv => "div",
            BinaryOp::Mod => "remainder",
            BinaryOp::Pow => "pow",
            BinaryOp::BitAnd => "bitwise_and",
            BinaryOp::BitOr => "bitwise_or",
            BinaryOp::BitXor => "bitwise_xor",
            BinaryOp::Shl => "lshift",
            BinaryOp::Shr => "rshift",
            BinaryOp::Lt => "lt",
            BinaryOp::Le => "le",
            BinaryOp::Gt => "gt",
            BinaryOp::Ge => "ge",
            BinaryOp::Eq => "eq",
            BinaryOp::Ne => "ne",
        }
    }
    fn is_comparison(self) -> bool {
        matches!(self, BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne)
    }
}

/// A tensor or a Python number.
#[derive(Debug, Clone)]
pub enum Arg<'a> {
    T(&'a Tensor),
    S(Scalar),
}

impl Arg<'_> {
    /// The operand as promotion sees it.
    pub fn operand(&self) -> Operand {
        match self {
            Arg::T(t) => Operand::Tensor { dtype: t.dtype, ndim: t.ndim() },
            Arg::S(s) => Operand::Wrapped(*s),
        }
    }
    /// A tensor's shape; a Python number is 0-dim.
    pub fn shape(&self) -> &[usize] {
        match self {
            Arg::T(t) => t.shape(),
            Arg::S(_) => &[],
        }
    }
}

/// Checks PyTorch makes before the operands are broadcast: `sub_check`,
/// and `pow.Tensor_Scalar`'s refusal of a negative integer exponent for an
/// integer (or bool) base.
fn sub_check(op: BinaryOp, a: &Arg, b: &Arg) -> Result<()> {
    if let (BinaryOp::Pow, Arg::T(t), Arg::S(Scalar::Int(e))) = (op, a, b)
        && *e < 0
        && !t.dtype.is_floating()
    {
        return Err(EngineError::runtime("Integers to negative integer powers are not allowed."));
    }
    if op == BinaryOp::Sub {
        let is_bool = |x: &Arg| match x {
            Arg::T(t) => t.dtype == DType::Bool,
            Arg::S(s) => matches!(s, Scalar::Bool(_)),
        };
        let msg = match (is_bool(a), is_bool(b)) {
            (true, true) => Some("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead."),
            (true, false) | (false, true) => Some("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."),
            _ => None,
        };
        if let Some(m) = msg {
            return Err(EngineError::new(ErrorKind::NotImplementedError, m));
        }
    }
    Ok(())
}

/// The dtype the op computes in, and the dtype it returns.
fn dtypes(op: BinaryOp, a: &Arg, b: &Arg) -> Result<(DType, DType)> {
    let common = result_type(&[a.operand(), b.operand()]);
    kernel_check(op, b, common)?;
    Ok(result_dtypes(op, common))
}

/// The compute and result dtypes for operands of `common` dtype.
fn result_dtypes(op: BinaryOp, common: DType) -> (DType, DType) {
    match op {
        _ if op.is_comparison() => (common, DType::Bool),
        BinaryOp::Div if common.category() != Category::Floating => (DType::default_float(), DType::default_float()),
        _ => (common, common),
    }
}

/// Whether PyTorch has a CPU kernel of `op` for `common` (checked after
/// the result type, so after an in-place op's cast check).
fn kernel_check(op: BinaryOp, b: &Arg, common: DType) -> Result<()> {
    // Kernels PyTorch does not build for bool (`bool ** bool` only with a
    // tensor exponent: a number exponent takes `pow.Tensor_Scalar`).
    let no_bool_kernel = match op {
        BinaryOp::FloorDiv => Some("div_floor_cpu"),
        BinaryOp::TruncDiv => Some("div_trunc_cpu"),
        BinaryOp::Mod => Some("remainder_cpu"),
        BinaryOp::Pow if matches!(b, Arg::T(_)) => Some("pow"),
        BinaryOp::Shl => Some("lshift_cpu"),
        BinaryOp::Shr => Some("rshift_cpu"),
        _ => None,
    };
    if let (Some(k), DType::Bool) = (no_bool_kernel, common) {
        return Err(EngineError::new(ErrorKind::NotImplementedError, format!("\"{k}\" not implemented for 'Bool'")));
    }
    if matches!(op, BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor | BinaryOp::Shl | BinaryOp::Shr) && common.is_floating() {
        return Err(EngineError::new(ErrorKind::NotImplementedError, format!(
            "\"{}_cpu\" not implemented for '{}'",
            op.name(),
            scalar_type_name(common)
        )));
    }
    Ok(())
}

fn int_op(op: BinaryOp, x: i64, y: i64) -> Result<Scalar> {
    Ok(Scalar::Int(match op {
        BinaryOp::Add => x.wrapping_add(y),
        BinaryOp::Sub => x.wrapping_sub(y),
        BinaryOp::Mul => x.wrapping_mul(y),
        BinaryOp::TruncDiv if y == 0 => return Err(EngineError::new(ErrorKind::RuntimeError, "ZeroDivisionError")),
        BinaryOp::TruncDiv => x.wrapping_div(y),
        BinaryOp::FloorDiv | BinaryOp::Mod => {
            if y == 0 {
                return Err(EngineError::new(ErrorKind::RuntimeError, "ZeroDivisionError"));
            }
            let q = x.wrapping_div(y);
            let r = x.wrapping_rem(y);
            let fix = r != 0 && ((r < 0) != (y < 0));
            if op == BinaryOp::FloorDiv {
                if fix { q - 1 } else { q }
            } else if fix {
                r + y
            } else {
                r
            }
        }
        // PyTorch's `powi`: a negative exponent gives 1 for 1, ±1 for -1,
        // else 0 (a negative number exponent was refused in `sub_check`).
        BinaryOp::Pow if y < 0 => match x {
            1 => 1,
            -1 => if y % 2 == 0 { 1 } else { -1 },
            _ => 0,
        },
        BinaryOp::Pow => x.wrapping_pow(y.min(u32::MAX as i64) as u32),
        BinaryOp::BitAnd => x & y,
        BinaryOp::BitOr => x | y,
        BinaryOp::BitXor => x ^ y,
        _ => return Ok(cmp(op, x.cmp(&y))),
    }))
}

/// PyTorch's CPU `lshift`/`rshift` kernels in `dtype`'s width: a shift
/// count that is negative (as the signed type) or too large gives 0 for
/// `<<` and the sign fill for `>>`.
fn shift(op: BinaryOp, dtype: DType, x: i64, y: i64) -> i64 {
    let bits = dtype.size() as u32 * 8;
    let signed = dtype != DType::UInt8;
    // The count as the signed type of the same width.
    let count = if signed { y } else { ((y as u64) << (64 - bits)) as i64 >> (64 - bits) };
    let wrap = |v: i64| -> i64 {
        let v = (v as u64) << (64 - bits);
        if signed { (v as i64) >> (64 - bits) } else { (v >> (64 - bits)) as i64 }
    };
    if op == BinaryOp::Shl {
        if count < 0 || count >= bits as i64 { 0 } else { wrap(((x as u64) << count) as i64) }
    } else {
        let max = bits as i64 - signed as i64;
        x >> (if count < 0 || count >= max { max } else { count }).min(63)
    }
}

fn cmp(op: BinaryOp, o: std::cmp::Ordering) -> Scalar {
    use std::cmp::Ordering::*;
    Scalar::Bool(match op {
        BinaryOp::Lt => o == Less,
        BinaryOp::Le => o != Greater,
        BinaryOp::Gt => o == Greater,
        BinaryOp::Ge => o != Less,
        BinaryOp::Eq => o == Equal,
        _ => o != Equal,
    })
}

fn float_op(op: BinaryOp, x: f64, y: f64) -> Scalar {
    Scalar::Float(match op {
        BinaryOp::Add => x + y,
        BinaryOp::Sub => x - y,
        BinaryOp::Mul => x * y,
        BinaryOp::Div => x / y,
        // Computed in the dtype's precision by `apply`.
        BinaryOp::FloorDiv => super::division::floor_div_f64(x, y),
        BinaryOp::TruncDiv => (x / y).trunc(),
        BinaryOp::Mod => {
            let m = x % y;
            if m != 0.0 && ((y < 0.0) != (m < 0.0)) { m + y } else { m }
        }
        BinaryOp::Pow => x.powf(y),
        BinaryOp::Lt => return Scalar::Bool(x < y),
        BinaryOp::Le => return Scalar::Bool(x <= y),
        BinaryOp::Gt => return Scalar::Bool(x > y),
        BinaryOp::Ge => return Scalar::Bool(x >= y),
        BinaryOp::Eq => return Scalar::Bool(x == y),
        BinaryOp::Ne => return Scalar::Bool(x != y),
        BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor | BinaryOp::Shl | BinaryOp::Shr => f64::NAN,
    })
}

fn apply(op: BinaryOp, compute: DType, x: Scalar, y: Scalar) -> Result<Scalar> {
    let (x, y) = (x.cast(compute), y.cast(compute));
    match compute.category() {
        Category::Floating if op == BinaryOp::FloorDiv => Ok(Scalar::Float(super::division::float_div(Rounding::Floor, compute, x.as_f64(), y.as_f64()))),
        Category::Floating if op == BinaryOp::TruncDiv => Ok(Scalar::Float(super::division::float_div(Rounding::Trunc, compute, x.as_f64(), y.as_f64()))),
        Category::Floating => Ok(float_op(op, x.as_f64(), y.as_f64())),
        Category::Integer if matches!(op, BinaryOp::Shl | BinaryOp::Shr) => Ok(Scalar::Int(shift(op, compute, x.as_i64(), y.as_i64()))),
        Category::Integer => int_op(op, x.as_i64(), y.as_i64()),
        Category::Bool => {
            let (a, b) = (x.as_bool(), y.as_bool());
            match op {
                BinaryOp::BitAnd | BinaryOp::Mul => Ok(Scalar::Bool(a & b)),
                BinaryOp::BitOr | BinaryOp::Add => Ok(Scalar::Bool(a | b)),
                BinaryOp::BitXor => Ok(Scalar::Bool(a ^ b)),
                BinaryOp::Sub => Err(EngineError::new(
                    ErrorKind::NotImplementedError,
                    "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.",
                )),
                _ => int_op(op, a as i64, b as i64).map(|s| if op.is_comparison() { s } else { Scalar::Bool(s.as_bool()) }),
            }
        }
    }
}

/// Reads every element of `arg` broadcast to `shape`, in row-major order.
pub(super) fn broadcast_values(arg: &Arg, shape: &[usize]) -> Vec<Scalar> {
    match arg {
        Arg::S(s) => vec![*s; shape.iter().product()],
        Arg::T(t) => {
            let l = broadcast_layout(t.layout(), shape);
            let buf = t.storage.bytes();
            StridedIndex::new(&l)
                .map(|i| scalar::read(t.dtype, buf.bytes(), i).unwrap_or(Scalar::Int(0)))
                .collect()
        }
    }
}

fn compute_values(op: BinaryOp, compute: DType, a: &Arg, b: &Arg, shape: &[usize]) -> Result<Vec<Scalar>> {
    if let Some(vals) = super::division::opmath_scalar_values(op, compute, a, b, shape) {
        return Ok(vals);
    }
    if let (BinaryOp::Pow, Arg::S(e), true) = (op, b, compute.is_floating()) {
        let e = e.cast(compute).as_f64();
        if super::pow_scalar::special(compute, 1.0, e).is_some() {
            return Ok(broadcast_values(a, shape).into_iter().map(|x| Scalar::Float(super::pow_scalar::special(compute, x.cast(compute).as_f64(), e).unwrap_or(f64::NAN))).collect());
        }
    }
    let av = broadcast_values(a, shape);
    let bv = broadcast_values(b, shape);
    av.into_iter()
        .zip(bv)
        .enumerate()
        .map(|(j, (x, y))| {
            if j.is_multiple_of(crate::engine::interrupt::CHECK_EVERY) {
                crate::engine::interrupt::check()?;
            }
            apply(op, compute, x, y)
        })
        .collect()
}

/// `a op b` into a new tensor.
pub fn binary(ctx: &Context, op: BinaryOp, a: Arg, b: Arg) -> Result<Tensor> {
    sub_check(op, &a, &b)?;
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    let (compute, out_dtype) = dtypes(op, &a, &b)?;
    // A Python scalar is a 0-dim operand, as PyTorch wraps it: it takes no
    // part in the stride order but stops the same-shape fast path.
    // On the CPU, TensorIterator first replaces an input of another dtype
    // by `input.to(common_dtype)` (a preserve-format copy, dense in the
    // input's stride order), and the output's layout follows that copy.
    let layouts: Vec<Layout> = [&a, &b]
        .iter()
        .map(|x| match x {
            Arg::T(t) if t.dtype != compute && !t.device().is_cuda() => {
                Layout { shape: t.shape().to_vec(), stride: super::copy::preserve_strides(t), offset: 0 }
            }
            Arg::T(t) => t.layout().clone(),
            Arg::S(_) => Layout { shape: vec![], stride: vec![], offset: 0 },
        })
        .collect();
    let layouts: Vec<&Layout> = layouts.iter().collect();
    // `number ** tensor` is PyTorch's `pow.Scalar`, whose meta function
    // asks for a contiguous output instead of TensorIterator's layout.
    // `tensor ** number` is `pow.Tensor_Scalar`, a unary TensorIterator:
    // the number is no operand at all (so an all-contiguous fast path holds).
    let stride = match (op, &a, &b) {
        (BinaryOp::Pow, Arg::S(_), _) => crate::engine::layout::contiguous_strides(&shape),
        (BinaryOp::Pow, Arg::T(_), Arg::S(_)) => output_strides(&layouts[..1], &shape),
        _ => output_strides(&layouts, &shape),
    };
    let device = common_device(&[&a, &b])?;
    let out = Tensor::alloc_strided_on(ctx, device, &shape, &stride, out_dtype, op.name())?;
    if crate::engine::gpu::launch::binary(ctx, op, compute, &out, &a, &b)? {
        return Ok(out);
    }
    if (compute == out_dtype || op.is_comparison()) && try_dense(op, compute, &out, &a, &b) {
        // The kernel skips its chunks after Ctrl-C: nothing half-done is returned.
        crate::engine::interrupt::check()?;
        return Ok(out);
    }
    if compute == out_dtype && out.numel() >= 4096 {
        // Bring each tensor operand into the output's layout and dtype, then
        // run the dense kernel over the temporaries.
        let dense_arg = |x: &Arg| -> Option<DenseOwned> {
            match x {
                Arg::S(s) => Some(DenseOwned::S(*s)),
                Arg::T(t) if t.ndim() == 0 => Some(DenseOwned::S(t.item().ok()?)),
                Arg::T(t) => densify(t, &out, compute).map(DenseOwned::B),
            }
        };
        if let (Some(da), Some(db)) = (dense_arg(&a), dense_arg(&b)) {
            let n = out.numel();
            let o0 = out.layout().footprint().map(|(lo, _)| lo).unwrap_or(0) * out_dtype.size();
            let done = {
                let mut obuf = out.storage.bytes_mut();
                match obuf.bytes_mut().get_mut(o0..o0 + n * out_dtype.size()) {
                    Some(dst) => crate::engine::kernels::binary::dense_binary(op, out_dtype, dst, &da.view(), &db.view()),
                    None => false,
                }
            };
            if done {
                crate::engine::interrupt::check()?;
                return Ok(out);
            }
        }
    }
    let mut vals = compute_values(op, compute, &a, &b, &shape)?;
    super::pow_scalar::vector_pow_f32(op, compute, &a, &b, &out, &mut vals);
    super::copy::write_values(&out, &vals);
    crate::engine::interrupt::check()?;
    Ok(out)
}

/// `a op= b` in place: checks the result type and shape as PyTorch does.
/// The device the operands share; a 0-dim CPU tensor may join CUDA ones
/// (PyTorch's CPU-scalar exception).
pub fn common_device(args: &[&Arg]) -> Result<crate::engine::Device> {
    use crate::engine::Device;
    let ts: Vec<&Tensor> = args
        .iter()
        .filter_map(|a| match a {
            Arg::T(t) => Some(*t),
            Arg::S(_) => None,
        })
        .collect();
    let mut dev: Option<Device> = None;
    for t in &ts {
        let d = t.device();
        match dev {
            None => dev = Some(d),
            Some(c) if c == d => {}
            Some(c) => {
                let scalar_cpu = |t: &Tensor| t.ndim() == 0 && t.device() == Device::Cpu;
                if scalar_cpu(t) {
                    continue;
                }
                if c == Device::Cpu && ts.iter().any(|x| x.device() == Device::Cpu && scalar_cpu(x)) {
                    dev = Some(d);
                    continue;
                }
                return Err(EngineError::runtime(format!(
                    "Expected all tensors to be on the same device, but found at least two devices, {} and {}!",
                    c, d
                ))
                .with_hint("move one with .cuda() or .cpu() first"));
            }
        }
    }
    Ok(dev.unwrap_or(Device::Cpu))
}

pub fn binary_inplace(op: BinaryOp, a: &Tensor, b: Arg) -> Result<()> {
    sub_check(op, &Arg::T(a), &b)?;
    common_device(&[&Arg::T(a), &b])?;
    super::copy::check_no_internal_overlap(a)?;
    if let Arg::T(t) = &b {
        super::copy::check_no_partial_overlap(a, t)?;
    }
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    if shape != a.shape() {
        return Err(EngineError::runtime(format!(
            "output with shape {} doesn't match the broadcast shape {}",
            crate::engine::error::fmt_list(a.shape()),
            crate::engine::error::fmt_list(&shape)
        ))
        .with_hint("an in-place op cannot change the tensor's shape; write `x = x + y` instead"));
    }
    let common = result_type(&[Arg::T(a).operand(), b.operand()]);
    let (compute, out_dtype) = result_dtypes(op, common);
    if !can_cast(out_dtype, a.dtype) {
        return Err(EngineError::runtime(format!(
            "result type {} can't be cast to the desired output type {}",
            scalar_type_name(out_dtype),
            scalar_type_name(a.dtype)
        ))
        .with_hint(format!("the result is {} but x is {}; write `x = x ⊕ y` (a new tensor) or convert x first", out_dtype.name(), a.dtype.name()).replace('⊕', match op { BinaryOp::Add => "+", BinaryOp::Sub => "-", BinaryOp::Mul => "*", BinaryOp::Div => "/", _ => "op" })));
    }
    kernel_check(op, &b, common)?;
    // Overlap that TensorIterator lets through (self not dense, as from
    // unfold; or an operand in self's storage that is not dense, so
    // "too hard" to check): its loop reads each element when it gets to
    // it, after the writes before it, so overlapping elements see them
    // (`x.unfold(0, 2, 1).add_(1)` adds twice where windows overlap).
    if let Some(done) = super::copy::each_element_of(a, &b, |e, bk| binary_inplace(op, e, bk)) {
        return done;
    }
    if compute == a.dtype && inplace_dense(op, a, &b) {
        a.storage.bump_version();
        return Ok(());
    }
    let mut vals = compute_values(op, compute, &Arg::T(a), &b, &shape)?;
    super::pow_scalar::vector_pow_f32(op, compute, &Arg::T(a), &b, a, &mut vals);
    super::copy::write_values(a, &vals);
    a.storage.bump_version();
    Ok(())
}

/// The in-place fast path: `a` dense, `b` a scalar or a dense tensor of a's
/// dtype and strides in another storage; no scratch memory at all.
fn inplace_dense(op: BinaryOp, a: &Tensor, b: &Arg) -> bool {
    use crate::engine::kernels::binary::{dense_binary_inplace, Dense};
    let n = a.numel();
    if n == 0 || !crate::engine::layout::is_non_overlapping_and_dense(a.shape(), a.stride()) {
        return false;
    }
    let size = a.dtype.size();
    let lo = |t: &Tensor| t.layout().footprint().map(|(lo, _)| lo).unwrap_or(0) * size;
    match b {
        Arg::S(s) => {
            let mut buf = a.storage.bytes_mut();
            let a0 = lo(a);
            match buf.bytes_mut().get_mut(a0..a0 + n * size) {
                Some(dst) => dense_binary_inplace(op, a.dtype, dst, &Dense::Scalar(*s)),
                None => false,
            }
        }
        Arg::T(t) => {
            if t.same_storage(a) || t.dtype != a.dtype || t.shape() != a.shape() || t.stride() != a.stride() {
                return false;
            }
            let src = t.storage.bytes();
            let b0 = lo(t);
            let Some(bs) = src.bytes().get(b0..b0 + n * size) else { return false };
            let mut buf = a.storage.bytes_mut();
            let a0 = lo(a);
            match buf.bytes_mut().get_mut(a0..a0 + n * size) {
                Some(dst) => dense_binary_inplace(op, a.dtype, dst, &Dense::Slice(bs)),
                None => false,
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Abs,
    Sqrt,
    Exp,
    Log,
    Sin,
    Cos,
    Tanh,
    Sigmoid,
    Relu,
    BitNot,
}

impl UnaryOp {
    pub fn name(self) -> &'static str {
        match self {
            UnaryOp::Neg => "neg",
            UnaryOp::Abs => "abs",
            UnaryOp::Sqrt => "sqrt",
            UnaryOp::Exp => "exp",
            UnaryOp::Log => "log",
            UnaryOp::Sin => "sin",
            UnaryOp::Cos => "cos",
            UnaryOp::Tanh => "tanh",
            UnaryOp::Sigmoid => "sigmoid",
            UnaryOp::Relu => "relu",
            UnaryOp::BitNot => "bitwise_not",
        }
    }
    /// True for ops that turn integer inputs into the default float dtype.
    fn floating_only(self) -> bool {
        !matches!(self, UnaryOp::Neg | UnaryOp::Abs | UnaryOp::Relu | UnaryOp::BitNot)
    }
}

/// `op(x)` into a new tensor with PyTorch's output layout.
pub fn unary(ctx: &Context, op: UnaryOp, x: &Tensor) -> Result<Tensor> {
    let out_dtype = if op.floating_only() && !x.dtype.is_floating() { DType::default_float() } else { x.dtype };
    if op == UnaryOp::Relu && x.dtype == DType::Bool {
        return Err(EngineError::new(ErrorKind::NotImplementedError, "Boolean inputs not supported for relu"));
    }
    if op == UnaryOp::Abs && x.dtype == DType::Bool {
        return Err(EngineError::new(ErrorKind::NotImplementedError, "\"abs_cpu\" not implemented for 'Bool'"));
    }
    if op == UnaryOp::Neg && x.dtype == DType::Bool {
        return Err(EngineError::new(ErrorKind::NotImplementedError, "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."));
    }
    if op == UnaryOp::BitNot && x.dtype.is_floating() {
        return Err(EngineError::type_error("~ (operator.invert) is only implemented on integer and Boolean-type tensors"));
    }
    // An integer input of a float op is first cast on the CPU (see `binary`).
    let cast = (out_dtype != x.dtype && !x.device().is_cuda()).then(|| Layout { shape: x.shape().to_vec(), stride: super::copy::preserve_strides(x), offset: 0 });
    let stride = output_strides(&[cast.as_ref().unwrap_or(x.layout())], x.shape());
    let out = Tensor::alloc_strided_on(ctx, x.device(), x.shape(), &stride, out_dtype, op.name())?;
    if crate::engine::gpu::launch::unary(ctx, op, &out, x)? {
        return Ok(out);
    }
    // float32 sigmoid of an input laid out otherwise than the output takes
    // the per-element path: PyTorch's loops then follow the input's strides.
    let f32_sigmoid = op == UnaryOp::Sigmoid && out_dtype == DType::Float32;
    let dense_input = x.dtype != out_dtype || (x.stride() == out.stride() && crate::engine::layout::is_non_overlapping_and_dense(x.shape(), x.stride()));
    if let Some(src) = (!f32_sigmoid || dense_input).then(|| densify(x, &out, out_dtype)).flatten() {
        let n = out.numel();
        let o0 = out.layout().footprint().map(|(lo, _)| lo).unwrap_or(0) * out_dtype.size();
        let done = {
            let mut obuf = out.storage.bytes_mut();
            match obuf.bytes_mut().get_mut(o0..) {
                Some(dst) => crate::engine::kernels::unary::dense_unary(op, out_dtype, dst, src.bytes(), n),
                None => false,
            }
        };
        if done {
            // The kernel skips its chunks after Ctrl-C: nothing half-done is returned.
            crate::engine::interrupt::check()?;
            return Ok(out);
        }
    }
    crate::engine::interrupt::check()?;
    // (An input of another dtype is first cast into the output's layout.)
    let in_stride = if x.dtype == out_dtype { x.stride() } else { out.stride() };
    let lanes = f32_sigmoid.then(|| super::vector_lanes::vector_lanes(x.shape(), in_stride, out.stride(), super::vector_lanes::pytorch_threads()));
    let vals: Vec<Scalar> = x
        .to_scalars()
        .into_iter()
        .enumerate()
        .map(|(k, v)| {
            let v = v.cast(out_dtype);
            match (op, v) {
                (UnaryOp::BitNot, Scalar::Bool(b)) => Scalar::Bool(!b),
                (UnaryOp::BitNot, v) => Scalar::Int(!v.as_i64()),
                (UnaryOp::Neg, Scalar::Int(i)) => Scalar::Int(i.wrapping_neg()),
                (UnaryOp::Abs, Scalar::Int(i)) => Scalar::Int(i.wrapping_abs()),
                (UnaryOp::Relu, Scalar::Int(i)) => Scalar::Int(i.max(0)),
                (UnaryOp::Sigmoid, v) if f32_sigmoid => {
                    let f = v.as_f64() as f32;
                    let vector = lanes.as_ref().is_some_and(|l| l[k]);
                    Scalar::Float(if vector { super::sleef::sigmoidf(f) } else { super::sleef::sigmoidf_scalar(f) } as f64)
                }
                (_, v) => {
                    let f = v.as_f64();
                    Scalar::Float(match op {
                        UnaryOp::Neg => -f,
                        UnaryOp::Abs => f.abs(),
                        UnaryOp::Sqrt => f.sqrt(),
                        UnaryOp::Exp => f.exp(),
                        UnaryOp::Log => f.ln(),
                        UnaryOp::Sin => f.sin(),
                        UnaryOp::Cos => f.cos(),
                        UnaryOp::Tanh => f.tanh(),
                        UnaryOp::Sigmoid => 1.0 / (1.0 + (-f).exp()),
                        UnaryOp::Relu => if f < 0.0 { 0.0 } else { f },
                        UnaryOp::BitNot => f,
                    })
                }
            }
        })
        .collect();
    super::copy::write_values(&out, &vals);
    crate::engine::interrupt::check()?;
    Ok(out)
}

/// `x` broadcast into `out`'s shape and (dense) strides, converted to
/// `dtype`, as a temporary buffer in `out`'s memory order. Temporaries are
/// not storages: they get no id and are freed at once.
fn densify(x: &Tensor, out: &Tensor, dtype: DType) -> Option<crate::engine::alloc::host::HostBuffer> {
    if !crate::engine::layout::is_non_overlapping_and_dense(out.shape(), out.stride()) {
        return None;
    }
    let n = out.numel();
    let tl = Layout { shape: out.shape().to_vec(), stride: out.stride().to_vec(), offset: 0 };
    let sl = broadcast_layout(x.layout(), out.shape());
    let mut tmp = crate::engine::alloc::host::HostBuffer::zeroed(n * dtype.size())?;
    let src = x.storage.bytes();
    super::copy::copy_strided(tmp.bytes_mut(), &tl, dtype, src.bytes(), &sl, x.dtype);
    Some(tmp)
}

/// The fast path: every tensor operand has the compute dtype (the output's,
/// or for a comparison its operands'), the output's shape and (dense)
/// strides, so all of them can be walked in raw memory order.
fn try_dense(op: BinaryOp, compute: DType, out: &Tensor, a: &Arg, b: &Arg) -> bool {
    use crate::engine::kernels::binary::{dense_binary, dense_compare, Dense};
    let size = compute.size();
    let n = out.numel();
    let usable = |x: &Arg| match x {
        Arg::S(_) => true,
        Arg::T(t) => {
            t.dtype == compute
                && t.shape() == out.shape()
                && t.stride() == out.stride()
                && crate::engine::layout::is_non_overlapping_and_dense(t.shape(), t.stride())
        }
    };
    if n == 0 || !usable(a) || !usable(b) {
        return false;
    }
    // Operands' bytes stay borrowed while the kernel runs (fresh output: no aliasing).
    fn guard<'t>(x: &Arg<'t>) -> Option<std::cell::Ref<'t, crate::engine::alloc::host::HostBuffer>> {
        match x {
            Arg::T(t) => Some(t.storage.bytes()),
            Arg::S(_) => None,
        }
    }
    fn first(t: &Tensor, size: usize) -> usize {
        t.layout().footprint().map(|(lo, _)| lo).unwrap_or(0) * size
    }
    fn dense<'g>(x: &Arg, g: &'g Option<std::cell::Ref<'_, crate::engine::alloc::host::HostBuffer>>, n: usize, size: usize) -> Option<Dense<'g>> {
        match (x, g) {
            (Arg::S(s), _) => Some(Dense::Scalar(*s)),
            (Arg::T(t), Some(g)) => g.bytes().get(first(t, size)..first(t, size) + n * size).map(Dense::Slice),
            _ => None,
        }
    }
    let (ga, gb) = (guard(a), guard(b));
    let (Some(xa), Some(xb)) = (dense(a, &ga, n, size), dense(b, &gb, n, size)) else { return false };
    let mut obuf = out.storage.bytes_mut();
    let os = out.dtype.size();
    let o0 = first(out, os);
    let Some(dst) = obuf.bytes_mut().get_mut(o0..o0 + n * os) else { return false };
    if compute == out.dtype {
        dense_binary(op, out.dtype, dst, &xa, &xb)
    } else {
        dense_compare(op, compute, dst, &xa, &xb)
    }
}

/// An operand prepared for the dense kernel: a scalar or an owned buffer.
enum DenseOwned {
    S(Scalar),
    B(crate::engine::alloc::host::HostBuffer),
}

impl DenseOwned {
    fn view(&self) -> crate::engine::kernels::binary::Dense<'_> {
        match self {
            DenseOwned::S(s) => crate::engine::kernels::binary::Dense::Scalar(*s),
            DenseOwned::B(b) => crate::engine::kernels::binary::Dense::Slice(b.bytes()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::context::EngineConfig;
    use crate::engine::layout;

    fn ctx() -> Context {
        Context::new(&EngineConfig::default())
    }

    /// A (r, c) tensor of `dtype` whose element (i, j) is `f(i, j)`.
    fn mat(ctx: &Context, r: usize, c: usize, dtype: DType, f: impl Fn(usize, usize) -> f64) -> Tensor {
        let vals: Vec<Scalar> = (0..r * c).map(|k| Scalar::Float(f(k / c, k % c))).collect();
        Tensor::from_scalars(ctx, &[r, c], dtype, &vals, "test").unwrap()
    }

    fn floats(t: &Tensor) -> Vec<f64> {
        t.to_scalars().into_iter().map(|s| s.as_f64()).collect()
    }

    // 100 x 100 = 10 000 elements: large enough for the dense kernels.
    #[test]
    fn fast_paths_match_element_by_element_math() {
        let ctx = ctx();
        let x = mat(&ctx, 100, 100, DType::Float32, |i, j| (i * 7 + j) as f64 * 0.25);
        let xt = x.view_as_layout(layout::t(x.layout()).unwrap(), "t");
        let s = binary(&ctx, BinaryOp::Add, Arg::T(&xt), Arg::T(&x)).unwrap();
        let expect: Vec<f64> = (0..10000).map(|k| ((k % 100) * 7 + k / 100) as f64 * 0.25 + ((k / 100) * 7 + k % 100) as f64 * 0.25).collect();
        assert_eq!(floats(&s), expect);

        let i = mat(&ctx, 100, 100, DType::Int32, |i, j| (i as f64) - (j as f64));
        let q = binary(&ctx, BinaryOp::Mul, Arg::T(&i), Arg::S(Scalar::Float(0.5))).unwrap();
        assert_eq!(q.dtype, DType::Float32);
        assert_eq!(floats(&q), (0..10000).map(|k| ((k / 100) as f64 - (k % 100) as f64) * 0.5).collect::<Vec<_>>());

        let col = mat(&ctx, 100, 1, DType::Float64, |i, _| i as f64);
        let row = mat(&ctx, 1, 100, DType::Float64, |_, j| j as f64 * 1000.0);
        let b = binary(&ctx, BinaryOp::Sub, Arg::T(&col), Arg::T(&row)).unwrap();
        assert_eq!(b.shape(), &[100, 100]);
        assert_eq!(floats(&b), (0..10000).map(|k| (k / 100) as f64 - (k % 100) as f64 * 1000.0).collect::<Vec<_>>());

        let e = unary(&ctx, UnaryOp::Exp, &xt).unwrap();
        assert_eq!(e.stride(), xt.stride(), "unary keeps a dense input's layout");
        let want: Vec<f64> = floats(&xt).iter().map(|v| (*v as f32).exp() as f64).collect();
        assert_eq!(floats(&e), want);
    }

    #[test]
    fn dense_comparisons_are_the_general_path() {
        let ctx = ctx();
        let ops = [BinaryOp::Lt, BinaryOp::Le, BinaryOp::Gt, BinaryOp::Ge, BinaryOp::Eq, BinaryOp::Ne];
        let special = [f64::NAN, f64::INFINITY, 0.1, -0.0, 3e9];
        for dt in [DType::Float32, DType::Float64, DType::Int32, DType::Int64] {
            // Every other column of a (150, 200) tensor: not dense, so the
            // general path; its contiguous copy takes the dense kernel.
            let wide = mat(&ctx, 150, 200, dt, |i, j| if (i + j) % 41 == 0 { special[(i + j) % 5] } else { ((i * 13 + j * 7) % 29) as f64 * 0.1 - 1.0 });
            let half = wide.view_as_layout(Layout { shape: vec![150, 100], stride: vec![200, 2], offset: 0 }, "s");
            let dense = super::super::copy::contiguous(&ctx, &half).unwrap().unwrap();
            let other = mat(&ctx, 150, 100, dt, |i, j| ((i + j * 3) % 29) as f64 * 0.1 - 1.0);
            for op in ops {
                for s in [Scalar::Float(0.1), Scalar::Float(f64::NAN), Scalar::Int(0), Scalar::Int(1 << 33), Scalar::Bool(true)] {
                    for flip in [false, true] {
                        let (fa, fb, ga, gb) = if flip { (Arg::S(s), Arg::T(&dense), Arg::S(s), Arg::T(&half)) } else { (Arg::T(&dense), Arg::S(s), Arg::T(&half), Arg::S(s)) };
                        let fast = binary(&ctx, op, fa, fb).unwrap();
                        let slow = binary(&ctx, op, ga, gb).unwrap();
                        assert_eq!((fast.dtype, fast.shape()), (DType::Bool, slow.shape()));
                        assert_eq!(fast.to_scalars(), slow.to_scalars(), "{dt:?} {op:?} {s:?}");
                    }
                }
                let fast = binary(&ctx, op, Arg::T(&dense), Arg::T(&other)).unwrap();
                let slow = binary(&ctx, op, Arg::T(&half), Arg::T(&other)).unwrap();
                assert_eq!(fast.stride(), &[100, 1]);
                assert_eq!(fast.to_scalars(), slow.to_scalars(), "{dt:?} {op:?} tensors");
            }
        }
    }
}
