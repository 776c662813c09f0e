//! Fast paths of `scan.rs` for a contiguous float32 or float64 input: the
//! same results (the tests compare them with the general path), read and
//! written as typed slices instead of one `Scalar` per element.

use std::cmp::Ordering;

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::Result;
use crate::engine::layout;
use crate::engine::tensor::Tensor;

/// A float element type the fast paths handle.
pub trait Dense: bytemuck::Pod + Copy + PartialOrd + Send + Sync {
    /// A signed integer whose order is the value order of the fast paths:
    /// -0.0 and 0.0 tie, every NaN ties above +inf; `!` reverses it.
    type Key: Ord + Copy + Send + Sync + std::ops::Not<Output = Self::Key>;
    fn to_f64(self) -> f64;
    fn from_f64(x: f64) -> Self;
    fn is_nan(self) -> bool;
    fn key(self) -> Self::Key;
}

impl Dense for f32 {
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_f64(x: f64) -> Self {
        x as f32
    }
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
    type Key = i32;
    fn key(self) -> i32 {
        if self.is_nan() {
            return i32::MAX;
        }
        // Negative floats order backwards as integers: flip all but the sign.
        let b = (self + 0.0).to_bits() as i32;
        if b < 0 { b ^ i32::MAX } else { b }
    }
}

impl Dense for f64 {
    fn to_f64(self) -> f64 {
        self
    }
    fn from_f64(x: f64) -> Self {
        x
    }
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }
    type Key = i64;
    fn key(self) -> i64 {
        if self.is_nan() {
            return i64::MAX;
        }
        let b = (self + 0.0).to_bits() as i64;
        if b < 0 { b ^ i64::MAX } else { b }
    }
}

/// `(outer, len, inner)` of a contiguous tensor along `dim`, when the fast
/// paths apply to it (contiguous float32/float64 on the CPU, not empty).
pub fn applies(t: &Tensor, dim: i64) -> Option<(usize, usize, usize, usize)> {
    if !matches!(t.dtype, DType::Float32 | DType::Float64) || !t.is_contiguous() || t.ndim() == 0 || t.numel() == 0 || t.device() != crate::engine::Device::Cpu {
        return None;
    }
    let d = layout::wrap_dim(dim, t.ndim()).ok()?;
    let s = t.shape();
    Some((d, s[..d].iter().product(), s[d], s[d + 1..].iter().product()))
}

/// `cumsum`/`cumprod` in the input's dtype, accumulating in f64 (as
/// PyTorch's `cpu_cum_base_kernel` does, in `acc_type<float>`, double):
/// read from the input's bytes and written into the output's, no copy
/// between. Contiguous rows go four at a time (their running sums are
/// independent chains the core overlaps) over both cores; other layouts
/// take the blocks along the outer dims over both cores.
pub fn cumulative<T: Dense>(ctx: &Context, t: &Tensor, dim: i64, prod: bool, name: &str) -> Result<Option<Tensor>> {
    let Some((_, _, len, inner)) = applies(t, dim) else { return Ok(None) };
    let out = Tensor::alloc_on(ctx, t.device(), t.shape(), t.dtype, name)?;
    {
        let src = t.storage.bytes();
        let size = std::mem::size_of::<T>();
        let start = t.layout().offset * size;
        let x: &[T] = bytemuck::cast_slice(&src.bytes()[start..start + t.numel() * size]);
        let mut dst = out.storage.bytes_mut();
        let y: &mut [T] = bytemuck::cast_slice_mut(&mut dst.bytes_mut()[..t.numel() * size]);
        let step = |a: f64, v: f64| if prod { a * v } else { a + v };
        use rayon::prelude::*;
        let stop = std::sync::atomic::AtomicBool::new(false);
        let stopped = |o: usize| {
            if o.is_multiple_of(16) && crate::engine::interrupt::requested() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            stop.load(std::sync::atomic::Ordering::Relaxed)
        };
        if inner == 1 {
            const ROWS: usize = 4;
            y.par_chunks_mut(ROWS * len).zip(x.par_chunks(ROWS * len)).enumerate().for_each(|(o, (ys, xs))| {
                if stopped(o) {
                    return;
                }
                if xs.len() == ROWS * len {
                    let mut acc = [0f64; ROWS];
                    for j in 0..len {
                        for (r, a) in acc.iter_mut().enumerate() {
                            let v = xs[r * len + j].to_f64();
                            *a = if j == 0 { v } else { step(*a, v) };
                            ys[r * len + j] = T::from_f64(*a);
                        }
                    }
                } else {
                    for (yr, xr) in ys.chunks_mut(len).zip(xs.chunks(len)) {
                        let mut a = 0f64;
                        for (j, (y, &v)) in yr.iter_mut().zip(xr).enumerate() {
                            a = if j == 0 { v.to_f64() } else { step(a, v.to_f64()) };
                            *y = T::from_f64(a);
                        }
                    }
                }
            });
        } else {
            y.par_chunks_mut(len * inner).zip(x.par_chunks(len * inner)).enumerate().for_each_init(
                || vec![0f64; inner],
                |acc, (o, (ys, xs))| {
                    if stopped(o) {
                        return;
                    }
                    for j in 0..len {
                        let row = j * inner;
                        let (xs, ys) = (&xs[row..row + inner], &mut ys[row..row + inner]);
                        for k in 0..inner {
                            let v = xs[k].to_f64();
                            acc[k] = if j == 0 { v } else { step(acc[k], v) };
                            ys[k] = T::from_f64(acc[k]);
                        }
                    }
                },
            );
        }
    }
    crate::engine::interrupt::check()?;
    Ok(Some(out))
}

