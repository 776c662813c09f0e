//! Dense fast paths of the element-wise math family (`pointwise.rs`): a
//! float32/float64 CPU operand whose elements fill its memory span (any
//! order, no gaps), laid out as the output is, read and written as typed
//! slices in memory order, in blocks over rayon's threads with a look at
//! Ctrl-C per block. Each element goes through the very functions the
//! general path calls (`MathOp::eval`/`eval_f32`/`vector_f32`,
//! `MathBinary::eval`, `pointwise::binary_f32_value`), so the results are
//! the same bits; the tests compare the two paths (`pick_dense::general`
//! turns both modules' fast paths off). Where a path declines
//! (`false`), the general path runs.
//!
//! Speed: each op gets its own loop, with the op a constant in it (the
//! callers `match` on the op outside the loop, and the per-element
//! functions are `#[inline(always)]`), built for AVX2 and FMA where the CPU
//! has them (`wide`), so that it vectorises: `floor` compiles to `vroundpd`,
//! `clamp` to `vmaxpd`/`vminpd` with its NaN blends, SLEEF's `atan2` to
//! eight lanes at a time. A number operand is spread over a stack buffer so
//! that every loop reads slices. The explicit `mul_add`s give the same bits
//! with or without FMA instructions (a fused multiply-add is exact either way).

use crate::engine::device::Device;
use crate::engine::dtype::DType;
use crate::engine::error::Result;
use crate::engine::interrupt;
use crate::engine::layout::is_non_overlapping_and_dense;
use crate::engine::tensor::Tensor;

use super::elementwise::Arg;
use super::pick_dense::fast_paths_off as off;
use super::pointwise::{binary_f32_value, MathBinary, MathOp};

/// Elements per block of work (and between looks at Ctrl-C).
const BLOCK: usize = interrupt::CHECK_EVERY;

/// Whether `t` is a CPU tensor of `out`'s shape and strides whose elements
/// fill its memory span; with `contiguous`, only row-major ones (where a
/// row-major lane mask applies).
fn alike(t: &Tensor, out: &Tensor, contiguous: bool) -> bool {
    t.device() == Device::Cpu
        && out.device() == Device::Cpu
        && t.shape() == out.shape()
        && t.stride() == out.stride()
        && out.layout().offset == 0
        && if contiguous { t.is_contiguous() } else { is_non_overlapping_and_dense(t.shape(), t.stride()) }
}

/// Runs `body(start, out_block)` over `out` in blocks on rayon's threads
/// (`pick_dense::par_blocks`: Ctrl-C is looked at per block).
fn par_blocks<T: Send>(out: &mut [T], body: impl Fn(usize, &mut [T]) + Sync + Send) -> Result<()> {
    super::pick_dense::par_blocks(out, BLOCK, |k, o| body(k * BLOCK, o))
}

/// The bytes of `t`'s elements: its memory span from its offset.
fn span(t: &Tensor) -> std::ops::Range<usize> {
    let es = t.dtype.size();
    t.layout().offset * es..(t.layout().offset + t.numel()) * es
}

