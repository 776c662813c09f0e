//! More of the element-wise math family: `nan_to_num`, `isclose`/`equal`,
//! and the three-operand `lerp`, `addcmul`, `addcdiv`. Float math rounds
//! each step to the dtype, as PyTorch's kernels compute in it.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, ErrorKind, Result};
use crate::engine::layout::Layout;
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::elementwise::Arg;
use super::iter_layout::{broadcast_shapes, output_strides};
use super::pointwise::{alloc_like, broadcast_values};
use super::promote::{result_type, scalar_type_name, type_meta_name, Operand};

/// Rounds `x` to `dtype`'s precision (a float dtype).
fn rd(dtype: DType, x: f64) -> f64 {
    Scalar::Float(x).cast(dtype).as_f64()
}

/// The largest finite value of a float dtype.
pub fn float_max(dtype: DType) -> f64 {
    match dtype {
        DType::Float16 => 65504.0,
        DType::BFloat16 => 3.3895313892515355e38,
        DType::Float32 => f32::MAX as f64,
        _ => f64::MAX,
    }
}

/// `nan_to_num(x, nan, posinf, neginf)`: integers and bools come back as a copy.
pub fn nan_to_num(ctx: &Context, x: &Tensor, nan: f64, posinf: Option<f64>, neginf: Option<f64>) -> Result<Tensor> {
    let out = alloc_like(ctx, x, x.dtype, "nan_to_num")?;
    let max = float_max(x.dtype);
    let (pos, neg) = (posinf.unwrap_or(max), neginf.unwrap_or(-max));
    // Selects, so that the loop vectorises.
    let dense = move |v: &[f64; 1]| {
        let f = v[0];
        let r = if f == f64::INFINITY { pos } else { f };
        let r = if f == f64::NEG_INFINITY { neg } else { r };
        if f.is_nan() { nan } else { r }
    };
    if super::pointwise_dense::map_n(&out, x.dtype, &[&Arg::T(x)], dense)? {
        return Ok(out);
    }
    super::copy::write_values(&out, &nan_to_num_values(x, nan, posinf, neginf));
    Ok(out)
}

pub fn nan_to_num_values(x: &Tensor, nan: f64, posinf: Option<f64>, neginf: Option<f64>) -> Vec<Scalar> {
    let floating = x.dtype.is_floating();
    let max = float_max(x.dtype);
    x.to_scalars()
        .into_iter()
        .map(|v| match v {
            Scalar::Float(f) if floating && f.is_nan() => Scalar::Float(nan),
            Scalar::Float(f) if floating && f == f64::INFINITY => Scalar::Float(posinf.unwrap_or(max)),
            Scalar::Float(f) if floating && f == f64::NEG_INFINITY => Scalar::Float(neginf.unwrap_or(-max)),
            v => v,
        })
        .collect()
}

/// `isclose(a, b, rtol, atol, equal_nan)`: a bool tensor.
pub fn isclose(ctx: &Context, a: &Tensor, b: &Tensor, rtol: f64, atol: f64, equal_nan: bool) -> Result<Tensor> {
    if a.dtype != b.dtype {
        return Err(EngineError::runtime(format!("{} did not match {}", scalar_type_name(a.dtype), scalar_type_name(b.dtype))));
    }
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    let stride = output_strides(&[a.layout(), b.layout()], &shape);
    let out = Tensor::alloc_strided_on(ctx, super::elementwise::common_device(&[&Arg::T(a), &Arg::T(b)])?, &shape, &stride, DType::Bool, "isclose")?;
    // Integers compare in the default float dtype, as PyTorch casts them.
    let dt = if a.dtype.is_floating() { a.dtype } else { DType::default_float() };
    let vals: Vec<Scalar> = broadcast_values(&Arg::T(a), &shape)
        .into_iter()
        .zip(broadcast_values(&Arg::T(b), &shape))
        .map(|(x, y)| {
            if x == y && !a.dtype.is_floating() {
                return Scalar::Bool(true);
            }
            let (x, y) = (x.cast(dt).as_f64(), y.cast(dt).as_f64());
            let close = x == y
                || (equal_nan && x.is_nan() && y.is_nan())
                || (x.is_finite() && y.is_finite() && rd(dt, (x - y).abs()) <= rd(dt, atol + rd(dt, rtol * y.abs())));
            Scalar::Bool(close)
        })
        .collect();
    super::copy::write_values(&out, &vals);
    Ok(out)
}

/// `torch.equal(a, b)`: the same shape and the same values (promoted).
pub fn equal(a: &Tensor, b: &Tensor) -> bool {
    if a.shape() != b.shape() {
        return false;
    }
    let dt = result_type(&[Operand::Tensor { dtype: a.dtype, ndim: a.ndim() }, Operand::Tensor { dtype: b.dtype, ndim: b.ndim() }]);
    a.to_scalars().into_iter().zip(b.to_scalars()).all(|(x, y)| {
        let (x, y) = (x.cast(dt), y.cast(dt));
        if dt.is_floating() { x.as_f64() == y.as_f64() } else { x.as_i64() == y.as_i64() }
    })
}