/// `topk` along `dim`, as ATen's `topk_impl_loop` selects (so equal values
/// come out where PyTorch puts them; NaN counts as the largest value), on
/// typed rows. Both outputs are allocated first (the memory cap refuses a
/// huge topk before any work), then filled from the input's bytes.
pub fn topk<T: Dense>(ctx: &Context, t: &Tensor, k: usize, dim: i64, largest: bool, sorted: bool) -> Result<Option<(Tensor, Tensor)>> {
    let Some((d, outer, len, inner)) = applies(t, dim) else { return Ok(None) };
    // Positions as u32 (8-byte pairs for float32), so rows fit that.
    if len > u32::MAX as usize {
        return Ok(None);
    }
    let mut shape = t.shape().to_vec();
    shape[d] = k;
    let v = Tensor::alloc_on(ctx, t.device(), &shape, t.dtype, "topk")?;
    let i = Tensor::alloc_on(ctx, t.device(), &shape, DType::Int64, "topk")?;
    let n = outer * k * inner;
    if n == 0 {
        return Ok(Some((v, i)));
    }
    let size = std::mem::size_of::<T>();
    let src = t.storage.bytes();
    let start = t.layout().offset * size;
    let x: &[T] = bytemuck::cast_slice(&src.bytes()[start..start + t.numel() * size]);
    let (mut vb, mut ib) = (v.storage.bytes_mut(), i.storage.bytes_mut());
    let vals: &mut [T] = bytemuck::cast_slice_mut(&mut vb.bytes_mut()[..n * size]);
    let idx: &mut [i64] = bytemuck::cast_slice_mut(&mut ib.bytes_mut()[..n * 8]);
    if inner == 1 {
        // Rows are contiguous: both cores take rows (Ctrl-C is seen per chunk).
        use rayon::prelude::*;
        let stop = std::sync::atomic::AtomicBool::new(false);
        vals.par_chunks_mut(k).zip(idx.par_chunks_mut(k)).enumerate().for_each_init(Vec::new, |row, (o, (vs, is))| {
            if o % 64 == 0 && crate::engine::interrupt::requested() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return;
            }
            let xs = &x[o * len..(o + 1) * len];
            select_row(row, len, k, largest, sorted, |j| xs[j], vs, is, 1);
        });
    } else {
        let mut row = Vec::with_capacity(len);
        for o in 0..outer {
            for kk in 0..inner {
                crate::engine::interrupt::check()?;
                let at = o * k * inner + kk;
                let end = at + (k - 1) * inner + 1;
                select_row(&mut row, len, k, largest, sorted, |j| x[(o * len + j) * inner + kk], &mut vals[at..end], &mut idx[at..end], inner);
            }
        }
    }
    drop((src, vb, ib));
    crate::engine::interrupt::check()?;
    Ok(Some((v, i)))
}

