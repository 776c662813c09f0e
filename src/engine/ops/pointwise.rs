//! The element-wise math family beyond `elementwise.rs`'s hot ops: inverse
//! and hyperbolic trigonometry, rounding, signs, logs and exps, and the
//! float-only binary ops (`atan2`, `hypot`, `fmod`, …). Each value is
//! computed in f64 and rounded once to the result dtype (PyTorch's float32
//! kernels are within an ulp of that), except float32 results where
//! PyTorch's kernel is known bit for bit (`MathOp::eval_f32`, and
//! `sleef.rs` for the SLEEF routines). The output layout follows
//! TensorIterator as `elementwise::unary`/`binary` do.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, ErrorKind, Result};
use crate::engine::layout::Layout;
use crate::engine::scalar::{self, Scalar};
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

use super::elementwise::Arg;
use super::iter_layout::{broadcast_layout, broadcast_shapes, output_strides};
use super::promote::{can_cast, result_type, scalar_type_name};

unsafe extern "C" {
    fn erf(x: f64) -> f64;
    fn acoshf(x: f32) -> f32;
    fn asinhf(x: f32) -> f32;
    fn coshf(x: f32) -> f32;
    fn sinhf(x: f32) -> f32;
}

/// How an op picks its result dtype from its input's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Integers and bools become the default float dtype.
    Float,
    /// The input's dtype; no bool kernel (`ceil_vml_cpu`).
    SameNoBool(&'static str),
    /// The input's dtype, bool included.
    Same,
    /// Floating inputs only (`frac_cpu`).
    FloatOnly(&'static str),
    /// A bool result.
    Bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MathOp {
    Acos,
    Asin,
    Atan,
    Acosh,
    Asinh,
    Atanh,
    Cosh,
    Sinh,
    Tan,
    Ceil,
    Floor,
    Round,
    Trunc,
    Frac,
    Sign,
    Sgn,
    Signbit,
    Rsqrt,
    Exp2,
    Expm1,
    Log10,
    Log1p,
    Log2,
    Erf,
    Deg2rad,
    Rad2deg,
    Isfinite,
    Isinf,
    Isnan,
    Isneginf,
    Isposinf,
}

pub const UNARY: &[(&str, MathOp)] = &[
    ("acos", MathOp::Acos),
    ("asin", MathOp::Asin),
    ("atan", MathOp::Atan),
    ("acosh", MathOp::Acosh),
    ("asinh", MathOp::Asinh),
    ("atanh", MathOp::Atanh),
    ("cosh", MathOp::Cosh),
    ("sinh", MathOp::Sinh),
    ("tan", MathOp::Tan),
    ("ceil", MathOp::Ceil),
    ("floor", MathOp::Floor),
    ("round", MathOp::Round),
    ("trunc", MathOp::Trunc),
    ("frac", MathOp::Frac),
    ("sign", MathOp::Sign),
    ("sgn", MathOp::Sgn),
    ("signbit", MathOp::Signbit),
    ("rsqrt", MathOp::Rsqrt),
    ("exp2", MathOp::Exp2),
    ("expm1", MathOp::Expm1),
    ("log10", MathOp::Log10),
    ("log1p", MathOp::Log1p),
    ("log2", MathOp::Log2),
    ("erf", MathOp::Erf),
    ("deg2rad", MathOp::Deg2rad),
    ("rad2deg", MathOp::Rad2deg),
    ("isfinite", MathOp::Isfinite),
    ("isinf", MathOp::Isinf),
    ("isnan", MathOp::Isnan),
    ("isneginf", MathOp::Isneginf),
    ("isposinf", MathOp::Isposinf),
    // NumPy-style aliases (after the names, which `name` returns).
    ("arccos", MathOp::Acos),
    ("arcsin", MathOp::Asin),
    ("arctan", MathOp::Atan),
    ("arccosh", MathOp::Acosh),
    ("arcsinh", MathOp::Asinh),
    ("arctanh", MathOp::Atanh),
    ("fix", MathOp::Trunc),
];

impl MathOp {
    pub fn from_name(name: &str) -> Option<MathOp> {
        UNARY.iter().find(|(n, _)| *n == name).map(|(_, o)| *o)
    }

    pub fn name(self) -> &'static str {
        UNARY.iter().find(|(_, o)| *o == self).map(|(n, _)| *n).unwrap_or("?")
    }

    pub fn kind(self) -> Kind {
        use MathOp::*;
        match self {
            Ceil => Kind::SameNoBool("ceil_vml_cpu"),
            Floor => Kind::SameNoBool("floor_vml_cpu"),
            Round => Kind::SameNoBool("round_vml_cpu"),
            Trunc => Kind::SameNoBool("trunc_vml_cpu"),
            Frac => Kind::FloatOnly("frac_cpu"),
            Sign | Sgn => Kind::Same,
            Signbit | Isfinite | Isinf | Isnan | Isneginf | Isposinf => Kind::Bool,
            _ => Kind::Float,
        }
    }

    /// The value in f64 (the caller rounds it to the result dtype).
    #[inline(always)]
    pub fn eval(self, x: f64) -> f64 {
        use MathOp::*;
        let b = |v: bool| v as u8 as f64;
        match self {
            Acos => x.acos(),
            Asin => x.asin(),
            Atan => x.atan(),
            Acosh => x.acosh(),
            Asinh => x.asinh(),
            Atanh => x.atanh(),
            Cosh => x.cosh(),
            Sinh => x.sinh(),
            Tan => x.tan(),
            Ceil => x.ceil(),
            Floor => x.floor(),
            Round => x.round_ties_even(),
            Trunc => x.trunc(),
            Frac => x - x.trunc(),
            // PyTorch's (0 < x) - (x < 0): 0 for -0.0 and NaN.
            Sign | Sgn => b(x > 0.0) - b(x < 0.0),
            Signbit => b(x.is_sign_negative()),
            Rsqrt => 1.0 / x.sqrt(),
            Exp2 => x.exp2(),
            Expm1 => x.exp_m1(),
            Log10 => x.log10(),
            Log1p => x.ln_1p(),
            Log2 => x.log2(),
            // SAFETY: libm's erf is a pure function of one double.
            Erf => unsafe { erf(x) },
            Deg2rad => x * (std::f64::consts::PI / 180.0),
            Rad2deg => x * (180.0 / std::f64::consts::PI),
            Isfinite => b(x.is_finite()),
            Isinf => b(x.is_infinite()),
            Isnan => b(x.is_nan()),
            Isneginf => b(x == f64::NEG_INFINITY),
            Isposinf => b(x == f64::INFINITY),
        }
    }

    /// The value in float32 where PyTorch's float kernel is not the
    /// correctly rounded one: glibc's float functions, `1 / sqrt(x)` and a
    /// product with the constant, each rounded in float32.
    pub fn eval_f32(self, x: f32) -> Option<f32> {
        use MathOp::*;
        // SAFETY: libm's float functions are pure functions of one float.
        Some(match self {
            Acosh => unsafe { acoshf(x) },
            Asinh => unsafe { asinhf(x) },
            Cosh => unsafe { coshf(x) },
            Sinh => unsafe { sinhf(x) },
            Rsqrt => 1.0 / x.sqrt(),
            // SLEEF's routines, as PyTorch's vectorised kernels call them
            // (expm1 and log1p vectorise the tail too); exp2 and atanh
            // here are the scalar tails, see `vector_result`.
            Expm1 => super::sleef::expm1f(x),
            Log1p => super::sleef::log1pf(x),
            Exp2 => super::sleef::exp2f_scalar(x),
            Atanh => super::sleef::atanhf_scalar(x),
            Deg2rad => x * (std::f64::consts::PI / 180.0) as f32,
            Rad2deg => x * (180.0 / std::f64::consts::PI) as f32,
            _ => return None,
        })
    }

    /// The float32 result of PyTorch's vectorised routine where it differs
    /// from its scalar tail (`eval_f32`): `cpu_kernel_vec` ops whose lanes
    /// call SLEEF but whose tails call glibc.
    pub fn vector_f32(self, x: f32) -> Option<f32> {
        match self {
            MathOp::Exp2 => Some(super::sleef::exp2f(x)),
            MathOp::Atanh => Some(super::sleef::atanhf(x)),
            _ => None,
        }
    }

    /// d op(x) / dx, from the input `x` and the result `y`.
    pub fn derivative(self, x: f64, y: f64) -> f64 {
        use MathOp::*;
        match self {
            Acos => -1.0 / (1.0 - x * x).sqrt(),
            Asin => 1.0 / (1.0 - x * x).sqrt(),
            Atan => 1.0 / (x * x + 1.0),
            Acosh => 1.0 / (x * x - 1.0).sqrt(),
            Asinh => 1.0 / (x * x + 1.0).sqrt(),
            Atanh => 1.0 / (1.0 - x * x),
            Cosh => x.sinh(),
            Sinh => x.cosh(),
            Tan => 1.0 + y * y,
            Frac => 1.0,
            Rsqrt => -0.5 * y * y * y,
            Exp2 => y * std::f64::consts::LN_2,
            Expm1 => y + 1.0,
            Log10 => 1.0 / (x * std::f64::consts::LN_10),
            Log1p => 1.0 / (x + 1.0),
            Log2 => 1.0 / (x * std::f64::consts::LN_2),
            Erf => 2.0 / std::f64::consts::PI.sqrt() * (-x * x).exp(),
            Deg2rad => std::f64::consts::PI / 180.0,
            Rad2deg => 180.0 / std::f64::consts::PI,
            _ => 0.0,
        }
    }

    /// Whether the result can require grad (the evaluator names its node
    /// from the op's registry row).
    pub fn differentiable(self) -> bool {
        use MathOp::*;
        !matches!(self, Signbit | Isfinite | Isinf | Isnan | Isneginf | Isposinf)
    }
}

/// The result dtype of `op` on `dtype`, or PyTorch's refusal.
pub fn result_dtype(op: MathOp, dtype: DType) -> Result<DType> {
    let missing = |k: &str| EngineError::new(ErrorKind::NotImplementedError, format!("\"{k}\" not implemented for '{}'", scalar_type_name(dtype)));
    Ok(match op.kind() {
        Kind::Float if dtype.is_floating() => dtype,
        Kind::Float => DType::default_float(),
        Kind::SameNoBool(k) if dtype == DType::Bool => return Err(missing(k)),
        Kind::SameNoBool(_) | Kind::Same => dtype,
        Kind::FloatOnly(k) if !dtype.is_floating() => return Err(missing(k)),
        Kind::FloatOnly(_) => dtype,
        Kind::Bool => DType::Bool,
    })
}

/// `f` of each element, in row-major order, as `dtype` values.
fn values(x: &Tensor, dtype: DType, f: impl Fn(Scalar) -> Scalar) -> Result<Vec<Scalar>> {
    crate::engine::interrupt::check()?;
    Ok(x.to_scalars().into_iter().map(|v| f(v).cast(dtype)).collect())
}

/// The value of `op` on one element (integers stay exact where the result is an integer).
fn apply(op: MathOp, v: Scalar, out: DType) -> Scalar {
    match (op, v) {
        (MathOp::Sign | MathOp::Sgn, Scalar::Int(i)) => Scalar::Int(i.signum()),
        (MathOp::Sign | MathOp::Sgn, Scalar::Bool(b)) => Scalar::Bool(b),
        (MathOp::Ceil | MathOp::Floor | MathOp::Round | MathOp::Trunc, Scalar::Int(i)) => Scalar::Int(i),
        (MathOp::Signbit, Scalar::Int(i)) => Scalar::Bool(i < 0),
        (MathOp::Isfinite, Scalar::Int(_) | Scalar::Bool(_)) => Scalar::Bool(true),
        (MathOp::Isinf | MathOp::Isnan | MathOp::Isneginf | MathOp::Isposinf, Scalar::Int(_) | Scalar::Bool(_)) => Scalar::Bool(false),
        _ if out == DType::Bool => Scalar::Bool(op.eval(v.as_f64()) != 0.0),
        // float16/bfloat16 erf: vml's generic map through
        // `Vectorized<Half>::erf`, i.e. the float vector erf on every
        // element (the partial last vector too), rounded once.
        (MathOp::Erf, _) if matches!(out, DType::Float16 | DType::BFloat16) => {
            Scalar::Float(super::sleef::erf_vec(v.cast(DType::Float32).as_f64() as f32) as f64)
        }
        _ if out == DType::Float32 => {
            let x = v.cast(DType::Float32).as_f64();
            Scalar::Float(op.eval_f32(x as f32).map(|r| r as f64).unwrap_or_else(|| op.eval(x)))
        }
        _ => Scalar::Float(op.eval(v.as_f64())),
    }
}

/// A new tensor for an element-wise result of `x` in `dtype`, laid out as
/// TensorIterator lays it out (an input of another dtype is first copied
/// dense in its own stride order).
pub fn alloc_like(ctx: &Context, x: &Tensor, dtype: DType, op: &str) -> Result<Tensor> {
    let cast = (dtype != x.dtype).then(|| Layout { shape: x.shape().to_vec(), stride: super::copy::preserve_strides(x), offset: 0 });
    let stride = output_strides(&[cast.as_ref().unwrap_or(x.layout())], x.shape());
    Tensor::alloc_strided_on(ctx, x.device(), x.shape(), &stride, dtype, op)
}

/// `op(x)` into a new tensor.
pub fn unary(ctx: &Context, op: MathOp, x: &Tensor) -> Result<Tensor> {
    let dtype = result_dtype(op, x.dtype)?;
    let out = alloc_like(ctx, x, dtype, op.name())?;
    if super::pointwise_dense::unary(op, x, &out, dtype)? {
        return Ok(out);
    }
    let mut vals = values(x, dtype, |v| apply(op, v, dtype))?;
    // An input of another dtype is first cast into the output's layout.
    let in_stride = if x.dtype == dtype { x.stride().to_vec() } else { out.stride().to_vec() };
    vector_result(op, x, &in_stride, out.stride(), dtype, &mut vals);
    super::copy::write_values(&out, &vals);
    Ok(out)
}

/// For a float32 result on the CPU, the elements PyTorch's vectorised loop
/// computes replaced by `MathOp::vector_f32` (see `vector_lanes::vector_lanes`).
fn vector_result(op: MathOp, x: &Tensor, in_stride: &[usize], out_stride: &[usize], dtype: DType, vals: &mut [Scalar]) {
    // float16/bfloat16 rsqrt: the vector lanes compute 1 / sqrt in float
    // (one rounding, as `vals` holds); the scalar tail's `1 / std::sqrt(a)`
    // rounds the square root to the dtype first (c10's math on Half and
    // BFloat16 returns the dtype), then the quotient.
    if op == MathOp::Rsqrt && matches!(dtype, DType::Float16 | DType::BFloat16) && x.dtype == dtype && !x.device().is_cuda() {
        let r = |v: f64| Scalar::Float(v).cast(dtype).as_f64();
        let lanes = super::vector_lanes::vector_lanes(x.shape(), in_stride, out_stride, super::vector_lanes::pytorch_threads());
        for ((v, lane), xv) in vals.iter_mut().zip(lanes).zip(x.to_scalars()) {
            if !lane {
                *v = Scalar::Float(r(1.0 / r(xv.as_f64().sqrt())));
            }
        }
        return;
    }
    if dtype != DType::Float32 || x.device().is_cuda() || op.vector_f32(0.0).is_none() {
        return;
    }
    let lanes = super::vector_lanes::vector_lanes(x.shape(), in_stride, out_stride, super::vector_lanes::pytorch_threads());
    for ((v, lane), xv) in vals.iter_mut().zip(lanes).zip(x.to_scalars()) {
        if lane {
            let f = xv.cast(DType::Float32).as_f64() as f32;
            if let Some(r) = op.vector_f32(f) {
                *v = Scalar::Float(r as f64);
            }
        }
    }
}

/// `round(x, decimals=d)` as PyTorch computes it, in the input's dtype:
/// `nearbyint(x * 10^d) / 10^d` (`x / 10^-d * 10^-d` for d < 0).
pub fn round_decimals(ctx: &Context, x: &Tensor, decimals: i64) -> Result<Tensor> {
    let dtype = result_dtype(MathOp::Round, x.dtype)?;
    if !dtype.is_floating() {
        return Err(EngineError::new(ErrorKind::NotImplementedError, format!("\"round_cpu\" not implemented for '{}'", scalar_type_name(dtype))));
    }
    let out = alloc_like(ctx, x, dtype, "round")?;
    let neg = decimals < 0;
    let p = 10f64.powi(decimals.unsigned_abs().min(400) as i32);
    let f32_math = dtype != DType::Float64;
    let vals = values(x, dtype, |v| {
        let v = v.as_f64();
        Scalar::Float(if f32_math {
            let (v, p) = (v as f32, p as f32);
            (if neg { (v / p).round_ties_even() * p } else { (v * p).round_ties_even() / p }) as f64
        } else if neg {
            (v / p).round_ties_even() * p
        } else {
            (v * p).round_ties_even() / p
        })
    })?;
    super::copy::write_values(&out, &vals);
    Ok(out)
}

/// `x.op_()`: the result written into `x` (its dtype must hold it).
pub fn unary_inplace(op: MathOp, x: &Tensor) -> Result<()> {
    let dtype = result_dtype(op, x.dtype)?;
    inplace_check(dtype, x)?;
    if super::copy::live_inplace(x, &[]) {
        return super::copy::each_element(x, &[], |e, _| unary_inplace(op, e));
    }
    let mut vals = values(x, x.dtype, |v| apply(op, v, dtype))?;
    vector_result(op, x, x.stride(), x.stride(), x.dtype, &mut vals);
    super::copy::write_values(x, &vals);
    x.storage.bump_version();
    Ok(())
}

/// PyTorch's in-place result-type check.
pub fn inplace_check(result: DType, x: &Tensor) -> Result<()> {
    super::copy::check_no_internal_overlap(x)?;
    if !can_cast(result, x.dtype) {
        return Err(EngineError::runtime(format!(
            "result type {} can't be cast to the desired output type {}",
            scalar_type_name(result),
            scalar_type_name(x.dtype)
        )));
    }
    Ok(())
}

/// Two-operand float math (`atan2`, `hypot`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MathBinary {
    Atan2,
    Hypot,
    Fmod,
    Fmax,
    Fmin,
    Copysign,
    Heaviside,
    Logaddexp,
    Gcd,
    Lcm,
}