/// `op(x)` into the fresh `out` (dtype `dtype`: x's own, or Bool), as
/// `pointwise::unary`'s general path computes it. False: not taken.
pub fn unary(op: MathOp, x: &Tensor, out: &Tensor, dtype: DType) -> Result<bool> {
    if let Some(done) = unary_widened(op, x, out, dtype) {
        return done;
    }
    let vector = op.vector_f32(0.0).is_some();
    let float = matches!(x.dtype, DType::Float32 | DType::Float64);
    if off() || !float || !(dtype == x.dtype || dtype == DType::Bool) || !alike(x, out, vector) || x.numel() == 0 {
        return Ok(false);
    }
    // The elements PyTorch's vector loop computes (see `vector_lanes::vector_lanes`), row-major.
    let lanes = (vector && dtype == DType::Float32).then(|| super::vector_lanes::vector_lanes(x.shape(), x.stride(), out.stride(), super::vector_lanes::pytorch_threads()));
    let src = x.storage.bytes();
    let src = &src.bytes()[span(x)];
    let mut dst = out.storage.bytes_mut();
    let dst = &mut dst.bytes_mut()[span(out)];
    match (x.dtype, dtype) {
        (DType::Float32, DType::Float32) => {
            let (src, dst): (&[f32], &mut [f32]) = (bytemuck::cast_slice(src), bytemuck::cast_slice_mut(dst));
            par_blocks(dst, |start, o| {
                for (i, (o, &v)) in o.iter_mut().zip(&src[start..]).enumerate() {
                    let lane = lanes.as_ref().is_some_and(|l| l[start + i]);
                    *o = lane.then(|| op.vector_f32(v)).flatten().or_else(|| op.eval_f32(v)).unwrap_or_else(|| op.eval(v as f64) as f32);
                }
            })?;
        }
        (DType::Float64, DType::Float64) => {
            let (src, dst): (&[f64], &mut [f64]) = (bytemuck::cast_slice(src), bytemuck::cast_slice_mut(dst));
            par_blocks(dst, |start, o| o.iter_mut().zip(&src[start..]).for_each(|(o, &v)| *o = op.eval(v)))?;
        }
        (DType::Float32, DType::Bool) => {
            let src: &[f32] = bytemuck::cast_slice(src);
            par_blocks(dst, |start, o| o.iter_mut().zip(&src[start..]).for_each(|(o, &v)| *o = (op.eval(v as f64) != 0.0) as u8))?;
        }
        (DType::Float64, DType::Bool) => {
            let src: &[f64] = bytemuck::cast_slice(src);
            par_blocks(dst, |start, o| o.iter_mut().zip(&src[start..]).for_each(|(o, &v)| *o = (op.eval(v) != 0.0) as u8))?;
        }
        _ => unreachable!("checked above"),
    }
    Ok(true)
}

/// `op(x)` through [`map_into`] for the ops whose float32 result is their
/// float64 one rounded (no `eval_f32`/`vector_f32` of their own), each
/// given its own loop so that it vectorises; `None` for the others.
fn unary_widened(op: MathOp, x: &Tensor, out: &Tensor, dtype: DType) -> Option<Result<bool>> {
    if op.eval_f32(1.0).is_some() || op.vector_f32(1.0).is_some() {
        return None;
    }
    let args = [&Arg::T(x)];
    macro_rules! each {
        ($($v:ident),*) => {
            match op {
                $(MathOp::$v => Some(map_into(out, x.dtype, dtype, &args, |v| MathOp::$v.eval(v[0]))),)*
                _ => None,
            }
        };
    }
    each!(Ceil, Floor, Round, Trunc, Frac, Sign, Sgn, Signbit, Isfinite, Isinf, Isnan, Isneginf, Isposinf, Acos, Asin, Atan, Tan, Log10, Log2, Erf)
}

/// One operand of a dense op: a tensor laid out as the output, or
/// one value used everywhere (a Python number, cast to the dtype first as
/// the general path casts it).
enum Side<'a> {
    Full(&'a [u8]),
    One(f64),
}

/// `op(a, b)` into the fresh `out` of float dtype `dtype`, as
/// `pointwise::binary`'s general path computes it. False: not taken.
pub fn binary(op: MathBinary, a: &Arg, b: &Arg, out: &Tensor, dtype: DType) -> Result<bool> {
    if op == MathBinary::Fmod && dtype == DType::Float32 && !off() && operands_alike(out, dtype, &[a, b], false) {
        return fmod_f32(a, b, out);
    }
    // float32 atan2/logaddexp place SLEEF lanes row-major.
    if !(matches!(op, MathBinary::Logaddexp | MathBinary::Atan2) && dtype == DType::Float32) {
        // One loop per op, so that each vectorises.
        macro_rules! each {
            ($($v:ident),*) => {
                match op {
                    $(MathBinary::$v => return map_n(out, dtype, &[a, b], |v| MathBinary::$v.eval(v[0], v[1])),)*
                }
            };
        }
        each!(Atan2, Hypot, Fmod, Fmax, Fmin, Copysign, Heaviside, Logaddexp, Gcd, Lcm)
    }
    if off() || !operands_alike(out, dtype, &[a, b], true) {
        return Ok(false);
    }
    let mask = super::vector_lanes::binary_lanes(a, b, out, DType::Float32);
    let (ga, gb) = (guard(a), guard(b));
    let (sa, sb) = (side(a, &ga, dtype), side(b, &gb, dtype));
    let sides = [typed::<f32>(&sa), typed::<f32>(&sb)];
    let mut dst = out.storage.bytes_mut();
    let dst: &mut [f32] = bytemuck::cast_slice_mut(&mut dst.bytes_mut()[span(out)]);
    // One loop per op and lane kind (both constants in each), built for
    // AVX2 and FMA, over each run of elements PyTorch computes alike.
    macro_rules! each {
        ($op:expr) => {
            chunked(dst, &sides, |at, [x, y], o| {
                let lanes = &mask[at..at + o.len()];
                let mut i = 0;
                while i < o.len() {
                    let lane = lanes[i];
                    let end = lanes[i..].iter().position(|&l| l != lane).map_or(o.len(), |k| i + k);
                    let (o, x, y) = (&mut o[i..end], &x[i..end], &y[i..end]);
                    if lane {
                        wide(|| o.iter_mut().zip(x.iter().zip(y)).for_each(|(o, (&x, &y))| *o = binary_f32_value($op, x, y, true)));
                    } else {
                        o.iter_mut().zip(x.iter().zip(y)).for_each(|(o, (&x, &y))| *o = binary_f32_value($op, x, y, false));
                    }
                    i = end;
                }
            })
        };
    }
    if op == MathBinary::Atan2 { each!(MathBinary::Atan2) } else { each!(MathBinary::Logaddexp) }?;
    Ok(true)
}

