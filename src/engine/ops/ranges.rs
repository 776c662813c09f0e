//! `arange`, `linspace`, `range` and `logspace`, value for value as PyTorch 2.15's CPU
//! kernels compute them (`RangeFactories.cpp`, `RangeFactoriesKernel.cpp`).
//!
//! PyTorch 2.15's CPU `arange_out` checks the bounds in double, sizes the
//! result (`compute_arange_size`), then runs `arange_kernel`: `start` and
//! `step` are converted to the dtype's accumulate type (int64 for integer
//! dtypes, double for float32/float64, float for float16/bfloat16; `end`
//! is never converted), and `at::parallel_for` splits the range into
//! chunks over the intra-op threads. In each chunk `cpu_serial_kernel_vec`
//! steps two 32-byte vectors at a time (`Vectorized<T>::arange(start +
//! step * idx, step)`: the first lane is `start + step * idx` rounded to
//! the dtype, the others `base + k * step` in the accumulate type) and
//! leaves the last `len % (2 * lanes)` elements to the scalar lambda
//! (`start + step * idx`). The AVX512 build has no kernel of its own for
//! this stub, so the vectors are AVX2's on every x86 capability: 8 floats,
//! 4 doubles, 16 halves (measured against PyTorch 2.15 on this machine,
//! oracle case 462). GCC contracts each `a + b * c` into one fused
//! multiply-add. CUDA's kernel computes `start + step * ind` per element
//! in `acc_type<T, true>` (float for float32), as `range_cuda_out` does.

use half::{bf16, f16};

use crate::engine::context::Context;
use crate::engine::device::Device;
use crate::engine::dtype::DType;
use crate::engine::error::{cpp_double, EngineError, ErrorKind, Result};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

use super::promote::scalar_type_name;
use super::vector_lanes::pytorch_threads;

/// `at::internal::GRAIN_SIZE`.
const GRAIN_SIZE: usize = 32768;
/// Bytes in one AVX2 `Vectorized<T>`.
const VECTOR_BYTES: usize = 32;

/// `arange(start, end, step)`; `dtype` defaults from the arguments.
pub fn arange(ctx: &Context, device: Device, start: Scalar, end: Scalar, step: Scalar, dtype: Option<DType>, op: &str) -> Result<Tensor> {
    let any_float = [start, end, step].iter().any(|s| matches!(s, Scalar::Float(_)));
    let dtype = dtype.unwrap_or(if any_float { DType::default_float() } else { DType::Int64 });
    let cuda = matches!(device, Device::Cuda(_));
    refuse_bool(dtype, if cuda { "arange_cuda" } else { "arange_cpu" })?;
    check_bounds(start, end, step)?;
    let n = size(start, end, step, dtype)?;
    let acc = Acc::of(dtype, cuda);
    let steps = acc.steps(start, step)?;
    if cuda {
        acc.check(end)?;
    }
    let t = Tensor::alloc_on(ctx, device, &[n], dtype, op)?;
    let vals = if cuda { cuda_values(n, steps) } else { cpu_values(n, steps, dtype) };
    super::copy::write_values(&t, &vals);
    Ok(t)
}

/// `AT_DISPATCH_ALL_TYPES_AND2(kHalf, kBFloat16, …)`: every dtype but bool.
fn refuse_bool(dtype: DType, kernel: &str) -> Result<()> {
    if dtype == DType::Bool {
        return Err(EngineError::new(ErrorKind::NotImplementedError, format!("\"{kernel}\" not implemented for '{}'", scalar_type_name(dtype))));
    }
    Ok(())
}

/// `arange_check_bounds`, in double.
fn check_bounds(start: Scalar, end: Scalar, step: Scalar) -> Result<()> {
    let (s, e, st) = (start.as_f64(), end.as_f64(), step.as_f64());
    if !st.is_finite() {
        return Err(EngineError::runtime(format!("step must be finite but got {}", cpp_double(st))));
    }
    if st == 0.0 {
        return Err(EngineError::runtime("step must be nonzero").with_hint("arange(start, end, step) needs a step other than 0"));
    }
    if !s.is_finite() || !e.is_finite() {
        return Err(EngineError::runtime(format!("unsupported range: {} -> {}", cpp_double(s), cpp_double(e))));
    }
    if !((st > 0.0 && e >= s) || (st < 0.0 && e <= s)) {
        return Err(EngineError::runtime("upper bound and lower bound inconsistent with step sign")
            .with_hint("counting down needs a negative step: arange(5, 0, -1)"));
    }
    Ok(())
}