/// `lerp`, `addcmul`, `addcdiv`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Ternary {
    /// `self + w * (end - self)` (from the other end for w >= 0.5).
    Lerp,
    /// `self + value * t1 * t2`.
    Addcmul(Scalar),
    /// `self + value * (t1 / t2)`.
    Addcdiv(Scalar),
}

impl Ternary {
    pub fn name(self) -> &'static str {
        match self {
            Ternary::Lerp => "lerp",
            Ternary::Addcmul(_) => "addcmul",
            Ternary::Addcdiv(_) => "addcdiv",
        }
    }

    #[inline(always)]
    fn eval(self, dt: DType, s: f64, a: f64, b: f64) -> f64 {
        let r = |x: f64| rd(dt, x);
        match self {
            Ternary::Lerp => lerp(dt, s, a, b),
            // PyTorch's addcmul/addcdiv kernels (PointwiseOpsKernel.cpp) in the
            // op-math type: `fma(value * t1, t2, self)` (GCC contracts the
            // add) and `self + value * t1 / t2`, left to right.
            Ternary::Addcmul(v) if dt == DType::Float64 => (v.as_f64() * a).mul_add(b, s),
            Ternary::Addcmul(v) => r(((v.as_f64() as f32) * a as f32).mul_add(b as f32, s as f32) as f64),
            Ternary::Addcdiv(v) if dt == DType::Float64 => s + v.as_f64() * a / b,
            Ternary::Addcdiv(v) => r((s as f32 + (v.as_f64() as f32) * a as f32 / b as f32) as f64),
        }
    }
}



/// PyTorch's `lerp_vec`/`lerp` (`Lerp.h`, `LerpKernel.cpp`): in the
/// op-math type (float for float32, float16 and bfloat16; the result is
/// rounded to the dtype once), `d = end - self`, then one fused
/// multiply-add from self (`w * d + self`) when |w| < 0.5, else from end
/// (`(w - 1) * d + end`).
#[inline(always)]
pub fn lerp(dt: DType, s: f64, e: f64, w: f64) -> f64 {
    if dt == DType::Float64 {
        let d = e - s;
        return if w.abs() < 0.5 { w.mul_add(d, s) } else { (w - 1.0).mul_add(d, e) };
    }
    let (s, e, w) = (s as f32, e as f32, w as f32);
    let d = e - s;
    (if w.abs() < 0.5 { w.mul_add(d, s) } else { (w - 1.0).mul_add(d, e) }) as f64
}

/// The result dtype of a ternary op, or PyTorch's refusal.
fn ternary_dtype(op: Ternary, ins: &[&Arg; 3]) -> Result<DType> {
    let common = result_type(&ins.iter().map(|a| a.operand()).collect::<Vec<_>>());
    match op {
        Ternary::Lerp => {
            let (Arg::T(s), Arg::T(e)) = (ins[0], ins[1]) else { return Ok(common) };
            if s.dtype != e.dtype {
                return Err(EngineError::runtime(format!("expected dtype {} for `end` but got dtype {}", type_meta_name(s.dtype), type_meta_name(e.dtype))));
            }
            // A weight tensor must match too, unless it is 0-d.
            if let Arg::T(w) = ins[2]
                && w.ndim() > 0
                && w.dtype != s.dtype
            {
                return Err(EngineError::runtime(format!("expected dtype {} for `weight` but got dtype {}", type_meta_name(s.dtype), type_meta_name(w.dtype))));
            }
            if !s.dtype.is_floating() {
                let k = if matches!(ins[2], Arg::S(_)) { "lerp_kernel_scalar" } else { "lerp_kernel_tensor" };
                return Err(EngineError::new(ErrorKind::NotImplementedError, format!("\"{k}\" not implemented for '{}'", scalar_type_name(s.dtype))));
            }
            Ok(s.dtype)
        }
        Ternary::Addcdiv(_) if !common.is_floating() && ins[1..].iter().all(|a| matches!(a, Arg::T(t) if !t.dtype.is_floating())) => {
            Err(EngineError::runtime("Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all dtypes."))
        }
        _ => Ok(common),
    }
}

