//! Integer draws on PyTorch's CPU generator, as ATen's
//! `random_from_to_impl` and `random_kernel` (`DistributionTemplates.h`,
//! `TransformationHelper.h`) make them: `x.random_()`, `x.random_(to)`,
//! `x.random_(from, to)`, `x.random_(from, None)`, and `randint`, which is
//! `empty(size).random_(low, high)`. [`plan`] checks the ends and says what
//! PyTorch warns; [`fill`] draws in the kernel's visiting order.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, ErrorKind, Result};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::promote::{scalar_type_name, type_meta_name};
use super::random::round_to;

/// What `random_` was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// `random_()`: the dtype's own range.
    Default,
    /// `random_(from, to)`: `[from, to)`.
    FromTo(i64, i64),
    /// `random_(from, None)`: `[from, the dtype's largest]`.
    From(i64),
}

/// How each element is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kernel {
    /// `uniform_int_distribution<scalar_t>` (`random_kernel`).
    Default,
    /// `uniform_int_from_to_distribution`: `draw % range + base`.
    FromTo { range: u64, base: i64 },
    /// `random_full_64_bits_range_kernel`: a 64-bit draw as int64.
    Full64,
}

/// A checked draw: the kernel, and the UserWarnings PyTorch gives for it.
#[derive(Clone, Debug)]
pub struct Plan {
    kernel: Kernel,
    pub warnings: Vec<String>,
}

/// `std::numeric_limits<scalar_t>::digits` of a float dtype.
fn float_digits(dtype: DType) -> Option<u32> {
    match dtype {
        DType::Float16 => Some(11),
        DType::BFloat16 => Some(8),
        DType::Float32 => Some(24),
        DType::Float64 => Some(53),
        _ => None,
    }
}

/// `v` as a `dtype` element, back to an integer (`static_cast<int64_t>(static_cast<scalar_t>(v))`).
/// A value the dtype cannot hold (float16's infinity) converts as x86's
/// `cvttsd2si` does: to the "integer indefinite", `i64::MIN`.
fn through_dtype(v: i64, dtype: DType) -> i64 {
    let r = round_to(dtype, v as f64);
    if r.is_finite() && r.abs() < 2f64.powi(63) { r as i64 } else { i64::MIN }
}

/// ATen's `update_from`: when `from + 1` rounds below `from` in the dtype,
/// `from` moves up to the next value the dtype holds.
fn update_from(from: i64, dtype: DType, digits: u32) -> i64 {
    let from_plus_1 = through_dtype(from.saturating_add(1), dtype);
    if from_plus_1 < from {
        let n = 63 - from.saturating_add(1).unsigned_abs().max(1).leading_zeros() as i64;
        return from_plus_1 + (1i64 << (n - digits as i64 + 1).max(0));
    }
    from
}

/// ATen's `update_to`: when `to - 1` rounds up to `to` or beyond in the
/// dtype, `to` moves down to the previous value the dtype holds.
fn update_to(to: i64, dtype: DType, digits: u32) -> i64 {
    let to_minus_1 = through_dtype(to.saturating_sub(1), dtype);
    if to_minus_1 >= to {
        let n = 63 - to.saturating_sub(1).unsigned_abs().max(1).leading_zeros() as i64;
        return to_minus_1 - (1i64 << (n - digits as i64 + 1).max(0));
    }
    to
}

/// The largest and smallest value of an integer dtype (bool: 0 and 1).
fn int_bounds(dtype: DType) -> Option<(i64, i64)> {
    match dtype {
        DType::Bool => Some((0, 1)),
        DType::UInt8 => Some((0, 255)),
        DType::Int8 => Some((-128, 127)),
        DType::Int16 => Some((i16::MIN as i64, i16::MAX as i64)),
        DType::Int32 => Some((i32::MIN as i64, i32::MAX as i64)),
        DType::Int64 => Some((i64::MIN, i64::MAX)),
        _ => None,
    }
}

