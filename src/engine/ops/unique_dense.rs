//! The dense path of `scan::unique` (sorted, not consecutive) for a
//! contiguous integer tensor: the same values, inverse and counts as the
//! general path (the tests compare them), read as a typed slice. A value
//! range no wider than the tensor is counted in a histogram (one pass over
//! the input per core, one over the range); a wider one sorts (value,
//! position) pairs over both cores. PyTorch's `unique_cpu_sorted_template`
//! sorts in every case; the results are the same sorted distinct values.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::Result;
use crate::engine::tensor::Tensor;
use crate::engine::Device;
use rayon::prelude::*;

/// Values, inverse and counts of `t` flattened, when the dense path applies.
pub fn unique(ctx: &Context, t: &Tensor) -> Result<Option<(Tensor, Tensor, Tensor)>> {
    match t.dtype {
        DType::UInt8 => run::<u8>(ctx, t),
        DType::Int8 => run::<i8>(ctx, t),
        DType::Int16 => run::<i16>(ctx, t),
        DType::Int32 => run::<i32>(ctx, t),
        DType::Int64 => run::<i64>(ctx, t),
        _ => Ok(None),
    }
}

/// The widest value range counted in a histogram, for `n` elements: its
/// scratch (four bytes a value, one histogram per core) stays within a few
/// times the inverse's own eight bytes an element.
fn histogram_limit(n: usize) -> u128 {
    n.max(1 << 16) as u128
}

