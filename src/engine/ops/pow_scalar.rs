//! `tensor ** number` as PyTorch's `pow_tensor_scalar_kernel` computes it:
//! float32, float64 and bfloat16 send 0.5, -0.5 and -1 to the sqrt, rsqrt
//! and reciprocal kernels; float32 and float64 compute 2, 3 and -2 as
//! `x * x`, `x * x * x` and `1 / (x * x)` in the dtype, as does bfloat16
//! (each product rounded to bfloat16, the exponent compared after its
//! conversion to bfloat16). Other exponents take `pow` (float16: in float,
//! the exponent converted to float16 first).

use half::bf16;

use crate::engine::dtype::DType;
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::elementwise::{Arg, BinaryOp};

/// The result of `x ** e` for the kernel's special exponents, `None` for
/// the general `pow`. `x` and `e` are already in the compute dtype.
pub fn special(dtype: DType, x: f64, e: f64) -> Option<f64> {
    match dtype {
        DType::Float64 => Some(match e {
            0.5 => x.sqrt(),
            -0.5 => 1.0 / x.sqrt(),
            -1.0 => 1.0 / x,
            2.0 => x * x,
            3.0 => x * x * x,
            -2.0 => 1.0 / (x * x),
            _ => return None,
        }),
        DType::Float32 => {
            let x = x as f32;
            Some(match e {
                0.5 => x.sqrt(),
                -0.5 => 1.0 / x.sqrt(),
                -1.0 => 1.0 / x,
                2.0 => x * x,
                3.0 => x * x * x,
                -2.0 => 1.0 / (x * x),
                _ => return None,
            } as f64)
        }
        DType::BFloat16 => {
            let r = |v: f32| bf16::from_f32(v).to_f32();
            let x = x as f32;
            Some(match e {
                0.5 => r(x.sqrt()),
                -0.5 => r(1.0 / x.sqrt()),
                -1.0 => r(1.0 / x),
                2.0 => r(x * x),
                3.0 => r(r(x * x) * x),
                -2.0 => r(1.0 / r(x * x)),
                _ => return None,
            } as f64)
        }
        _ => None,
    }
}

/// float32 `pow` on the CPU outside the special exponents: the elements
/// PyTorch's vector loop computes (`Vectorized<float>::pow`, SLEEF's
/// `powf16_u10`) replace `vals`' scalar-lambda values, placed as
/// `vector_lanes::vector_lanes` places them (`out` is the result's layout; a
/// one-element operand is the loop's scalar). Layouts it does not model
/// keep the scalar values.
pub fn vector_pow_f32(op: BinaryOp, compute: DType, a: &Arg, b: &Arg, out: &Tensor, vals: &mut [Scalar]) {
    if op != BinaryOp::Pow || compute != DType::Float32 || out.device().is_cuda() {
        return;
    }
    if let Arg::S(e) = b
        && special(compute, 1.0, e.cast(compute).as_f64()).is_some()
    {
        return;
    }
    let shape = out.shape();
    let lanes = super::vector_lanes::binary_lanes(a, b, out, compute);
    let xs = super::elementwise::broadcast_values(a, shape);
    let ys = super::elementwise::broadcast_values(b, shape);
    for (i, lane) in lanes.into_iter().enumerate() {
        let (x, y) = (xs[i].cast(compute).as_f64() as f32, ys[i].cast(compute).as_f64() as f32);
        if lane {
            vals[i] = Scalar::Float(super::sleef::powf(x, y) as f64);
        } else if let Arg::S(e) = b {
            // pow_tensor_scalar's scalar lambda: std::pow(float, double) with
            // the exponent as the double it was given.
            vals[i] = Scalar::Float((x as f64).powf(e.as_f64()) as f32 as f64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cubes_are_two_products_not_a_pow() {
        // 1.1f^3 as (x*x)*x in float rounds differently from pow's 1.331.
        let x = 1.1f32;
        assert_eq!(special(DType::Float32, x as f64, 3.0), Some((x * x * x) as f64));
        assert_eq!(special(DType::Float64, 4.0, -0.5), Some(0.5));
        assert_eq!(special(DType::Float16, 4.0, 2.0), None);
        assert_eq!(special(DType::Float32, 2.0, 1.3), None);
    }
}
