//! Reductions: `sum`, `mean`, `prod`, `max`/`min` (with indices), `argmax`/
//! `argmin`, `std`/`var`, `all`/`any`, over all dims or some, with `keepdim`.
//! Outputs are new contiguous tensors.

use crate::engine::kernels::cascade::Lane;
use crate::engine::context::Context;
use crate::engine::dtype::{Category, DType};
use crate::engine::error::{EngineError, ErrorKind, Result};
use crate::engine::layout::{self, Layout};
use crate::engine::scalar::{self, Scalar};
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

use super::promote::scalar_type_name;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReduceOp {
    Sum,
    Mean,
    Prod,
    Max,
    Min,
    ArgMax,
    ArgMin,
    Std,
    Var,
    All,
    Any,
}

impl ReduceOp {
    pub fn name(self) -> &'static str {
        match self {
            ReduceOp::Sum => "sum",
            ReduceOp::Mean => "mean",
            ReduceOp::Prod => "prod",
            ReduceOp::Max => "max",
            ReduceOp::Min => "min",
            ReduceOp::ArgMax => "argmax",
            ReduceOp::ArgMin => "argmin",
            ReduceOp::Std => "std",
            ReduceOp::Var => "var",
            ReduceOp::All => "all",
            ReduceOp::Any => "any",
        }
    }
}

/// The dtype a reduction returns for an input of `d`.
fn out_dtype(op: ReduceOp, d: DType) -> Result<DType> {
    Ok(match op {
        ReduceOp::Sum | ReduceOp::Prod => {
            if d.category() == Category::Floating { d } else { DType::Int64 }
        }
        ReduceOp::Mean | ReduceOp::Std | ReduceOp::Var => {
            if d.category() != Category::Floating {
                let msg = match op {
                    ReduceOp::Mean => format!(
                        "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: {}",
                        scalar_type_name(d)
                    ),
                    _ => "std and var only support floating point and complex dtypes".to_string(),
                };
                return Err(EngineError::new(ErrorKind::NotImplementedError, msg).with_hint(format!("convert first: x.float().{}()", op.name())));
            }
            d
        }
        ReduceOp::Max | ReduceOp::Min => d,
        ReduceOp::ArgMax | ReduceOp::ArgMin => {
            if d == DType::Bool {
                return Err(EngineError::new(
                    ErrorKind::NotImplementedError,
                    format!("{}(): does not support bool input", op.name()),
                ));
            }
            DType::Int64
        }
        ReduceOp::All | ReduceOp::Any => if d == DType::UInt8 { DType::UInt8 } else { DType::Bool },
    })
}

