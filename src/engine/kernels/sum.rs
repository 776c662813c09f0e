//! Full sum of a dense float tensor: blocks summed with several independent
//! accumulators (vectorisable), blocks combined pairwise, split across threads.

use rayon::prelude::*;

use crate::engine::dtype::DType;

const BLOCK: usize = 1 << 12;

fn block_sum<T: Copy + Into<f64>>(xs: &[T]) -> f64 {
    let mut acc = [0f64; 8];
    let mut chunks = xs.chunks_exact(8);
    for c in &mut chunks {
        for (a, &x) in acc.iter_mut().zip(c) {
            *a += x.into();
        }
    }
    let tail: f64 = chunks.remainder().iter().map(|&x| x.into()).sum();
    acc.iter().sum::<f64>() + tail
}

fn total<T: Copy + Into<f64> + Send + Sync>(xs: &[T]) -> f64 {
    if xs.len() >= super::PAR_THRESHOLD {
        xs.par_chunks(BLOCK).map(block_sum).sum()
    } else {
        xs.chunks(BLOCK).map(block_sum).sum()
    }
}

/// Sum of `n` elements of `dtype` starting at byte 0 of `bytes`, or `None`
/// for dtypes this kernel does not cover.
pub fn dense_sum(dtype: DType, bytes: &[u8], n: usize) -> Option<f64> {
    if n == 0 && dtype.is_floating() {
        return Some(0.0);
    }
    match dtype {
        DType::Float32 => {
            let xs: &[f32] = bytemuck::try_cast_slice(bytes.get(..n * 4)?).ok()?;
            Some(total(xs))
        }
        DType::Float64 => {
            let xs: &[f64] = bytemuck::try_cast_slice(bytes.get(..n * 8)?).ok()?;
            Some(total(xs))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_large_and_small() {
        let xs: Vec<f32> = (0..100_003).map(|i| (i % 7) as f32).collect();
        let expect: f64 = xs.iter().map(|&x| x as f64).sum();
        assert_eq!(dense_sum(DType::Float32, bytemuck::cast_slice(&xs), xs.len()), Some(expect));
        assert_eq!(dense_sum(DType::Float64, &[], 0), Some(0.0));
        assert_eq!(dense_sum(DType::Int32, &[], 0), None);
    }
}