pub const BINARY: &[(&str, MathBinary)] = &[
    ("atan2", MathBinary::Atan2),
    ("arctan2", MathBinary::Atan2),
    ("hypot", MathBinary::Hypot),
    ("fmod", MathBinary::Fmod),
    ("fmax", MathBinary::Fmax),
    ("fmin", MathBinary::Fmin),
    ("copysign", MathBinary::Copysign),
    ("heaviside", MathBinary::Heaviside),
    ("logaddexp", MathBinary::Logaddexp),
    ("gcd", MathBinary::Gcd),
    ("lcm", MathBinary::Lcm),
];

impl MathBinary {
    pub fn from_name(name: &str) -> Option<MathBinary> {
        BINARY.iter().find(|(n, _)| *n == name).map(|(_, o)| *o)
    }

    pub fn name(self) -> &'static str {
        BINARY.iter().find(|(_, o)| *o == self).map(|(n, _)| *n).unwrap_or("?")
    }

    /// Whether integer operands keep an integer result.
    fn keeps_ints(self) -> bool {
        matches!(self, MathBinary::Fmod | MathBinary::Fmax | MathBinary::Fmin | MathBinary::Heaviside | MathBinary::Gcd | MathBinary::Lcm)
    }

    #[inline(always)]
    pub fn eval(self, x: f64, y: f64) -> f64 {
        match self {
            MathBinary::Atan2 => x.atan2(y),
            MathBinary::Hypot => x.hypot(y),
            MathBinary::Fmod => x % y,
            MathBinary::Fmax => if x.is_nan() { y } else if y.is_nan() { x } else { x.max(y) },
            MathBinary::Fmin => if x.is_nan() { y } else if y.is_nan() { x } else { x.min(y) },
            MathBinary::Copysign => x.copysign(y),
            MathBinary::Heaviside => if x == 0.0 { y } else { (x > 0.0) as u8 as f64 },
            MathBinary::Logaddexp => {
                if x.is_infinite() && x == y {
                    x
                } else {
                    let m = x.max(y);
                    m + (-(x - y).abs()).exp().ln_1p()
                }
            }
            MathBinary::Gcd | MathBinary::Lcm => f64::NAN,
        }
    }

    fn eval_int(self, x: i64, y: i64) -> Result<i64> {
        Ok(match self {
            MathBinary::Fmod if y == 0 => return Err(EngineError::runtime("ZeroDivisionError")),
            MathBinary::Fmod => x.wrapping_rem(y),
            MathBinary::Fmax => x.max(y),
            MathBinary::Fmin => x.min(y),
            MathBinary::Heaviside => if x == 0 { y } else { (x > 0) as i64 },
            MathBinary::Gcd => gcd(x, y),
            MathBinary::Lcm => {
                let g = gcd(x, y);
                if g == 0 { 0 } else { (x / g).wrapping_mul(y).wrapping_abs() }
            }
            _ => 0,
        })
    }

    /// d/dx and d/dy at (x, y).
    pub fn partials(self, x: f64, y: f64) -> (f64, f64) {
        match self {
            MathBinary::Atan2 => {
                let r = x * x + y * y;
                (y / r, -x / r)
            }
            MathBinary::Hypot => {
                let h = x.hypot(y);
                (x / h, y / h)
            }
            MathBinary::Fmod => (1.0, -(x / y).trunc()),
            // A tie splits the gradient in half (PyTorch 2.15); a NaN
            // operand loses to the other.
            MathBinary::Fmax | MathBinary::Fmin if x == y => (0.5, 0.5),
            MathBinary::Fmax => if x > y || y.is_nan() { (1.0, 0.0) } else { (0.0, 1.0) },
            MathBinary::Fmin => if x < y || y.is_nan() { (1.0, 0.0) } else { (0.0, 1.0) },
            MathBinary::Copysign => {
                let s = if x == 0.0 { 0.0 } else { x.copysign(y) / x };
                (s, 0.0)
            }
            MathBinary::Heaviside | MathBinary::Gcd | MathBinary::Lcm => (0.0, 0.0),
            MathBinary::Logaddexp => {
                let m = x.max(y);
                let (ex, ey) = ((x - m).exp(), (y - m).exp());
                (ex / (ex + ey), ey / (ex + ey))
            }
        }
    }
}