/// float32 `fmod` without libm's bit-by-bit loop, eight lanes at a time.
/// fmod is exact, so any exact method gives C's (and SLEEF's, PyTorch's)
/// bits: in f64, `q = trunc(|x| / |y|)` is the true quotient or one off
/// while it is below 2^52 (the division's error is under half a unit),
/// and `|x| - q·|y|` by one FMA is exact (a float32 pair's remainder
/// needs at most 25 bits), so one correction step lands in [0, |y|).
/// A lane past that (a quotient of 2^52 or more, a zero, infinite or
/// NaN operand) is redone with libm; a chunk with none pays one pass.
fn fmod_f32(a: &Arg, b: &Arg, out: &Tensor) -> Result<bool> {
    let (ga, gb) = (guard(a), guard(b));
    let (sa, sb) = (side(a, &ga, DType::Float32), side(b, &gb, DType::Float32));
    let sides = [typed::<f32>(&sa), typed::<f32>(&sb)];
    let mut dst = out.storage.bytes_mut();
    let dst: &mut [f32] = bytemuck::cast_slice_mut(&mut dst.bytes_mut()[span(out)]);
    chunked(dst, &sides, |_, [x, y], o| {
        let mut redo = false;
        // A local OR (not the captured flag) keeps the loop vectorised.
        wide(|| {
            let mut any = 0u32;
            for (o, (&x, &y)) in o.iter_mut().zip(x.iter().zip(y)) {
                let (v, past) = fmod_lane(x, y);
                *o = v;
                any |= past as u32;
            }
            redo = any != 0;
        });
        if redo {
            for (o, (&x, &y)) in o.iter_mut().zip(x.iter().zip(y)) {
                if fmod_lane(x, y).1 {
                    *o = MathBinary::Fmod.eval(x as f64, y as f64) as f32;
                }
            }
        }
    })?;
    Ok(true)
}

/// One lane of [`fmod_f32`]: the result, and whether it must be redone.
#[inline(always)]
fn fmod_lane(x: f32, y: f32) -> (f32, bool) {
    let (ax, ay) = ((x as f64).abs(), (y as f64).abs());
    let q = (ax / ay).trunc();
    let r = (-q).mul_add(ay, ax);
    let r = r + if r < 0.0 { ay } else { 0.0 };
    let r = r - if r >= ay { ay } else { 0.0 };
    let past = q.is_nan() | (q >= 4503599627370496.0) | (ay == f64::INFINITY) | (ay == 0.0);
    ((r as f32).copysign(x), past)
}

/// Whether the dense paths take these operands of a float `dtype` result:
/// each a tensor laid out as `out` (dense, `dtype`) or a number, not all numbers.
fn operands_alike(out: &Tensor, dtype: DType, args: &[&Arg], contiguous: bool) -> bool {
    matches!(dtype, DType::Float32 | DType::Float64)
        && out.numel() > 0
        && args.iter().any(|a| matches!(a, Arg::T(_)))
        && args.iter().all(|a| match a {
            Arg::T(t) => t.dtype == dtype && alike(t, out, contiguous),
            Arg::S(_) => true,
        })
}