/// Reduces `vals` (one output element's inputs, in order) with `op`.
/// Returns the value and, for max/min/arg*, the index.
fn fold(op: ReduceOp, vals: &[Scalar], dtype: DType, correction: f64) -> (Scalar, i64) {
    let float = dtype.category() == Category::Floating;
    match op {
        ReduceOp::Sum => {
            if float {
                (Scalar::Float(float_sum(vals, dtype)), 0)
            } else {
                (Scalar::Int(vals.iter().fold(0i64, |a, v| a.wrapping_add(v.as_i64()))), 0)
            }
        }
        ReduceOp::Prod => {
            if float {
                // PyTorch's CPU prod accumulates in the dtype itself (a
                // float16 product rounds at every step), in order.
                (vals.iter().fold(Scalar::Float(1.0).cast(dtype), |a, v| Scalar::Float(a.as_f64() * v.as_f64()).cast(dtype)), 0)
            } else {
                (Scalar::Int(vals.iter().fold(1i64, |a, v| a.wrapping_mul(v.as_i64()))), 0)
            }
        }
        ReduceOp::Mean => (Scalar::Float(float_sum(vals, dtype) / vals.len() as f64), 0),
        ReduceOp::Var | ReduceOp::Std => {
            // PyTorch's WelfordOps in double (the reduction to several
            // values; one value is `var_all` below).
            let (mut mean, mut m2, mut k) = (0f64, 0f64, 0f64);
            for v in vals {
                let x = v.as_f64();
                k += 1.0;
                let delta = x - mean;
                mean += delta / k;
                m2 += delta * (x - mean);
            }
            let divisor = if k > correction { k - correction } else { 0.0 };
            let var = m2 / divisor;
            (Scalar::Float(if op == ReduceOp::Std { var.sqrt() } else { var }), 0)
        }
        ReduceOp::Max | ReduceOp::Min | ReduceOp::ArgMax | ReduceOp::ArgMin => {
            let want_max = matches!(op, ReduceOp::Max | ReduceOp::ArgMax);
            let mut best = 0usize;
            for (i, v) in vals.iter().enumerate().skip(1) {
                let (b, c) = (vals[best], *v);
                let b_nan = matches!(b, Scalar::Float(f) if f.is_nan());
                if b_nan {
                    break;
                }
                let c_nan = matches!(c, Scalar::Float(f) if f.is_nan());
                let better = c_nan
                    || if float {
                        if want_max { c.as_f64() > b.as_f64() } else { c.as_f64() < b.as_f64() }
                    } else if want_max {
                        c.as_i64() > b.as_i64()
                    } else {
                        c.as_i64() < b.as_i64()
                    };
                if better {
                    best = i;
                }
            }
            let v = vals.get(best).copied().unwrap_or(Scalar::Int(0));
            if matches!(op, ReduceOp::ArgMax | ReduceOp::ArgMin) {
                (Scalar::Int(best as i64), best as i64)
            } else {
                (v, best as i64)
            }
        }
        ReduceOp::All => (Scalar::Bool(vals.iter().all(|v| v.as_bool())), 0),
        ReduceOp::Any => (Scalar::Bool(vals.iter().any(|v| v.as_bool())), 0),
    }
}

/// Sums as PyTorch's CPU kernel does for small inputs: in the accumulation
/// type (float32 for float32/float16/bfloat16, float64 for float64),
/// sequentially up to 16 elements and pairwise above.
fn float_sum(vals: &[Scalar], dtype: DType) -> f64 {
    if dtype == DType::Float64 {
        return pairwise_sum(vals);
    }
    fn f32_sum(vals: &[Scalar]) -> f32 {
        if vals.len() <= 16 {
            return vals.iter().fold(0f32, |a, v| a + v.as_f64() as f32);
        }
        let mid = vals.len() / 2;
        f32_sum(&vals[..mid]) + f32_sum(&vals[mid..])
    }
    f32_sum(vals) as f64
}

/// Pairwise summation in f64 (accurate, order-independent enough for tests).
fn pairwise_sum(vals: &[Scalar]) -> f64 {
    if vals.len() <= 64 {
        // From +0.0 as PyTorch's accumulators (Rust's float `sum()` starts
        // at -0.0, so an empty or all -0.0 sum would print `-0.`).
        return vals.iter().fold(0.0, |a, v| a + v.as_f64());
    }
    let mid = vals.len() / 2;
    pairwise_sum(&vals[..mid]) + pairwise_sum(&vals[mid..])
}

/// The result of a reduction: values, and indices for max/min with a dim.
pub struct Reduced {
    pub values: Tensor,
    pub indices: Option<Tensor>,
}

/// Reduces `t` over `dims` (all dims when `None`).
/// The dims `dims` marks among `n` (all for None), wrapped, each at most
/// once (a 0-dim tensor's dims all wrap to 0, so `(-1, 0)` repeats it).
pub fn reduced_dims(dims: Option<&[i64]>, n: usize) -> Result<Vec<bool>> {
    let mut reduced = vec![false; n];
    let mut scalar_dim_seen = false;
    match dims {
        None => reduced.iter_mut().for_each(|r| *r = true),
        Some(ds) => {
            for &d in ds {
                let w = layout::wrap_dim(d, n)?;
                if n == 0 {
                    if scalar_dim_seen {
                        return Err(EngineError::runtime("dim 0 appears multiple times in the list of dims"));
                    }
                    scalar_dim_seen = true;
                    continue;
                }
                if reduced[w] {
                    return Err(EngineError::runtime(format!(
                        "dim {} appears multiple times in the list of dims",
                        w
                    )));
                }
                reduced[w] = true;
            }
        }
    }
    Ok(reduced)
}

