//! `softmax`, `log_softmax` along one dim and `logsumexp` over dims, with
//! their backward formulas. Each step rounds to the dtype as PyTorch's
//! kernels compute in it; results are contiguous (PyTorch makes the input
//! contiguous first).

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, ErrorKind, Result};
use crate::engine::layout::wrap_dim;
use crate::engine::ops::promote::scalar_type_name;
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;
use crate::engine::ops::elementwise::{self, Arg, BinaryOp, UnaryOp};
use crate::engine::ops::reduce::reduced_shape;

fn rd(dt: DType, x: f64) -> f64 {
    Scalar::Float(x).cast(dt).as_f64()
}

fn floats(t: &Tensor) -> Vec<f64> {
    t.to_scalars().into_iter().map(|s| s.as_f64()).collect()
}

fn new(ctx: &Context, like: &Tensor, shape: &[usize], dt: DType, vals: &[f64], op: &str) -> Result<Tensor> {
    let s: Vec<Scalar> = vals.iter().map(|v| Scalar::Float(*v)).collect();
    Tensor::from_scalars_on(ctx, like.device(), shape, dt, &s, op)
}

/// (outer, size, inner) of `shape` around `dim`.
fn split(shape: &[usize], dim: usize) -> (usize, usize, usize) {
    let outer = shape[..dim].iter().product();
    let n = shape.get(dim).copied().unwrap_or(1);
    let inner = shape.get(dim + 1..).map(|s| s.iter().product()).unwrap_or(1);
    (outer, n, inner)
}

/// The wrapped dim of a 0-dim tensor is 0, as PyTorch allows -1 and 0.
fn dim_of(x: &Tensor, dim: i64) -> Result<usize> {
    wrap_dim(dim, x.ndim().max(1))
}

/// `softmax(x, dim)` (`log` for `log_softmax`) of a floating tensor.
pub fn softmax(ctx: &Context, x: &Tensor, dim: i64, log: bool) -> Result<Tensor> {
    let dt = x.dtype;
    let d = dim_of(x, dim)?;
    if !dt.is_floating() {
        // host_softmax picks the kernel by the dim, then dispatches on the dtype.
        let last = d + 1 >= x.ndim();
        let k = match (log, last) {
            (true, true) => "log_softmax_lastdim_kernel_impl",
            (false, true) => "softmax_lastdim_kernel_impl",
            (true, false) => "log_softmax_kernel_impl",
            (false, false) => "softmax_kernel_impl",
        };
        return Err(EngineError::new(ErrorKind::NotImplementedError, format!("\"{k}\" not implemented for '{}'", scalar_type_name(dt))));
    }
    if let Some(t) = softmax_rows(ctx, x, d, log)? {
        return Ok(t);
    }
    if let Some(t) = softmax_cols(ctx, x, d, log)? {
        return Ok(t);
    }
    if let Some(t) = softmax_reduced(ctx, x, d, log)? {
        return Ok(t);
    }
    // Half and bfloat16 compute in float (PyTorch's opmath), rounded once at the end.
    let op = if dt == DType::Float64 { DType::Float64 } else { DType::Float32 };
    let v = floats(x);
    let (outer, n, inner) = split(x.shape(), d);
    let mut out = vec![0.0; v.len()];
    for o in 0..outer {
        for i in 0..inner {
            let at = |k: usize| (o * n + k) * inner + i;
            let m = (0..n).map(|k| v[at(k)]).fold(f64::NEG_INFINITY, |a, b| if b > a || b.is_nan() { b } else { a });
            let mut sum = 0.0;
            for k in 0..n {
                let e = rd(op, rd(op, v[at(k)] - m).exp());
                if !log {
                    out[at(k)] = e;
                }
                sum = rd(op, sum + e);
            }
            if log {
                let ls = rd(op, sum.ln());
                for k in 0..n {
                    out[at(k)] = rd(op, rd(op, v[at(k)] - m) - ls);
                }
            } else {
                let r = rd(op, 1.0 / sum);
                for k in 0..n {
                    out[at(k)] = rd(op, out[at(k)] * r);
                }
            }
        }
    }
    new(ctx, x, x.shape(), dt, &out, if log { "log_softmax" } else { "softmax" })
}