/// PyTorch's `calc_gcd`: Euclid on absolute values.
fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.wrapping_abs(), b.wrapping_abs());
    while a != 0 {
        let c = a;
        a = b % a;
        b = c;
    }
    b
}



/// Every element of `arg` broadcast to `shape`, in row-major order.
pub fn broadcast_values(arg: &Arg, shape: &[usize]) -> Vec<Scalar> {
    match arg {
        Arg::S(s) => vec![*s; shape.iter().product()],
        Arg::T(t) => {
            let l = broadcast_layout(t.layout(), shape);
            let buf = t.storage.bytes();
            StridedIndex::new(&l).map(|i| scalar::read(t.dtype, buf.bytes(), i).unwrap_or(Scalar::Int(0))).collect()
        }
    }
}

/// The dtype `op` computes and returns for operands `a`, `b`.
pub fn binary_dtype(op: MathBinary, a: &Arg, b: &Arg) -> Result<DType> {
    let common = result_type(&[a.operand(), b.operand()]);
    if op == MathBinary::Heaviside {
        let (da, db) = (arg_dtype(a), arg_dtype(b));
        if da != db {
            return Err(EngineError::runtime("heaviside is not yet implemented for tensors with different dtypes."));
        }
    }
    // hypot and logaddexp are dispatched over float types only (their
    // integer operands are not promoted, unlike atan2's).
    if matches!(op, MathBinary::Hypot | MathBinary::Logaddexp) && !common.is_floating() {
        return Err(EngineError::new(ErrorKind::NotImplementedError, format!("\"{}_cpu\" not implemented for '{}'", op.name(), scalar_type_name(common))));
    }
    if matches!(op, MathBinary::Gcd | MathBinary::Lcm) && (common.is_floating() || common == DType::Bool) {
        return Err(EngineError::new(ErrorKind::NotImplementedError, format!("\"{}_cpu\" not implemented for '{}'", op.name(), scalar_type_name(common))));
    }
    if op.keeps_ints() || common.is_floating() {
        if op == MathBinary::Fmod && common == DType::Bool {
            return Err(EngineError::new(ErrorKind::NotImplementedError, "\"fmod_cpu\" not implemented for 'Bool'"));
        }
        return Ok(common);
    }
    Ok(DType::default_float())
}

