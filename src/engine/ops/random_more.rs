//! More of PyTorch's CPU random ops on the same generator: `randperm`
//! (ATen's forward Fisher–Yates, `random() % (n - i)`), the in-place
//! `uniform_`/`normal_` (the draws of `rand`/`randn`, scaled in the kernel's
//! scalar type) and `bernoulli` with tensor probabilities (a uniform draw,
//! double for float64 probabilities, below `p`). In-place fills draw in TensorIterator's order: the dims
//! sorted by stride, the smallest innermost.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, Result};
use crate::engine::interrupt::{self, CHECK_EVERY};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::random::{normal_fill_16, round_to};

/// Logical (row-major) indices of `t`'s elements in the order the kernel
/// visits them.
fn visit_order(t: &Tensor) -> Vec<usize> {
    let shape = t.shape();
    let n = t.numel();
    if t.is_contiguous() {
        return (0..n).collect();
    }
    let logical = crate::engine::layout::contiguous_strides(shape);
    // Outermost first: the largest stride (ties keep the logical order).
    let mut dims: Vec<usize> = (0..shape.len()).collect();
    dims.sort_by(|&a, &b| t.layout().stride[b].cmp(&t.layout().stride[a]).then(a.cmp(&b)));
    let mut out = Vec::with_capacity(n);
    let mut idx = vec![0usize; dims.len()];
    for _ in 0..n {
        out.push(dims.iter().zip(&idx).map(|(&d, &i)| i * logical[d]).sum());
        for k in (0..dims.len()).rev() {
            idx[k] += 1;
            if idx[k] < shape[dims[k]] {
                break;
            }
            idx[k] = 0;
        }
    }
    out
}

/// Writes `draw(k)` for the k-th visited element.
fn fill_in_order(t: &Tensor, mut draw: impl FnMut(usize) -> Result<f64>) -> Result<()> {
    fill_scalars_in_order(t, |k| draw(k).map(Scalar::Float))
}

/// [`fill_in_order`] for draws that are not all floats (`random_`'s
/// integers, beyond what an f64 holds exactly); bumps `t`'s version.
pub(crate) fn fill_scalars_in_order(t: &Tensor, mut draw: impl FnMut(usize) -> Result<Scalar>) -> Result<()> {
    let order = visit_order(t);
    let mut vals = vec![Scalar::Float(0.0); order.len()];
    for (k, &p) in order.iter().enumerate() {
        if k.is_multiple_of(CHECK_EVERY) {
            interrupt::check()?;
        }
        vals[p] = draw(k)?;
    }
    super::copy::write_values(t, &vals);
    t.storage.bump_version();
    Ok(())
}

fn check_float(t: &Tensor, kernel: &str) -> Result<()> {
    if !t.dtype.is_floating() {
        return Err(EngineError::new(crate::engine::ErrorKind::NotImplementedError, format!("\"{kernel}\" not implemented for '{}'", super::promote::scalar_type_name(t.dtype))));
    }
    Ok(())
}

/// `x.uniform_(from, to)`.
pub fn uniform_(ctx: &Context, t: &Tensor, from: f64, to: f64) -> Result<()> {
    check_float(t, "check_uniform_bounds")?;
    if from > to {
        return Err(EngineError::runtime(format!("uniform_ expects to return a [from, to) range, but found from={from} > to={to}")));
    }
    let dtype = t.dtype;
    let mut g = ctx.rng.borrow_mut();
    // transformation::uniform_real: `x * (to - from) + from`, which
    // PyTorch's build contracts into one fused multiply-add (measured: every
    // float32/float64 draw matches only the fused form); float16/bfloat16
    // take a float32 draw (24 bits) with scalar_t bounds, computed in float
    // and rounded once.
    fill_in_order(t, |_| {
        Ok(if dtype == DType::Float64 {
            g.uniform(dtype).mul_add(to - from, from)
        } else {
            let u = g.uniform(DType::Float32) as f32;
            let (f, tt) = (round_to(dtype, from) as f32, round_to(dtype, to) as f32);
            let width = round_to(dtype, (tt - f) as f64) as f32;
            let v = round_to(dtype, u.mul_add(width, f) as f64);
            // A draw that rounds up to `to` wraps to `from`: the range is
            // [from, to) (measured: float16 uniform_(0.5, 0.75) gives 0.5
            // where the rounded value is 0.75).
            if v == tt as f64 { f as f64 } else { v }
        })
    })
}

