//! Kernels of `torch.nn.functional`: gelu/silu and their backward, pad's
//! index map (constant, reflect, replicate, circular), nll_loss as
//! PyTorch's CPU kernel sums it, and one_hot. Values are computed in f64
//! and rounded to the result dtype at the steps PyTorch's kernels round.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, ErrorKind, Result};
use crate::engine::layout::{contiguous_strides, suggested_format_strides, Layout};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::promote::scalar_type_name;

unsafe extern "C" {
    fn erf(x: f64) -> f64;
    fn erff(x: f32) -> f32;
}

fn not_implemented(kernel: &str, dtype: DType) -> EngineError {
    EngineError::new(ErrorKind::NotImplementedError, format!("\"{kernel}\" not implemented for '{}'", scalar_type_name(dtype)))
}

/// `v` rounded to `dtype` (f64 stays).
fn rd(v: f64, dtype: DType) -> f64 {
    Scalar::Float(v).cast(dtype).as_f64()
}

/// A new tensor laid out as TensorIterator lays out `x`'s element-wise
/// result, holding `f` of each of x's elements (row-major).
fn map(ctx: &Context, x: &Tensor, op: &str, f: impl Fn(f64) -> f64) -> Result<Tensor> {
    let out = super::pointwise::alloc_like(ctx, x, x.dtype, op)?;
    let vals: Vec<Scalar> = x.to_scalars().into_iter().map(|v| Scalar::Float(f(v.as_f64()))).collect();
    super::copy::write_values(&out, &vals);
    Ok(out)
}

/// Row-major elements of `g` and `x` (same shape) zipped through `f`, in a
/// new contiguous tensor of g's dtype.
fn zip(ctx: &Context, g: &Tensor, x: &Tensor, f: impl Fn(f64, f64) -> f64) -> Result<Tensor> {
    let (gv, xv) = (g.to_scalars(), x.to_scalars());
    let vals: Vec<Scalar> = gv.iter().zip(&xv).map(|(a, b)| Scalar::Float(f(a.as_f64(), b.as_f64()))).collect();
    Tensor::from_scalars_on(ctx, g.device(), g.shape(), g.dtype, &vals, "backward")
}

const SQRT1_2: f64 = std::f64::consts::FRAC_1_SQRT_2;
const TANH_BETA: f64 = std::f64::consts::SQRT_2 * std::f64::consts::FRAC_2_SQRT_PI * 0.5;
const KAPPA: f64 = 0.044715;

/// `gelu(x)` with PyTorch's kernel steps rounded to `op` (the opmath
/// dtype: float32 for every floating dtype but float64).
fn gelu_value(x: f64, tanh: bool, op: DType) -> f64 {
    let r = |v: f64| rd(v, op);
    if tanh {
        let cube = r(r(x * x) * x);
        let inner = r(TANH_BETA_OP(op) * r(x + r(r(KAPPA) * cube)));
        r(r(0.5 * x) * r(1.0 + r(inner.tanh())))
    } else {
        r(r(x * 0.5) * r(1.0 + r(unsafe { erf(r(x * r(SQRT1_2))) })))
    }
}

#[allow(non_snake_case)]
fn TANH_BETA_OP(op: DType) -> f64 {
    rd(TANH_BETA, op)
}

/// The dtype PyTorch's CPU kernels compute a floating dtype in.
fn opmath(dtype: DType) -> DType {
    if dtype == DType::Float64 { DType::Float64 } else { DType::Float32 }
}

fn gelu_grad(x: f64, tanh: bool) -> f64 {
    if tanh {
        let inner = TANH_BETA * (x + KAPPA * x * x * x);
        let t = inner.tanh();
        0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * TANH_BETA * (1.0 + 3.0 * KAPPA * x * x)
    } else {
        let cdf = 0.5 * (1.0 + unsafe { erf(x * SQRT1_2) });
        let pdf = (-0.5 * x * x).exp() * (std::f64::consts::FRAC_2_SQRT_PI * SQRT1_2 * 0.5);
        cdf + x * pdf
    }
}