/// `out[i] = f(args[0][i], …)` for one to three operands of a float
/// `dtype` result, each element given to `f` in f64 after its cast to
/// `dtype`, the result rounded to `dtype` once: what the general paths
/// compute through `Scalar`s (`cast(dtype)`, then `write_values`). False:
/// not taken. `f` is inlined into a loop built for AVX2 where the CPU has
/// it, so a caller passes a closure with its op already chosen (a `match`
/// on a run-time op inside `f` would keep the loop scalar).
pub fn map_n<const N: usize>(out: &Tensor, dtype: DType, args: &[&Arg; N], f: impl Fn(&[f64; N]) -> f64 + Sync + Copy) -> Result<bool> {
    map_into(out, dtype, dtype, args, f)
}

/// [`map_n`] into an output of dtype `store`: `dtype` itself, or Bool
/// (`f`'s result compared with zero).
fn map_into<const N: usize>(out: &Tensor, dtype: DType, store: DType, args: &[&Arg; N], f: impl Fn(&[f64; N]) -> f64 + Sync + Copy) -> Result<bool> {
    if off() || N == 0 || N > 3 || !(store == dtype || store == DType::Bool) || out.dtype != store || !operands_alike(out, dtype, args, false) {
        return Ok(false);
    }
    let guards: Vec<_> = args.iter().map(|a| guard(a)).collect();
    let sides: [Side; N] = std::array::from_fn(|k| side(args[k], &guards[k], dtype));
    let mut dst = out.storage.bytes_mut();
    let dst = &mut dst.bytes_mut()[span(out)];
    match (dtype, store) {
        (DType::Float32, DType::Bool) => map_typed::<f32, u8, N>(dst, &sides, f),
        (DType::Float64, DType::Bool) => map_typed::<f64, u8, N>(dst, &sides, f),
        (DType::Float32, _) => map_typed::<f32, f32, N>(dst, &sides, f),
        _ => map_typed::<f64, f64, N>(dst, &sides, f),
    }?;
    Ok(true)
}

/// Elements per inner loop: a number operand is spread over a buffer of
/// this many on the stack, so that every operand is a slice and the loop
/// has one shape whatever mix of tensors and numbers it is given.
const CHUNK: usize = 256;

/// [`map_n`]'s loop for operands of type `T` into elements of type `O`:
/// each operand widened to f64, `f`'s result stored once.
fn map_typed<T, O, const N: usize>(dst: &mut [u8], sides: &[Side; N], f: impl Fn(&[f64; N]) -> f64 + Sync + Copy) -> Result<()>
where
    T: bytemuck::Pod + FromF64 + Into<f64> + Send + Sync,
    O: bytemuck::Pod + Store + Send,
{
    let sides: [std::result::Result<&[T], T>; N] = std::array::from_fn(|k| typed::<T>(&sides[k]));
    let dst = bytemuck::cast_slice_mut::<u8, O>(dst);
    chunked(dst, &sides, |_, src, o| wide(|| map_chunk(o, src, f)))
}

/// One chunk of [`map_typed`]: its operands and `f` are arguments taken by
/// value, so that what they hold is known not to change as `o` is written
/// (it stays in registers and the loop vectorises); `f` must therefore
/// capture values (`move`), not references, for the same reason.
#[inline(always)]
fn map_chunk<T, O, const N: usize>(o: &mut [O], src: [&[T]; N], f: impl Fn(&[f64; N]) -> f64 + Copy)
where
    T: Copy + Into<f64>,
    O: Store,
{
    for (i, o) in o.iter_mut().enumerate() {
        // SAFETY: every slice of `src` has `o.len()` elements (`chunked`).
        let v: [f64; N] = std::array::from_fn(|k| unsafe { *src[k].get_unchecked(i) }.into());
        *o = O::store(f(&v));
    }
}