/// The dense path: a float32/float64 CPU input along its last dim, made
/// contiguous first as PyTorch's `host_softmax` does, with each row
/// computed as PyTorch's AVX512 kernel computes it (`softmax_rows.rs`).
fn softmax_rows(ctx: &Context, x: &Tensor, d: usize, log: bool) -> Result<Option<Tensor>> {
    if d + 1 < x.ndim() {
        return Ok(None);
    }
    dense_kernel(ctx, x, log, |x, bytes, ob| {
        let n = x.shape().get(d).copied().unwrap_or(1);
        if x.dtype == DType::Float32 {
            super::softmax_rows::rows_f32(bytemuck::cast_slice(bytes), bytemuck::cast_slice_mut(ob), n, log);
        } else {
            super::softmax_rows::rows_f64(bytemuck::cast_slice(bytes), bytemuck::cast_slice_mut(ob), n, log);
        }
    })
}

/// Float32/float64 CPU input along a dim that is not the last: made
/// contiguous, then PyTorch's `_vec_softmax`/`_vec_logsoftmax` column by
/// column (`softmax_rows.rs`).
fn softmax_cols(ctx: &Context, x: &Tensor, d: usize, log: bool) -> Result<Option<Tensor>> {
    dense_kernel(ctx, x, log, |x, bytes, ob| {
        let (outer, n, inner) = split(x.shape(), d);
        let threads = super::vector_lanes::pytorch_threads();
        use super::softmax_rows as k;
        match (x.dtype, log) {
            (DType::Float32, false) => k::cols_f32(bytemuck::cast_slice(bytes), bytemuck::cast_slice_mut(ob), outer, n, inner, threads),
            (DType::Float32, true) => k::log_cols_f32(bytemuck::cast_slice(bytes), bytemuck::cast_slice_mut(ob), outer, n, inner),
            (_, false) => k::cols_f64(bytemuck::cast_slice(bytes), bytemuck::cast_slice_mut(ob), outer, n, inner, threads),
            (_, true) => k::log_cols_f64(bytemuck::cast_slice(bytes), bytemuck::cast_slice_mut(ob), outer, n, inner),
        }
    })
}

/// The dense kernels' frame: a non-empty float32/float64 CPU input made
/// contiguous (as PyTorch does), its bytes and a fresh output's handed to
/// `run`; None for any other input (the general path takes it).
fn dense_kernel(ctx: &Context, x: &Tensor, log: bool, run: impl FnOnce(&Tensor, &[u8], &mut [u8])) -> Result<Option<Tensor>> {
    if x.numel() == 0 || !matches!(x.dtype, DType::Float32 | DType::Float64) || x.device() != crate::engine::Device::Cpu {
        return Ok(None);
    }
    crate::engine::interrupt::check()?;
    let dense = crate::engine::ops::copy::contiguous(ctx, x)?;
    let x = dense.as_ref().unwrap_or(x);
    let out = Tensor::alloc_on(ctx, x.device(), x.shape(), x.dtype, if log { "log_softmax" } else { "softmax" })?;
    {
        let src = x.storage.bytes();
        let size = x.dtype.size();
        let start = x.layout().offset * size;
        let bytes = &src.bytes()[start..start + x.numel() * size];
        let mut dst = out.storage.bytes_mut();
        run(x, bytes, &mut dst.bytes_mut()[..x.numel() * size]);
    }
    Ok(Some(out))
}

/// Float16/bfloat16 CPU input: PyTorch's reduced-precision kernels
/// (`softmax_half.rs`), on the values in row-major order as floats.
fn softmax_reduced(ctx: &Context, x: &Tensor, d: usize, log: bool) -> Result<Option<Tensor>> {
    use super::softmax_half as k;
    let rd: k::Round = match x.dtype {
        DType::Float16 => |v| half::f16::from_f32(v).to_f32(),
        DType::BFloat16 => |v| half::bf16::from_f32(v).to_f32(),
        _ => return Ok(None),
    };
    if x.device() != crate::engine::Device::Cpu {
        return Ok(None);
    }
    crate::engine::interrupt::check()?;
    let v: Vec<f32> = floats(x).into_iter().map(|v| v as f32).collect();
    let mut out = vec![0f32; v.len()];
    let (outer, n, inner) = split(x.shape(), d);
    // The last dim (or a 0-dim tensor) takes the rows kernel, as `host_softmax` chooses.
    match (d + 1 >= x.ndim(), log) {
        (true, _) => k::rows(&v, &mut out, n, log, rd),
        (false, false) => k::cols_softmax(&v, &mut out, outer, n, inner, super::vector_lanes::pytorch_threads(), rd),
        (false, true) => k::cols_log_softmax(&v, &mut out, outer, n, inner, rd),
    }
    let out: Vec<f64> = out.into_iter().map(f64::from).collect();
    new(ctx, x, x.shape(), x.dtype, &out, if log { "log_softmax" } else { "softmax" }).map(Some)
}