/// `gelu(x, approximate='none'|'tanh')` (floating inputs only): for a
/// non-contiguous float32 input, `GeluKernelImpl`'s `cpu_kernel_vec` with
/// ATen's vector erf (`sleef::erf_vec`) in the vector loop, glibc's `erff`
/// in the scalar tail, and above 16384 elements its own grain
/// (`numel / threads`).
pub fn gelu(ctx: &Context, x: &Tensor, tanh: bool) -> Result<Tensor> {
    if !x.dtype.is_floating() {
        return Err(not_implemented("GeluKernelImpl", x.dtype));
    }
    let op = opmath(x.dtype);
    // A contiguous float32/bfloat16 CPU input of more than one element goes
    // to oneDNN in PyTorch (`use_mkldnn`): its minimax erf (`onednn_gelu.rs`).
    if !tanh && matches!(x.dtype, DType::Float32 | DType::BFloat16) && !x.device().is_cuda() && x.is_contiguous() && x.numel() > 1 {
        let rd = |v: f32| if x.dtype == DType::BFloat16 { half::bf16::from_f32(v).to_f32() } else { v };
        let vals: Vec<f64> = x.to_scalars().iter().map(|s| rd(super::onednn_gelu::gelu_erf(s.as_f64() as f32)) as f64).collect();
        let s: Vec<Scalar> = vals.into_iter().map(Scalar::Float).collect();
        return Tensor::from_scalars_on(ctx, x.device(), x.shape(), x.dtype, &s, "gelu");
    }
    // Any other float32 layout runs `cpu_kernel_vec` as PyTorch does
    // (measured: transposed, strided and row-sliced inputs match).
    if !tanh && x.dtype == DType::Float32 && !x.device().is_cuda() && !x.is_contiguous() {
        const ALPHA: f32 = std::f32::consts::FRAC_1_SQRT_2;
        let threads = super::vector_lanes::pytorch_threads();
        let n = x.numel();
        let grain = if n > 16384 { n / threads } else { 32768 };
        return map_f32(ctx, x, "gelu", grain, |v| v * 0.5 * (1.0 + unsafe { erff(v * ALPHA) }), |v| v * 0.5 * (1.0 + super::sleef::erf_vec(v * ALPHA)));
    }
    map(ctx, x, "gelu", |v| gelu_value(v, tanh, op))
}

/// [`map`] for a float32 kernel whose vector loop (`vector`) and scalar
/// lambda (`scalar`) differ: each element takes the one PyTorch's
/// `cpu_kernel_vec` runs for it (see `vector_lanes::vector_lanes`).
fn map_f32(ctx: &Context, x: &Tensor, op: &str, grain: usize, scalar: impl Fn(f32) -> f32, vector: impl Fn(f32) -> f32) -> Result<Tensor> {
    let out = super::pointwise::alloc_like(ctx, x, x.dtype, op)?;
    let lanes = super::vector_lanes::vector_lanes_grain(x.shape(), x.stride(), out.stride(), super::vector_lanes::pytorch_threads(), grain);
    let vals: Vec<Scalar> = x
        .to_scalars()
        .into_iter()
        .zip(lanes)
        .map(|(v, lane)| {
            let v = v.as_f64() as f32;
            Scalar::Float(if lane { vector(v) } else { scalar(v) } as f64)
        })
        .collect();
    super::copy::write_values(&out, &vals);
    Ok(out)
}

pub fn gelu_backward(ctx: &Context, g: &Tensor, x: &Tensor, tanh: bool) -> Result<Tensor> {
    // oneDNN's backward where its forward ran (`gelu_backward_out_cpu`).
    if !tanh && matches!(x.dtype, DType::Float32 | DType::BFloat16) && !x.device().is_cuda() && x.is_contiguous() && x.numel() > 1 && g.shape() == x.shape() && g.dtype == x.dtype {
        let rd = |v: f32| if x.dtype == DType::BFloat16 { half::bf16::from_f32(v).to_f32() } else { v };
        let s: Vec<Scalar> = g.to_scalars().iter().zip(x.to_scalars()).map(|(g, x)| Scalar::Float(rd(g.as_f64() as f32 * super::onednn_gelu::gelu_erf_grad(x.as_f64() as f32)) as f64)).collect();
        return Tensor::from_scalars_on(ctx, x.device(), x.shape(), x.dtype, &s, "gelu_backward");
    }
    zip(ctx, g, x, |g, x| g * gelu_grad(x, tanh))
}

