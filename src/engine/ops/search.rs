//! Searching and counting: `searchsorted`/`bucketize`, `isin`, `bincount`
//! and `histc`, with PyTorch's checks and messages. Results are new
//! contiguous tensors.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, ErrorKind, Result};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::gather::shape_list;
use super::promote::scalar_type_name;

/// A value as the comparisons see it: integers exactly, else as f64.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Key {
    Int(i64),
    Float(f64),
}

fn keys(vals: &[Scalar], float: bool) -> Vec<Key> {
    vals.iter().map(|v| if float { Key::Float(v.as_f64()) } else { Key::Int(v.as_i64()) }).collect()
}

fn lt(a: Key, b: Key) -> bool {
    match (a, b) {
        (Key::Int(x), Key::Int(y)) => x < y,
        (Key::Float(x), Key::Float(y)) => x < y,
        _ => false,
    }
}

/// `torch.searchsorted(sorted, values, right=, sorter=)`: per value, the
/// insertion position in its row of `sorted` (1-D, or rows matching the
/// values' leading dims). `values` of `None` shape is a 0-dim result.
pub fn searchsorted(ctx: &Context, sorted: &Tensor, values: &Tensor, right: bool, sorter: Option<&Tensor>, int32: bool, op: &str) -> Result<Tensor> {
    let bs = sorted.shape();
    let vs = values.shape();
    let nd = bs.len() > 1;
    if nd && (vs.len() != bs.len() || bs[..bs.len() - 1] != vs[..vs.len() - 1]) {
        return Err(EngineError::runtime(format!(
            "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor {} and input value tensor {}",
            shape_list(bs),
            shape_list(vs)
        )));
    }
    if let Some(s) = sorter
        && s.shape() != bs
    {
        return Err(EngineError::runtime(format!(
            "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor {}and got sorter tensor {}",
            shape_list(bs),
            shape_list(s.shape())
        )));
    }
    let float = sorted.dtype.is_floating() || values.dtype.is_floating();
    let b = keys(&sorted.to_scalars(), float);
    let v = keys(&values.to_scalars(), float);
    let order: Option<Vec<usize>> = sorter.map(|s| s.to_scalars().iter().map(|x| x.as_i64().max(0) as usize).collect());
    let row = bs.last().copied().unwrap_or(1);
    let per = if nd { vs.last().copied().unwrap_or(1) } else { v.len().max(1) };
    let mut out = Vec::with_capacity(v.len());
    for (k, &x) in v.iter().enumerate() {
        if k % (1 << 16) == 0 {
            crate::engine::interrupt::check()?;
        }
        let base = if nd { (k / per) * row } else { 0 };
        let at = |i: usize| -> Key {
            let j = order.as_ref().map_or(i, |o| o[base + i] % row);
            b[base + j]
        };
        let (mut lo, mut hi) = (0usize, row);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let go_right = if right { !lt(x, at(mid)) } else { lt(at(mid), x) };
            if go_right {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        out.push(Scalar::Int(lo as i64));
    }
    let dt = if int32 { DType::Int32 } else { DType::Int64 };
    Tensor::from_scalars_on(ctx, values.device(), vs, dt, &out, op)
}

/// `torch.isin(elements, test_elements, invert=)`: a bool tensor of
/// elements' shape.
pub fn isin(ctx: &Context, elements: &Tensor, test: &Tensor, invert: bool, op: &str) -> Result<Tensor> {
    for t in [elements, test] {
        if t.dtype == DType::Bool {
            return Err(EngineError::new(ErrorKind::NotImplementedError, "Unsupported input type encountered for isin(): Bool"));
        }
    }
    let float = elements.dtype.is_floating() || test.dtype.is_floating();
    let tv = keys(&test.to_scalars(), float);
    let out: Vec<Scalar> = keys(&elements.to_scalars(), float).into_iter().map(|e| Scalar::Bool(tv.contains(&e) != invert)).collect();
    Tensor::from_scalars_on(ctx, elements.device(), elements.shape(), DType::Bool, &out, op)
}

/// `torch.bincount(input, weights=, minlength=)`.
pub fn bincount(ctx: &Context, input: &Tensor, weights: Option<&Tensor>, minlength: i64, op: &str) -> Result<Tensor> {
    if input.dtype.is_floating() || input.dtype == DType::Bool {
        return Err(EngineError::new(
            ErrorKind::NotImplementedError,
            format!("\"bincount_cpu\" not implemented for '{}'", scalar_type_name(input.dtype)),
        ));
    }
    if minlength < 0 {
        return Err(EngineError::runtime("minlength should be >= 0"));
    }
    let vals: Vec<i64> = input.to_scalars().iter().map(|s| s.as_i64()).collect();
    if input.ndim() != 1 || vals.iter().any(|&v| v < 0) {
        return Err(EngineError::runtime("bincount only supports 1-d non-negative integral inputs."));
    }
    if let Some(w) = weights
        && (w.ndim() != 1 || w.numel() != input.numel())
    {
        return Err(EngineError::runtime("weights should be 1-d and have the same length as input"));
    }
    let n = vals.iter().map(|&v| v as usize + 1).max().unwrap_or(0).max(minlength as usize);
    let mut acc = vec![0f64; n];
    let wv = weights.map(|w| w.to_scalars());
    for (i, &v) in vals.iter().enumerate() {
        acc[v as usize] += wv.as_ref().map_or(1.0, |w| w[i].as_f64());
    }
    let dt = match weights {
        None => DType::Int64,
        Some(w) if w.dtype == DType::Float32 => DType::Float32,
        Some(_) => DType::Float64,
    };
    let out: Vec<Scalar> = acc.into_iter().map(|v| if dt == DType::Int64 { Scalar::Int(v as i64) } else { Scalar::Float(v).cast(dt) }).collect();
    Tensor::from_scalars_on(ctx, input.device(), &[n], dt, &out, op)
}

/// `torch.histc(input, bins, min, max)`: min = max = 0 takes the data's
/// range; equal ends widen by 1 each way; values outside are dropped, max
/// itself falls in the last bin. Positions are computed in input's dtype.
pub fn histc(ctx: &Context, input: &Tensor, bins: i64, min: f64, max: f64, op: &str) -> Result<Tensor> {
    if bins <= 0 {
        return Err(EngineError::runtime(format!("torch.histogram(): bins must be > 0, but got {bins} for dimension 0")));
    }
    // ATen's histc_select_outer_bin_edges: the range first (aminmax of
    // the data when min == max), then linspace over it in input's dtype
    // (not dispatched for bool), then the histogram (floats only).
    let vals: Vec<f64> = input.to_scalars().iter().map(|s| s.as_f64()).collect();
    let (mut lo, mut hi) = (min, max);
    let mut from_data = false;
    if lo == hi && !vals.is_empty() {
        // aminmax propagates NaN (a NaN it makes: C++ prints it "-nan").
        let nan = vals.iter().any(|v| v.is_nan());
        lo = if nan { f64::NAN } else { vals.iter().cloned().fold(f64::INFINITY, f64::min) };
        hi = if nan { f64::NAN } else { vals.iter().cloned().fold(f64::NEG_INFINITY, f64::max) };
        from_data = true;
    }
    if lo == hi {
        lo -= 1.0;
        hi += 1.0;
    }
    if !(lo.is_finite() && hi.is_finite()) {
        let end = |v: f64| if v.is_nan() && (from_data || v.is_sign_negative()) { "-nan".to_string() } else { crate::engine::error::cpp_double(v) };
        return Err(EngineError::runtime(format!("torch.histc: range of [{}, {}] is not finite", end(lo), end(hi))));
    }
    if lo >= hi {
        return Err(EngineError::runtime("torch.histc: max must be larger than min"));
    }
    if !input.dtype.is_floating() {
        let kernel = if input.dtype == DType::Bool { "linspace_cpu" } else { "histogram_cpu" };
        return Err(EngineError::new(ErrorKind::NotImplementedError, format!("\"{kernel}\" not implemented for '{}'", scalar_type_name(input.dtype))));
    }
    // The edges are linspace's ends in input's dtype; the position is
    // computed in it too (c10's Half/BFloat16 round every step, the bin
    // count included: `elt * int64_t` converts the int first).
    let dt = input.dtype;
    let r = |x: f64| Scalar::Float(x).cast(dt).as_f64();
    let (lo, hi) = (r(lo), r(hi));
    let nb = bins as usize;
    let mut counts = vec![0f64; nb];
    for &e in &vals {
        if !(e >= lo && e <= hi) {
            continue;
        }
        let pos = match dt {
            DType::Float64 => ((e - lo) * bins as f64 / (hi - lo)) as i64,
            DType::Float32 => {
                let (e, lo, hi) = (e as f32, lo as f32, hi as f32);
                ((e - lo) * bins as f32 / (hi - lo)) as i64
            }
            _ => r(r(r(e - lo) * r(bins as f64)) / r(hi - lo)) as i64,
        };
        counts[(pos.max(0) as usize).min(nb - 1)] += 1.0;
    }
    let out: Vec<Scalar> = counts.into_iter().map(|c| Scalar::Float(c).cast(input.dtype)).collect();
    Tensor::from_scalars_on(ctx, input.device(), &[nb], input.dtype, &out, op)
}