/// The shape a reduction over the dims marked in `reduced` gives: each
/// reduced dim dropped, or kept as 1 with `keepdim`.
pub fn reduced_shape(shape: &[usize], reduced: &[bool], keepdim: bool) -> Vec<usize> {
    shape.iter().zip(reduced).filter_map(|(&s, &r)| if r { keepdim.then_some(1) } else { Some(s) }).collect()
}

pub fn reduce(ctx: &Context, op: ReduceOp, t: &Tensor, dims: Option<&[i64]>, keepdim: bool, correction: f64, out: Option<DType>) -> Result<Reduced> {
    let odt = match out {
        Some(d) if op == ReduceOp::Mean && d.category() != Category::Floating => {
            return Err(EngineError::new(
                ErrorKind::NotImplementedError,
                format!("mean(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. Got: {}", scalar_type_name(d)),
            ));
        }
        Some(d) => d,
        None => out_dtype(op, t.dtype)?,
    };
    let n = t.ndim();
    let reduced = reduced_dims(dims, n)?;
    // Walking more elements than a dense tensor under the cap could hold
    // (a huge expanded view) would never end; an overflowing count is one.
    ctx.cpu.check_walk(op.name(), t.shape(), t.dtype.size())?;
    let count: usize = (0..n).filter(|&d| reduced[d]).map(|d| t.shape()[d]).try_fold(1usize, |a, d| a.checked_mul(d)).unwrap_or(usize::MAX);
    if count == 0 && matches!(op, ReduceOp::Max | ReduceOp::Min | ReduceOp::ArgMax | ReduceOp::ArgMin) {
        let name = op.name();
        let kind = if dims.is_none() && matches!(op, ReduceOp::Max | ReduceOp::Min) { ErrorKind::RuntimeError } else { ErrorKind::IndexError };
        return Err(EngineError::new(kind, if dims.is_none() {
            if kind == ErrorKind::IndexError && dims.is_none() {
                format!("{name}(): Expected reduction dim to be specified for input.numel() == 0.")
            } else {
                format!("{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.")
            }
        } else {
            let d = dims.and_then(|d| d.first()).copied().unwrap_or(0);
            format!("{name}(): Expected reduction dim {} to have non-zero size.", crate::engine::layout::wrap_dim(d, n).unwrap_or(0))
        }));
    }
    // On a real GPU: a full sum is the two-pass sum kernel; sum, mean and
    // prod over any dims, and max/min over all dims, the reduce kernel.
    if t.storage.gpu().is_some() {
        if kept_none(&reduced)
            && op == ReduceOp::Sum
            && !keepdim
            && let Some(values) = crate::engine::gpu::launch::sum(ctx, t)?
            && values.dtype == odt
        {
            return Ok(Reduced { values, indices: None });
        }
        // A full mean: the two-pass sum divided by the count on the device.
        if kept_none(&reduced)
            && op == ReduceOp::Mean
            && !keepdim
            && let Some(total) = crate::engine::gpu::launch::sum(ctx, t)?
            && total.dtype == odt
        {
            use super::elementwise::{binary, Arg, BinaryOp};
            let values = binary(ctx, BinaryOp::Div, Arg::T(&total), Arg::S(Scalar::Float(count as f64)))?;
            return Ok(Reduced { values, indices: None });
        }
        use crate::engine::gpu::launch::ReduceKind;
        let kind = match op {
            ReduceOp::Sum => Some(ReduceKind::Sum),
            ReduceOp::Mean => Some(ReduceKind::Mean),
            ReduceOp::Prod => Some(ReduceKind::Prod),
            ReduceOp::Max if dims.is_none() => Some(ReduceKind::Max),
            ReduceOp::Min if dims.is_none() => Some(ReduceKind::Min),
            _ => None,
        };
        if let Some(kind) = kind
            && let Some(values) = crate::engine::gpu::launch::reduce(ctx, kind, t, &reduced, keepdim, odt)?
        {
            return Ok(Reduced { values, indices: None });
        }
    }
    let out_shape = reduced_shape(t.shape(), &reduced, keepdim);
    // var/std of float32/float64 to one value: PyTorch's std_var_all_cpu,
    // the mean as `mean()` computes it, then Σ (x − mean)² in double.
    if matches!(op, ReduceOp::Var | ReduceOp::Std) && matches!(t.dtype, DType::Float32 | DType::Float64) && t.numel() > 0
        && (0..n).all(|d| reduced[d] || t.shape()[d] == 1)
    {
        let v = var_all(t, count, correction, op == ReduceOp::Std);
        crate::engine::interrupt::check()?;
        let values = Tensor::from_scalars_on(ctx, t.device(), &out_shape, odt, &[Scalar::Float(v)], op.name())?;
        return Ok(Reduced { values, indices: None });
    }
    // Any other var/std of a floating tensor: WelfordOps in the walk's order.
    if matches!(op, ReduceOp::Var | ReduceOp::Std) && t.dtype.is_floating() && t.numel() > 0
        && let Some(vals) = welford(t, &reduced, correction, op == ReduceOp::Std)
    {
        crate::engine::interrupt::check()?;
        let vals: Vec<Scalar> = vals.into_iter().map(|(v, _)| Scalar::Float(v)).collect();
        let values = Tensor::from_scalars_on(ctx, t.device(), &out_shape, odt, &vals, op.name())?;
        return Ok(Reduced { values, indices: None });
    }
    // Sum/mean of float32/float64 with elements, over any dims of any
    // layout: PyTorch's TensorIterator walk and cascade, addition for
    // addition.
    if matches!(op, ReduceOp::Sum | ReduceOp::Mean) && matches!(t.dtype, DType::Float32 | DType::Float64) && odt == t.dtype && t.numel() > 0 {
        let values = Tensor::alloc_on(ctx, t.device(), &out_shape, odt, op.name())?;
        write_cascade_sums(t, &reduced, count, op == ReduceOp::Mean, &values);
        crate::engine::interrupt::check()?;
        return Ok(Reduced { values, indices: None });
    }
    // Prod of float32/float64 in its own dtype: binary_kernel_reduce_vec's
    // order (`kernels::reduce_iter::prod_dims`).
    if op == ReduceOp::Prod && t.dtype.is_floating() && odt == t.dtype && t.numel() > 0 && !t.device().is_cuda() {
        let values = Tensor::alloc_on(ctx, t.device(), &out_shape, odt, op.name())?;
        write_products(t, &reduced, &values);
        crate::engine::interrupt::check()?;
        return Ok(Reduced { values, indices: None });
    }
    // Kept dims (in order) then reduced dims: one inner loop per output element.
    let kept: Vec<usize> = (0..n).filter(|&d| !reduced[d]).collect();
    let red: Vec<usize> = (0..n).filter(|&d| reduced[d]).collect();
    let sub = |ds: &[usize], off: usize| Layout {
        shape: ds.iter().map(|&d| t.shape()[d]).collect(),
        stride: ds.iter().map(|&d| t.stride()[d]).collect(),
        offset: off,
    };
    let outer = sub(&kept, t.layout().offset);
    // The output must fit under the cap before its scratch is allocated
    // (`zeros(10**9, 0).std(1)` has 10^9 outputs and no input elements).
    ctx.cpu.check_walk(op.name(), &outer.shape, odt.size())?;
    let mut out_vals = Vec::with_capacity(outer.numel());
    let mut out_idx = Vec::with_capacity(outer.numel());
    {
        let buf = t.storage.bytes();
        let bytes = buf.bytes();
        // An empty input may have an overflowing `count` (usize::MAX).
        let mut scratch = Vec::with_capacity(if t.numel() == 0 { 0 } else { count });
        for base in StridedIndex::new(&outer) {
            crate::engine::interrupt::check()?;
            scratch.clear();
            let inner = sub(&red, base);
            for (j, i) in StridedIndex::new(&inner).enumerate() {
                if j.is_multiple_of(crate::engine::interrupt::CHECK_EVERY) {
                    crate::engine::interrupt::check()?;
                }
                scratch.push(scalar::read(t.dtype, bytes, i).unwrap_or(Scalar::Int(0)));
            }
            // prod(dtype=…) multiplies in the requested dtype.
            let fold_dtype = if op == ReduceOp::Prod && odt.is_floating() { odt } else { t.dtype };
            let (v, i) = fold(op, &scratch, fold_dtype, correction);
            out_vals.push(v);
            out_idx.push(Scalar::Int(i));
        }
    }
    let values = Tensor::from_scalars_on(ctx, t.device(), &out_shape, odt, &out_vals, op.name())?;
    let indices = if dims.is_some() && matches!(op, ReduceOp::Max | ReduceOp::Min) {
        Some(Tensor::from_scalars_on(ctx, t.device(), &out_shape, DType::Int64, &out_idx, op.name())?)
    } else {
        None
    };
    Ok(Reduced { values, indices })
}

