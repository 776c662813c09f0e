//! The in-place distribution fills PyTorch's CPU build runs as serial
//! kernels on its generator (`cpu/DistributionTemplates.h`): each element
//! one `double` draw through ATen's transformation, then cast to the
//! tensor's dtype. `exponential_`, `cauchy_`, `log_normal_`, `geometric_`.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{cpp_double, EngineError, ErrorKind, Result};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::promote::{scalar_type_name, type_meta_name};

/// Which fill, with its parameters. PyTorch's build contracts each
/// `a * b + c` in these formulas into one fused multiply-add (measured:
/// cauchy_ and log_normal_ match PyTorch's float64 bits only fused).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dist {
    /// `exponential_(lambd)`: `-1 / lambd * log1p(-u)`.
    Exponential { lambd: f64 },
    /// `cauchy_(median, sigma)`: `median + sigma * tan(pi * (u - 0.5))`.
    Cauchy { median: f64, sigma: f64 },
    /// `log_normal_(mean, std)`: `exp(normal_distribution<double>(mean, std))`.
    LogNormal { mean: f64, std: f64 },
    /// `geometric_(p)`: `ceil(log(u) / log1p(-p))`.
    Geometric { p: f64 },
}

/// `x > 0`, false for NaN (ATen's `TORCH_CHECK(x > 0.0)`).
fn positive(x: f64) -> bool {
    x.partial_cmp(&0.0) == Some(std::cmp::Ordering::Greater)
}

/// The `*_impl_` checks, in their order: the parameter, then the dtype.
fn check(t: &Tensor, dist: Dist) -> Result<()> {
    let not_implemented = |kernel: &str| EngineError::new(ErrorKind::NotImplementedError, format!("\"{kernel}\" not implemented for '{}'", scalar_type_name(t.dtype)));
    match dist {
        Dist::Exponential { lambd } => {
            if !positive(lambd) {
                return Err(EngineError::runtime(format!("exponential_ expects lambda > 0.0, but found lambda={}", cpp_double(lambd))));
            }
            if !t.dtype.is_floating() {
                return Err(EngineError::runtime(format!("Exponential distribution is a continuous probability distribution. dtype must be a floating point but you specified {}", scalar_type_name(t.dtype))));
            }
        }
        Dist::Cauchy { sigma, .. } => {
            if !positive(sigma) {
                return Err(EngineError::runtime(format!("cauchy_ expects sigma > 0.0, but found sigma={}", cpp_double(sigma))));
            }
            if !t.dtype.is_floating() {
                return Err(EngineError::runtime(format!("Cauchy distribution is a continuous probability distribution. dtype must be a floating point but you specified {}", type_meta_name(t.dtype))));
            }
        }
        Dist::LogNormal { std, .. } => {
            if !positive(std) {
                return Err(EngineError::runtime(format!("log_normal_ expects std > 0.0, but found std={}", cpp_double(std))));
            }
            if !t.dtype.is_floating() {
                return Err(not_implemented("log_normal_cpu"));
            }
        }
        Dist::Geometric { p } => {
            if !(0.0 < p && p < 1.0) {
                return Err(EngineError::runtime(format!("geometric_ expects p to be in (0, 1), but got p={}", cpp_double(p))));
            }
            if t.dtype == DType::Bool {
                return Err(not_implemented("geometric_cpu"));
            }
        }
    }
    Ok(())
}

/// Fills `t` with `dist`'s draws in the kernel's visiting order.
pub fn fill(ctx: &Context, t: &Tensor, dist: Dist) -> Result<()> {
    check(t, dist)?;
    let mut g = ctx.rng.borrow_mut();
    super::random_more::fill_scalars_in_order(t, |_| {
        let v = match dist {
            Dist::Exponential { lambd } => -1.0 / lambd * (-g.uniform(DType::Float64)).ln_1p(),
            Dist::Cauchy { median, sigma } => sigma.mul_add((std::f64::consts::PI * (g.uniform(DType::Float64) - 0.5)).tan(), median),
            Dist::LogNormal { mean, std } => g.normal_double().mul_add(std, mean).exp(),
            Dist::Geometric { p } => (g.uniform(DType::Float64).ln() / (-p).ln_1p()).ceil(),
        };
        Ok(Scalar::Float(v))
    })
}