/// Runs `body(at, src, o)` over `dst` in blocks on rayon's threads (Ctrl-C
/// looked at per block), in chunks of [`CHUNK`]: `o` is `dst[at..]`'s chunk
/// and `src` each operand's elements for it, `o.len()` of them (a number
/// spread over a buffer).
fn chunked<T, O, const N: usize>(dst: &mut [O], sides: &[std::result::Result<&[T], T>; N], body: impl Fn(usize, [&[T]; N], &mut [O]) + Sync) -> Result<()>
where
    T: bytemuck::Pod + Send + Sync,
    O: Send,
{
    let n = dst.len();
    assert!(sides.iter().all(|s| s.map_or(true, |s| s.len() == n)), "operands laid out as the output");
    par_blocks(dst, |start, o| {
        // The numbers, spread once per block.
        let spread: [[T; CHUNK]; N] = std::array::from_fn(|k| [sides[k].err().unwrap_or_else(T::zeroed); CHUNK]);
        for (c, o) in o.chunks_mut(CHUNK).enumerate() {
            let at = start + c * CHUNK;
            let src: [&[T]; N] = std::array::from_fn(|k| match sides[k] {
                Ok(s) => &s[at..at + o.len()],
                Err(_) => &spread[k][..o.len()],
            });
            body(at, src, o);
        }
    })
}

/// Runs `body` built for AVX2 and FMA where the CPU has both (a loop
/// inlined into it vectorises 4 doubles or 8 floats wide; FMA only speeds
/// the explicit `mul_add`s, whose results are exact either way), else as
/// built for the baseline.
#[inline(always)]
fn wide(body: impl FnOnce()) {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2,fma")]
        fn avx2(body: impl FnOnce()) {
            body()
        }
        static OK: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        if *OK.get_or_init(|| is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")) {
            // SAFETY: the CPU has AVX2 and FMA (checked just above).
            return unsafe { avx2(body) };
        }
    }
    body()
}

/// How a result in f64 is stored: rounded to the float type, or as a
/// bool byte (non-zero is true).
trait Store {
    fn store(v: f64) -> Self;
}

impl Store for f32 {
    #[inline(always)]
    fn store(v: f64) -> f32 {
        v as f32
    }
}

impl Store for f64 {
    #[inline(always)]
    fn store(v: f64) -> f64 {
        v
    }
}

impl Store for u8 {
    #[inline(always)]
    fn store(v: f64) -> u8 {
        (v != 0.0) as u8
    }
}

fn side<'a>(v: &Arg, g: &'a Option<std::cell::Ref<'_, crate::engine::alloc::host::HostBuffer>>, dtype: DType) -> Side<'a> {
    match (v, g) {
        (Arg::T(t), Some(g)) => Side::Full(&g.bytes()[span(t)]),
        (Arg::S(s), _) => Side::One(s.cast(dtype).as_f64()),
        _ => unreachable!("a tensor has its guard"),
    }
}

fn guard<'a>(v: &'a Arg) -> Option<std::cell::Ref<'a, crate::engine::alloc::host::HostBuffer>> {
    match v {
        Arg::T(t) => Some(t.storage.bytes()),
        Arg::S(_) => None,
    }
}

/// A side as typed elements, or its one value in the dtype.
fn typed<'a, T: bytemuck::Pod + FromF64>(s: &Side<'a>) -> std::result::Result<&'a [T], T> {
    match s {
        Side::Full(b) => Ok(bytemuck::cast_slice(b)),
        Side::One(v) => Err(T::from_f64(*v)),
    }
}

trait FromF64 {
    fn from_f64(v: f64) -> Self;
}

impl FromF64 for f32 {
    fn from_f64(v: f64) -> f32 {
        v as f32
    }
}

impl FromF64 for f64 {
    fn from_f64(v: f64) -> f64 {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::context::Context;
    use crate::engine::ops::pick_dense::general;
    use crate::engine::scalar::Scalar;
    use crate::engine::ops::pointwise::{self, BINARY, UNARY};

    /// Values that exercise every branch: signs, zeros, NaN, infinities,
    /// tiny and huge magnitudes, halves for rounding.
    fn inputs(n: usize) -> Vec<f64> {
        let special = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0, -1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e-40, -1e-40, 1e30, -1e30, 0.999, 88.7, -103.0, 3.0e38];
        (0..n).map(|i| if i < special.len() { special[i] } else { ((i * 7919) % 2000) as f64 / 97.0 - 10.3 }).collect()
    }

