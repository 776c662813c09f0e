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
//! - the accumulators the other loops use (`multi_row_sum`, `row_sum`);
//!   `reduce_iter.rs` walks a reduction's blocks through them as
//!   TensorIterator does.
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
    /// One `Vectorized<Self>`: `LANES` values added lane by lane.
    type Vector: Copy + Default + Send;
    /// The vector of `xs[..LANES]`.
    fn load(xs: &[Self]) -> Self::Vector;
    fn add_lanes(a: Self::Vector, b: Self::Vector) -> Self::Vector;
    fn lanes(v: &Self::Vector) -> &[Self];
    /// A count in the type (the divisor of a mean).
    fn count(n: usize) -> Self;
    fn to_f64(self) -> f64;
}

/// `Lane` for a float type with `$lanes` lanes.
macro_rules! lane {
    ($t:ty, $lanes:literal) => {
        impl Lane for $t {
            const LANES: usize = $lanes;
            type Vector = [$t; $lanes];
            #[inline(always)]
            fn load(xs: &[$t]) -> [$t; $lanes] {
                // Callers pass at least a whole vector (their loops stop
                // before the tail).
                let mut v = [0.0; $lanes];
                v.copy_from_slice(&xs[..$lanes]);
                v
            }
            #[inline(always)]
            fn add_lanes(mut a: [$t; $lanes], b: [$t; $lanes]) -> [$t; $lanes] {
                for q in 0..$lanes {
                    a[q] += b[q];
                }
                a
            }
            fn lanes(v: &[$t; $lanes]) -> &[$t] {
                v
            }
            fn count(n: usize) -> $t {
                n as $t
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    };
}

lane!(f32, 8);
lane!(f64, 4);

/// `utils::CeilLog2`: ⌈log2 x⌉, and 1 for x ≤ 2.
fn ceil_log2(x: usize) -> usize {
    if x <= 2 {
        return 1;
    }
    (usize::BITS - (x - 1).leading_zeros()) as usize
}

/// `multi_row_sum` with `NROWS` = 4 accumulators per level: `load(i, k)` is
/// row i, column k, for `size` rows; returns the four column sums.
#[inline(always)]
pub(super) fn multi_row_sum<A: Copy + Default>(size: usize, load: impl Fn(usize, usize) -> A, add: impl Fn(A, A) -> A) -> [A; 4] {
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
#[inline(always)]
pub(super) fn row_sum<A: Copy + Default>(size: usize, load: impl Fn(usize) -> A, add: impl Fn(A, A) -> A + Copy) -> A {
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
    let acc = row_sum(vecs, |v| T::load(&xs[v * l..]), T::add_lanes);
    let mut total = T::default();
    for &x in &xs[vecs * l..] {
        total = total + x;
    }
    for &lane in T::lanes(&acc) {
        total = total + lane;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_tails_add_every_element_once() {
        for n in [0, 1, 3, 4, 5, 15, 16, 17, 63, 64, 65, 255, 1000, 4097, 70000] {
            let xs: Vec<f64> = (0..n).map(|i| (i % 7) as f64).collect();
            let want: f64 = xs.iter().sum();
            assert_eq!(loop_sum(&xs), want, "n = {n}");
            assert_eq!(row_sum(n, |i| xs[i], |a, b| a + b), want, "n = {n}");
        }
        assert_eq!(ceil_log2(1), 1);
        assert_eq!(ceil_log2(3), 2);
        assert_eq!(ceil_log2(4), 2);
        assert_eq!(ceil_log2(5), 3);
    }
}