/// `n` elements of `T` from element `lo` of `bytes` (None when the bytes
/// do not hold them).
fn typed<T: bytemuck::Pod>(bytes: &[u8], lo: usize, n: usize) -> Option<&[T]> {
    let size = std::mem::size_of::<T>();
    bytes.get(lo * size..(lo + n) * size).and_then(|b| bytemuck::try_cast_slice(b).ok())
}

/// Runs `f32s` or `f64s` (the same generic function) on `n` elements of
/// `t`'s float32/float64 storage from element `lo`.
fn on_values<R>(t: &Tensor, lo: usize, n: usize, f32s: impl FnOnce(&[f32]) -> R, f64s: impl FnOnce(&[f64]) -> R) -> Option<R> {
    let buf = t.storage.bytes();
    match t.dtype {
        DType::Float32 => typed::<f32>(buf.bytes(), lo, n).map(f32s),
        _ => typed::<f64>(buf.bytes(), lo, n).map(f64s),
    }
}

/// The sums of `t` (float32/float64, with elements; `xs` its footprint,
/// `offset` its first element's there) over the dims marked in `reduced`,
/// each PyTorch's (`kernels::reduce_iter`), in row-major order of the kept
/// dims; a mean is each sum divided by `count` in the dtype, as PyTorch's
/// `sum(...).div_(n)`.
fn typed_sums<T: Lane>(xs: &[T], t: &Tensor, offset: usize, reduced: &[bool], count: usize, mean: bool) -> Vec<T> {
    let threads = super::vector_lanes::pytorch_threads();
    let mut v = crate::engine::kernels::reduce_iter::sum_dims(xs, t.shape(), t.stride(), offset, reduced, threads);
    if mean {
        let n = T::count(count);
        v.iter_mut().for_each(|s| *s = *s / n);
    }
    v
}