fn ternary_values(op: Ternary, ins: &[&Arg; 3], shape: &[usize], dt: DType) -> Result<Vec<Scalar>> {
    crate::engine::interrupt::check()?;
    let cols: Vec<Vec<Scalar>> = ins.iter().map(|a| broadcast_values(a, shape)).collect();
    Ok((0..shape.iter().product::<usize>())
        .map(|i| {
            // lerp's weight is taken in the op-math type (a number weight of a
            // float16 lerp stays a float).
            let w = if op == Ternary::Lerp && matches!(dt, DType::Float16 | DType::BFloat16) { Scalar::Float(cols[2][i].as_f64() as f32 as f64) } else { cols[2][i].cast(dt) };
            let (s, a, b) = (cols[0][i].cast(dt), cols[1][i].cast(dt), w);
            if !dt.is_floating() {
                let (s, a, b) = (s.as_i64(), a.as_i64(), b.as_i64());
                let v = match op {
                    Ternary::Addcmul(v) => v.as_i64(),
                    _ => 0,
                };
                return Scalar::Int(s.wrapping_add(v.wrapping_mul(a).wrapping_mul(b))).cast(dt);
            }
            Scalar::Float(op.eval(dt, s.as_f64(), a.as_f64(), b.as_f64()))
        })
        .collect())
}

/// `op(s, a, b)` into a new tensor, broadcasting all three.
pub fn ternary(ctx: &Context, op: Ternary, s: Arg, a: Arg, b: Arg) -> Result<Tensor> {
    let ins = [&s, &a, &b];
    let shape = broadcast_shapes(&broadcast_shapes(s.shape(), a.shape())?, b.shape())?;
    let dt = ternary_dtype(op, &ins)?;
    let layouts: Vec<Layout> = ins
        .iter()
        .map(|x| match x {
            Arg::T(t) if t.dtype != dt => Layout { shape: t.shape().to_vec(), stride: super::copy::preserve_strides(t), offset: 0 },
            Arg::T(t) => t.layout().clone(),
            Arg::S(_) => Layout { shape: vec![], stride: vec![], offset: 0 },
        })
        .collect();
    let refs: Vec<&Layout> = layouts.iter().collect();
    let stride = output_strides(&refs, &shape);
    let device = super::elementwise::common_device(&ins)?;
    let out = Tensor::alloc_strided_on(ctx, device, &shape, &stride, dt, op.name())?;
    // One loop per op and float dtype (both constants in it), so that each vectorises.
    macro_rules! dense {
        ($d:expr) => {
            match op {
                Ternary::Lerp => super::pointwise_dense::map_n(&out, dt, &ins, |v| Ternary::Lerp.eval($d, v[0], v[1], v[2]))?,
                Ternary::Addcmul(c) => super::pointwise_dense::map_n(&out, dt, &ins, move |v| Ternary::Addcmul(c).eval($d, v[0], v[1], v[2]))?,
                Ternary::Addcdiv(c) => super::pointwise_dense::map_n(&out, dt, &ins, move |v| Ternary::Addcdiv(c).eval($d, v[0], v[1], v[2]))?,
            }
        };
    }
    let taken = match dt {
        DType::Float32 => dense!(DType::Float32),
        DType::Float64 => dense!(DType::Float64),
        _ => false,
    };
    if taken {
        return Ok(out);
    }
    super::copy::write_values(&out, &ternary_values(op, &ins, &shape, dt)?);
    Ok(out)
}

/// `s.op_(a, b)` in place.
pub fn ternary_inplace(op: Ternary, s: &Tensor, a: Arg, b: Arg) -> Result<()> {
    let sa = Arg::T(s);
    let ins = [&sa, &a, &b];
    for x in [&a, &b] {
        if let Arg::T(t) = x {
            super::copy::check_no_partial_overlap(s, t)?;
        }
    }
    let shape = broadcast_shapes(&broadcast_shapes(s.shape(), a.shape())?, b.shape())?;
    if shape != s.shape() {
        return Err(EngineError::runtime(format!(
            "output with shape {} doesn't match the broadcast shape {}",
            crate::engine::error::fmt_list(s.shape()),
            crate::engine::error::fmt_list(&shape)
        )));
    }
    let dt = ternary_dtype(op, &ins)?;
    super::pointwise::inplace_check(dt, s)?;
    let ts: Vec<&Tensor> = [&a, &b].iter().filter_map(|x| match x {
        Arg::T(t) => Some(*t),
        Arg::S(_) => None,
    }).collect();
    if super::copy::live_inplace(s, &ts) {
        return super::copy::each_element(s, &ts, |e, ops| {
            // The views come in operand order, one per tensor operand.
            let first = matches!(a, Arg::T(_)) as usize;
            let ea = match &a {
                Arg::T(_) => Arg::T(&ops[0]),
                Arg::S(v) => Arg::S(*v),
            };
            let eb = match &b {
                Arg::T(_) => Arg::T(&ops[first]),
                Arg::S(v) => Arg::S(*v),
            };
            ternary_inplace(op, e, ea, eb)
        });
    }
    let vals = ternary_values(op, &ins, &shape, dt)?;
    super::copy::write_values(s, &vals);
    s.storage.bump_version();
    Ok(())
}