/// One row of `topk` (element `j` is `at(j)`): its k first, as ATen's
/// queue of (value, position) pairs leaves them, into the k slots of
/// `vs`/`is`, `step` apart.
#[allow(clippy::too_many_arguments)]
fn select_row<T: Dense>(row: &mut Vec<(T, u32)>, len: usize, k: usize, largest: bool, sorted: bool, at: impl Fn(usize) -> T, vs: &mut [T], is: &mut [i64], step: usize) {
    row.clear();
    row.extend((0..len).map(|j| (at(j), j as u32)));
    if largest {
        super::scan::topk_order(row, k, sorted, &|a: &(T, u32), b: &(T, u32)| (a.0.is_nan() && !b.0.is_nan()) || a.0 > b.0);
    } else {
        super::scan::topk_order(row, k, sorted, &|a: &(T, u32), b: &(T, u32)| (!a.0.is_nan() && b.0.is_nan()) || a.0 < b.0);
    }
    for (j, &(v, p)) in row.iter().take(k).enumerate() {
        vs[j * step] = v;
        is[j * step] = p as i64;
    }
}

/// `sort` along the last dim of a contiguous float tensor: rows over both
/// cores, each sorted under (value, index) order, which is the general
/// path's stable order (NaN the largest; `descending` reverses the values,
/// not the ties).
pub fn sort<T: Dense>(ctx: &Context, t: &Tensor, dim: i64, descending: bool, stable: bool) -> Result<Option<(Tensor, Tensor)>> {
    let Some((_, _, len, inner)) = applies(t, dim) else { return Ok(None) };
    // Positions as u32: an (f32, u32) pair is 8 bytes where ATen swaps a
    // 4-byte value and an 8-byte index, so rows longer than that go the
    // general way.
    if inner != 1 || len > u32::MAX as usize {
        return Ok(None);
    }
    let cmp = |a: &(T, u32), b: &(T, u32)| -> Ordering {
        let c = match (a.0.is_nan(), b.0.is_nan()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            _ => a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal),
        };
        let c = if descending { c.reverse() } else { c };
        c.then(a.1.cmp(&b.1))
    };
    // The outputs first (the memory cap refuses a huge sort at once), then
    // rows read from the input's bytes and written into theirs.
    let n = t.numel();
    let v = Tensor::alloc_on(ctx, t.device(), t.shape(), t.dtype, "sort")?;
    let i = Tensor::alloc_on(ctx, t.device(), t.shape(), DType::Int64, "sort")?;
    let size = std::mem::size_of::<T>();
    let src = t.storage.bytes();
    let start = t.layout().offset * size;
    let x: &[T] = bytemuck::cast_slice(&src.bytes()[start..start + n * size]);
    let (mut vb, mut ib) = (v.storage.bytes_mut(), i.storage.bytes_mut());
    let vals: &mut [T] = bytemuck::cast_slice_mut(&mut vb.bytes_mut()[..n * size]);
    let idx: &mut [i64] = bytemuck::cast_slice_mut(&mut ib.bytes_mut()[..n * 8]);
    use rayon::prelude::*;
    let stop = std::sync::atomic::AtomicBool::new(false);
    vals.par_chunks_mut(len).zip(idx.par_chunks_mut(len)).enumerate().for_each_init(|| (Vec::new(), Vec::<(T::Key, u32)>::new()), |(row, keys), (o, (vs, is))| {
        if o % 16 == 0 && crate::engine::interrupt::requested() {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        let xs = &x[o * len..(o + 1) * len];
        if stable {
            row.clear();
            row.extend(xs.iter().copied().zip(0..len as u32));
            row.sort_unstable_by(cmp);
            for (j, &(v, p)) in row.iter().enumerate() {
                vs[j] = v;
                is[j] = p as i64;
            }
            return;
        }
        // ATen's KeyValueCompAsc / KeyValueCompDesc under std::sort, on
        // integer keys with the same ties (±0 equal, every NaN equal and
        // above +inf); the values are read back through the positions,
        // bits and all. Where no two keys in the row tie, every correct
        // sort gives std::sort's answer, so Rust's (faster) unstable sort
        // goes first; a row with a tie is sorted again as libstdc++ does,
        // since only its algorithm says where equal values land.
        keys.clear();
        keys.extend(xs.iter().map(|v| if descending { !v.key() } else { v.key() }).zip(0..len as u32));
        keys.sort_unstable();
        if keys.windows(2).any(|w| w[0].0 == w[1].0) {
            keys.clear();
            keys.extend(xs.iter().map(|v| v.key()).zip(0..len as u32));
            if descending {
                super::stl_sort::sort(keys, &|a: &(T::Key, u32), b: &(T::Key, u32)| a.0 > b.0);
            } else {
                super::stl_sort::sort(keys, &|a: &(T::Key, u32), b: &(T::Key, u32)| a.0 < b.0);
            }
        }
        for (j, &(_, p)) in keys.iter().enumerate() {
            vs[j] = xs[p as usize];
            is[j] = p as i64;
        }
    });
    drop((src, vb, ib));
    crate::engine::interrupt::check()?;
    Ok(Some((v, i)))
}

