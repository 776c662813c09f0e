//! PyTorch's CPU `sum` of float32/float64, addition for addition
//! (`aten/src/ATen/native/cpu/SumKernel.cpp`, `cascade_sum`), so that a sum
//! prints the bits PyTorch prints (`x.sum().item()` shows all of them):
//!
//! - one row of a reduction (`loop_sum`): with 8 (float32) or 4 (float64)
//!   elements or more, `vectorized_inner_sum`: the row's whole vectors
//!   summed lane-wise by `row_sum` (four interleaved accumulators, each a
//!   `multi_row_sum` of four levels whose chunks grow with the row), then
//!   the elements after the last whole vector added in order to 0, then the
//!   lanes added in order; a shorter row, `scalar_inner_sum`: `row_sum` on
//!   scalars;
//! - a reduction to one value of 32768 elements or more (`full_sum`):
//!   TensorIterator's `two_pass_reduction`: `at::parallel_for` chunks (one
//!   per thread, PyTorch's thread count taken as tsr's), each a row into its
//!   own buffer slot (`0 + sum`), then the slots summed as a short row.
//!
//! Every addition is in the dtype (`acc_type<float, /*is_cuda=*/true>` is
//! float), so the result is PyTorch's on any CPU; the thread count moves
//! the chunk boundaries, as it does in PyTorch.

// `k` runs over the four accumulators of every level at once, as the
// kernel's unrolled loops do.
#![allow(clippy::needless_range_loop)]

/// A float type with `LANES` lanes in PyTorch's `Vectorized` as its sum
/// kernel is built (the AVX2 variant: 8 floats, 4 doubles; measured: the
/// recorded sums below match 8 lanes, not AVX512's 16).
pub trait Lane: Copy + Default + std::ops::Add<Output = Self> + std::ops::Div<Output = Self> + bytemuck::Pod + Send + Sync {
    const LANES: usize;
    /// A count in the type (the divisor of a mean).
    fn count(n: usize) -> Self;
    fn to_f64(self) -> f64;
}

