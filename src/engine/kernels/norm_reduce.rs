//! `linalg_vector_norm`'s CPU kernel as ATen computes it
//! (`norm_kernel_tensor_iterator_impl` in `cpu/ReduceOpsKernel.cpp`, the
//! norm ops of `SharedReduceOps.h`), so that `x.norm(...)` prints
//! PyTorch's bits:
//!
//! - the 2-norm over one contiguous reduced dim (after TensorIterator's
//!   reordering and coalescing) of float32, float64 or bfloat16:
//!   `binary_kernel_reduce_lastdim`'s vectorised row loop. Lane
//!   accumulators (8 float lanes, 4 double lanes) take plain products and
//!   sums over the row's whole vectors (16 bfloat16 values, two float
//!   halves, to a vector), the lanes are added in order, then the tail: for
//!   float32 a run of 4 plain products added in order where 4 or more are
//!   left (the compiled tail loop's vector step), the rest one fused
//!   multiply-add each;
//! - everything else: `binary_kernel_reduce` with the order's `reduce`,
//!   each output's elements in TensorIterator's walk order into one
//!   accumulator (float for float16/bfloat16/float32, double for float64).
//!   A reduction to one value of 32768 elements or more is split into one
//!   range per thread (`at::parallel_for`), the ranges' accumulators
//!   combined in order.
//!
//! A `p` other than 0, 1, 2 and ±inf raises each `|x|` to `p` with libm's
//! `pow` in the accumulator's type (`powf` for float, as ATen's
//! `compat_pow` calls it), and the sum to `1/p` the same way; ±inf take the largest
//! or smallest `|x|`, NaN winning (`max_impl`/`min_impl`: a quiet NaN).
//! (Measured against PyTorch 2.15 on this machine: these rules give its
//! bits for every row and layout tried; see oracle case 489.)

use super::reduce_iter::{chunks, for_each_element, Walk, GRAIN_SIZE};

/// The norm's order as ATen's kernel tells them apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ord {
    Zero,
    One,
    Two,
    Inf,
    NegInf,
    P(f64),
}

impl Ord {
    pub fn of(p: f64) -> Ord {
        match p {
            0.0 => Ord::Zero,
            1.0 => Ord::One,
            2.0 => Ord::Two,
            f64::INFINITY => Ord::Inf,
            f64::NEG_INFINITY => Ord::NegInf,
            p => Ord::P(p),
        }
    }
}

/// The accumulator types (`acc_t`): float and double.
pub trait Acc: Copy + Send + Sync + PartialOrd + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self> {
    const ZERO: Self;
    const ONE: Self;
    const INF: Self;
    const NAN: Self;
    /// The vector loop's lanes and the tail's plain run.
    const LANES: usize;
    const TAIL_RUN: usize;
    fn from_f64(v: f64) -> Self;
    fn to_f64(self) -> f64;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn is_nan(self) -> bool;
    fn fma(self, b: Self, c: Self) -> Self;
    /// C's `pow` in the type (`powf` for float: ATen's `compat_pow`).
    fn pow(self, y: Self) -> Self;
}

