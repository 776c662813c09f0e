//! Full sum of a dense float32/float64 tensor, accumulated in float64.
//!
//! The shape of the computation, which fixes the rounding (so the result is
//! the same on every CPU and for any number of threads):
//! - leaves of `LEAF` elements, combined pairwise (a cascade); halves are
//!   split at a multiple of `LEAF`, and the two halves of a large range are
//!   summed on two threads;
//! - float64 leaf: element `i` goes to lane `i % 32` of 32 float64
//!   accumulators (independent chains the CPU overlaps);
//! - float32 leaf: each run of 128 elements is eight rows of 16; the eight
//!   values of a column are added pairwise in float32 (a tree of depth 3),
//!   and the column's total is added to float64 lane `column` of 16: one
//!   widening per 8 elements instead of one per element, which keeps the
//!   kernel at memory speed even when the data is in cache;
//! - then the lanes are added pairwise and the leaf's last elements (those
//!   after the last whole run) in order, in float64.
//!
//! The leaves run with AVX-512 or AVX2 when the CPU has them (detected at
//! run time), else with portable code; all three do the same additions in
//! the same order, so they agree bit for bit.
//!
//! Accuracy: the float64 parts add an error around (LEAF/32 + log2(n/LEAF))·
//! 2⁻⁵³ of Σ|x|; the float32 trees at most 3·2⁻²⁴ of Σ|x|. PyTorch's float32
//! cascade adds sixteen values in sequence in float32 at each of its levels
//! (a bound of about 15·levels·2⁻²⁴ of Σ|x|), so this is at least as
//! accurate; float64 sums are as accurate as PyTorch's.

use crate::engine::dtype::DType;

/// float64 lanes of the float64 leaf.
const LANES: usize = 32;
/// float64 lanes (float32 columns) of the float32 leaf.
const COLS: usize = 16;
/// Rows of a float32 run, added in a float32 tree.
const ROWS: usize = 8;
const RUN: usize = COLS * ROWS;
/// Elements per leaf (a multiple of `LANES` and of `RUN`).
const LEAF: usize = 1 << 12;

/// The portable float64 leaf: the reference the SIMD ones match bit for bit.
fn leaf_f64_portable(xs: &[f64]) -> f64 {
    let mut acc = [0f64; LANES];
    let mut chunks = xs.chunks_exact(LANES);
    for c in &mut chunks {
        for (a, &x) in acc.iter_mut().zip(c) {
            *a += x;
        }
    }
    finish(acc, chunks.remainder().iter().copied())
}

/// The portable float32 leaf: the reference the SIMD ones match bit for bit.
fn leaf_f32_portable(xs: &[f32]) -> f64 {
    let mut acc = [0f64; COLS];
    let mut runs = xs.chunks_exact(RUN);
    for r in &mut runs {
        for (j, a) in acc.iter_mut().enumerate() {
            let v = |k: usize| r[COLS * k + j];
            let t = ((v(0) + v(1)) + (v(2) + v(3))) + ((v(4) + v(5)) + (v(6) + v(7)));
            *a += t as f64;
        }
    }
    finish(acc, runs.remainder().iter().map(|&x| x as f64))
}

/// Lanes added pairwise (0+N/2, 1+N/2+1, …, then 0+N/4, …), then the tail in order.
fn finish<const N: usize>(mut acc: [f64; N], tail: impl Iterator<Item = f64>) -> f64 {
    let mut w = N;
    while w > 1 {
        w /= 2;
        for i in 0..w {
            acc[i] += acc[i + w];
        }
    }
    tail.fold(acc[0], |a, x| a + x)
}

/// An element type this kernel sums, with its SIMD leaves.
trait Elem: Copy + Into<f64> + Send + Sync {
    /// The leaf sum with the best instructions of `isa`.
    fn leaf(isa: Isa, xs: &[Self]) -> f64;
}

#[derive(Clone, Copy)]
enum Isa {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

fn best_isa() -> Isa {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx512_allowed() {
            return Isa::Avx512;
        }
        if is_x86_feature_detected!("avx2") {
            return Isa::Avx2;
        }
    }
    Isa::Portable
}