/// `compute_arange_size`.
fn size(start: Scalar, end: Scalar, step: Scalar, dtype: DType) -> Result<usize> {
    let (s, e, st) = (start.as_f64(), end.as_f64(), step.as_f64());
    let integral = |x: Scalar| !matches!(x, Scalar::Float(_));
    let n = if dtype == DType::Int64 && integral(start) && integral(end) && integral(step) {
        // Exact int64 arithmetic, wrapping as C++'s does on x86.
        let (s, e, st) = (start.as_i64(), end.as_i64(), step.as_i64());
        let sgn = st.signum();
        (e.wrapping_sub(s).wrapping_add(st).wrapping_sub(sgn) / st) as f64
    } else {
        ((e - s) / st).ceil()
    };
    if !(n >= 0.0 && n <= i64::MAX as f64) {
        return Err(EngineError::runtime("invalid size, possible overflow?"));
    }
    Ok(n as usize)
}

/// `start` and `step` in the accumulate type.
#[derive(Clone, Copy)]
enum Steps {
    Int(i64, i64),
    Double(f64, f64),
    Float(f32, f32),
}

/// `at::acc_type<T, is_cuda>` for the dtypes arange takes.
#[derive(Clone, Copy, PartialEq)]
enum Acc {
    Int64,
    Double,
    Float,
}

impl Acc {
    fn of(dtype: DType, cuda: bool) -> Acc {
        match dtype {
            DType::Float64 => Acc::Double,
            DType::Float32 if !cuda => Acc::Double,
            d if d.is_floating() => Acc::Float,
            _ => Acc::Int64,
        }
    }

    /// `start` and `step` through `Scalar::to<acc>()`, in that order.
    fn steps(self, start: Scalar, step: Scalar) -> Result<Steps> {
        Ok(match self {
            Acc::Double => Steps::Double(start.as_f64(), step.as_f64()),
            Acc::Float => Steps::Float(to_float(start)?, to_float(step)?),
            Acc::Int64 => Steps::Int(to_int64(start)?, to_int64(step)?),
        })
    }

    /// Only the check of the conversion (CUDA converts `end` too).
    fn check(self, x: Scalar) -> Result<()> {
        match self {
            Acc::Double => Ok(()),
            Acc::Float => to_float(x).map(drop),
            Acc::Int64 => to_int64(x).map(drop),
        }
    }
}

/// `Scalar::to<float>()`, with c10's overflow check.
fn to_float(x: Scalar) -> Result<f32> {
    match x.overflow_check(DType::Float32, false) {
        Some(msg) => Err(EngineError::runtime(msg)),
        None => Ok(x.as_f64() as f32),
    }
}

/// `Scalar::to<int64_t>()`: c10 compares a double against the limits as
/// doubles, so 2^63 passes and converts as x86's `cvttsd2si` does.
fn to_int64(x: Scalar) -> Result<i64> {
    match x {
        Scalar::Float(f) if f.is_nan() || f < i64::MIN as f64 || f > i64::MAX as f64 => {
            Err(EngineError::runtime("value cannot be converted to type int64_t without overflow"))
        }
        Scalar::Float(f) if f >= i64::MAX as f64 => Ok(i64::MIN),
        Scalar::Float(f) => Ok(f as i64),
        other => Ok(other.as_i64()),
    }
}

/// The CPU kernel's values (see the module comment).
fn cpu_values(n: usize, steps: Steps, dtype: DType) -> Vec<Scalar> {
    let lanes = VECTOR_BYTES / dtype.size().max(1);
    match steps {
        // Integer vectors give the scalar lambda's values (wrapping).
        Steps::Int(s, st) => (0..n).map(|i| Scalar::Int(s.wrapping_add(st.wrapping_mul(i as i64)))).collect(),
        Steps::Double(s, st) if dtype == DType::Float32 => {
            let base = move |i: usize| st.mul_add(i as f64, s) as f32;
            blocks(n, lanes, |i| Scalar::Float(base(i) as f64), |b, k| Scalar::Float(st.mul_add(k as f64, base(b) as f64) as f32 as f64))
        }
        Steps::Double(s, st) => {
            let base = move |i: usize| st.mul_add(i as f64, s);
            blocks(n, lanes, |i| Scalar::Float(base(i)), |b, k| Scalar::Float(st.mul_add(k as f64, base(b))))
        }
        Steps::Float(s, st) => {
            let round = move |x: f32| -> f32 {
                if dtype == DType::BFloat16 { bf16::from_f32(x).to_f32() } else { f16::from_f32(x).to_f32() }
            };
            let base = move |i: usize| round(st.mul_add(i as f32, s));
            blocks(n, lanes, |i| Scalar::Float(base(i) as f64), |b, k| Scalar::Float(round(st.mul_add(k as f32, base(b))) as f64))
        }
    }
}