impl Lane for f32 {
    const LANES: usize = 8;
    fn count(n: usize) -> f32 {
        n as f32
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
}

impl Lane for f64 {
    const LANES: usize = 4;
    fn count(n: usize) -> f64 {
        n as f64
    }
    fn to_f64(self) -> f64 {
        self
    }
}

/// `utils::CeilLog2`: ⌈log2 x⌉, and 1 for x ≤ 2.
fn ceil_log2(x: usize) -> usize {
    if x <= 2 {
        return 1;
    }
    (usize::BITS - (x - 1).leading_zeros()) as usize
}

/// `multi_row_sum` with `NROWS` = 4 accumulators per level: `load(i, k)` is
/// row i, column k, for `size` rows; returns the four column sums.
fn multi_row_sum<A: Copy + Default>(size: usize, load: impl Fn(usize, usize) -> A, add: impl Fn(A, A) -> A) -> [A; 4] {
    const LEVELS: usize = 4;
    let level_power = 4.max(ceil_log2(size) / LEVELS);
    let level_step = 1usize << level_power;
    let level_mask = level_step - 1;
    let mut acc = [[A::default(); 4]; LEVELS];
    let mut i = 0;
    while i + level_step <= size {
        for _ in 0..level_step {
            for k in 0..4 {
                acc[0][k] = add(acc[0][k], load(i, k));
            }
            i += 1;
        }
        for j in 1..LEVELS {
            for k in 0..4 {
                acc[j][k] = add(acc[j][k], acc[j - 1][k]);
                acc[j - 1][k] = A::default();
            }
            if i & (level_mask << (j * level_power)) != 0 {
                break;
            }
        }
    }
    while i < size {
        for k in 0..4 {
            acc[0][k] = add(acc[0][k], load(i, k));
        }
        i += 1;
    }
    for j in 1..LEVELS {
        for k in 0..4 {
            acc[0][k] = add(acc[0][k], acc[j][k]);
        }
    }
    acc[0]
}

/// `row_sum`: `size` items (`load(i)`) as a (-1, 4) array summed by
/// column, the last `size % 4` added to column 0, then the columns in order.
fn row_sum<A: Copy + Default>(size: usize, load: impl Fn(usize) -> A, add: impl Fn(A, A) -> A + Copy) -> A {
    let size_ilp = size / 4;
    let mut partial = multi_row_sum(size_ilp, |i, k| load(i * 4 + k), add);
    for i in size_ilp * 4..size {
        partial[0] = add(partial[0], load(i));
    }
    for k in 1..4 {
        partial[0] = add(partial[0], partial[k]);
    }
    partial[0]
}

/// One row of a sum reduction, as PyTorch's inner loop sums it.
pub fn loop_sum<T: Lane>(xs: &[T]) -> T {
    let n = xs.len();
    let l = T::LANES;
    if n < l {
        return row_sum(n, |i| xs[i], |a, b| a + b);
    }
    let vecs = n / l;
    // Vectors as fixed arrays of lanes (T::LANES ≤ 16).
    let add = |a: [T; 16], b: [T; 16]| {
        let mut c = a;
        for (x, y) in c.iter_mut().zip(b) {
            *x = *x + y;
        }
        c
    };
    let load = |v: usize| {
        let mut a = [T::default(); 16];
        a[..l].copy_from_slice(&xs[v * l..(v + 1) * l]);
        a
    };
    let acc = row_sum(vecs, load, add);
    let mut total = T::default();
    for &x in &xs[vecs * l..] {
        total = total + x;
    }
    for &lane in &acc[..l] {
        total = total + lane;
    }
    total
}

/// `sum(0)` of a contiguous `rows × cols` matrix, as PyTorch's
/// `vectorized_outer_sum` sums it when the reduction runs on one thread
/// (fewer than 32768 elements): columns in groups of four vectors each a
/// `multi_row_sum` over the rows (lane-wise), the other columns a
/// `row_sum` over the rows (four interleaved accumulators). With 8 (4)
/// columns or fewer than a vector, `scalar_outer_sum`'s `row_sum` per column.
pub fn outer_sum<T: Lane>(xs: &[T], rows: usize, cols: usize) -> Vec<T> {
    let l = T::LANES;
    let at = |i: usize, j: usize| xs[i * cols + j];
    let mut out = Vec::with_capacity(cols);
    let mut j = 0;
    if cols >= l {
        while j + 4 * l <= cols {
            let mut block = vec![T::default(); 4 * l];
            for lane in 0..l {
                let s = multi_row_sum(rows, |i, k| at(i, j + k * l + lane), |a, b| a + b);
                for k in 0..4 {
                    block[k * l + lane] = s[k];
                }
            }
            out.extend(block);
            j += 4 * l;
        }
    }
    while j < cols {
        out.push(row_sum(rows, |i| at(i, j), |a, b| a + b));
        j += 1;
    }
    out.into_iter().map(|v| T::default() + v).collect()
}

/// A sum reduction of `xs` to one value (the elements in TensorIterator's
/// order: memory order for a dense tensor), on `threads` threads as
/// PyTorch splits it.
pub fn full_sum<T: Lane>(xs: &[T], threads: usize) -> T {
    const GRAIN_SIZE: usize = 32768;
    let n = xs.len();
    if n < GRAIN_SIZE || threads <= 1 {
        return T::default() + loop_sum(xs);
    }
    let t = threads.min(n.div_ceil(GRAIN_SIZE));
    let chunk = n.div_ceil(t);
    let mut slots = vec![T::default(); threads];
    {
        use rayon::prelude::*;
        let parts: Vec<T> = xs.par_chunks(chunk).map(|c| T::default() + loop_sum(c)).collect();
        slots[..parts.len()].copy_from_slice(&parts);
    }
    T::default() + loop_sum(&slots)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums PyTorch 2.15 gives (x.sum().item(), x of n float32 values
    /// (i * 0.37) % 1.7 - 0.6, recorded on 2026-12-03), one row each.
    #[test]
    fn sums_are_pytorchs_bits() {
        let xs = |n: usize| -> Vec<f32> { (0..n).map(|i| ((i as f32 * 0.37) % 1.7) - 0.6).collect() };
        for (n, want) in RECORDED {
            assert_eq!(full_sum(&xs(*n), 2).to_bits(), want.to_bits(), "n = {n}");
        }
    }

    #[test]
    fn double_sums_are_pytorchs_bits() {
        let xs = |n: usize| -> Vec<f64> { (0..n).map(|i| ((i as f64 * 0.37) % 1.7) - 0.6).collect() };
        for (n, want) in RECORDED_F64 {
            assert_eq!(full_sum(&xs(*n), 2).to_bits(), want.to_bits(), "n = {n}");
        }
    }

    const RECORDED_F64: &[(usize, f64)] = &[(1, -0.6), (3, -0.69), (4, -0.18000000000000005), (5, 0.7), (9, 1.1199999999999999), (16, 2.5), (17, 2.7199999999999998), (100, 22.200000000000024), (1000, 246.10000000000244), (4096, 1015.7000000000425), (32767, 8152.470000002723), (32768, 8152.960000002723), (70001, 17415.70000001252), (1000003, 248784.510002535)];

    const RECORDED: &[(usize, f32)] = &[(1, -0.6), (5, 0.6999999), (16, 2.4999998), (17, 2.7199996), (100, 22.199968), (1000, 252.8972), (4096, 1029.253), (32767, 8234.469), (32768, 8234.958), (70001, 17582.148), (1000003, 249997.95)];

    /// `sum(0)` of a 37×29 and a 300×70 float32 matrix of
    /// (i * 0.37) % 1.7 - 0.6, as PyTorch 2.15 gives its first 9 and last 3
    /// columns (recorded 2026-12-03).
    #[test]
    fn column_sums_are_pytorchs_bits() {
        for (rows, cols, want) in OUTER {
            let xs: Vec<f32> = (0..rows * cols).map(|i| ((i as f32 * 0.37) % 1.7) - 0.6).collect();
            let got = outer_sum(&xs, *rows, *cols);
            let picked: Vec<f32> = got[..9].iter().chain(&got[cols - 3..]).copied().collect();
            assert_eq!(picked.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), want.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), "{rows}x{cols}");
        }
    }

    const OUTER: &[(usize, usize, &[f32])] = &[
        (37, 29, &[9.479868, 7.869883, 9.659897, 9.749897, 9.839903, 8.229869, 10.01989, 8.4099045, 10.1998825, 10.119904, 10.2098875, 6.899873]),
        (300, 70, &[74.88629, 80.48367, 72.48053, 62.780067, 83.68184, 73.986534, 65.98317, 88.58015, 78.880196, 87.9805, 78.27988, 68.58157]),
    ];

    #[test]
    fn levels_and_tails_add_every_element_once() {
        for n in [0, 1, 3, 4, 5, 15, 16, 17, 63, 64, 65, 255, 1000, 4097, 70000] {
            let xs: Vec<f64> = (0..n).map(|i| (i % 7) as f64).collect();
            let want: f64 = xs.iter().sum();
            assert_eq!(full_sum(&xs, 2), want, "n = {n}");
            assert_eq!(loop_sum(&xs), want, "n = {n}");
        }
        assert_eq!(ceil_log2(1), 1);
        assert_eq!(ceil_log2(3), 2);
        assert_eq!(ceil_log2(4), 2);
        assert_eq!(ceil_log2(5), 3);
    }
}