/// `x.normal_(mean, std)`.
pub fn normal_(ctx: &Context, t: &Tensor, mean: f64, std: f64) -> Result<()> {
    check_float(t, "normal_kernel_cpu")?;
    if std < 0.0 {
        return Err(EngineError::runtime(format!("normal expects std >= 0.0, but found std {}", crate::engine::error::cpp_double(std))));
    }
    let dtype = t.dtype;
    let n = t.numel();
    let mut g = ctx.rng.borrow_mut();
    if n >= 16 && t.is_contiguous() {
        // normal_fill: every uniform first, then Box–Muller 16 at a time.
        let draw = super::random::normal_draw_dtype(dtype);
        let mut data: Vec<f64> = (0..super::random::normal_first_draws(dtype, n)).map(|_| g.uniform(draw)).collect();
        data.resize(n, 0.0);
        let mut i = 0;
        while i + 16 <= n {
            normal_fill_16(&mut data[i..i + 16], dtype, mean, std);
            i += 16;
        }
        if !n.is_multiple_of(16) {
            let tail = &mut data[n - 16..];
            for v in tail.iter_mut() {
                *v = g.uniform(draw);
            }
            normal_fill_16(tail, dtype, mean, std);
        }
        drop(g);
        return fill_in_order(t, |k| Ok(data[k]));
    }
    // normal_distribution<double>: `sample * std + mean` as one fused
    // multiply-add, then cast to the dtype.
    fill_in_order(t, |_| Ok(round_to(dtype, g.normal_double().mul_add(std, mean))))
}

/// `torch.randperm(n)`: a random permutation of `0..n`.
pub fn randperm(ctx: &Context, device: crate::engine::Device, n: i64, dtype: DType, op: &str) -> Result<Tensor> {
    if n < 0 {
        return Err(EngineError::runtime(format!("Trying to create tensor with negative dimension {n}: [{n}]")));
    }
    let n = n as usize;
    let mut r: Vec<i64> = (0..n as i64).collect();
    {
        let mut g = ctx.rng.borrow_mut();
        for i in 0..n.saturating_sub(1) {
            if i.is_multiple_of(CHECK_EVERY) {
                interrupt::check()?;
            }
            let span = (n - i) as u64;
            let z = if span >= 1 << 32 { g.random64() % span } else { g.random() as u64 % span } as usize;
            r.swap(i, i + z);
        }
    }
    let vals: Vec<Scalar> = r.into_iter().map(|v| Scalar::Int(v).cast(dtype)).collect();
    Tensor::from_scalars_on(ctx, device, &[n], dtype, &vals, op)
}

/// `torch.bernoulli(p)` / `p.bernoulli()`: 1 where a float uniform draw is
/// below `p`, in `p`'s dtype; `out` given: `out.bernoulli_(p)`.
pub fn bernoulli(ctx: &Context, p: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    check_float(p, "bernoulli_tensor_cpu_p_")?;
    let probs = p.to_scalars();
    if probs.iter().any(|v| !(0.0..=1.0).contains(&v.as_f64())) {
        return Err(EngineError::runtime("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)"));
    }
    let target = match out {
        Some(t) => {
            if t.shape() != p.shape() {
                let expanded = super::iter_layout::broadcast_shapes(t.shape(), p.shape())?;
                if expanded != t.shape() {
                    return Err(EngineError::runtime("bernoulli_: p must broadcast to self"));
                }
            }
            t.clone()
        }
        None => Tensor::alloc_strided_on(ctx, p.device(), p.shape(), &super::copy::preserve_strides(p), p.dtype, "bernoulli")?,
    };
    let bl = super::iter_layout::broadcast_layout(p.layout(), target.shape());
    let pb = p.view_as_layout(bl, "bernoulli");
    let pv = pb.to_scalars();
    let mut g = ctx.rng.borrow_mut();
    let order = visit_order(&target);
    let mut vals = vec![Scalar::Float(0.0); order.len()];
    for (k, &at) in order.iter().enumerate() {
        if k.is_multiple_of(CHECK_EVERY) {
            interrupt::check()?;
        }
        // bernoulli_distribution<double> for float64 probabilities, <float> otherwise.
        let hit = if p.dtype == DType::Float64 { g.uniform(DType::Float64) < pv[at].as_f64() } else { (g.uniform(DType::Float32) as f32) < pv[at].as_f64() as f32 };
        vals[at] = Scalar::Float(if hit { 1.0 } else { 0.0 }).cast(target.dtype);
    }
    drop(g);
    super::copy::write_values(&target, &vals);
    if out.is_some() {
        target.storage.bump_version();
    }
    Ok(target)
}