fn arg_dtype(a: &Arg) -> DType {
    match a {
        Arg::T(t) => t.dtype,
        Arg::S(Scalar::Bool(_)) => DType::Bool,
        Arg::S(Scalar::Int(_)) => DType::Int64,
        Arg::S(Scalar::Float(_)) => DType::Float64,
    }
}

/// The values of `op(a, b)` broadcast to `shape`, as `dtype`.
fn binary_values(op: MathBinary, a: &Arg, b: &Arg, shape: &[usize], dtype: DType) -> Result<Vec<Scalar>> {
    crate::engine::interrupt::check()?;
    broadcast_values(a, shape)
        .into_iter()
        .zip(broadcast_values(b, shape))
        .map(|(x, y)| {
            if !dtype.is_floating() {
                return Ok(Scalar::Int(op.eval_int(x.cast(dtype).as_i64(), y.cast(dtype).as_i64())?).cast(dtype));
            }
            Ok(Scalar::Float(op.eval(x.cast(dtype).as_f64(), y.cast(dtype).as_f64())).cast(dtype))
        })
        .collect()
}

/// `op(a, b)` into a new tensor, broadcasting.
pub fn binary(ctx: &Context, op: MathBinary, a: Arg, b: Arg) -> Result<Tensor> {
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    let dtype = binary_dtype(op, &a, &b)?;
    let layouts: Vec<Layout> = [&a, &b]
        .iter()
        .map(|x| match x {
            Arg::T(t) if t.dtype != dtype => Layout { shape: t.shape().to_vec(), stride: super::copy::preserve_strides(t), offset: 0 },
            Arg::T(t) => t.layout().clone(),
            Arg::S(_) => Layout { shape: vec![], stride: vec![], offset: 0 },
        })
        .collect();
    let refs: Vec<&Layout> = layouts.iter().collect();
    let stride = output_strides(&refs, &shape);
    let device = super::elementwise::common_device(&[&a, &b])?;
    let out = Tensor::alloc_strided_on(ctx, device, &shape, &stride, dtype, op.name())?;
    if super::pointwise_dense::binary(op, &a, &b, &out, dtype)? {
        return Ok(out);
    }
    if matches!(op, MathBinary::Logaddexp | MathBinary::Atan2) && dtype == DType::Float32 && !device.is_cuda() {
        super::copy::write_values(&out, &binary_f32(op, &a, &b, &out)?);
        return Ok(out);
    }
    super::copy::write_values(&out, &binary_values(op, &a, &b, &shape, dtype)?);
    Ok(out)
}

