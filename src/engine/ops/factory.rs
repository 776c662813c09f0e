//! Factories: every function here allocates one new contiguous storage.

use crate::engine::context::Context;
use crate::engine::device::Device;
use crate::engine::dtype::DType;
use crate::engine::error::{fmt_list, EngineError, Result};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

/// Checks sizes given as integers and converts them.
pub fn sizes(raw: &[i64]) -> Result<Vec<usize>> {
    if let Some(&neg) = raw.iter().find(|&&s| s < 0) {
        return Err(EngineError::runtime(format!(
            "Trying to create tensor with negative dimension {}: {}",
            neg,
            fmt_list(raw)
        ))
        .with_hint("sizes must be 0 or more"));
    }
    Ok(raw.iter().map(|&s| s as usize).collect())
}

/// `full(size, value)`; `zeros`/`ones`/`empty` are `full` with 0/1/0.
pub fn full(ctx: &Context, device: Device, shape: &[usize], value: Scalar, dtype: DType, op: &str) -> Result<Tensor> {
    if let Some(msg) = value.overflow_check(dtype, false) {
        return Err(EngineError::runtime(msg));
    }
    let t = Tensor::alloc_on(ctx, device, shape, dtype, op)?;
    let is_zero = value.cast(dtype).as_f64() == 0.0 && !value.as_f64().is_sign_negative();
    if !is_zero {
        super::copy::fill_unchecked(&t, value);
        // A factory's fill is not an in-place op the user did: reset version.
        t.storage.reset_version();
    }
    Ok(t)
}

/// The dtype `full` infers from its fill value.
pub fn dtype_of_value(v: Scalar) -> DType {
    match v {
        Scalar::Bool(_) => DType::Bool,
        Scalar::Int(_) => DType::Int64,
        Scalar::Float(_) => DType::default_float(),
    }
}

/// `eye(n, m)`.
pub fn eye(ctx: &Context, device: Device, n: i64, m: i64, dtype: DType, op: &str) -> Result<Tensor> {
    if n < 0 {
        return Err(EngineError::runtime(format!("n must be greater or equal to 0, got {}", n)));
    }
    if m < 0 {
        return Err(EngineError::runtime(format!("m must be greater or equal to 0, got {}", m)));
    }
    let shape = [n as usize, m as usize];
    let t = Tensor::alloc_on(ctx, device, &shape, dtype, op)?;
    let vals: Vec<Scalar> = (0..shape[0] * shape[1])
        .map(|i| Scalar::Int((i / shape[1].max(1) == i % shape[1].max(1)) as i64))
        .collect();
    super::copy::write_values(&t, &vals);
    Ok(t)
}