/// `check_from_to_in_range`: both ends inside the dtype (an error), and
/// for a float dtype inside ±2^digits (a warning: the dtype cannot hold
/// every integer beyond).
fn check_in_range(from: i64, to_inc: i64, dtype: DType, warnings: &mut Vec<String>) -> Result<()> {
    let ends = [(from, "from"), (to_inc, "to - 1")];
    if let Some(digits) = float_digits(dtype) {
        let max = match dtype {
            DType::Float16 => 65504.0,
            DType::BFloat16 => 3.3895313892515355e38,
            DType::Float32 => f32::MAX as f64,
            _ => f64::MAX,
        };
        for (v, name) in ends {
            if (v as f64) < -max || v as f64 > max {
                return Err(EngineError::runtime(format!("{name} is out of bounds for {}", type_meta_name(dtype))));
            }
        }
        let limit = 1i128 << digits;
        for (v, name) in ends {
            if (v as i128) < -limit || v as i128 > limit {
                warnings.push(format!(
                    "{name} is out of bounds [-(2^{digits}), 2^{digits}]. Due to precision limitations {} can support discrete uniform distribution only within this range. This warning will become an error in version 1.7 release, please fix the code in advance (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/DistributionTemplates.h:{}.)",
                    type_meta_name(dtype),
                    if name == "from" { 111 } else { 112 }
                ));
            }
        }
    } else if let Some((min, max)) = int_bounds(dtype) {
        for (v, name) in ends {
            if v < min || v > max {
                return Err(EngineError::runtime(format!("{name} is out of bounds for {}", type_meta_name(dtype))));
            }
        }
    }
    Ok(())
}

/// Checks `ends` for a `dtype` tensor as `random_from_to_impl` does, in its order.
pub fn plan(dtype: DType, ends: Ends) -> Result<Plan> {
    let mut warnings = Vec::new();
    let kernel = match ends {
        Ends::Default => Kernel::Default,
        Ends::FromTo(from, to) => {
            if from >= to {
                return Err(EngineError::runtime(format!("random_ expects 'from' to be less than 'to', but got from={from} >= to={to}")));
            }
            // A float dtype: the ends move to values the dtype holds.
            let (from, to) = match float_digits(dtype) {
                Some(digits) => {
                    let (from, to) = (update_from(from, dtype, digits), update_to(to, dtype, digits));
                    if from >= to {
                        return Err(EngineError::runtime(format!("random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from={from} >= to={to}")));
                    }
                    (from, to)
                }
                None => (from, to),
            };
            check_in_range(from, to - 1, dtype, &mut warnings)?;
            Kernel::FromTo { range: (to as u64).wrapping_sub(from as u64), base: from }
        }
        Ends::From(i64::MIN) => {
            if !matches!(dtype, DType::Int64 | DType::Float64 | DType::Float32 | DType::BFloat16) {
                if int_bounds(dtype).is_some() && dtype != DType::Bool {
                    return Err(EngineError::runtime("random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16"));
                }
                return Err(EngineError::new(ErrorKind::NotImplementedError, format!("\"random_full_64_bits_range_kernel_cpu\" not implemented for '{}'", scalar_type_name(dtype))));
            }
            Kernel::Full64
        }
        Ends::From(from) => {
            let (from, to_inc) = match float_digits(dtype) {
                Some(digits) => {
                    let to_inc = if digits >= 63 { i64::MAX } else { 1i64 << digits };
                    let from = update_from(from, dtype, digits);
                    if from >= to_inc {
                        return Err(EngineError::runtime(format!("random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to dtype, but got from={from} > to_inc={to_inc}")));
                    }
                    (from, to_inc)
                }
                None => (from, int_bounds(dtype).map_or(i64::MAX, |b| b.1)),
            };
            check_in_range(from, to_inc, dtype, &mut warnings)?;
            Kernel::FromTo { range: (to_inc as u64).wrapping_sub(from as u64).wrapping_add(1), base: from }
        }
    };
    Ok(Plan { kernel, warnings })
}