#[cfg(test)]
mod sort_tests {
    use super::*;
    use crate::engine::context::{Context, EngineConfig};
    use crate::engine::scalar::Scalar;

    fn values(t: &Tensor) -> Vec<String> {
        (0..t.numel()).map(|i| format!("{:?}", t.get_flat(i))).collect()
    }

    #[test]
    fn dense_sort_is_the_general_path() {
        let ctx = Context::new(&EngineConfig::default());
        for dtype in [DType::Float32, DType::Float64] {
            for shape in [vec![7], vec![3, 9], vec![2, 3, 17]] {
                let n: usize = shape.iter().product();
                // Ties, -0.0 and 0.0, NaN and infinities.
                let pool = [1.5, -0.0, 0.0, f64::NAN, 2.0, -3.0, 1.5, f64::INFINITY, f64::NEG_INFINITY, 0.0];
                let xs: Vec<Scalar> = (0..n).map(|i| Scalar::Float(pool[(i * 7 + i / 3) % pool.len()])).collect();
                let t = Tensor::from_scalars(&ctx, &shape, dtype, &xs, "t").unwrap();
                for (descending, stable) in [(false, false), (true, false), (false, true), (true, true)] {
                    let fast = match dtype {
                        DType::Float32 => sort::<f32>(&ctx, &t, -1, descending, stable),
                        _ => sort::<f64>(&ctx, &t, -1, descending, stable),
                    }
                    .unwrap()
                    .expect("the dense path applies");
                    // The general path: the same input seen through a non-contiguous view's route.
                    let slow = crate::engine::ops::join::sort_general(&ctx, &t, -1, descending, stable).unwrap();
                    assert_eq!(values(&fast.0), values(&slow.0), "{dtype:?} {shape:?} {descending}");
                    assert_eq!(values(&fast.1), values(&slow.1), "{dtype:?} {shape:?} {descending}");
                    assert_eq!(fast.0.stride(), slow.0.stride());
                }
            }
        }
        // Rows of distinct values (the unstable sort's answer stands) and
        // rows of 200 with a tie or NaNs (sorted again as std::sort does),
        // past insertion sort's 16 elements.
        for dtype in [DType::Float32, DType::Float64] {
            let xs: Vec<Scalar> = (0..800)
                .map(|i| {
                    let v = ((i * 7919) % 800) as f64 * 0.37 - 100.0;
                    Scalar::Float(match i {
                        250 => -0.0,
                        420 => 0.0,
                        430 => 37.37,
                        431 => 37.37,
                        610 | 650 => f64::NAN,
                        _ => v,
                    })
                })
                .collect();
            let t = Tensor::from_scalars(&ctx, &[4, 200], dtype, &xs, "t").unwrap();
            for (descending, stable) in [(false, false), (true, false)] {
                let fast = match dtype {
                    DType::Float32 => sort::<f32>(&ctx, &t, -1, descending, stable),
                    _ => sort::<f64>(&ctx, &t, -1, descending, stable),
                }
                .unwrap()
                .unwrap();
                let slow = crate::engine::ops::join::sort_general(&ctx, &t, -1, descending, stable).unwrap();
                assert_eq!(values(&fast.0), values(&slow.0), "{dtype:?} {descending}");
                assert_eq!(values(&fast.1), values(&slow.1), "{dtype:?} {descending}");
            }
        }
        // Not along the last dim, or not contiguous: not taken.
        let t = Tensor::alloc(&ctx, &[3, 4], DType::Float32, "t").unwrap();
        assert!(sort::<f32>(&ctx, &t, 0, false, false).unwrap().is_none());
        let tt = t.view_as_layout(layout::t(t.layout()).unwrap(), "t");
        assert!(sort::<f32>(&ctx, &tt, -1, false, false).unwrap().is_none());
    }
}

#[cfg(test)]
mod topk_cumsum_tests {
    use super::*;
    use crate::engine::context::{Context, EngineConfig};
    use crate::engine::ops::scan::{scan, topk_general, ScanOp};
    use crate::engine::scalar::Scalar;

    fn values(t: &Tensor) -> Vec<String> {
        (0..t.numel()).map(|i| format!("{:?}", t.get_flat(i))).collect()
    }

