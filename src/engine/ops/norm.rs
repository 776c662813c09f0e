//! `linalg.vector_norm(x, p, dims, keepdim)` (`torch.norm`, `dist`,
//! `F.normalize`): ATen's `linalg_vector_norm_out` steps in front of the
//! kernel (`kernels::norm_reduce`):
//! - every reduced dim of size 1 (a 0-dim tensor too): `abs(x)`, or
//!   `x != 0` for p = 0, with no reduction at all (so `norm` of a one-element
//!   dim is `|x|` even where squaring would overflow);
//! - no elements: 0, or inf for p < 0 (callers refuse the orders without an
//!   identity first);
//! - otherwise the kernel over the input's own layout.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::Result;
use crate::engine::kernels::norm_reduce::norms;
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

/// The norm of floating `x` over the dims marked in `reduced`.
pub fn vector_norm(ctx: &Context, x: &Tensor, p: f64, reduced: &[bool], keep: bool) -> Result<Tensor> {
    let n = x.ndim();
    ctx.cpu.check_walk("norm", x.shape(), x.dtype.size())?;
    let shape = x.shape();
    let out_shape: Vec<usize> = (0..n).filter_map(|d| if reduced[d] { keep.then_some(1) } else { Some(shape[d]) }).collect();
    if (0..n).all(|d| !reduced[d] || shape[d] == 1) {
        let vals: Vec<Scalar> = x.to_scalars().into_iter().map(|v| {
            let v = v.as_f64();
            Scalar::Float(if p == 0.0 { f64::from(v != 0.0) } else { v.abs() })
        }).collect();
        return Tensor::from_scalars_on(ctx, x.device(), &out_shape, x.dtype, &vals, "norm");
    }
    let out_numel: usize = out_shape.iter().product();
    let Some((lo, hi)) = x.layout().footprint().filter(|_| x.numel() > 0) else {
        let fill = Scalar::Float(if p < 0.0 { f64::INFINITY } else { 0.0 });
        return Tensor::from_scalars_on(ctx, x.device(), &out_shape, x.dtype, &vec![fill; out_numel], "norm");
    };
    let offset = x.layout().offset - lo;
    let len = hi - lo + 1;
    let threads = super::vector_lanes::pytorch_threads();
    let (stride, buf) = (x.stride(), x.storage.bytes());
    let bytes = buf.bytes();
    let size = x.dtype.size();
    let span = bytes.get(lo * size..(lo + len) * size).ok_or_else(|| crate::engine::error::EngineError::runtime("norm: the layout runs past its storage"))?;
    let vals: Vec<f64> = match x.dtype {
        DType::Float32 => {
            let xs: Vec<f32> = span.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
            norms(&xs, shape, stride, offset, reduced, p, Some(8), threads).into_iter().map(f64::from).collect()
        }
        DType::Float64 => {
            let xs: Vec<f64> = span.chunks_exact(8).map(|b| f64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])).collect();
            norms(&xs, shape, stride, offset, reduced, p, Some(4), threads)
        }
        DType::Float16 | DType::BFloat16 => {
            let bf16 = x.dtype == DType::BFloat16;
            let xs: Vec<f32> = span.chunks_exact(2).map(|b| {
                let bits = u16::from_le_bytes([b[0], b[1]]);
                if bf16 { half::bf16::from_bits(bits).to_f32() } else { half::f16::from_bits(bits).to_f32() }
            }).collect();
            // float16 has no 2-norm row path (its float results round to
            // float16 below, as `set_results` casts `project`'s float).
            norms(&xs, shape, stride, offset, reduced, p, bf16.then_some(16), threads).into_iter().map(f64::from).collect()
        }
        other => return Err(crate::engine::error::EngineError::runtime(format!("norm of {other:?}"))),
    };
    drop(buf);
    crate::engine::interrupt::check()?;
    let vals: Vec<Scalar> = vals.into_iter().map(Scalar::Float).collect();
    Tensor::from_scalars_on(ctx, x.device(), &out_shape, x.dtype, &vals, "norm")
}