/// Softmax's backward from the saved result `y`: `y * (g - sum(g * y))`,
/// or for log_softmax `g - exp(y) * sum(g)`.
pub fn softmax_backward(ctx: &Context, g: &Tensor, y: &Tensor, dim: i64, log: bool) -> Result<Tensor> {
    let d = dim_of(y, dim)?;
    let (gv, yv) = (floats(g), floats(y));
    let (outer, n, inner) = split(y.shape(), d);
    // float32/float64: PyTorch's kernels, sum for sum (`softmax_grad.rs`).
    if g.dtype == y.dtype && matches!(g.dtype, DType::Float32 | DType::Float64) && g.shape() == y.shape() {
        use super::softmax_grad as k;
        let last = d + 1 >= y.ndim();
        let out: Vec<f64> = if g.dtype == DType::Float32 {
            let (gf, yf): (Vec<f32>, Vec<f32>) = (gv.iter().map(|&v| v as f32).collect(), yv.iter().map(|&v| v as f32).collect());
            let mut o = vec![0f32; gf.len()];
            if last { k::rows_f32(&gf, &yf, &mut o, n, log) } else { k::cols_f32(&gf, &yf, &mut o, outer, n, inner, log) }
            o.into_iter().map(f64::from).collect()
        } else {
            let mut o = vec![0f64; gv.len()];
            if last { k::rows_f64(&gv, &yv, &mut o, n, log) } else { k::cols_f64(&gv, &yv, &mut o, outer, n, inner, log) }
            o
        };
        return new(ctx, y, y.shape(), g.dtype, &out, "softmax_backward");
    }
    let mut out = vec![0.0; yv.len()];
    for o in 0..outer {
        for i in 0..inner {
            let at = |k: usize| (o * n + k) * inner + i;
            if log {
                let s: f64 = (0..n).map(|k| gv[at(k)]).sum();
                for k in 0..n {
                    out[at(k)] = gv[at(k)] - yv[at(k)].exp() * s;
                }
            } else {
                let s: f64 = (0..n).map(|k| gv[at(k)] * yv[at(k)]).sum();
                for k in 0..n {
                    out[at(k)] = yv[at(k)] * (gv[at(k)] - s);
                }
            }
        }
    }
    new(ctx, y, y.shape(), g.dtype, &out, "softmax_backward")
}

/// For each element of `shape`, its flat index in the result of reducing
/// the dims marked in `reduced` (row-major), and that result's size.
fn group_index(shape: &[usize], reduced: &[bool]) -> (Vec<usize>, usize) {
    let n: usize = shape.iter().product();
    let mut idx = vec![0; n];
    let out_n: usize = shape.iter().zip(reduced).filter(|(_, r)| !**r).map(|(s, _)| *s).product();
    for (flat, slot) in idx.iter_mut().enumerate() {
        let (mut rem, mut o, mut mul) = (flat, 0, 1);
        for (k, s) in shape.iter().enumerate().rev() {
            let c = rem % s;
            rem /= s;
            if !reduced[k] {
                o += c * mul;
                mul *= s;
            }
        }
        *slot = o;
    }
    (idx, out_n)
}

/// Which dims `dims` reduces (all of them for an empty list).
pub fn reduced_dims(x: &Tensor, dims: &[i64]) -> Result<Vec<bool>> {
    let mut r = vec![dims.is_empty(); x.ndim()];
    for &d in dims {
        let w = wrap_dim(d, x.ndim().max(1))?;
        if let Some(slot) = r.get_mut(w) {
            if *slot {
                return Err(EngineError::runtime(format!("dim {w} appears multiple times in the list of dims")));
            }
            *slot = true;
        }
    }
    Ok(r)
}