/// Walks `at::parallel_for`'s chunks and `vectorized_loop`'s blocks: an
/// element in a full block of two vectors is `lane(vector_start, k)`, one
/// in a chunk's tail `scalar(i)`.
fn blocks(n: usize, lanes: usize, scalar: impl Fn(usize) -> Scalar, lane: impl Fn(usize, usize) -> Scalar) -> Vec<Scalar> {
    let threads = pytorch_threads();
    let chunks = if n <= GRAIN_SIZE || threads <= 1 { 1 } else { threads.min(n.div_ceil(GRAIN_SIZE)) };
    let chunk = n.div_ceil(chunks).max(1);
    let mut out = Vec::with_capacity(n);
    let mut begin = 0;
    while begin < n {
        let end = (begin + chunk).min(n);
        let vector_end = begin + (end - begin) / (2 * lanes) * (2 * lanes);
        for i in begin..end {
            out.push(if i < vector_end {
                let b = begin + (i - begin) / lanes * lanes;
                lane(b, i - b)
            } else {
                scalar(i)
            });
        }
        begin = end;
    }
    out
}

/// `range_cuda_out`'s lambda: `start + step * ind` in the accumulate type
/// (nvcc contracts it into one fused multiply-add). Not yet run on a GPU.
fn cuda_values(n: usize, steps: Steps) -> Vec<Scalar> {
    (0..n)
        .map(|i| match steps {
            Steps::Int(s, st) => Scalar::Int(s.wrapping_add(st.wrapping_mul(i as i64))),
            Steps::Double(s, st) => Scalar::Float(st.mul_add(i as f64, s)),
            Steps::Float(s, st) => Scalar::Float(st.mul_add(i as f32, s) as f64),
        })
        .collect()
}

/// The deprecated `torch.range(start, end, step)`: `range_out` converts all
/// three to the accumulate type, checks the bounds, takes `(end - start) /
/// step + 1` elements in that type and computes `start + i * step` there
/// (plain multiplies and adds: RangeFactories.cpp is built without FMA).
pub fn range(ctx: &Context, device: Device, start: Scalar, end: Scalar, step: Scalar, dtype: DType, op: &str) -> Result<Tensor> {
    refuse_bool(dtype, "range_cpu")?;
    let acc = Acc::of(dtype, false);
    let steps = acc.steps(start, step)?;
    acc.check(end)?;
    check_bounds(start, end, step)?;
    let n: i64 = match steps {
        Steps::Int(s, st) => {
            if st == 0 {
                // PyTorch divides by the zero here and dies of SIGFPE.
                return Err(EngineError::runtime("step must be nonzero")
                    .with_hint("the step's integer part is 0 for an integer dtype (PyTorch 2.15 crashes on this call)"));
            }
            (to_int64(end)?.wrapping_sub(s)).wrapping_div(st).wrapping_add(1)
        }
        Steps::Double(s, st) => ((end.as_f64() - s) / st + 1.0) as i64,
        Steps::Float(s, st) => ((to_float(end)? - s) / st + 1.0) as i64,
    };
    let t = Tensor::alloc_on(ctx, device, &super::factory::sizes(&[n])?, dtype, op)?;
    let n = n as usize;
    let vals: Vec<Scalar> = match steps {
        Steps::Int(s, st) => (0..n).map(|i| Scalar::Int(s.wrapping_add((i as i64).wrapping_mul(st)))).collect(),
        Steps::Double(s, st) => (0..n).map(|i| Scalar::Float(s + i as f64 * st)).collect(),
        Steps::Float(s, st) => (0..n).map(|i| Scalar::Float((s + i as f32 * st) as f64)).collect(),
    };
    super::copy::write_values(&t, &vals);
    Ok(t)
}