/// `uniform_int_distribution<scalar_t>`'s value: a 64-bit draw for double
/// and int64, else a 32-bit one, reduced to the dtype's range (floats:
/// `[0, 2^digits]`; integers: `[0, max]`; bool: the low bit).
fn default_draw(g: &mut super::random::Generator, dtype: DType) -> i64 {
    match dtype {
        DType::Float64 => (g.random64() % ((1u64 << 53) + 1)) as i64,
        DType::Int64 => (g.random64() % (1u64 << 63)) as i64,
        DType::Bool => (g.random() & 1) as i64,
        _ => {
            let r = g.random() as u64;
            let m = match float_digits(dtype) {
                Some(d) => (1u64 << d) + 1,
                None => int_bounds(dtype).map_or(1 << 32, |b| b.1 as u64 + 1),
            };
            (r % m) as i64
        }
    }
}

/// Fills `t` by `plan`, in the kernel's visiting order; bumps its version.
pub fn fill(ctx: &Context, t: &Tensor, plan: &Plan) -> Result<()> {
    let dtype = t.dtype;
    let mut g = ctx.rng.borrow_mut();
    super::random_more::fill_scalars_in_order(t, |_| {
        Ok(match plan.kernel {
            Kernel::Default => Scalar::Int(default_draw(&mut g, dtype)),
            // A range of 2^28 or more takes a 64-bit draw (measured against
            // PyTorch 2.15 by bisection: 2^28 - 1 takes one 32-bit word,
            // 2^28 two, for int32, int64 and float dtypes alike).
            Kernel::FromTo { range, base } => {
                let r = if range >= 1u64 << 28 || range == 0 { g.random64() } else { g.random() as u64 };
                let v = if range == 0 { r } else { r % range };
                Scalar::Int((v as i64).wrapping_add(base))
            }
            Kernel::Full64 => Scalar::Int(g.random64() as i64),
        })
    })
}

/// `randint(low, high, shape)`: a new tensor, `random_(low, high)`.
pub fn randint(ctx: &Context, device: crate::engine::Device, shape: &[usize], low: i64, high: i64, dtype: DType, op: &str) -> Result<(Tensor, Vec<String>)> {
    let plan = plan(dtype, Ends::FromTo(low, high))?;
    let t = Tensor::alloc_on(ctx, device, shape, dtype, op)?;
    fill(ctx, &t, &plan)?;
    // A factory's fill is below autograd in PyTorch: version 0.
    t.storage.reset_version();
    Ok((t, plan.warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_ends_move_to_values_the_dtype_holds() {
        // randint(3, 2**40, dtype=float32): to - 1 rounds up to 2^40.
        assert_eq!(update_to(1 << 40, DType::Float32, 24), (1 << 40) - (1 << 16));
        assert_eq!(update_from(3, DType::Float32, 24), 3);
    }

    #[test]
    fn ends_are_checked_in_pytorchs_order() {
        assert!(plan(DType::Float32, Ends::FromTo(5, 2)).unwrap_err().to_string().contains("from=5 >= to=2"));
        assert!(plan(DType::Int8, Ends::FromTo(0, 70000)).unwrap_err().to_string().contains("to - 1 is out of bounds for signed char"));
        assert_eq!(plan(DType::BFloat16, Ends::FromTo(0, 70000)).unwrap().warnings.len(), 1);
        assert!(plan(DType::Float32, Ends::FromTo(0, 1 << 24)).unwrap().warnings.is_empty());
        assert!(plan(DType::Int8, Ends::From(i64::MIN)).unwrap_err().to_string().contains("handles only"));
        assert!(plan(DType::Bool, Ends::From(5)).unwrap_err().to_string().contains("from is out of bounds for bool"));
    }
}