/// float32 `logaddexp` and `atan2` as PyTorch's kernels compute them.
/// `logaddexp_kernel`: the vector loop `maximum(a, b) + log1p(exp(-|a - b|))`
/// with SLEEF's expf and log1pf (NaN-propagating maximum), the scalar
/// lambda the same with `std::max` and glibc's functions; equal infinities
/// give themselves. `atan2_kernel`: SLEEF's `atan2f16_u10`, glibc's
/// `atan2f`. Elements are placed by `vector_lanes::binary_lanes`.
fn binary_f32(op: MathBinary, a: &Arg, b: &Arg, out: &Tensor) -> Result<Vec<Scalar>> {
    crate::engine::interrupt::check()?;
    let shape = out.shape();
    let lanes = super::vector_lanes::binary_lanes(a, b, out, DType::Float32);
    let f = |v: Scalar| v.cast(DType::Float32).as_f64() as f32;
    Ok(broadcast_values(a, shape)
        .into_iter()
        .zip(broadcast_values(b, shape))
        .zip(lanes)
        .map(|((x, y), lane)| Scalar::Float(binary_f32_value(op, f(x), f(y), lane) as f64))
        .collect())
}

/// One element of float32 `atan2`/`logaddexp` (see [`binary_f32`]): `lane`
/// says whether PyTorch's vector loop computes it.
#[inline(always)]
pub fn binary_f32_value(op: MathBinary, x: f32, y: f32, lane: bool) -> f32 {
    if op == MathBinary::Atan2 {
        return if lane { super::sleef::atan2f(x, y) } else { x.atan2(y) };
    }
    if x.is_infinite() && x == y {
        x
    } else if lane {
        let m = if x.is_nan() || y.is_nan() { f32::NAN } else { x.max(y) };
        m + super::sleef::log1pf(super::sleef::expf(-(x - y).abs()))
    } else {
        let m = if x < y { y } else { x };
        m + (-(x - y).abs()).exp().ln_1p()
    }
}

