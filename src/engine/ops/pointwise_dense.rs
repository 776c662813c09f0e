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
    let vector = op.vector_f32(0.0).is_some();
    let float = matches!(x.dtype, DType::Float32 | DType::Float64);
    if off() || !float || !(dtype == x.dtype || dtype == DType::Bool) || !alike(x, out, vector) || x.numel() == 0 {
        return Ok(false);
    }
    // The elements PyTorch's vector loop computes (see `sleef::vector_lanes`), row-major.
    let lanes = (vector && dtype == DType::Float32).then(|| super::sleef::vector_lanes(x.shape(), x.stride(), out.stride(), super::sleef::pytorch_threads()));
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
    // float32 atan2/logaddexp place SLEEF lanes row-major.
    if !(matches!(op, MathBinary::Logaddexp | MathBinary::Atan2) && dtype == DType::Float32) {
        return map_n(out, dtype, &[a, b], |v| op.eval(v[0], v[1]));
    }
    if off() || !operands_alike(out, dtype, &[a, b], true) {
        return Ok(false);
    }
    let mask = super::sleef::binary_lanes(a, b, out, DType::Float32);
    let (ga, gb) = (guard(a), guard(b));
    let (sa, sb) = (side(a, &ga, dtype), side(b, &gb, dtype));
    let (sa, sb) = (typed::<f32>(&sa), typed::<f32>(&sb));
    let mut dst = out.storage.bytes_mut();
    let dst: &mut [f32] = bytemuck::cast_slice_mut(&mut dst.bytes_mut()[span(out)]);
    par_blocks(dst, |start, o| {
        for (i, o) in o.iter_mut().enumerate() {
            *o = binary_f32_value(op, at(&sa, start + i), at(&sb, start + i), mask[start + i]);
        }
    })?;
    Ok(true)
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

/// `out[i] = f(args[0][i], …)` for up to three operands of a float `dtype`
/// result, each element given to `f` in f64 after its cast to `dtype`, the
/// result rounded to `dtype` once: what the general paths compute through
/// `Scalar`s (`cast(dtype)`, then `write_values`). False: not taken.
pub fn map_n(out: &Tensor, dtype: DType, args: &[&Arg], f: impl Fn(&[f64]) -> f64 + Sync) -> Result<bool> {
    if off() || args.len() > 3 || !operands_alike(out, dtype, args, false) {
        return Ok(false);
    }
    let guards: Vec<_> = args.iter().map(|a| guard(a)).collect();
    let sides: Vec<Side> = args.iter().zip(&guards).map(|(a, g)| side(a, g, dtype)).collect();
    let mut dst = out.storage.bytes_mut();
    let dst = &mut dst.bytes_mut()[span(out)];
    if dtype == DType::Float32 { map_typed::<f32>(dst, &sides, f) } else { map_typed::<f64>(dst, &sides, f) }?;
    Ok(true)
}

/// [`map_n`]'s loop for elements of type `T`: each operand widened to f64,
/// `f`'s result rounded back to `T` once.
fn map_typed<T: bytemuck::Pod + FromF64 + Into<f64> + Send + Sync>(dst: &mut [u8], sides: &[Side], f: impl Fn(&[f64]) -> f64 + Sync) -> Result<()> {
    let sides: Vec<_> = sides.iter().map(typed::<T>).collect();
    let n = sides.len();
    par_blocks(bytemuck::cast_slice_mut::<u8, T>(dst), |start, o| {
        let mut v = [0f64; 3];
        for (i, o) in o.iter_mut().enumerate() {
            for (v, s) in v.iter_mut().zip(&sides) {
                *v = at(s, start + i).into();
            }
            *o = T::from_f64(f(&v[..n]));
        }
    })
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

fn at<T: Copy>(s: &std::result::Result<&[T], T>, i: usize) -> T {
    match s {
        Ok(v) => v[i],
        Err(one) => *one,
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
}
