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
    fn to_f64(self) -> f64;
    fn from_f64(x: f64) -> Self;
    fn is_nan(self) -> bool;
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

fn input<T: Dense>(t: &Tensor) -> Vec<T> {
    let buf = t.storage.bytes();
    let size = std::mem::size_of::<T>();
    let start = t.layout().offset * size;
    bytemuck::cast_slice::<u8, T>(&buf.bytes()[start..start + t.numel() * size]).to_vec()
}

fn output<T: bytemuck::Pod>(ctx: &Context, like: &Tensor, shape: &[usize], dtype: DType, vals: &[T], op: &str) -> Result<Tensor> {
    let out = Tensor::alloc_on(ctx, like.device(), shape, dtype, op)?;
    {
        let mut buf = out.storage.bytes_mut();
        buf.bytes_mut()[..std::mem::size_of_val(vals)].copy_from_slice(bytemuck::cast_slice(vals));
    }
    Ok(out)
}

/// `cumsum`/`cumprod` in the input's dtype, accumulating in f64: read from
/// the input's bytes and written into the output's, no copy between.
pub fn cumulative<T: Dense>(ctx: &Context, t: &Tensor, dim: i64, prod: bool, name: &str) -> Result<Option<Tensor>> {
    let Some((_, outer, len, inner)) = applies(t, dim) else { return Ok(None) };
    let out = Tensor::alloc_on(ctx, t.device(), t.shape(), t.dtype, name)?;
    {
        let src = t.storage.bytes();
        let size = std::mem::size_of::<T>();
        let start = t.layout().offset * size;
        let x: &[T] = bytemuck::cast_slice(&src.bytes()[start..start + t.numel() * size]);
        let mut dst = out.storage.bytes_mut();
        let y: &mut [T] = bytemuck::cast_slice_mut(&mut dst.bytes_mut()[..t.numel() * size]);
        let mut acc = vec![0f64; inner];
        for o in 0..outer {
            crate::engine::interrupt::check()?;
            let base = o * len * inner;
            for j in 0..len {
                let row = base + j * inner;
                let (xs, ys) = (&x[row..row + inner], &mut y[row..row + inner]);
                for k in 0..inner {
                    let v = xs[k].to_f64();
                    acc[k] = if j == 0 { v } else if prod { acc[k] * v } else { acc[k] + v };
                    ys[k] = T::from_f64(acc[k]);
                }
            }
        }
    }
    Ok(Some(out))
}

/// `topk` along `dim`: a selection of the k first under (value, index)
/// order, then those k sorted; NaN counts as the largest value.
pub fn topk<T: Dense>(ctx: &Context, t: &Tensor, k: usize, dim: i64, largest: bool) -> Result<Option<(Tensor, Tensor)>> {
    let Some((d, outer, len, inner)) = applies(t, dim) else { return Ok(None) };
    let x: Vec<T> = input(t);
    let cmp = |a: &(T, usize), b: &(T, usize)| -> Ordering {
        let c = match (a.0.is_nan(), b.0.is_nan()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            _ => a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal),
        };
        let c = if largest { c.reverse() } else { c };
        c.then(a.1.cmp(&b.1))
    };
    let n = outer * k * inner;
    let (mut vals, mut idx) = (vec![T::from_f64(0.0); n], vec![0i64; n]);
    // One row: its k first under `cmp`, into the k slots of `vs`/`is`.
    let select = |row: &mut Vec<(T, usize)>, vs: &mut [T], is: &mut [i64], step: usize| {
        if k > 0 && k < row.len() {
            row.select_nth_unstable_by(k - 1, cmp);
        }
        row[..k].sort_unstable_by(cmp);
        for (j, &(v, p)) in row[..k].iter().enumerate() {
            vs[j * step] = v;
            is[j * step] = p as i64;
        }
    };
    if k == 0 {
        // Nothing to select: empty outputs.
    } else if inner == 1 {
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
            row.clear();
            row.extend(x[o * len..(o + 1) * len].iter().copied().zip(0..len));
            select(row, vs, is, 1);
        });
        crate::engine::interrupt::check()?;
    } else {
        let mut row: Vec<(T, usize)> = Vec::with_capacity(len);
        for o in 0..outer {
            for kk in 0..inner {
                crate::engine::interrupt::check()?;
                row.clear();
                row.extend((0..len).map(|j| (x[(o * len + j) * inner + kk], j)));
                let at = o * k * inner + kk;
                let end = (at + (k.max(1) - 1) * inner + 1).min(n);
                select(&mut row, &mut vals[at..end], &mut idx[at..end], inner);
            }
        }
    }
    let mut shape = t.shape().to_vec();
    shape[d] = k;
    let v = output(ctx, t, &shape, t.dtype, &vals, "topk")?;
    let i = output(ctx, t, &shape, DType::Int64, &idx, "topk")?;
    Ok(Some((v, i)))
}

/// `sort` along the last dim of a contiguous float tensor: rows over both
/// cores, each sorted under (value, index) order, which is the general
/// path's stable order (NaN the largest; `descending` reverses the values,
/// not the ties).
pub fn sort<T: Dense>(ctx: &Context, t: &Tensor, dim: i64, descending: bool) -> Result<Option<(Tensor, Tensor)>> {
    let Some((_, _, len, inner)) = applies(t, dim) else { return Ok(None) };
    if inner != 1 {
        return Ok(None);
    }
    let cmp = |a: &(T, usize), b: &(T, usize)| -> Ordering {
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
    vals.par_chunks_mut(len).zip(idx.par_chunks_mut(len)).enumerate().for_each_init(Vec::new, |row, (o, (vs, is))| {
        if o % 16 == 0 && crate::engine::interrupt::requested() {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        row.clear();
        row.extend(x[o * len..(o + 1) * len].iter().copied().zip(0..len));
        row.sort_unstable_by(cmp);
        for (j, &(v, p)) in row.iter().enumerate() {
            vs[j] = v;
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
                for descending in [false, true] {
                    let fast = match dtype {
                        DType::Float32 => sort::<f32>(&ctx, &t, -1, descending),
                        _ => sort::<f64>(&ctx, &t, -1, descending),
                    }
                    .unwrap()
                    .expect("the dense path applies");
                    // The general path: the same input seen through a non-contiguous view's route.
                    let slow = crate::engine::ops::join::sort_general(&ctx, &t, -1, descending).unwrap();
                    assert_eq!(values(&fast.0), values(&slow.0), "{dtype:?} {shape:?} {descending}");
                    assert_eq!(values(&fast.1), values(&slow.1), "{dtype:?} {shape:?} {descending}");
                    assert_eq!(fast.0.stride(), slow.0.stride());
                }
            }
        }
        // Not along the last dim, or not contiguous: not taken.
        let t = Tensor::alloc(&ctx, &[3, 4], DType::Float32, "t").unwrap();
        assert!(sort::<f32>(&ctx, &t, 0, false).unwrap().is_none());
        let tt = t.view_as_layout(layout::t(t.layout()).unwrap(), "t");
        assert!(sort::<f32>(&ctx, &tt, -1, false).unwrap().is_none());
    }
}
