//! `add`/`sub` with `alpha`: `self + alpha * other`, as PyTorch's `add`
//! kernel computes it (one fused multiply-add in the dtype, in float for
//! float16/bfloat16; wrapping for integers; `or`/`and` for bool), after
//! `alpha_check`. `sub(a, b, alpha)` is `add(a, b, -alpha)`.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, Result};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::elementwise::{binary, binary_inplace, broadcast_values, Arg, BinaryOp};
use super::iter_layout::broadcast_shapes;

/// PyTorch's `alpha_check` for a result of `dtype`.
pub fn alpha_check(dtype: DType, alpha: Scalar) -> Result<()> {
    if matches!(alpha, Scalar::Bool(_)) && dtype != DType::Bool {
        return Err(EngineError::runtime("Boolean alpha only supported for Boolean results."));
    }
    if !dtype.is_floating() && matches!(alpha, Scalar::Float(_)) {
        return Err(EngineError::runtime("For integral input tensors, argument alpha must not be a floating point number."));
    }
    Ok(())
}

/// `-alpha` for `sub` (a bool alpha stays: PyTorch refuses bool `sub` first).
fn negate(alpha: Scalar) -> Scalar {
    match alpha {
        Scalar::Int(i) => Scalar::Int(i.wrapping_neg()),
        Scalar::Float(f) => Scalar::Float(-f),
        b => b,
    }
}

/// One element: `a + alpha * b` in `dtype`.
fn scaled(dtype: DType, a: Scalar, b: Scalar, alpha: Scalar) -> Scalar {
    match dtype {
        DType::Float64 => Scalar::Float(alpha.as_f64().mul_add(b.as_f64(), a.as_f64())),
        d if d.is_floating() => {
            let (a, b) = (a.cast(d).as_f64() as f32, b.cast(d).as_f64() as f32);
            Scalar::Float((alpha.as_f64() as f32).mul_add(b, a) as f64)
        }
        DType::Bool => Scalar::Bool(a.as_bool() || (alpha.as_bool() && b.as_bool())),
        d => Scalar::Int(a.cast(d).as_i64().wrapping_add(alpha.as_i64().wrapping_mul(b.cast(d).as_i64()))),
    }
}

/// `alpha` as `add` takes it for `op` (`Add` or `Sub`).
fn signed(op: BinaryOp, alpha: Scalar) -> Scalar {
    if op == BinaryOp::Sub { negate(alpha) } else { alpha }
}

/// `a ± alpha * b` into a new tensor (`op` is `Add` or `Sub`; the layout,
/// dtype and errors of `a ± b`).
pub fn add_scaled(ctx: &Context, op: BinaryOp, a: Arg, b: Arg, alpha: Scalar) -> Result<Tensor> {
    let out = binary(ctx, op, a.clone(), b.clone())?;
    alpha_check(out.dtype, alpha)?;
    let alpha = signed(op, alpha);
    let shape = out.shape().to_vec();
    let vals: Vec<Scalar> = broadcast_values(&a, &shape).into_iter().zip(broadcast_values(&b, &shape)).map(|(x, y)| scaled(out.dtype, x, y, alpha)).collect();
    super::copy::write_values(&out, &vals);
    Ok(out)
}

/// `a ±= alpha * b` in place (the checks of `a ±= b`).
pub fn add_scaled_inplace(op: BinaryOp, a: &Tensor, b: Arg, alpha: Scalar) -> Result<()> {
    let fits = broadcast_shapes(a.shape(), b.shape()).is_ok_and(|s| s == a.shape());
    if fits {
        if let Arg::T(t) = &b {
            super::copy::check_no_partial_overlap(a, t)?;
        }
        if let Some(done) = super::copy::each_element_of(a, &b, |e, bk| add_scaled_inplace(op, e, bk, alpha)) {
            return done;
        }
    }
    // The values before the write; a shape that does not fit fails below.
    let old = fits.then(|| (broadcast_values(&Arg::T(a), a.shape()), broadcast_values(&b, a.shape())));
    let common = super::promote::result_type(&[Arg::T(a).operand(), b.operand()]);
    if super::promote::can_cast(common, a.dtype) {
        alpha_check(common, alpha)?;
    }
    binary_inplace(op, a, b)?;
    let alpha = signed(op, alpha);
    if let Some((av, bv)) = old {
        let vals: Vec<Scalar> = av.into_iter().zip(bv).map(|(x, y)| scaled(common, x, y, alpha)).collect();
        super::copy::write_values(a, &vals);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rounding_like_pytorchs_fused_kernel() {
        // 0.1f + 0.37 * 100.1f: fused, not (0.37 * 100.1) rounded then added.
        let (a, b) = (Scalar::Float(0.1f32 as f64), Scalar::Float(100.1f32 as f64));
        let fused = scaled(DType::Float32, a, b, Scalar::Float(0.37)).as_f64() as f32;
        assert_eq!(fused, 0.37f32.mul_add(100.1f32, 0.1f32));
        assert_eq!(scaled(DType::Int64, Scalar::Int(1), Scalar::Int(3), Scalar::Int(-2)), Scalar::Int(-5));
        assert!(alpha_check(DType::Int64, Scalar::Float(0.5)).is_err());
        assert!(alpha_check(DType::Float32, Scalar::Bool(true)).is_err());
        assert!(alpha_check(DType::Bool, Scalar::Bool(true)).is_ok());
    }
}