/// [`typed_sums`] written straight into `out` (a fresh contiguous
/// tensor of `t`'s dtype, with the kept dims' element count), no Scalars
/// between.
fn write_cascade_sums(t: &Tensor, reduced: &[bool], count: usize, mean: bool, out: &Tensor) {
    fn write<T: Lane>(xs: &[T], t: &Tensor, offset: usize, reduced: &[bool], count: usize, mean: bool, out: &Tensor) {
        let v = typed_sums(xs, t, offset, reduced, count, mean);
        let mut dst = out.storage.bytes_mut();
        let bytes = &mut dst.bytes_mut()[..v.len() * std::mem::size_of::<T>()];
        bytes.copy_from_slice(bytemuck::cast_slice(&v));
    }
    let Some((lo, hi)) = t.layout().footprint() else {
        return;
    };
    let offset = t.layout().offset - lo;
    on_values(t, lo, hi - lo + 1, |xs| write(xs, t, offset, reduced, count, mean, out), |xs| write(xs, t, offset, reduced, count, mean, out));
}

/// A 16-bit float type's conversions from and to its bits, and its one.
type HalfOps<H> = (fn(u16) -> H, fn(H) -> u16, H);

/// The products of `t` over the dims in `reduced`, PyTorch's, written into
/// `out` (fresh, contiguous, `t`'s dtype).
fn write_products(t: &Tensor, reduced: &[bool], out: &Tensor) {
    fn write<T: Lane + std::ops::Mul<Output = T>>(xs: &[T], t: &Tensor, offset: usize, reduced: &[bool], out: &Tensor) {
        let v = crate::engine::kernels::reduce_iter::prod_dims(xs, t.shape(), t.stride(), offset, reduced, super::vector_lanes::pytorch_threads(), T::count(1));
        let mut dst = out.storage.bytes_mut();
        let bytes = &mut dst.bytes_mut()[..v.len() * std::mem::size_of::<T>()];
        bytes.copy_from_slice(bytemuck::cast_slice(&v));
    }
    /// float16/bfloat16: the bits as the `half` type, multiplied, back to bits.
    fn write_half<H: Copy + Send + Sync + std::ops::Mul<Output = H>>(bits: &[u16], t: &Tensor, offset: usize, reduced: &[bool], out: &Tensor, (from, to, one): HalfOps<H>) {
        let xs: Vec<H> = bits.iter().map(|&b| from(b)).collect();
        let v = crate::engine::kernels::reduce_iter::prod_dims(&xs, t.shape(), t.stride(), offset, reduced, super::vector_lanes::pytorch_threads(), one);
        let v: Vec<u16> = v.into_iter().map(to).collect();
        let mut dst = out.storage.bytes_mut();
        dst.bytes_mut()[..v.len() * 2].copy_from_slice(bytemuck::cast_slice(&v));
    }
    let Some((lo, hi)) = t.layout().footprint() else {
        return;
    };
    let offset = t.layout().offset - lo;
    let n = hi - lo + 1;
    match t.dtype {
        DType::Float16 | DType::BFloat16 => {
            let buf = t.storage.bytes();
            let Some(bits) = typed::<u16>(buf.bytes(), lo, n) else { return };
            if t.dtype == DType::Float16 {
                write_half(bits, t, offset, reduced, out, (half::f16::from_bits, half::f16::to_bits, half::f16::ONE));
            } else {
                write_half(bits, t, offset, reduced, out, (half::bf16::from_bits, half::bf16::to_bits, half::bf16::ONE));
            }
        }
        _ => {
            on_values(t, lo, n, |xs| write(xs, t, offset, reduced, out), |xs| write(xs, t, offset, reduced, out));
        }
    }
}