    /// Rows long enough for the blocks of 16 and the sorted buffer, with
    /// ties, -0.0 and 0.0, NaN and infinities (`nan_every` 0: no NaN).
    fn tensor(ctx: &Context, shape: &[usize], dtype: DType, nan_every: usize, seed: usize) -> Tensor {
        let n: usize = shape.iter().product();
        let xs: Vec<Scalar> = (0..n)
            .map(|i| {
                let h = (i * 2654435761 + seed * 97) % 1000003;
                Scalar::Float(match h % 23 {
                    _ if nan_every > 0 && h.is_multiple_of(nan_every) => f64::NAN,
                    0 => -0.0,
                    1 => 0.0,
                    2 => f64::INFINITY,
                    3 => f64::NEG_INFINITY,
                    4..=8 => 1.5,
                    _ => (h % 41) as f64 * 0.25 - 5.0,
                })
            })
            .collect();
        Tensor::from_scalars(ctx, shape, dtype, &xs, "t").unwrap()
    }

    #[test]
    fn dense_topk_is_the_general_path() {
        let ctx = Context::new(&EngineConfig::default());
        for dtype in [DType::Float32, DType::Float64] {
            for nan_every in [0, 7, 61, 2] {
                for (shape, dim) in [(vec![5, 100], 1i64), (vec![3, 37], -1), (vec![40, 6], 0), (vec![9, 250], 1)] {
                    let t = tensor(&ctx, &shape, dtype, nan_every, shape[0]);
                    let len = shape[layout::wrap_dim(dim, 2).unwrap()];
                    for k in [0, 1, 2, 5, 8, 32, 33, len - 1, len] {
                        if k > len {
                            continue;
                        }
                        for largest in [true, false] {
                            let fast = match dtype {
                                DType::Float32 => topk::<f32>(&ctx, &t, k, dim, largest, true),
                                _ => topk::<f64>(&ctx, &t, k, dim, largest, true),
                            }
                            .unwrap()
                            .expect("the dense path applies");
                            let slow = topk_general(&ctx, &t, k, dim, largest).unwrap();
                            let what = format!("{dtype:?} {shape:?} dim {dim} k {k} largest {largest} nan_every {nan_every}");
                            assert_eq!(values(&fast.0), values(&slow.0), "values, {what}");
                            assert_eq!(values(&fast.1), values(&slow.1), "indices, {what}");
                            assert_eq!(fast.0.shape(), slow.0.shape(), "{what}");
                            assert_eq!(fast.0.stride(), slow.0.stride(), "{what}");
                        }
                    }
                }
            }
        }
        // Not contiguous: not taken.
        let t = tensor(&ctx, &[4, 20], DType::Float32, 0, 1);
        let tt = t.view_as_layout(layout::t(t.layout()).unwrap(), "t");
        assert!(topk::<f32>(&ctx, &tt, 3, 0, true, true).unwrap().is_none());
    }

    #[test]
    fn dense_cumulative_is_the_general_path() {
        let ctx = Context::new(&EngineConfig::default());
        // Row counts that leave a partial group of four, and inner dims.
        for shape in [vec![7, 33], vec![4, 5], vec![1, 9], vec![3, 5, 6], vec![2, 3]] {
            for dtype in [DType::Float32, DType::Float64] {
                let t = tensor(&ctx, &shape, dtype, 13, 3);
                for dim in 0..shape.len() as i64 {
                    for op in [ScanOp::Sum, ScanOp::Prod] {
                        let prod = op == ScanOp::Prod;
                        let fast = match dtype {
                            DType::Float32 => cumulative::<f32>(&ctx, &t, dim, prod, "cumsum"),
                            _ => cumulative::<f64>(&ctx, &t, dim, prod, "cumsum"),
                        }
                        .unwrap()
                        .expect("the dense path applies");
                        // Another output dtype skips the fast path; rounding it back must agree.
                        let other = if dtype == DType::Float32 { DType::Float64 } else { DType::Float32 };
                        let slow = scan(&ctx, &t, dim, op, other, "cumsum").unwrap().0;
                        if dtype == DType::Float32 {
                            let b: Vec<String> = slow.to_scalars().iter().map(|s| format!("{:?}", s.cast(DType::Float32))).collect();
                            assert_eq!(values(&fast), b, "{dtype:?} {shape:?} {op:?} along {dim}");
                        } else {
                            // float32 output rounds each step of the same f64 sums.
                            let a: Vec<String> = fast.to_scalars().iter().map(|s| format!("{:?}", s.cast(DType::Float32))).collect();
                            assert_eq!(a, values(&slow), "{dtype:?} {shape:?} {op:?} along {dim}");
                        }
                    }
                }
            }
        }
    }
}
