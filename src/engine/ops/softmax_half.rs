//! `softmax`/`log_softmax` of float16 and bfloat16 tensors as PyTorch's
//! CPU kernels for the reduced floating types compute them (the
//! `is_reduced_floating_point` kernels of `SoftMaxKernel.cpp` and
//! `vec::map_reduce_all` of `functional_bfloat16.h`): the values are
//! converted to float and computed in float with `Vectorized<float>`'s 16
//! lanes, vectors of 32 reduced values at a time, and rounded to the dtype
//! where PyTorch stores them:
//!
//! - softmax along the last dim: `exp(x - max)` in float (SLEEF's `expf` in
//!   the vector part, the C library's in the tail of `n % 16`), summed in
//!   lanes then the tail, times `1 / sum`, rounded once;
//! - log_softmax along the last dim: the sum of `exp(x - max)` (SLEEF's,
//!   lanes of 16 over pairs of vectors) rounded to the dtype, its log
//!   (SLEEF's `logf`) rounded again, then `(x - max) - log` rounded;
//! - softmax along another dim: in each of `at::parallel_for`'s chunks, runs
//!   of 32 columns are vector lanes (`exp(x - max) / sum`, rounded once),
//!   the other columns scalar (the C library's exp, each exp rounded to the
//!   dtype, then divided by the float sum and rounded again);
//! - log_softmax along another dim: blocks of `128 KiB / (2 n)` columns (a
//!   multiple of 32), all in float, SLEEF's exp for the columns up to a
//!   multiple of 32 and the C library's for the rest, SLEEF's log, rounded
//!   once.
//!
//! Values come in and go out as floats; `rd` rounds a float to the dtype.

use super::sleef::{expf, logf};

/// Rounds a float to the tensor's dtype (and back to float).
pub type Round = fn(f32) -> f32;

/// Lanes of `Vectorized<float>` (AVX512), and of a reduced vector.
const F: usize = 16;
const B: usize = 32;

/// `vec::maximum`: NaN-propagating (the all-ones NaN), else `a > b ? a : b`.
fn vmax(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() { f32::from_bits(u32::MAX) } else if a > b { a } else { b }
}

/// `std::max(a, b)`: `a < b ? b : a` (a NaN `b` is skipped).
fn smax(a: f32, b: f32) -> f32 {
    if a < b { b } else { a }
}

/// `vaddps a, b`: a NaN `a` keeps its payload.
fn add(a: f32, b: f32) -> f32 {
    a + if a.is_nan() { 0.0 } else { b }
}

/// The 2-argument `vec_reduce_all` for float (AVX512's shuffle tree).
fn tree(mut v: [f32; F], op: fn(f32, f32) -> f32) -> f32 {
    for s in [8, 4, 2, 1] {
        for i in 0..s {
            v[i] = op(v[i], v[i + s]);
        }
    }
    v[0]
}

/// The 3-argument `vec_reduce_all`: lane 0 combined with lanes 1.. in turn.
fn sequential(v: &[f32], op: fn(f32, f32) -> f32) -> f32 {
    v[1..].iter().fold(v[0], |a, &b| op(a, b))
}

/// `vec::reduce_all` / `map_reduce_all` of `functional_bfloat16.h` over
/// `x` with `map` applied to each value (a reduced row read as floats).
fn map_reduce(x: &[f32], map: impl Fn(f32) -> f32, red: fn(f32, f32) -> f32) -> f32 {
    let n = x.len();
    let lanes = |at: usize, count: usize| -> [f32; F] {
        let mut v = [0.0; F];
        for l in 0..count {
            v[l] = map(x[at + l]);
        }
        v
    };
    if n < B {
        let mut d0 = lanes(0, n.min(F));
        if n > F {
            let d1 = lanes(F, n - F);
            for l in 0..n - F {
                d0[l] = red(d0[l], d1[l]);
            }
            return sequential(&d0, red);
        }
        return sequential(&d0[..n], red);
    }
    let (mut a0, mut a1) = (lanes(0, F), lanes(F, F));
    let full = n - n % B;
    for d in (B..full).step_by(B) {
        let (v0, v1) = (lanes(d, F), lanes(d + F, F));
        for l in 0..F {
            a0[l] = red(a0[l], v0[l]);
            a1[l] = red(a1[l], v1[l]);
        }
    }
    let rest = n - full;
    if rest > F {
        let (v0, v1) = (lanes(full, F), lanes(full + F, rest - F));
        for l in 0..F {
            a0[l] = red(a0[l], v0[l]);
        }
        for l in 0..rest - F {
            a1[l] = red(a1[l], v1[l]);
        }
    } else if rest > 0 {
        let v0 = lanes(full, rest);
        for l in 0..rest {
            a0[l] = red(a0[l], v0[l]);
        }
    }
    for l in 0..F {
        a0[l] = red(a0[l], a1[l]);
    }
    tree(a0, red)
}