/// `x.bernoulli_(p)` with a float `p`: 1 where a double uniform draw is
/// below `p` (PyTorch 2.15's CPU kernel: `bernoulli_distribution<double>`
/// element by element in the iterator's order; measured, MKL's stream is
/// not used), for every dtype.
pub fn bernoulli_scalar_(ctx: &Context, t: &Tensor, p: f64) -> Result<()> {
    if !(0.0..=1.0).contains(&p) {
        return Err(EngineError::runtime(format!("bernoulli_ expects p to be in [0, 1], but got p={}", crate::engine::error::cpp_double(p))));
    }
    let mut g = ctx.rng.borrow_mut();
    fill_scalars_in_order(t, |_| Ok(Scalar::Int((g.uniform(DType::Float64) < p) as i64)))
}

/// `torch.multinomial(p, n, replacement=True)`: for each row, `n` draws of
/// a double uniform, each the first category whose normalised cumulative
/// probability reaches it (ATen's `multinomial_with_replacement`).
/// The checks of `multinomial`'s fast path (no replacement, or one sample),
/// made before it draws: every probability finite and >= 0, no row summing
/// to 0.
pub fn multinomial_fast_path_checks(p: &Tensor) -> Result<()> {
    let cats = (*p.shape().last().unwrap_or(&0)).max(1);
    let probs: Vec<f64> = p.to_scalars().iter().map(|v| v.as_f64()).collect();
    if probs.iter().any(|x| !(*x < f64::INFINITY && *x >= 0.0)) {
        return Err(EngineError::runtime("probability tensor contains either `inf`, `nan` or element < 0"));
    }
    if probs.chunks(cats).any(|row| row.iter().sum::<f64>() == 0.0) {
        return Err(EngineError::runtime("invalid multinomial distribution (sum of probabilities <= 0)"));
    }
    Ok(())
}

/// `multinomial`'s fast path, for no replacement or one sample (ATen's
/// Gumbel trick): `q = empty_like(p).exponential_(1)`, `q = p / q`, then
/// each row's argmax (one sample, kept as a dim) or `topk(q, n)`'s indices.
/// Run [`multinomial_fast_path_checks`] first.
pub fn multinomial_fast_path(ctx: &Context, p: &Tensor, n: usize) -> Result<Tensor> {
    use super::elementwise::{binary, Arg, BinaryOp};
    let q = Tensor::alloc_strided_on(ctx, p.device(), p.shape(), &super::copy::preserve_strides(p), p.dtype, "multinomial")?;
    super::random_dist::fill(ctx, &q, super::random_dist::Dist::Exponential { lambd: 1.0 })?;
    let q = binary(ctx, BinaryOp::Div, Arg::T(p), Arg::T(&q))?;
    if n == 1 {
        let r = super::reduce::reduce(ctx, super::reduce::ReduceOp::ArgMax, &q, Some(&[-1]), true, 0.0, None)?;
        return Ok(r.values);
    }
    Ok(super::scan::topk(ctx, &q, n as i64, -1, true, true)?.1)
}

pub fn multinomial_with_replacement(ctx: &Context, p: &Tensor, n: usize) -> Result<Tensor> {
    let rows = if p.ndim() == 2 { p.shape()[0] } else { 1 };
    let cats = *p.shape().last().unwrap_or(&0);
    let probs = p.to_scalars();
    let mut out = Vec::with_capacity(rows * n);
    let mut g = ctx.rng.borrow_mut();
    for r in 0..rows {
        interrupt::check()?;
        let row = &probs[r * cats..(r + 1) * cats];
        let mut cum = Vec::with_capacity(cats);
        let mut sum = 0f64;
        for v in row {
            let x = v.as_f64();
            if !x.is_finite() {
                return Err(EngineError::runtime("probability tensor contains either `inf`, `nan` or element < 0"));
            }
            if x < 0.0 {
                return Err(EngineError::runtime("invalid multinomial distribution (encountering probability entry < 0)"));
            }
            sum += x;
            cum.push(sum);
        }
        if sum <= 0.0 {
            return Err(EngineError::runtime("invalid multinomial distribution (sum of probabilities <= 0)"));
        }
        for c in cum.iter_mut() {
            *c /= sum;
        }
        if let Some(last) = cum.last_mut() {
            *last = 1.0;
        }
        for _ in 0..n {
            let u = g.uniform(DType::Float64);
            let (mut lo, mut hi) = (0usize, cats);
            while hi > lo {
                let mid = lo + (hi - lo) / 2;
                if cum[mid] < u {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            out.push(Scalar::Int(lo as i64));
        }
    }
    drop(g);
    let shape: Vec<usize> = if p.ndim() == 2 { vec![rows, n] } else { vec![n] };
    Tensor::from_scalars_on(ctx, p.device(), &shape, DType::Int64, &out, "multinomial")
}