fn run<T: bytemuck::Pod + Into<i64> + TryFrom<i64> + Send + Sync>(ctx: &Context, t: &Tensor) -> Result<Option<(Tensor, Tensor, Tensor)>> {
    let n = t.numel();
    if !t.is_contiguous() || n == 0 || n >= u32::MAX as usize || t.device() != Device::Cpu {
        return Ok(None);
    }
    // The inverse first: the memory cap refuses a huge unique before any work.
    let inv = Tensor::alloc_on(ctx, t.device(), t.shape(), DType::Int64, "unique")?;
    crate::engine::interrupt::check()?;
    let size = std::mem::size_of::<T>();
    let src = t.storage.bytes();
    let start = t.layout().offset * size;
    let x: &[T] = bytemuck::cast_slice(&src.bytes()[start..start + n * size]);
    let mut ib = inv.storage.bytes_mut();
    let inverse: &mut [i64] = bytemuck::cast_slice_mut(&mut ib.bytes_mut()[..n * 8]);
    const CHUNK: usize = 1 << 16;
    let (lo, hi) = x
        .par_chunks(CHUNK)
        .map(|c| c.iter().fold((i64::MAX, i64::MIN), |(a, b), &v| (a.min(v.into()), b.max(v.into()))))
        .reduce(|| (i64::MAX, i64::MIN), |(a, b), (c, d)| (a.min(c), b.max(d)));
    let range = (hi as i128 - lo as i128 + 1) as u128;
    let (mut uniq, mut counts): (Vec<i64>, Vec<i64>) = (vec![], vec![]);
    if range <= histogram_limit(n) {
        let r = range as usize;
        let per = n.div_ceil(rayon::current_num_threads().max(1));
        let mut hist = x
            .par_chunks(per)
            .map(|c| {
                let mut h = vec![0u32; r];
                for &v in c {
                    h[(v.into() - lo) as usize] += 1;
                }
                h
            })
            .reduce_with(|mut a, b| {
                a.iter_mut().zip(&b).for_each(|(a, b)| *a += b);
                a
            })
            .unwrap_or_default();
        crate::engine::interrupt::check()?;
        // Each value's count becomes its position among the distinct values.
        for (v, h) in hist.iter_mut().enumerate() {
            if *h > 0 {
                uniq.push(lo + v as i64);
                counts.push(*h as i64);
                *h = (uniq.len() - 1) as u32;
            }
        }
        inverse.par_chunks_mut(CHUNK).zip(x.par_chunks(CHUNK)).for_each(|(is, xs)| {
            for (i, &v) in is.iter_mut().zip(xs) {
                *i = hist[(v.into() - lo) as usize] as i64;
            }
        });
    } else {
        let mut pairs: Vec<(i64, u32)> = x.par_iter().enumerate().map(|(p, &v)| (v.into(), p as u32)).collect();
        crate::engine::interrupt::check()?;
        pairs.par_sort_unstable();
        crate::engine::interrupt::check()?;
        for &(v, p) in &pairs {
            if uniq.last() != Some(&v) {
                uniq.push(v);
                counts.push(0);
            }
            *counts.last_mut().expect("pushed") += 1;
            inverse[p as usize] = (uniq.len() - 1) as i64;
        }
    }
    drop((src, ib));
    crate::engine::interrupt::check()?;
    let m = uniq.len();
    let u = Tensor::alloc_on(ctx, t.device(), &[m], t.dtype, "unique")?;
    let c = Tensor::alloc_on(ctx, t.device(), &[m], DType::Int64, "unique")?;
    {
        let mut ub = u.storage.bytes_mut();
        let us: &mut [T] = bytemuck::cast_slice_mut(&mut ub.bytes_mut()[..m * size]);
        for (slot, &v) in us.iter_mut().zip(&uniq) {
            // Every value came from a `T`.
            *slot = T::try_from(v).unwrap_or_else(|_| unreachable!("a value of the input"));
        }
        let mut cb = c.storage.bytes_mut();
        cb.bytes_mut()[..m * 8].copy_from_slice(bytemuck::cast_slice(&counts));
    }
    Ok(Some((u, inv, c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::context::EngineConfig;
    use crate::engine::layout;
    use crate::engine::scalar::Scalar;

    fn values(t: &Tensor) -> Vec<String> {
        (0..t.numel()).map(|i| format!("{:?}", t.get_flat(i))).collect()
    }

    #[test]
    fn dense_unique_is_the_general_path() {
        let ctx = Context::new(&EngineConfig::default());
        let pools: [&[i64]; 4] = [
            // A narrow range (the histogram), negatives and repeats.
            &[3, -2, 7, 3, 3, 0, -2, 100, 5, 7],
            // Wider than the tensor (the sort), with both extremes of int64.
            &[i64::MAX, i64::MIN, 0, -1, 1 << 40, i64::MAX, 5, -(1 << 50), 5, 0],
            // One value.
            &[9],
            // Every int8 and uint8 extreme.
            &[-128, 127, 0, 255, 1, -1, 127],
        ];
        for dtype in [DType::Int64, DType::Int32, DType::Int16, DType::Int8, DType::UInt8] {
            for pool in pools {
                for (rows, cols) in [(1usize, 1usize), (3, 5), (7, 11), (40, 70000 / 40)] {
                    let n = rows * cols;
                    let xs: Vec<Scalar> = (0..n).map(|i| Scalar::Int(pool[(i * 7 + i / 3) % pool.len()])).collect();
                    let c = Tensor::from_scalars(&ctx, &[rows, cols], dtype, &xs, "t").unwrap();
                    // The general path reads a transposed view, the fast one its contiguous copy.
                    let view = c.view_as_layout(layout::t(c.layout()).unwrap(), "t");
                    let copy = crate::engine::ops::copy::contiguous(&ctx, &view).unwrap().unwrap_or_else(|| view.clone());
                    let slow = crate::engine::ops::scan::unique(&ctx, &view, false).unwrap();
                    let fast = unique(&ctx, &copy).unwrap().expect("the dense path applies");
                    for (a, b) in [(&fast.0, &slow.0), (&fast.1, &slow.1), (&fast.2, &slow.2)] {
                        assert_eq!(values(a), values(b), "{dtype:?} {rows}x{cols} {:?}", &pool[..1]);
                        assert_eq!(a.shape(), b.shape());
                        assert_eq!(a.dtype, b.dtype);
                    }
                }
            }
        }
        // Floats and non-contiguous tensors: not taken.
        let f = Tensor::alloc(&ctx, &[3, 4], DType::Float32, "t").unwrap();
        assert!(unique(&ctx, &f).unwrap().is_none());
        let i = Tensor::alloc(&ctx, &[3, 4], DType::Int64, "t").unwrap();
        let it = i.view_as_layout(layout::t(i.layout()).unwrap(), "t");
        assert!(unique(&ctx, &it).unwrap().is_none());
    }
}