/// `a.op_(b)` in place.
pub fn binary_inplace(op: MathBinary, a: &Tensor, b: Arg) -> Result<()> {
    if let Arg::T(t) = &b {
        super::copy::check_no_partial_overlap(a, t)?;
    }
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    if shape != a.shape() {
        return Err(EngineError::runtime(format!(
            "output with shape {} doesn't match the broadcast shape {}",
            crate::engine::error::fmt_list(a.shape()),
            crate::engine::error::fmt_list(&shape)
        )));
    }
    let dtype = binary_dtype(op, &Arg::T(a), &b)?;
    inplace_check(dtype, a)?;
    if let Some(done) = super::copy::each_element_of(a, &b, |e, bk| binary_inplace(op, e, bk)) {
        return done;
    }
    let vals = if matches!(op, MathBinary::Logaddexp | MathBinary::Atan2) && dtype == DType::Float32 && a.dtype == DType::Float32 && !a.device().is_cuda() {
        binary_f32(op, &Arg::T(a), &b, a)?
    } else {
        binary_values(op, &Arg::T(a), &b, &shape, dtype)?
    };
    super::copy::write_values(a, &vals);
    a.storage.bump_version();
    Ok(())
}

/// A new contiguous tensor of `dtype` whose elements are `f` of the
/// row-major elements of `ins` (all of `shape`, broadcast): for backward
/// formulas.
pub fn zip_map(ctx: &Context, ins: &[&Tensor], shape: &[usize], dtype: DType, f: impl Fn(&[f64]) -> f64) -> Result<Tensor> {
    let cols: Vec<Vec<Scalar>> = ins.iter().map(|t| broadcast_values(&Arg::T(t), shape)).collect();
    let n: usize = shape.iter().product();
    let mut row = vec![0.0; ins.len()];
    let vals: Vec<Scalar> = (0..n)
        .map(|i| {
            for (r, c) in row.iter_mut().zip(&cols) {
                *r = c[i].as_f64();
            }
            Scalar::Float(f(&row))
        })
        .collect();
    let device = ins.first().map(|t| t.device()).unwrap_or(crate::engine::Device::Cpu);
    Tensor::from_scalars_on(ctx, device, shape, dtype, &vals, "backward")
}
