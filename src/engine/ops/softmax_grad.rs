//! The backward of `softmax`/`log_softmax` for float32 and float64, as
//! PyTorch's CPU kernels compute it (`_vec_host_softmax_backward_lastdim`,
//! `_vec_softmax_backward` and `_vec_log_softmax_backward` of
//! `SoftMaxKernel.cpp`, with `vec::map2_reduce_all`/`reduce_all`):
//!
//! - along the last dim, per row: softmax's `sum(g * y)` and log_softmax's
//!   `sum(g)` in lanes of 16 (8) (the first vector as loaded, each further
//!   full vector added in, a partial last vector into its first lanes),
//!   folded by the shuffle tree for float and lane by lane for double (a row
//!   shorter than a vector element by element); then `(g - sum) * y`, or
//!   `g - exp(y) * sum` with SLEEF's exp;
//! - along another dim, per block of `128 KiB / n` columns (a multiple of
//!   16 (8)): the sums down each column, then the same formulas, the
//!   columns past the last multiple of 16 (8) with the C library's exp.
//!
//! GCC contracts the columns' `sum += g * y` and both kernels'
//! `g - exp(y) * sum` into fused multiply-adds (PyTorch's kernels are built
//! with `-ffp-contract=fast`), so these are one rounding each here too; the
//! rows' `map2_reduce_all` rounds each product before adding it (the map
//! and the reduction are separate steps there). Measured: any other choice
//! differs from PyTorch in 12-60 % of the elements.

use super::sleef::expf;
use super::sleef_f64;

macro_rules! grad_kernels {
    ($rows:ident, $cols:ident, $t:ty, $v:expr, $exp:expr, $fold:expr) => {
        /// Rows of `n` along the last dim: `out` from the incoming gradient
        /// `g` and the forward result `y`.
        pub fn $rows(g: &[$t], y: &[$t], out: &mut [$t], n: usize, log: bool) {
            if n == 0 {
                return;
            }
            let exp = $exp;
            for ((g, y), out) in g.chunks_exact(n).zip(y.chunks_exact(n)).zip(out.chunks_exact_mut(n)) {
                let term = |k: usize| if log { g[k] } else { g[k] * y[k] };
                let sum = if n < $v {
                    (1..n).fold(term(0), |a, k| a + term(k))
                } else {
                    let mut acc = [0.0 as $t; $v];
                    for l in 0..$v {
                        acc[l] = term(l);
                    }
                    let full = n - n % $v;
                    for b in ($v..full).step_by($v) {
                        for l in 0..$v {
                            acc[l] += term(b + l);
                        }
                    }
                    for (l, k) in (full..n).enumerate() {
                        acc[l] += term(k);
                    }
                    ($fold)(acc)
                };
                for k in 0..n {
                    out[k] = if log { (-exp(y[k])).mul_add(sum, g[k]) } else { (g[k] - sum) * y[k] };
                }
            }
        }

        /// Along a dim that is not the last: `g`, `y` contiguous as (outer,
        /// n, inner).
        pub fn $cols(g: &[$t], y: &[$t], out: &mut [$t], outer: usize, n: usize, inner: usize, log: bool) {
            if n == 0 || inner == 0 {
                return;
            }
            let exp = $exp;
            let chunk = ((128 * 1024 / n / std::mem::size_of::<$t>()).max($v)) / $v * $v;
            let mut sum = vec![0.0 as $t; chunk];
            for o in 0..outer {
                for b in (0..inner).step_by(chunk) {
                    let size = chunk.min(inner - b);
                    let vec_end = size - size % $v;
                    let row = |d: usize| (o * n + d) * inner + b;
                    sum[..size].fill(0.0);
                    for d in 0..n {
                        let r = row(d);
                        for c in 0..size {
                            sum[c] = if log { sum[c] + g[r + c] } else { g[r + c].mul_add(y[r + c], sum[c]) };
                        }
                    }
                    for d in 0..n {
                        let r = row(d);
                        for c in 0..size {
                            let (gv, yv) = (g[r + c], y[r + c]);
                            out[r + c] = if !log {
                                yv * (gv - sum[c])
                            } else if c < vec_end {
                                (-exp(yv)).mul_add(sum[c], gv)
                            } else {
                                (-yv.exp()).mul_add(sum[c], gv)
                            };
                        }
                    }
                }
            }
        }
    };
}

/// `VecReduceAllSIMD<float>` (the AVX512 shuffle tree), lane 0.
fn tree_f32(mut v: [f32; 16]) -> f32 {
    for s in [8, 4, 2, 1] {
        for i in 0..s {
            v[i] += v[i + s];
        }
    }
    v[0]
}

/// The generic `vec_reduce_all` (double has no SIMD specialisation).
fn fold_f64(v: [f64; 8]) -> f64 {
    v[1..].iter().fold(v[0], |a, &b| a + b)
}

grad_kernels!(rows_f32, cols_f32, f32, 16, expf, tree_f32);
grad_kernels!(rows_f64, cols_f64, f64, 8, sleef_f64::exp, fold_f64);