/// Rows of `n` along the last dim.
pub fn rows(x: &[f32], y: &mut [f32], n: usize, log: bool, rd: Round) {
    if n == 0 {
        return;
    }
    for (x, y) in x.chunks_exact(n).zip(y.chunks_exact_mut(n)) {
        if log {
            let m = map_reduce(x, |v| v, vmax);
            let sum = rd(map_reduce(x, |v| expf(v - m), add));
            let ls = rd(logf(sum));
            for (y, &v) in y.iter_mut().zip(x) {
                *y = rd((v - m) - ls);
            }
            continue;
        }
        // The max: pairs of float vectors, then the tail with std::max.
        let vec_end = n - n % B;
        let mut mv = [f32::NEG_INFINITY; F];
        for b in (0..vec_end).step_by(B) {
            for h in [b, b + F] {
                for l in 0..F {
                    mv[l] = vmax(mv[l], x[h + l]);
                }
            }
        }
        let m = x[vec_end..].iter().fold(tree(mv, vmax), |a, &v| smax(a, v));
        // exp(x - max) into y and its sum: float vectors, then the tail.
        let f_end = n - n % F;
        let mut sv = [0.0f32; F];
        for b in (0..f_end).step_by(F) {
            for l in 0..F {
                let e = expf(x[b + l] - m);
                y[b + l] = e;
                sv[l] = add(sv[l], e);
            }
        }
        let mut sum = tree(sv, add);
        for d in f_end..n {
            let e = (x[d] - m).exp();
            sum += e;
            y[d] = e;
        }
        let inv = 1.0 / sum;
        for v in y.iter_mut() {
            *v = rd(*v * inv);
        }
    }
}

/// softmax along a dim that is not the last: `x` contiguous as (outer, n,
/// inner); `threads` is PyTorch's intra-op thread count (its chunks).
pub fn cols_softmax(x: &[f32], y: &mut [f32], outer: usize, n: usize, inner: usize, threads: usize, rd: Round) {
    let total = outer * inner;
    if total == 0 || n == 0 {
        return;
    }
    let chunks = if total > 1 { threads.max(1) } else { 1 };
    let size = total.div_ceil(chunks).max(1);
    let at = |col: usize, d: usize| (col / inner * n + d) * inner + col % inner;
    for begin in (0..total).step_by(size) {
        let end = total.min(begin + size);
        let mut idx = begin;
        while idx < end {
            let i = idx % inner;
            if i + B <= inner && idx + B <= end {
                let first = at(idx, 0);
                let mut m = [0.0f32; B];
                m.copy_from_slice(&x[first..first + B]);
                for d in 1..n {
                    let r = &x[first + d * inner..][..B];
                    for l in 0..B {
                        m[l] = vmax(m[l], r[l]);
                    }
                }
                let mut s = [0.0f32; B];
                for d in 0..n {
                    let p = first + d * inner;
                    for l in 0..B {
                        let e = expf(x[p + l] - m[l]);
                        y[p + l] = e;
                        s[l] = add(s[l], e);
                    }
                }
                for d in 0..n {
                    let p = first + d * inner;
                    for l in 0..B {
                        y[p + l] = rd(y[p + l] / s[l]);
                    }
                }
                idx += B;
            } else {
                let tail = if idx + B > end { end - idx } else { inner - i };
                for col in idx..idx + tail {
                    let m = (1..n).fold(x[at(col, 0)], |a, d| smax(a, x[at(col, d)]));
                    let mut sum = 0.0f32;
                    for d in 0..n {
                        let e = (x[at(col, d)] - m).exp();
                        sum += e;
                        y[at(col, d)] = rd(e);
                    }
                    for d in 0..n {
                        y[at(col, d)] = rd(y[at(col, d)] / sum);
                    }
                }
                idx += tail;
            }
        }
    }
}

/// log_softmax along a dim that is not the last (`_vec_logsoftmax`'s
/// blocks of columns).
pub fn cols_log_softmax(x: &[f32], y: &mut [f32], outer: usize, n: usize, inner: usize, rd: Round) {
    if n == 0 || inner == 0 {
        return;
    }
    let chunk = ((128 * 1024 / n / 2).max(B)) / B * B;
    for o in 0..outer {
        for b in (0..inner).step_by(chunk) {
            let size = chunk.min(inner - b);
            let vec_end = size - size % B;
            let row = |d: usize| (o * n + d) * inner + b;
            let mut m = vec![f32::NEG_INFINITY; size];
            let mut s = vec![0.0f32; size];
            for d in 0..n {
                for (m, &v) in m.iter_mut().zip(&x[row(d)..row(d) + size]) {
                    *m = if v > *m { v } else { *m };
                }
            }
            for d in 0..n {
                for (c, &v) in x[row(d)..row(d) + size].iter().enumerate() {
                    let e = if c < vec_end { expf(v - m[c]) } else { (v - m[c]).exp() };
                    s[c] = add(s[c], e);
                }
            }
            for v in s.iter_mut() {
                *v = logf(*v);
            }
            for d in 0..n {
                let r = row(d);
                for c in 0..size {
                    y[r + c] = rd(x[r + c] - m[c] - s[c]);
                }
            }
        }
    }
}