/// `silu(x) = x * sigmoid(x)` (floating inputs only).
pub fn silu(ctx: &Context, x: &Tensor) -> Result<Tensor> {
    if !x.dtype.is_floating() {
        return Err(not_implemented("silu_cpu", x.dtype));
    }
    let op = opmath(x.dtype);
    if x.dtype == DType::Float32 && !x.device().is_cuda() {
        // silu_kernel: `x / (1 + exp(-x))`, SLEEF's expf in the vector loop.
        return map_f32(ctx, x, "silu", 32768, |v| v / (1.0 + (-v).exp()), |v| v / (1.0 + super::sleef::expf(-v)));
    }
    map(ctx, x, "silu", |v| rd(v / rd(1.0 + rd((-v).exp(), op), op), op))
}

pub fn silu_backward(ctx: &Context, g: &Tensor, x: &Tensor) -> Result<Tensor> {
    zip(ctx, g, x, |g, x| {
        let s = 1.0 / (1.0 + (-x).exp());
        g * s * (1.0 + x * (1.0 - s))
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PadMode {
    Constant,
    Reflect,
    Replicate,
    Circular,
}

impl PadMode {
    pub fn name(self) -> &'static str {
        match self {
            PadMode::Constant => "constant",
            PadMode::Reflect => "reflect",
            PadMode::Replicate => "replicate",
            PadMode::Circular => "circular",
        }
    }
}

/// A pad planned: the output's shape and strides, and per dim, per output
/// index, the input index it copies (`None`: the fill value).
#[derive(Debug, Clone)]
pub struct PadPlan {
    pub in_shape: Vec<usize>,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    maps: Vec<Vec<Option<usize>>>,
}

fn sizes_text(s: &[usize]) -> String {
    format!("[{}]", s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "))
}

/// Plans `pad` (PyTorch's order: last dim first, (left, right) pairs) in
/// `mode`; the caller has checked the pad's length against x's dims.
pub fn pad_plan(x: &Tensor, pad: &[i64], mode: PadMode) -> Result<PadPlan> {
    let shape = x.shape().to_vec();
    let nd = shape.len();
    let k = pad.len() / 2;
    // (left, right) per dim, dims before the padded ones untouched.
    let mut lr = vec![(0i64, 0i64); nd];
    for i in 0..k {
        lr[nd - 1 - i] = (pad[2 * i], pad[2 * i + 1]);
    }
    let mut out = shape.clone();
    if matches!(mode, PadMode::Reflect | PadMode::Replicate) && shape.iter().enumerate().any(|(d, &n)| n == 0 && !(d == 0 && nd == k + 2)) {
        return Err(EngineError::runtime(format!(
            "Expected {}D or {}D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: {}",
            k + 1,
            k + 2,
            sizes_text(&shape)
        )));
    }
    let crop_only = mode == PadMode::Constant && pad.iter().all(|&p| p <= 0);
    // PyTorch checks the last dim first.
    for d in (nd - k..nd).rev() {
        let (l, r) = lr[d];
        let n = shape[d] as i64;
        match mode {
            PadMode::Reflect if l >= n || r >= n => {
                let arg = 4 + 2 * (nd - 1 - d);
                return Err(EngineError::runtime(format!(
                    "Argument #{arg}: Padding size should be less than the corresponding input dimension, but got: padding ({l}, {r}) at dimension {d} of input {}",
                    sizes_text(&shape)
                )));
            }
            PadMode::Circular if l > n || r > n => {
                return Err(EngineError::runtime("Padding value causes wrapping around more than once."));
            }
            _ => {}
        }
        let o = n + l + r;
        if mode == PadMode::Constant && (o < 0 || (o == 0 && !crop_only)) {
            return Err(EngineError::runtime(format!(
                "The input size {n}, plus negative padding {l} and {r} resulted in a negative output size, which is invalid. Check dimension {d} of your input."
            )));
        }
        if o < 0 || (o == 0 && !matches!(mode, PadMode::Circular | PadMode::Constant)) {
            let what = if mode == PadMode::Circular { "Negative padding value is resulting in an empty dimension.".to_string() } else { format!("input (W: {n}) is too small. Calculated output W: {o}") };
            return Err(EngineError::runtime(what));
        }
        out[d] = o as usize;
    }
    crate::engine::layout::checked_numel(&out)?;
    // Per dim, per output index: the input index (None: fill).
    let maps: Vec<Vec<Option<usize>>> = (0..nd)
        .map(|d| {
            let (l, r) = lr[d];
            let n = shape[d] as i64;
            (0..out[d] as i64)
                .map(|o| {
                    let j = o - l;
                    let j = match mode {
                        PadMode::Constant => (0..n).contains(&j).then_some(j),
                        PadMode::Reflect => Some(if j < 0 { -j } else if j >= n { 2 * (n - 1) - j } else { j }),
                        PadMode::Replicate => Some(j.clamp(0, n - 1)),
                        PadMode::Circular => {
                            // The wrap copies the cropped middle (negative pads crop first).
                            let (cl, cr) = ((-l).max(0), (-r).max(0));
                            let m = n - cl - cr;
                            Some(cl + (o - l.max(0)).rem_euclid(m.max(1)))
                        }
                    };
                    j.map(|j| j as usize)
                })
                .collect()
        })
        .collect();
    // constant/reflect/replicate allocate in x's suggested memory format;
    // circular fills a new_empty (contiguous).
    let stride = match mode {
        // Only negative pads: a narrow, cloned (x's stride order kept).
        PadMode::Constant if crop_only => {
            let narrowed = Layout { shape: out.clone(), stride: x.stride().to_vec(), offset: 0 };
            super::copy::preserve_strides(&x.view_as_layout(narrowed, "narrow"))
        }
        PadMode::Circular => contiguous_strides(&out),
        _ => suggested_format_strides(&shape, x.stride(), &out).unwrap_or_else(|| contiguous_strides(&out)),
    };
    Ok(PadPlan { in_shape: shape, shape: out, stride, maps })
}

impl PadPlan {
    /// Per output element (row-major): the input's row-major position it
    /// copies, `None` for the fill value.
    fn positions(&self) -> Result<Vec<Option<usize>>> {
        let nd = self.shape.len();
        let n_out: usize = self.shape.iter().product();
        let in_str = contiguous_strides(&self.in_shape);
        let mut pos = Vec::with_capacity(n_out);
        let mut idx = vec![0usize; nd];
        for e in 0..n_out {
            if e % (1 << 16) == 0 {
                crate::engine::interrupt::check()?;
            }
            let mut p = Some(0usize);
            for d in 0..nd {
                p = match (p, self.maps[d][idx[d]]) {
                    (Some(p), Some(j)) => Some(p + j * in_str[d]),
                    _ => None,
                };
            }
            pos.push(p);
            for d in (0..nd).rev() {
                idx[d] += 1;
                if idx[d] < self.shape[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
        Ok(pos)
    }
}

/// The padded tensor of a plan, fill `value` (cast to x's dtype).
pub fn pad(ctx: &Context, x: &Tensor, plan: &PadPlan, value: Scalar, op: &str) -> Result<Tensor> {
    let out = Tensor::alloc_strided_on(ctx, x.device(), &plan.shape, &plan.stride, x.dtype, op)?;
    let xv = x.to_scalars();
    let fill = value.cast(x.dtype);
    let vals: Vec<Scalar> = plan.positions()?.iter().map(|p| p.map(|q| xv[q]).unwrap_or(fill)).collect();
    super::copy::write_values(&out, &vals);
    Ok(out.with_copy_lineage(x, op))
}

/// The gradient of a pad: g's elements added at the positions they were
/// copied from, into zeros of the input's shape.
pub fn pad_backward(ctx: &Context, g: &Tensor, plan: &PadPlan) -> Result<Tensor> {
    let in_shape = &plan.in_shape;
    let n: usize = in_shape.iter().product();
    let pos = plan.positions()?;
    let gv = g.to_scalars();
    let mut acc = vec![0f64; n];
    for (k, p) in pos.iter().enumerate() {
        if let Some(q) = p {
            acc[*q] = rd(acc[*q] + gv[k].as_f64(), g.dtype);
        }
    }
    let vals: Vec<Scalar> = acc.into_iter().map(|v| Scalar::Float(v).cast(g.dtype)).collect();
    Tensor::from_scalars_on(ctx, g.device(), in_shape, g.dtype, &vals, "backward")
}

/// Loss reductions, as PyTorch numbers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduction {
    None,
    Mean,
    Sum,
}

impl Reduction {
    pub fn parse(s: &str) -> Option<Reduction> {
        match s {
            "none" => Some(Reduction::None),
            "mean" => Some(Reduction::Mean),
            "sum" => Some(Reduction::Sum),
            _ => None,
        }
    }
}

/// `nll_loss` of a 1-D (C) or 2-D (N, C) input: the loss and the total
/// weight (PyTorch's second output), summed as its CPU kernel sums them
/// (cascade levels in the input's dtype).
pub fn nll_loss(ctx: &Context, x: &Tensor, target: &Tensor, weight: Option<&Tensor>, red: Reduction, ignore: i64) -> Result<(Tensor, f64)> {
    if x.ndim() == 0 || x.ndim() > 2 {
        return Err(EngineError::runtime("input tensor should be 1D or 2D"));
    }
    if target.ndim() > 1 {
        return Err(EngineError::runtime("0D or 1D target tensor expected, multi-target not supported"));
    }
    let no_batch = x.ndim() == 1 && target.ndim() == 0;
    if !no_batch && x.shape()[0] != target.shape().first().copied().unwrap_or(1) {
        return Err(EngineError::runtime(format!("size mismatch (got input: {}, target: {})", sizes_text(x.shape()), sizes_text(target.shape()))));
    }
    let c = *x.shape().last().expect("1-D or 2-D");
    if let Some(w) = weight
        && (w.ndim() != 1 || w.numel() != c)
    {
        return Err(EngineError::runtime(format!("weight tensor should be defined either for all {c} classes or no classes but got weight tensor of shape: {}", sizes_text(w.shape()))));
    }
    let dt = x.dtype;
    let xv: Vec<f64> = x.to_scalars().into_iter().map(|s| s.as_f64()).collect();
    let tv: Vec<i64> = target.to_scalars().into_iter().map(|s| s.as_i64()).collect();
    let wv: Option<Vec<f64>> = weight.map(|w| w.to_scalars().into_iter().map(|s| s.as_f64()).collect());
    let b = if x.ndim() == 1 { 1 } else { x.shape()[0] };
    let check = |t: i64| -> Result<usize> {
        if t < 0 || t >= c as i64 {
            return Err(EngineError::index(format!("Target {t} is out of bounds.")));
        }
        Ok(t as usize)
    };
    if red == Reduction::None && x.ndim() == 2 {
        let mut out = Vec::with_capacity(b);
        for i in 0..b {
            if tv[i] == ignore {
                out.push(Scalar::Float(0.0));
                continue;
            }
            let t = check(tv[i])?;
            let w = wv.as_ref().map(|w| w[t]).unwrap_or(1.0);
            out.push(Scalar::Float(rd(-xv[i * c + t] * w, dt)));
        }
        return Ok((Tensor::from_scalars_on(ctx, x.device(), &[b], dt, &out, "nll_loss")?, 0.0));
    }
    // PyTorch's cascade: level j+1 takes level j every 2^(j·p) rows.
    const LEVELS: usize = 8;
    let ceil_log2 = if b <= 1 { 0 } else { 64 - ((b - 1) as u64).leading_zeros() as usize };
    let power = (ceil_log2 / LEVELS).max(4);
    let mask = (1usize << power) - 1;
    let (mut ws, mut ls) = ([0f64; LEVELS], [0f64; LEVELS]);
    let mut ignored = 0usize;
    for i in 0..b {
        if tv[i] == ignore {
            ignored += 1;
            continue;
        }
        let t = check(tv[i])?;
        let v = xv[i * c + t];
        match &wv {
            Some(w) => {
                ls[0] = rd(ls[0] - rd(v * w[t], dt), dt);
                ws[0] = rd(ws[0] + w[t], dt);
            }
            None => ls[0] = rd(ls[0] - v, dt),
        }
        for j in 0..LEVELS - 1 {
            if i & (mask << (j * power)) != 0 {
                break;
            }
            ws[j + 1] = rd(ws[j + 1] + ws[j], dt);
            ls[j + 1] = rd(ls[j + 1] + ls[j], dt);
            ws[j] = 0.0;
            ls[j] = 0.0;
        }
    }
    let total = if wv.is_none() { (b - ignored) as f64 } else { ws.iter().fold(0.0, |a, &v| rd(a + v, dt)) };
    let mut loss = ls.iter().fold(0.0, |a, &v| rd(a + v, dt));
    if red == Reduction::Mean {
        loss = rd(loss / total, dt);
    }
    if red == Reduction::None {
        // 1-D input, 0-dim target, no reduction: the one loss.
        loss = if ignored == 1 { 0.0 } else { loss };
    }
    Ok((Tensor::from_scalars_on(ctx, x.device(), &[], dt, &[Scalar::Float(loss)], "nll_loss")?, total))
}

/// `nll_loss`'s gradient of the input (zeros but at the targets).
#[allow(clippy::too_many_arguments)]
pub fn nll_loss_backward(ctx: &Context, g: &Tensor, in_shape: &[usize], target: &Tensor, weight: Option<&Tensor>, red: Reduction, ignore: i64, total: f64) -> Result<Tensor> {
    let dt = g.dtype;
    let c = *in_shape.last().expect("1-D or 2-D");
    let b = if in_shape.len() == 1 { 1 } else { in_shape[0] };
    let tv: Vec<i64> = target.to_scalars().into_iter().map(|s| s.as_i64()).collect();
    let wv: Option<Vec<f64>> = weight.map(|w| w.to_scalars().into_iter().map(|s| s.as_f64()).collect());
    let gv: Vec<f64> = g.to_scalars().into_iter().map(|s| s.as_f64()).collect();
    let mut out = vec![0f64; b * c];
    let per_row = red == Reduction::None && in_shape.len() == 2;
    for i in 0..b {
        if tv[i] == ignore || tv[i] < 0 || tv[i] >= c as i64 {
            continue;
        }
        let t = tv[i] as usize;
        let gi = if per_row {
            -gv[i]
        } else if red == Reduction::Mean {
            -rd(gv[0] / total, dt)
        } else {
            -gv[0]
        };
        out[i * c + t] = match &wv {
            Some(w) => rd(w[t] * gi, dt),
            None => gi,
        };
    }
    let vals: Vec<Scalar> = out.into_iter().map(Scalar::Float).collect();
    Tensor::from_scalars_on(ctx, g.device(), in_shape, dt, &vals, "backward")
}

/// `one_hot(t, num_classes)`: int64 zeros of shape t.shape + (classes,)
/// with a one at each of t's values.
pub fn one_hot(ctx: &Context, t: &Tensor, num_classes: i64) -> Result<Tensor> {
    if t.dtype != DType::Int64 {
        return Err(EngineError::runtime("one_hot is only applicable to index tensor of type LongTensor."));
    }
    let mut shape = t.shape().to_vec();
    let vals: Vec<i64> = t.to_scalars().into_iter().map(|s| s.as_i64()).collect();
    if vals.is_empty() {
        if num_classes <= 0 {
            return Err(EngineError::runtime("Can not infer total number of classes from empty tensor."));
        }
        shape.push(num_classes as usize);
        return Tensor::alloc_on(ctx, t.device(), &shape, DType::Int64, "one_hot");
    }
    if vals.iter().any(|&v| v < 0) {
        return Err(EngineError::runtime("Class values must be non-negative."));
    }
    let max = *vals.iter().max().expect("non-empty");
    let n = if num_classes == -1 { max + 1 } else { num_classes };
    if n <= max {
        return Err(EngineError::runtime("Class values must be smaller than num_classes."));
    }
    let n = n as usize;
    shape.push(n);
    crate::engine::layout::checked_numel(&shape)?;
    let r = Tensor::alloc_on(ctx, t.device(), &shape, DType::Int64, "one_hot")?;
    let mut out = vec![Scalar::Int(0); vals.len() * n];
    for (i, &v) in vals.iter().enumerate() {
        out[i * n + v as usize] = Scalar::Int(1);
    }
    super::copy::write_values(&r, &out);
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::context::EngineConfig;

    fn ctx() -> Context {
        Context::new(&EngineConfig::default())
    }

    fn floats(t: &Tensor) -> Vec<f64> {
        t.to_scalars().into_iter().map(|s| s.as_f64()).collect()
    }

    fn row(ctx: &Context, vals: &[f64]) -> Tensor {
        let v: Vec<Scalar> = vals.iter().map(|&x| Scalar::Float(x)).collect();
        Tensor::from_scalars(ctx, &[1, vals.len()], DType::Float32, &v, "test").unwrap()
    }

    #[test]
    fn pad_modes_map_each_output_to_its_source() {
        let ctx = ctx();
        let x = row(&ctx, &[0.0, 1.0, 2.0, 3.0]);
        let padded = |pads: &[i64], mode| {
            let plan = pad_plan(&x, pads, mode).unwrap();
            floats(&pad(&ctx, &x, &plan, Scalar::Float(-1.0), "pad").unwrap())
        };
        assert_eq!(padded(&[2, 1], PadMode::Constant), [-1.0, -1.0, 0.0, 1.0, 2.0, 3.0, -1.0]);
        assert_eq!(padded(&[2, 1], PadMode::Reflect), [2.0, 1.0, 0.0, 1.0, 2.0, 3.0, 2.0]);
        assert_eq!(padded(&[2, 1], PadMode::Replicate), [0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 3.0]);
        assert_eq!(padded(&[2, 1], PadMode::Circular), [2.0, 3.0, 0.0, 1.0, 2.0, 3.0, 0.0]);
        // A negative pad crops first; circular wraps the cropped middle.
        assert_eq!(padded(&[-1, 2], PadMode::Circular), [1.0, 2.0, 3.0, 1.0, 2.0]);
        assert_eq!(padded(&[-1, -1], PadMode::Constant), [1.0, 2.0]);
        assert!(pad_plan(&x, &[4, 0], PadMode::Reflect).is_err());
        assert!(pad_plan(&x, &[5, 0], PadMode::Circular).is_err());
    }

    #[test]
    fn pad_backward_adds_every_copy_of_an_element() {
        let ctx = ctx();
        let x = row(&ctx, &[0.0, 1.0, 2.0]);
        let plan = pad_plan(&x, &[2, 2], PadMode::Reflect).unwrap();
        let g = row(&ctx, &[1.0; 7]);
        // Output [2, 1, 0, 1, 2, 1, 0]: 0 twice, 1 three times, 2 twice.
        assert_eq!(floats(&pad_backward(&ctx, &g, &plan).unwrap()), [2.0, 3.0, 2.0]);
    }

    #[test]
    fn nll_loss_averages_by_the_kept_weights() {
        let ctx = ctx();
        let v: Vec<Scalar> = [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0].iter().map(|&x| Scalar::Float(x)).collect();
        let x = Tensor::from_scalars(&ctx, &[3, 2], DType::Float32, &v, "test").unwrap();
        let t = Tensor::from_scalars(&ctx, &[3], DType::Int64, &[Scalar::Int(1), Scalar::Int(0), Scalar::Int(-100)], "test").unwrap();
        let w = Tensor::from_scalars(&ctx, &[2], DType::Float32, &[Scalar::Float(0.5), Scalar::Float(2.0)], "test").unwrap();
        let (loss, total) = nll_loss(&ctx, &x, &t, Some(&w), Reduction::Mean, -100).unwrap();
        // (2·2 + 0.5·3) / (2 + 0.5); the ignored row counts nowhere.
        assert_eq!(total, 2.5);
        assert_eq!(floats(&loss), [(5.5f32 / 2.5) as f64]);
        let (none, _) = nll_loss(&ctx, &x, &t, None, Reduction::None, -100).unwrap();
        assert_eq!(floats(&none), [2.0, 3.0, 0.0]);
        let bad = Tensor::from_scalars(&ctx, &[3], DType::Int64, &[Scalar::Int(2), Scalar::Int(0), Scalar::Int(0)], "test").unwrap();
        assert_eq!(nll_loss(&ctx, &x, &bad, None, Reduction::Sum, -100).unwrap_err().message, "Target 2 is out of bounds.");
    }
}