/// `logspace(start, end, steps, base)`: `logspace_out` fills one step with
/// `pow(base, start)`; otherwise `start` and `end` are converted to the
/// dtype, the step is `double(end - start) / (steps - 1)` with the
/// subtraction in the dtype, and element i is `pow(base, start + step * i)`
/// before the middle, `pow(base, end - step * (steps - i - 1))` from it
/// on, in double, converted to the dtype as C++ converts a double.
pub fn logspace(ctx: &Context, device: Device, (start, end): (Scalar, Scalar), steps: i64, base: f64, dtype: DType, op: &str) -> Result<Tensor> {
    if steps < 0 {
        return Err(EngineError::runtime("number of steps must be non-negative"));
    }
    let t = Tensor::alloc_on(ctx, device, &[steps as usize], dtype, op)?;
    if steps == 1 {
        super::copy::fill(&t, Scalar::Float(base.powf(start.as_f64())))?;
        t.storage.reset_version();
        return Ok(t);
    }
    if steps == 0 {
        return Ok(t);
    }
    refuse_bool(dtype, "logspace_cpu")?;
    for x in [start, end] {
        if let Some(msg) = x.overflow_check(dtype, false) {
            return Err(EngineError::runtime(msg));
        }
    }
    // `Scalar::to<scalar_t>()` (a half through float, as `cast` converts).
    let (s, e) = (start.cast(dtype), end.cast(dtype));
    let diff = match dtype {
        DType::Float32 => (e.as_f64() as f32 - s.as_f64() as f32) as f64,
        DType::Float16 | DType::BFloat16 => Scalar::Float((e.as_f64() as f32 - s.as_f64() as f32) as f64).cast(dtype).as_f64(),
        d if d.is_floating() => e.as_f64() - s.as_f64(),
        _ => e.as_i64().wrapping_sub(s.as_i64()) as f64,
    };
    let step = diff / (steps - 1) as f64;
    let (s, e) = (s.as_f64(), e.as_f64());
    let half = steps / 2;
    let vals: Vec<Scalar> = (0..steps)
        .map(|i| {
            let v = if i < half { base.powf(s + step * i as f64) } else { base.powf(e - step * (steps - i - 1) as f64) };
            // A double converts to half or bfloat16 through float (`cast`).
            Scalar::Float(v).cast(dtype)
        })
        .collect();
    super::copy::write_values(&t, &vals);
    Ok(t)
}

/// `linspace(start, end, steps)`: `linspace_out` fills one step with
/// `start`; otherwise `linspace_kernel` converts `start` and `end` to the
/// dtype, takes the step in the dtype (in double for integer dtypes) and
/// fills from each end towards the middle: element i is `start + step * i`
/// before `steps / 2`, `end - step * (steps - i - 1)` from it on. Float32
/// and float64 do each in one fused multiply-add (measured against PyTorch
/// 2.15 for 2 to 100 001 steps), integer dtypes in double then converted
/// as x86 converts, float16/bfloat16 in float (their op-math type) and
/// rounded once.
pub fn linspace(ctx: &Context, device: Device, (start, end): (Scalar, Scalar), steps: i64, dtype: DType, op: &str) -> Result<Tensor> {
    if steps < 0 {
        return Err(EngineError::runtime("number of steps must be non-negative"));
    }
    let t = Tensor::alloc_on(ctx, device, &[steps as usize], dtype, op)?;
    if steps == 1 {
        super::copy::fill(&t, start)?;
        t.storage.reset_version();
    }
    if steps <= 1 {
        return Ok(t);
    }
    refuse_bool(dtype, if matches!(device, Device::Cuda(_)) { "linspace_cuda" } else { "linspace_cpu" })?;
    for x in [start, end] {
        if let Some(msg) = x.overflow_check(dtype, false) {
            return Err(EngineError::runtime(msg));
        }
    }
    let n = steps as usize;
    let half = n / 2;
    let (s, e) = (start.cast(dtype), end.cast(dtype));
    let vals: Vec<Scalar> = match dtype {
        DType::Float32 => {
            let (a, b) = (s.as_f64() as f32, e.as_f64() as f32);
            let step = (b - a) / (n - 1) as f32;
            (0..n).map(|i| Scalar::Float(if i < half { step.mul_add(i as f32, a) } else { (-step).mul_add((n - i - 1) as f32, b) } as f64)).collect()
        }
        DType::Float64 => {
            let (a, b) = (s.as_f64(), e.as_f64());
            let step = (b - a) / (n - 1) as f64;
            (0..n).map(|i| Scalar::Float(if i < half { step.mul_add(i as f64, a) } else { (-step).mul_add((n - i - 1) as f64, b) })).collect()
        }
        DType::Float16 | DType::BFloat16 => {
            let r = |x: f32| -> f32 { if dtype == DType::BFloat16 { bf16::from_f32(x).to_f32() } else { f16::from_f32(x).to_f32() } };
            let (a, b) = (s.as_f64() as f32, e.as_f64() as f32);
            let step = (b - a) / (n - 1) as f32;
            (0..n).map(|i| Scalar::Float(r(if i < half { step.mul_add(i as f32, a) } else { (-step).mul_add((n - i - 1) as f32, b) }) as f64)).collect()
        }
        _ => {
            let (a, b) = (s.as_i64() as f64, e.as_i64() as f64);
            let step = (b - a) / (n - 1) as f64;
            (0..n).map(|i| Scalar::Float(if i < half { step.mul_add(i as f64, a) } else { (-step).mul_add((n - i - 1) as f64, b) }).cast(dtype)).collect()
        }
    };
    super::copy::write_values(&t, &vals);
    Ok(t)
}