impl Elem for f32 {
    fn leaf(isa: Isa, xs: &[f32]) -> f64 {
        match isa {
            // SAFETY: the ISA was detected on this CPU.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::leaf_f32_avx512(xs) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::leaf_f32_avx2(xs) },
            Isa::Portable => leaf_f32_portable(xs),
        }
    }
}

impl Elem for f64 {
    fn leaf(isa: Isa, xs: &[f64]) -> f64 {
        match isa {
            // SAFETY: the ISA was detected on this CPU.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::leaf_f64_avx512(xs) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::leaf_f64_avx2(xs) },
            Isa::Portable => leaf_f64_portable(xs),
        }
    }
}

/// The cascade over leaves; halves of at least `PAR_THRESHOLD` elements run
/// on two threads.
fn cascade<T: Elem>(isa: Isa, xs: &[T]) -> f64 {
    if xs.len() <= LEAF {
        return T::leaf(isa, xs);
    }
    let mid = (xs.len() / 2).div_ceil(LEAF) * LEAF;
    let (a, b) = xs.split_at(mid);
    if xs.len() >= super::PAR_THRESHOLD {
        // Ctrl-C: the caller discards the sum.
        if crate::engine::interrupt::requested() {
            return f64::NAN;
        }
        let (x, y) = rayon::join(|| cascade(isa, a), || cascade(isa, b));
        x + y
    } else {
        cascade(isa, a) + cascade(isa, b)
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
            let xs: &[f32] = bytemuck::try_cast_slice(bytes.get(..n.checked_mul(4)?)?).ok()?;
            Some(cascade(best_isa(), xs))
        }
        DType::Float64 => {
            let xs: &[f64] = bytemuck::try_cast_slice(bytes.get(..n.checked_mul(8)?)?).ok()?;
            Some(cascade(best_isa(), xs))
        }
        _ => None,
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{finish, COLS, LANES, RUN};
    use std::arch::x86_64::*;

    /// One run: the eight rows of 16 added pairwise, columns 0..8 in the
    /// low half, 8..16 in the high half.
    #[target_feature(enable = "avx512f")]
    pub unsafe fn leaf_f32_avx512(xs: &[f32]) -> f64 {
        let (mut lo, mut hi) = (_mm512_setzero_pd(), _mm512_setzero_pd());
        let mut runs = xs.chunks_exact(RUN);
        for r in &mut runs {
            let p = r.as_ptr();
            // SAFETY: r has RUN = 8·16 elements; row k is 16 floats at 16k.
            let v = |k: usize| unsafe { _mm512_loadu_ps(p.add(COLS * k)) };
            let t = _mm512_add_ps(
                _mm512_add_ps(_mm512_add_ps(v(0), v(1)), _mm512_add_ps(v(2), v(3))),
                _mm512_add_ps(_mm512_add_ps(v(4), v(5)), _mm512_add_ps(v(6), v(7))),
            );
            lo = _mm512_add_pd(lo, _mm512_cvtps_pd(_mm512_castps512_ps256(t)));
            hi = _mm512_add_pd(hi, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd::<1>(_mm512_castps_pd(t)))));
        }
        let mut lanes = [0f64; COLS];
        // SAFETY: 8 doubles at 0 and at 8 of a 16-lane array.
        unsafe {
            _mm512_storeu_pd(lanes.as_mut_ptr(), lo);
            _mm512_storeu_pd(lanes.as_mut_ptr().add(8), hi);
        }
        finish(lanes, runs.remainder().iter().map(|&x| x as f64))
    }

    #[target_feature(enable = "avx512f")]
    pub unsafe fn leaf_f64_avx512(xs: &[f64]) -> f64 {
        let mut acc = [_mm512_setzero_pd(); LANES / 8];
        let mut chunks = xs.chunks_exact(LANES);
        for c in &mut chunks {
            let p = c.as_ptr();
            for (k, a) in acc.iter_mut().enumerate() {
                // SAFETY: c has LANES elements; 8 doubles at 8k.
                *a = _mm512_add_pd(*a, unsafe { _mm512_loadu_pd(p.add(8 * k)) });
            }
        }
        let mut lanes = [0f64; LANES];
        for (k, a) in acc.iter().enumerate() {
            // SAFETY: 8 doubles at 8k of a LANES array.
            unsafe { _mm512_storeu_pd(lanes.as_mut_ptr().add(8 * k), *a) };
        }
        finish(lanes, chunks.remainder().iter().copied())
    }

    /// As the AVX-512 leaf, each row of 16 as two halves of 8.
    #[target_feature(enable = "avx2")]
    pub unsafe fn leaf_f32_avx2(xs: &[f32]) -> f64 {
        let mut acc = [_mm256_setzero_pd(); COLS / 4];
        let mut runs = xs.chunks_exact(RUN);
        for r in &mut runs {
            let p = r.as_ptr();
            for half in 0..2 {
                // SAFETY: r has RUN = 8·16 elements; 8 floats at 16k + 8·half.
                let v = |k: usize| unsafe { _mm256_loadu_ps(p.add(COLS * k + 8 * half)) };
                let t = _mm256_add_ps(
                    _mm256_add_ps(_mm256_add_ps(v(0), v(1)), _mm256_add_ps(v(2), v(3))),
                    _mm256_add_ps(_mm256_add_ps(v(4), v(5)), _mm256_add_ps(v(6), v(7))),
                );
                acc[2 * half] = _mm256_add_pd(acc[2 * half], _mm256_cvtps_pd(_mm256_castps256_ps128(t)));
                acc[2 * half + 1] = _mm256_add_pd(acc[2 * half + 1], _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(t)));
            }
        }
        let mut lanes = [0f64; COLS];
        for (k, a) in acc.iter().enumerate() {
            // SAFETY: 4 doubles at 4k of a 16-lane array.
            unsafe { _mm256_storeu_pd(lanes.as_mut_ptr().add(4 * k), *a) };
        }
        finish(lanes, runs.remainder().iter().map(|&x| x as f64))
    }

    #[target_feature(enable = "avx2")]
    pub unsafe fn leaf_f64_avx2(xs: &[f64]) -> f64 {
        let mut acc = [_mm256_setzero_pd(); LANES / 4];
        let mut chunks = xs.chunks_exact(LANES);
        for c in &mut chunks {
            let p = c.as_ptr();
            for (k, a) in acc.iter_mut().enumerate() {
                // SAFETY: c has LANES elements; 4 doubles at 4k.
                *a = _mm256_add_pd(*a, unsafe { _mm256_loadu_pd(p.add(4 * k)) });
            }
        }
        let mut lanes = [0f64; LANES];
        for (k, a) in acc.iter().enumerate() {
            // SAFETY: 4 doubles at 4k of a LANES array.
            unsafe { _mm256_storeu_pd(lanes.as_mut_ptr().add(4 * k), *a) };
        }
        finish(lanes, chunks.remainder().iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn isas() -> Vec<Isa> {
        let mut v = vec![Isa::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("avx2") {
                v.push(Isa::Avx2);
            }
            if is_x86_feature_detected!("avx512f") {
                v.push(Isa::Avx512);
            }
        }
        v
    }

    /// Exact sum of f64 values (as i128 multiples of 2^-60; the test values
    /// are small multiples of powers of two).
    fn exact(xs: impl Iterator<Item = f64>) -> f64 {
        let s: i128 = xs.map(|x| (x * (1u64 << 60) as f64) as i128).sum();
        s as f64 / (1u64 << 60) as f64
    }

    #[test]
    fn sums_large_and_small() {
        let xs: Vec<f32> = (0..100_003).map(|i| (i % 7) as f32).collect();
        let expect: f64 = xs.iter().map(|&x| x as f64).sum();
        assert_eq!(dense_sum(DType::Float32, bytemuck::cast_slice(&xs), xs.len()), Some(expect));
        assert_eq!(dense_sum(DType::Float64, &[], 0), Some(0.0));
        assert_eq!(dense_sum(DType::Int32, &[], 0), None);
        // Too few bytes for n elements.
        assert_eq!(dense_sum(DType::Float32, &[0u8; 8], 3), None);
    }

    #[test]
    fn every_leaf_matches_the_portable_one_bit_for_bit() {
        for n in [0usize, 1, 2, 31, 32, 33, 63, 64, 65, 100, 4095, 4096, 4097, 10_000, 70_001, 200_000] {
            let f: Vec<f32> = (0..n).map(|i| ((i * 7919) % 1000) as f32 * 0.37 - 150.0).collect();
            let d: Vec<f64> = f.iter().map(|&x| x as f64 * 1.000_000_1).collect();
            let (rf, rd) = (cascade(Isa::Portable, &f), cascade(Isa::Portable, &d));
            for isa in isas() {
                assert_eq!(cascade(isa, &f).to_bits(), rf.to_bits(), "f32 n={n}");
                assert_eq!(cascade(isa, &d).to_bits(), rd.to_bits(), "f64 n={n}");
            }
            // Close to the naive f64 sum (the values are well conditioned).
            let naive: f64 = d.iter().sum();
            assert!((rd - naive).abs() <= 1e-9 * naive.abs().max(1.0), "n={n}");
        }
    }

    #[test]
    fn float32_loses_far_less_than_a_running_float32_sum() {
        // 2^24 then 2^16 halves: a float32 running sum drops every 0.5 (it
        // stays 2^24); here only the float32 tree holding 2^24 rounds.
        let mut xs = vec![16_777_216f32];
        xs.extend(std::iter::repeat_n(0.5f32, 1 << 16));
        let exact_sum = exact(xs.iter().map(|&x| x as f64));
        assert_eq!(exact_sum, 16_777_216.0 + 32_768.0);
        assert_eq!(xs.iter().fold(0f32, |a, &x| a + x), 16_777_216.0);
        for isa in isas() {
            assert!((cascade(isa, &xs) - exact_sum).abs() <= 2.0);
        }
    }

    #[test]
    fn float32_error_within_the_documented_bound() {
        // Values with heavy cancellation, exact in float32 (multiples of
        // 1/64), summed exactly with integers.
        for n in [1000usize, 4096 * 3 + 77, (1 << 20) + 123] {
            let xs: Vec<f32> = (0..n).map(|i| ((i * 7919 % 2001) as f32 - 1000.0) / 64.0 * if i % 3 == 0 { 1000.0 } else { 1.0 }).collect();
            let exact_sum = exact(xs.iter().map(|&x| x as f64));
            let abs: f64 = xs.iter().map(|&x| (x as f64).abs()).sum();
            let bound = 3.0 * f32::EPSILON as f64 / 2.0 * abs + 1e-12 * abs;
            for isa in isas() {
                let r = cascade(isa, &xs);
                assert!((r - exact_sum).abs() <= bound, "n={n}: {r} vs {exact_sum} (bound {bound})");
            }
        }
    }

    #[test]
    fn cascade_beats_naive_on_float64() {
        // 1 followed by many tiny values: a naive f64 running sum of 1 + k·ε/4
        // never moves; here only the values that share 1's lane in its leaf
        // (LEAF/LANES of them) are lost, the others add up among themselves.
        let n = 1 << 20;
        let tiny = f64::EPSILON / 4.0;
        let mut xs = vec![1.0f64];
        xs.extend(std::iter::repeat_n(tiny, n));
        let exact_sum = 1.0 + tiny * n as f64;
        let naive: f64 = xs.iter().sum();
        assert_eq!(naive, 1.0);
        for isa in isas() {
            let r = cascade(isa, &xs);
            assert!((r - exact_sum).abs() <= (LEAF / LANES) as f64 * tiny + f64::EPSILON, "{r} vs {exact_sum}");
            assert!((r - exact_sum).abs() < (exact_sum - naive) / 1000.0);
        }
    }

    #[test]
    fn nan_and_inf_propagate() {
        let mut xs = vec![1f32; 10_000];
        xs[5000] = f32::INFINITY;
        assert_eq!(dense_sum(DType::Float32, bytemuck::cast_slice(&xs), xs.len()), Some(f64::INFINITY));
        xs[7000] = f32::NEG_INFINITY;
        assert!(dense_sum(DType::Float32, bytemuck::cast_slice(&xs), xs.len()).unwrap().is_nan());
        let mut ys = vec![1f64; 5000];
        ys[4999] = f64::NAN;
        assert!(dense_sum(DType::Float64, bytemuck::cast_slice(&ys), ys.len()).unwrap().is_nan());
    }
}