    fn tensor(ctx: &Context, vals: &[f64], shape: &[usize], dtype: DType) -> Tensor {
        let s: Vec<Scalar> = vals.iter().map(|&v| Scalar::Float(v)).collect();
        Tensor::from_scalars_on(ctx, Device::Cpu, shape, dtype, &s, "test").unwrap()
    }

    fn bits(t: &Tensor) -> Vec<u64> {
        t.to_scalars().iter().map(|v| match v {
            Scalar::Float(f) => f.to_bits(),
            Scalar::Bool(b) => *b as u64,
            Scalar::Int(i) => *i as u64,
        }).collect()
    }

    #[test]
    fn unary_dense_matches_the_general_path() {
        let ctx = Context::new(&crate::engine::EngineConfig::default());
        // 70 000 elements: several blocks, and SLEEF's lanes and scalar tails.
        let vals = inputs(70_001);
        for dtype in [DType::Float32, DType::Float64] {
            let x = tensor(&ctx, &vals, &[70_001], dtype);
            let xt = tensor(&ctx, &vals[..70_000], &[350, 200], dtype);
            let xt = xt.view_as_layout(crate::engine::layout::transpose(xt.layout(), 0, 1).unwrap(), "t");
            for &(name, op) in UNARY {
                for x in [&x, &xt] {
                    let fast = pointwise::unary(&ctx, op, x).unwrap();
                    let slow = general(|| pointwise::unary(&ctx, op, x)).unwrap();
                    assert_eq!(fast.stride(), slow.stride(), "{name} {dtype:?}");
                    assert_eq!(bits(&fast), bits(&slow), "{name} {dtype:?} {:?}", x.stride());
                }
            }
        }
    }

    #[test]
    fn binary_dense_matches_the_general_path() {
        let ctx = Context::new(&crate::engine::EngineConfig::default());
        let vals = inputs(40_000);
        let other: Vec<f64> = vals.iter().rev().copied().collect();
        for dtype in [DType::Float32, DType::Float64] {
            let a = tensor(&ctx, &vals, &[200, 200], dtype);
            let b = tensor(&ctx, &other, &[200, 200], dtype);
            let bt = b.view_as_layout(crate::engine::layout::transpose(b.layout(), 0, 1).unwrap(), "t");
            for &(name, op) in BINARY {
                if matches!(op, MathBinary::Gcd | MathBinary::Lcm) {
                    continue;
                }
                let cases = [
                    (Arg::T(&a), Arg::T(&b)),
                    (Arg::T(&a), Arg::S(Scalar::Float(0.3))),
                    (Arg::S(Scalar::Float(-1.7)), Arg::T(&b)),
                    (Arg::T(&a), Arg::T(&bt)),
                ];
                for (x, y) in cases {
                    let (x2, y2) = (x.clone(), y.clone());
                    // Refusals too (heaviside of mixed dtypes) must agree.
                    let fast = pointwise::binary(&ctx, op, x, y).map(|t| bits(&t)).map_err(|e| e.message);
                    let slow = general(|| pointwise::binary(&ctx, op, x2, y2)).map(|t| bits(&t)).map_err(|e| e.message);
                    assert_eq!(fast, slow, "{name} {dtype:?}");
                }
            }
        }
    }