/// `logsumexp(x, dims, keepdim)` as ATen's composite computes it, step by
/// step, so its bits are PyTorch's: `maxes = amax(x, dims, keepdim=True)`
/// with infinite maxes set to 0, `sum_out(result, (x - maxes).exp_(),
/// dims)` (TensorIterator's layouts, the cascade sum, into `out`'s dtype
/// when `out=` names one: `sum_out` casts its input to it), then
/// `result.log_().add_(maxes)`. Integral inputs are cast to the default
/// float first. An empty `dims` reduces every dim, but the maxes keep
/// their dims, so without `keepdim` the `add_` is refused as PyTorch
/// refuses it ("output with shape [] doesn't match the broadcast shape
/// [1, 1]").
pub fn logsumexp(ctx: &Context, x: &Tensor, dims: &[i64], keepdim: bool, out: Option<DType>) -> Result<Tensor> {
    let cast;
    let x = if x.dtype.is_floating() {
        x
    } else {
        cast = crate::engine::ops::copy::to_dtype(ctx, x, DType::default_float())?.unwrap_or_else(|| x.clone());
        &cast
    };
    let dt = out.unwrap_or(x.dtype);
    if x.numel() == 0 {
        // `sum_out(result, exp(x), dims).log_()`: no maxes to take.
        return empty_logsumexp(ctx, x, dims, keepdim, dt);
    }
    let maxes = super::scan::amax(ctx, x, dims, true, true)?;
    let shift: Vec<Scalar> = maxes.to_scalars().into_iter().map(|m| if m.as_f64().is_infinite() { Scalar::Float(0.0) } else { m }).collect();
    let maxes = Tensor::from_scalars_on(ctx, x.device(), maxes.shape(), maxes.dtype, &shift, "logsumexp")?;
    let reduced = reduced_dims(x, dims)?;
    let squeezed: Vec<usize> = if keepdim || dims.is_empty() { maxes.shape().to_vec() } else { reduced_shape(x.shape(), &reduced, false) };
    let maxes_squeezed = Tensor::from_scalars_on(ctx, x.device(), &squeezed, maxes.dtype, &shift, "logsumexp")?;
    let shifted = elementwise::binary(ctx, BinaryOp::Sub, Arg::T(x), Arg::T(&maxes))?;
    let mut e = elementwise::unary(ctx, UnaryOp::Exp, &shifted)?;
    if dt != e.dtype {
        // `sum_out` reads its input in the result's dtype.
        e = crate::engine::ops::copy::to_dtype(ctx, &e, dt)?.unwrap_or(e);
    }
    let sum_dims = (!dims.is_empty()).then_some(dims);
    let s = super::reduce::reduce(ctx, super::reduce::ReduceOp::Sum, &e, sum_dims, keepdim, 0.0, Some(dt))?.values;
    let r = elementwise::unary(ctx, UnaryOp::Log, &s)?;
    elementwise::binary_inplace(BinaryOp::Add, &r, Arg::T(&maxes_squeezed))?;
    // ATen's in-place steps run below autograd: the result is version 0.
    r.storage.reset_version();
    Ok(r)
}

/// The logsumexp of an empty tensor: `log(0)` where a sum has no terms.
fn empty_logsumexp(ctx: &Context, x: &Tensor, dims: &[i64], keepdim: bool, dt: DType) -> Result<Tensor> {
    let reduced = reduced_dims(x, dims)?;
    let shape = reduced_shape(x.shape(), &reduced, keepdim);
    let n: usize = shape.iter().product();
    new(ctx, x, &shape, dt, &vec![f64::NEG_INFINITY; n], "logsumexp")
}

/// Logsumexp's backward: `g * exp(x - result)`, broadcast over the reduced dims.
pub fn logsumexp_backward(ctx: &Context, g: &Tensor, x: &Tensor, r: &Tensor, dims: &[i64]) -> Result<Tensor> {
    let reduced = reduced_dims(x, dims)?;
    let (idx, _) = group_index(x.shape(), &reduced);
    let (gv, xv, rv) = (floats(g), floats(x), floats(r));
    let dt = x.dtype;
    let out: Vec<f64> = xv.iter().zip(&idx).map(|(x, &o)| rd(dt, gv[o] * rd(dt, rd(dt, x - rv[o]).exp()))).collect();
    new(ctx, x, x.shape(), x.dtype, &out, "logsumexp_backward")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strided_input_takes_the_row_path() {
        // PyTorch makes the input contiguous, then runs the last-dim kernel:
        // a transposed input gives the bits its contiguous copy gives.
        let ctx = Context::new(&crate::engine::EngineConfig::default());
        let vals: Vec<Scalar> = (0..60).map(|i| Scalar::Float(match i % 13 { 0 => f64::NEG_INFINITY, 1 => 88.5, 2 => f64::NAN, _ => ((i * 29) % 17) as f64 * 0.37 - 3.0 })).collect();
        for dt in [DType::Float32, DType::Float64] {
            let x = Tensor::from_scalars_on(&ctx, crate::engine::Device::Cpu, &[5, 12], dt, &vals, "x").unwrap();
            let t = x.view_as_layout(crate::engine::layout::transpose(x.layout(), 0, 1).unwrap(), "t");
            let tc = crate::engine::ops::copy::contiguous(&ctx, &t).unwrap().unwrap();
            let bits = |t: &Tensor| t.to_scalars().iter().map(|s| s.as_f64().to_bits()).collect::<Vec<_>>();
            for log in [false, true] {
                let strided = softmax(&ctx, &t, 1, log).unwrap();
                let dense = softmax(&ctx, &tc, 1, log).unwrap();
                assert!(strided.is_contiguous());
                assert_eq!(bits(&strided), bits(&dense), "{dt:?} log={log}");
            }
        }
    }
}
