//! `var`/`std` and `var_mean`/`std_mean` as ATen's CPU kernels compute
//! them (`ReduceOps.cpp`, `cpu/ReduceOpsKernel.cpp`, `SharedReduceOps.h`):
//!
//! - a full `var`/`std` of float32/float64 (`std_var_all_cpu`, any layout):
//!   the mean as `mean()` computes it (the caller's), then Σ (x − mean)² in
//!   double over TensorIterator's 2-D blocks of the input, each block summed
//!   on its own and added to its thread's sum, the threads' sums added in
//!   order (`parallel_reduce`);
//! - everything else, and `var_mean`/`std_mean` always
//!   (`std_var_kernel_impl`): `binary_kernel_reduce` with `WelfordOps` in
//!   double, each output's elements in the reduction's walk order; a
//!   reduction to one value of 32768 elements or more is split into one
//!   range per thread, the ranges' states combined in order (Chan's
//!   formula, `WelfordOps::combine`).

use super::reduce_iter::{chunks, for_each_block, for_each_element, Walk, GRAIN_SIZE};

/// `WelfordData<double, int64_t>`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Welford {
    mean: f64,
    m2: f64,
    nf: f64,
}

impl Welford {
    /// `WelfordOps::reduce`.
    #[inline(always)]
    fn push(self, x: f64, n: &mut i64) -> Welford {
        *n += 1;
        let nf = *n as f64;
        let delta = x - self.mean;
        let mean = self.mean + delta / nf;
        Welford { mean, m2: self.m2 + delta * (x - mean), nf }
    }

    /// `WelfordOps::combine`.
    fn combine(self, b: Welford) -> Welford {
        if self.nf == 0.0 {
            return b;
        }
        if b.nf == 0.0 {
            return self;
        }
        let delta = b.mean - self.mean;
        let count = self.nf + b.nf;
        let nb_over_n = b.nf / count;
        Welford { mean: self.mean + delta * nb_over_n, m2: self.m2 + b.m2 + delta * delta * self.nf * nb_over_n, nf: count }
    }

    /// `WelfordOps::project`: (the variance, or its square root; the mean),
    /// both in double (the caller rounds them to the dtype).
    pub fn project(self, correction: f64, sqrt: bool) -> (f64, f64) {
        let divisor = if self.nf > correction { self.nf - correction } else { 0.0 };
        let var = self.m2 / divisor;
        (if sqrt { var.sqrt() } else { var }, self.mean)
    }
}

/// The Welford states of `xs` seen as a tensor of `shape`/`stride` from
/// element `offset`, over the dims marked in `reduced`, on `threads`
/// threads; the outputs in row-major order of the kept dims. The input must
/// have elements, all in `xs`.
pub fn welford_dims<T: Copy + Into<f64> + Send + Sync>(xs: &[T], shape: &[usize], stride: &[usize], offset: usize, reduced: &[bool], threads: usize) -> Vec<Welford> {
    let walk = Walk::new(shape, stride, reduced);
    let out_numel: usize = (0..shape.len()).filter(|&d| !reduced[d]).map(|d| shape[d]).product();
    let numel = walk.numel();
    if out_numel == 1 && numel >= GRAIN_SIZE && threads > 1 {
        let parts = chunks(numel, GRAIN_SIZE, threads);
        let slots: Vec<Welford> = {
            use rayon::prelude::*;
            parts.par_iter().map(|&range| {
                let (mut acc, mut n) = (Welford::default(), 0i64);
                for_each_element(&walk, offset, range, |_, i| acc = acc.push(xs[i].into(), &mut n));
                acc
            }).collect()
        };
        // One slot per thread, the unused ones empty.
        let total = (0..threads).fold(Welford::default(), |t, k| t.combine(slots.get(k).copied().unwrap_or_default()));
        return vec![total];
    }
    let mut out = vec![(Welford::default(), 0i64); out_numel];
    for_each_element(&walk, offset, (0, numel), |o, i| {
        let (acc, n) = &mut out[o];
        *acc = acc.push(xs[i].into(), n);
    });
    out.into_iter().map(|(w, _)| w).collect()
}

/// Σ (x − mean)² of every element of `xs` seen as a tensor of
/// `shape`/`stride` from element `offset`, as `std_var_all_cpu` adds them
/// on `threads` threads. The input must have elements, all in `xs`.
pub fn squared_deviations<T: Copy + Into<f64> + Send + Sync>(xs: &[T], shape: &[usize], stride: &[usize], offset: usize, mean: f64, threads: usize) -> f64 {
    let walk = Walk::new(shape, stride, &vec![true; shape.len()]);
    let numel = walk.numel();
    let body = |range: (usize, usize)| -> f64 {
        let mut thread_sum = 0.0;
        for_each_block(&walk, offset, 0, range, |b| {
            let mut local = 0.0;
            for j in 0..b.size1 {
                let row = b.in_base + j * b.in_strides[1];
                for i in 0..b.size0 {
                    let dx = xs[row + i * b.in_strides[0]].into() - mean;
                    local += dx * dx;
                }
            }
            thread_sum += local;
        });
        thread_sum
    };
    if numel <= GRAIN_SIZE || threads <= 1 {
        return body((0, numel));
    }
    let sums: Vec<f64> = {
        use rayon::prelude::*;
        chunks(numel, GRAIN_SIZE, threads).into_par_iter().map(body).collect()
    };
    sums.into_iter().fold(0.0, |a, b| a + b)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The states combine to the one-pass state's count and, within
    /// rounding, its mean and M2; and the walk visits each element once.
    #[test]
    fn welford_matches_a_two_pass_variance() {
        let xs: Vec<f64> = (0..70_001).map(|i| ((i * 37) % 101) as f64 * 0.25 - 7.0).collect();
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        let m2: f64 = xs.iter().map(|x| (x - mean) * (x - mean)).sum();
        for threads in [1, 2, 3] {
            let w = welford_dims(&xs, &[xs.len()], &[1], 0, &[true], threads)[0];
            assert_eq!(w.nf, xs.len() as f64);
            assert!((w.mean - mean).abs() < 1e-9 && (w.m2 - m2).abs() / m2 < 1e-12, "threads {threads}: {w:?}");
        }
        // Columns of a 3x4 (reduced over dim 0), outputs in order.
        let ys: Vec<f64> = (0..12).map(|i| (i * i) as f64).collect();
        let cols = welford_dims(&ys, &[3, 4], &[4, 1], 0, &[true, false], 2);
        for (c, w) in cols.iter().enumerate() {
            let v: Vec<f64> = (0..3).map(|r| ys[r * 4 + c]).collect();
            let m = v.iter().sum::<f64>() / 3.0;
            assert!((w.mean - m).abs() < 1e-12 && w.nf == 3.0, "column {c}");
        }
    }

    /// Block sums: a strided 2-D input is one block per range, a dense one
    /// a single run; both add every element once.
    #[test]
    fn squared_deviations_add_every_element_once() {
        let xs: Vec<f32> = (0..600).map(|i| (i % 9) as f32).collect();
        let strided = squared_deviations(&xs, &[10, 30], &[60, 1], 0, 4.0, 2);
        let want: f64 = (0..10).flat_map(|r| (0..30).map(move |c| r * 60 + c)).map(|i| (f64::from(xs[i]) - 4.0).powi(2)).sum();
        assert_eq!(strided, want);
    }
}