macro_rules! acc {
    ($t:ty, $lanes:literal, $run:literal) => {
        impl Acc for $t {
            const ZERO: $t = 0.0;
            const ONE: $t = 1.0;
            const INF: $t = <$t>::INFINITY;
            const NAN: $t = <$t>::NAN;
            const LANES: usize = $lanes;
            const TAIL_RUN: usize = $run;
            fn from_f64(v: f64) -> $t {
                v as $t
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn abs(self) -> $t {
                <$t>::abs(self)
            }
            fn sqrt(self) -> $t {
                <$t>::sqrt(self)
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn fma(self, b: $t, c: $t) -> $t {
                self.mul_add(b, c)
            }
            fn pow(self, y: $t) -> $t {
                self.powf(y)
            }
        }
    };
}
acc!(f32, 8, 4);
acc!(f64, 4, 0);

/// One norm order's `reduce`/`combine`/`project` (`NormOps`, `NormZeroOps`,
/// `NormOneOps`, `NormTwoOps`, `AbsMaxOps`, `AbsMinOps`).
#[derive(Clone, Copy)]
struct Ops<A> {
    ord: Ord,
    /// `acc_t(p)` for `NormOps`.
    p: A,
}

impl<A: Acc> Ops<A> {
    fn init(&self) -> A {
        if self.ord == Ord::NegInf { A::INF } else { A::ZERO }
    }

    #[inline(always)]
    fn reduce(&self, acc: A, x: A) -> A {
        match self.ord {
            Ord::Zero => acc + if x == A::ZERO { A::ZERO } else { A::ONE },
            Ord::One => acc + x.abs(),
            Ord::Two => acc + x * x,
            Ord::Inf => max_impl(acc, x.abs()),
            Ord::NegInf => min_impl(acc, x.abs()),
            Ord::P(_) => acc + x.abs().pow(self.p),
        }
    }

    fn combine(&self, a: A, b: A) -> A {
        match self.ord {
            Ord::Inf => max_impl(a, b),
            Ord::NegInf => min_impl(a, b),
            _ => a + b,
        }
    }

    fn project(&self, a: A) -> A {
        match self.ord {
            Ord::Two => a.sqrt(),
            Ord::P(_) => {
                // `acc_t(1.0) / norm_`, in the accumulator (a float64
                // quotient rounded once is the float quotient).
                a.pow(A::from_f64(1.0 / self.p.to_f64()))
            }
            _ => a,
        }
    }
}

/// `max_impl`: a quiet NaN when either is NaN.
fn max_impl<A: Acc>(a: A, b: A) -> A {
    if a.is_nan() || b.is_nan() {
        A::NAN
    } else if b > a {
        b
    } else {
        a
    }
}

/// `min_impl`: a quiet NaN when either is NaN.
fn min_impl<A: Acc>(a: A, b: A) -> A {
    if a.is_nan() || b.is_nan() {
        A::NAN
    } else if b < a {
        b
    } else {
        a
    }
}

/// The norms of `xs` (already in the accumulator type) seen as a tensor of
/// `shape`/`stride` from element `offset`, over the dims marked in
/// `reduced`, as ATen's kernel computes them on `threads` threads; the
/// outputs in row-major order of the kept dims, in the accumulator type
/// (callers round them to a 16-bit dtype). `vector` is the dtype's
/// elements per vector on the 2-norm's row path (`LANES` for float32 and
/// float64, 16 for bfloat16), or None where the dtype has no such path
/// (float16). Every element the layout reaches must be in `xs`; the input
/// must have elements.
#[allow(clippy::too_many_arguments)]
pub fn norms<A: Acc>(xs: &[A], shape: &[usize], stride: &[usize], offset: usize, reduced: &[bool], p: f64, vector: Option<usize>, threads: usize) -> Vec<A> {
    let ord = Ord::of(p);
    let ops = Ops { ord, p: A::from_f64(p) };
    let walk = Walk::new(shape, stride, reduced);
    let out_numel: usize = (0..shape.len()).filter(|&d| !reduced[d]).map(|d| shape[d]).product();
    let reduce_dims = walk.out.iter().filter(|&&s| s == 0).count();
    if let Some(vector) = vector
        && ord == Ord::Two
        && reduce_dims == 1
        && walk.is_dim_reduced(0)
        && walk.inp[0] == 1
    {
        return lastdim_rows(xs, &walk, offset, out_numel, vector);
    }
    let numel = walk.numel();
    let mut out = vec![ops.init(); out_numel];
    if out_numel == 1 && numel >= GRAIN_SIZE && threads > 1 {
        let parts = chunks(numel, GRAIN_SIZE, threads);
        let slots: Vec<A> = {
            use rayon::prelude::*;
            parts.par_iter().map(|&(b, e)| {
                let mut slot = [ops.init()];
                for_each_element(&walk, offset, (b, e), |o, i| slot[o] = ops.reduce(slot[o], xs[i]));
                slot[0]
            }).collect()
        };
        // The buffer has a slot per thread; the unused ones hold `init`.
        let mut total = ops.init();
        for t in 0..threads {
            total = ops.combine(total, slots.get(t).copied().unwrap_or_else(|| ops.init()));
        }
        out[0] = total;
    } else {
        for_each_element(&walk, offset, (0, numel), |o, i| out[o] = ops.reduce(out[o], xs[i]));
    }
    out.into_iter().map(|a| ops.project(a)).collect()
}

/// `binary_kernel_reduce_lastdim` with the 2-norm's row loop: one row per
/// output (walk dim 0, contiguous), rows over rayon (each row's bits are
/// its own).
fn lastdim_rows<A: Acc>(xs: &[A], walk: &Walk, offset: usize, out_numel: usize, vector: usize) -> Vec<A> {
    let n = walk.shape[0];
    let outer = Walk { shape: walk.shape[1..].to_vec(), out: walk.out[1..].to_vec(), inp: walk.inp[1..].to_vec() };
    let mut starts = vec![(0usize, 0usize); out_numel];
    let mut k = 0;
    for_each_element(&outer, offset, (0, outer.numel()), |o, i| {
        starts[k] = (o, i);
        k += 1;
    });
    let rows: Vec<(usize, A)> = {
        use rayon::prelude::*;
        starts.par_iter().map(|&(o, i)| (o, norm_two_row(&xs[i..i + n], vector))).collect()
    };
    let mut out = vec![A::ZERO; out_numel];
    for (o, v) in rows {
        out[o] = v;
    }
    out
}

/// The vectorised 2-norm of one contiguous row.
fn norm_two_row<A: Acc>(row: &[A], vector: usize) -> A {
    let n = row.len();
    let main = n - n % vector;
    let mut lanes = [A::ZERO; 8];
    let lanes = &mut lanes[..A::LANES];
    for chunk in row[..main].chunks_exact(A::LANES) {
        for (l, &x) in lanes.iter_mut().zip(chunk) {
            *l = *l + x * x;
        }
    }
    let mut acc = lanes[0];
    for &l in &lanes[1..] {
        acc = acc + l;
    }
    let mut d = main;
    if A::TAIL_RUN > 0 && n - d >= A::TAIL_RUN {
        for &x in &row[d..d + A::TAIL_RUN] {
            acc = acc + x * x;
        }
        d += A::TAIL_RUN;
    }
    for &x in &row[d..] {
        acc = x.fma(x, acc);
    }
    acc.sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row loop against the rule written out: lanes, then the tail.
    #[test]
    fn row_tail_is_a_plain_run_of_four_then_fmas() {
        // 8 + 6: the lanes hold x0..x7 squared, the tail adds x8..x11
        // plain and x12, x13 fused.
        let row: Vec<f32> = (0..14).map(|i| 1.0 + (i as f32) * 0.123_456_7).collect();
        let mut acc = 0f32;
        for &x in &row[..8] {
            acc += x * x;
        }
        for &x in &row[8..12] {
            acc += x * x;
        }
        for &x in &row[12..] {
            acc = x.mul_add(x, acc);
        }
        assert_eq!(norm_two_row(&row, 8).to_bits(), acc.sqrt().to_bits());
    }

    /// Values recorded from PyTorch 2.15 (`torch.linalg.vector_norm`,
    /// float32, 2026-12-05): rows where a sequential or a float64 sum of
    /// squares gives another float.
    #[test]
    fn recorded_float32_norms() {
        // x = [-0.022612666711211205, -0.0448727011680603,
        // -0.04642244055867195, -11.496191024780273, -0.7499510049819946]:
        // PyTorch 11.520830154418945 (a float64 sum gives 11.520829...).
        #[allow(clippy::excessive_precision)]
        let x: [f32; 5] = [-0.022612666711211205, -0.0448727011680603, -0.04642244055867195, -11.496191024780273, -0.7499510049819946];
        let got = norms(&x, &[5], &[1], 0, &[true], 2.0, Some(8), 2)[0];
        #[allow(clippy::excessive_precision)]
        let want = 11.520830154418945_f32;
        assert_eq!(got.to_bits(), want.to_bits());
    }

    #[test]
    fn every_order_visits_each_element_once() {
        let xs: Vec<f64> = (0..60).map(|i| (i % 7) as f64 - 3.0).collect();
        // 1-norm of a transposed 6x10 over dim 1 against a plain loop.
        let got = norms(&xs, &[6, 10], &[1, 6], 0, &[false, true], 1.0, Some(4), 2);
        let want: Vec<f64> = (0..6).map(|r| (0..10).map(|c| xs[r + 6 * c].abs()).sum()).collect();
        assert_eq!(got, want);
        let inf = norms(&xs, &[6, 10], &[1, 6], 0, &[true, true], f64::NEG_INFINITY, Some(4), 2);
        assert_eq!(inf, vec![0.0]);
    }
}