    /// clamp, maximum/minimum, nan_to_num and the three-operand ops
    /// through [`map_n`]: the same bits as their general paths, with
    /// tensors laid out alike or transposed, numbers among the operands,
    /// NaN and crossed bounds.
    #[test]
    fn map_n_ops_match_their_general_paths() {
        use crate::engine::ops::{join, pointwise_ext};
        use pointwise_ext::Ternary;
        let ctx = Context::new(&crate::engine::EngineConfig::default());
        let vals = inputs(40_000);
        let other: Vec<f64> = vals.iter().rev().copied().collect();
        let weights: Vec<f64> = vals.iter().map(|v| (v * 0.37).fract()).collect();
        let check = |name: &str, run: &dyn Fn() -> Result<Tensor>| {
            let fast = run().map(|t| bits(&t)).map_err(|e| e.message);
            let slow = general(run).map(|t| bits(&t)).map_err(|e| e.message);
            assert_eq!(fast, slow, "{name}");
        };
        let f = Scalar::Float;
        for dtype in [DType::Float32, DType::Float64] {
            let a = tensor(&ctx, &vals, &[200, 200], dtype);
            let b = tensor(&ctx, &other, &[200, 200], dtype);
            let w = tensor(&ctx, &weights, &[200, 200], dtype);
            let t = |x: &Tensor| x.view_as_layout(crate::engine::layout::transpose(x.layout(), 0, 1).unwrap(), "t");
            let (at, bt) = (t(&a), t(&b));
            for x in [&a, &at] {
                for (lo, hi) in [(Some(f(-0.5)), Some(f(0.75))), (Some(f(0.2)), None), (None, Some(f(-1e-40))), (Some(f(3.0)), Some(f(-3.0))), (Some(f(f64::NAN)), Some(f(1.0))), (Some(Scalar::Int(-2)), Some(Scalar::Int(2)))] {
                    check(&format!("clamp {lo:?} {hi:?} {dtype:?}"), &|| join::clamp(&ctx, x, lo, hi));
                }
                for (nan, pos, neg) in [(0.0, None, None), (-7.5, Some(1e300), Some(-3.0))] {
                    check(&format!("nan_to_num {dtype:?}"), &|| pointwise_ext::nan_to_num(&ctx, x, nan, pos, neg));
                }
            }
            for (x, y) in [(&a, &b), (&a, &bt), (&at, &b)] {
                for max in [true, false] {
                    check(&format!("maximum {max} {dtype:?}"), &|| join::maximum(&ctx, x, y, max));
                }
                for op in [Ternary::Lerp, Ternary::Addcmul(f(0.3)), Ternary::Addcdiv(Scalar::Int(-2))] {
                    for third in [Arg::T(&w), Arg::S(f(0.3)), Arg::S(f(0.7)), Arg::T(x)] {
                        check(&format!("{op:?} {dtype:?}"), &|| pointwise_ext::ternary(&ctx, op, Arg::T(x), Arg::T(y), third.clone()));
                    }
                    check(&format!("{op:?} number self {dtype:?}"), &|| pointwise_ext::ternary(&ctx, op, Arg::S(f(1.5)), Arg::T(x), Arg::T(y)));
                }
            }
        }
    }

    /// The vector fmod against libm's, bit for bit, over random float32
    /// bit patterns (every exponent, subnormals, NaN, infinities) and
    /// quotients on both sides of 2^52, with the redo rule applied.
    #[test]
    fn fmod_lanes_are_libms_bits() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let special = [0.0f32, -0.0, 1.0, -1.0, 0.3, 3.0, f32::INFINITY, f32::NEG_INFINITY, f32::NAN, f32::MIN_POSITIVE, 1e-45, f32::MAX, 4503599627370496.0, 9007199254740992.0];
        let mut pairs: Vec<(f32, f32)> = special.iter().flat_map(|&x| special.iter().map(move |&y| (x, y))).collect();
        for _ in 0..400_000 {
            let r = next();
            let (x, y) = (f32::from_bits(r as u32), f32::from_bits((r >> 32) as u32));
            pairs.push((x, y));
            // Near quotients: y a small multiple apart from x.
            pairs.push((x, (x / (1 + (r >> 60)) as f32) * (1.0 + f32::EPSILON * ((r >> 56) & 7) as f32)));
            // Quotients of 2^29 to 2^52, where the division can round up
            // to the next integer and the correction step runs.
            let x = (1.0 + (r & 0xffff) as f32 / 65536.0) * 2f32.powi(((r >> 16) % 120) as i32 - 60);
            let y = (x as f64 / 2f64.powi(29 + ((r >> 24) % 24) as i32) * (1.0 + ((r >> 32) & 0xffff) as f64 / 65536.0)) as f32;
            pairs.push((x, y));
        }
        let mut redone = 0;
        for (x, y) in pairs {
            let (v, past) = fmod_lane(x, y);
            let want = (x as f64 % y as f64) as f32;
            if past {
                redone += 1;
                continue;
            }
            assert_eq!(v.to_bits(), want.to_bits(), "fmod({x:e}, {y:e}): {v:e} != {want:e}");
        }
        // Most pairs take the fast lane; the rest are libm's by construction.
        assert!(redone < 500_000, "{redone} redone");
    }
}