/// `std_var_all_cpu` (float32/float64, any layout): the mean in the dtype
/// (`typed_sums`), then the squared deviations summed in double over the
/// input's blocks (`kernels::var_reduce::squared_deviations`).
fn var_all(t: &Tensor, count: usize, correction: f64, sqrt: bool) -> f64 {
    fn deviations<T: Lane + Into<f64>>(xs: &[T], t: &Tensor, offset: usize, count: usize) -> f64 {
        let mean = typed_sums(xs, t, offset, &vec![true; t.ndim()], count, true).first().map_or(f64::NAN, |s| s.to_f64());
        crate::engine::kernels::var_reduce::squared_deviations(xs, t.shape(), t.stride(), offset, mean, super::vector_lanes::pytorch_threads())
    }
    let Some((lo, hi)) = t.layout().footprint() else { return f64::NAN };
    let offset = t.layout().offset - lo;
    let total = on_values(t, lo, hi - lo + 1, |xs| deviations(xs, t, offset, count), |xs| deviations(xs, t, offset, count)).unwrap_or(f64::NAN);
    let var = total / (count as f64 - correction).max(0.0);
    if sqrt { var.sqrt() } else { var }
}

/// `WelfordOps` over the dims marked in `reduced` of floating `t` (with
/// elements), as `std_var_kernel_impl` runs it: per output (row-major
/// order of the kept dims) the variance (or its square root, `sqrt`) with
/// `correction` and the mean, rounded as the kernel's `res_t` rounds them
/// (double to float first for float16/bfloat16, as their constructors
/// take a float). None for a dtype without the kernel.
pub fn welford(t: &Tensor, reduced: &[bool], correction: f64, sqrt: bool) -> Option<Vec<(f64, f64)>> {
    use crate::engine::kernels::var_reduce::welford_dims;
    let (lo, hi) = t.layout().footprint()?;
    let (offset, n) = (t.layout().offset - lo, hi - lo + 1);
    let threads = super::vector_lanes::pytorch_threads();
    let states = match t.dtype {
        DType::Float16 | DType::BFloat16 => {
            let buf = t.storage.bytes();
            let bits = typed::<u16>(buf.bytes(), lo, n)?;
            let xs: Vec<f32> = if t.dtype == DType::Float16 {
                bits.iter().map(|&b| half::f16::from_bits(b).to_f32()).collect()
            } else {
                bits.iter().map(|&b| half::bf16::from_bits(b).to_f32()).collect()
            };
            welford_dims(&xs, t.shape(), t.stride(), offset, reduced, threads)
        }
        DType::Float32 | DType::Float64 => on_values(t, lo, n, |xs| welford_dims(xs, t.shape(), t.stride(), offset, reduced, threads), |xs| welford_dims(xs, t.shape(), t.stride(), offset, reduced, threads))?,
        _ => return None,
    };
    let narrow = matches!(t.dtype, DType::Float16 | DType::BFloat16);
    let round = |v: f64| if narrow { f64::from(v as f32) } else { v };
    Some(states.into_iter().map(|w| {
        let (v, m) = w.project(correction, sqrt);
        (round(v), round(m))
    }).collect())
}

/// `var_mean`/`std_mean` (`sqrt`) of a floating `t` over `dims` (all when
/// `None`), as `std_var_mean_out` computes them: both outputs from one
/// `WelfordOps` pass ([`welford`]), so the mean is Welford's, not
/// `mean()`'s. `None` where that kernel does not apply (no elements, or a
/// dtype without it): the caller reduces `var`/`std` and `mean` instead.
pub fn var_mean(ctx: &Context, t: &Tensor, dims: Option<&[i64]>, keepdim: bool, correction: f64, sqrt: bool) -> Result<Option<(Tensor, Tensor)>> {
    let reduced = reduced_dims(dims, t.ndim())?;
    let spread_op = if sqrt { ReduceOp::Std } else { ReduceOp::Var };
    ctx.cpu.check_walk(spread_op.name(), t.shape(), t.dtype.size())?;
    if t.numel() == 0 {
        return Ok(None);
    }
    let Some(vals) = welford(t, &reduced, correction, sqrt) else { return Ok(None) };
    crate::engine::interrupt::check()?;
    let shape = reduced_shape(t.shape(), &reduced, keepdim);
    let (spread, mean): (Vec<Scalar>, Vec<Scalar>) = vals.into_iter().map(|(v, m)| (Scalar::Float(v), Scalar::Float(m))).unzip();
    let spread = Tensor::from_scalars_on(ctx, t.device(), &shape, t.dtype, &spread, spread_op.name())?;
    let mean = Tensor::from_scalars_on(ctx, t.device(), &shape, t.dtype, &mean, ReduceOp::Mean.name())?;
    Ok(Some((spread, mean)))
}

fn kept_none(reduced: &[bool]) -> bool {
    reduced.iter().all(|&r| r)
}
