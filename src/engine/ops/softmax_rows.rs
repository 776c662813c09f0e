//! `softmax`/`log_softmax` of dense rows (a contiguous float32/float64
//! tensor along its last dim) computed as PyTorch's CPU kernels compute
//! them, `_vec_softmax_lastdim` and `_vec_log_softmax_lastdim` of
//! `aten/src/ATen/native/cpu/SoftMaxKernel.cpp` built for AVX512, with
//! `vec::reduce_all`/`vec::map_reduce_all` of
//! `aten/src/ATen/cpu/vec/functional_base.h`:
//!
//! - the row's max and the sum of its exps are accumulated lane-wise over
//!   vectors of 16 floats (8 doubles): the first vector as loaded, each
//!   further full vector combined into it, a partial last vector into its
//!   first lanes only; then folded horizontally, for float by the AVX512
//!   shuffle tree (lane i with i^8, then i^4, i^2, i^1), for double lane by
//!   lane (((v0 op v1) op v2) …); a row shorter than one vector is folded
//!   element by element;
//! - the max is `vec::maximum` (NaN-propagating: any NaN gives the all-ones
//!   NaN, else `vmaxps`'s `a > b ? a : b`);
//! - softmax: `exp(x - max)`, times `1 / sum`; log_softmax:
//!   `(x - max) - log(sum)`;
//! - exp and log are SLEEF's `Sleef_expf16_u10`/`Sleef_logf16_u10` for float
//!   (`sleef.rs`) and `Sleef_expd8_u10`/`Sleef_logd8_u10` for double
//!   (`sleef_f64.rs`);
//! - NaN payloads follow the operand order GCC gave PyTorch's `vaddps`/
//!   `vmulps` (measured: which NaN of a row survives), so even NaN rows
//!   agree bit for bit.
//!
//! Along a dim that is not the last, `cols_*`/`log_cols_*` follow
//! `_vec_softmax`/`_vec_logsoftmax` of the same file, column by column.
//!
//! The row kernels are compiled for AVX512F, for AVX2+FMA and for the baseline
//! target, chosen at run time; all give the same bits (a fused
//! multiply-add is exact either way, only slower without the instruction).

use super::sleef::{expf, logf};
use super::sleef_f64;

/// The lanes of PyTorch's `Vectorized<float>` under AVX512.
const VF: usize = 16;
/// The lanes of `Vectorized<double>` under AVX512.
const VD: usize = 8;

/// `vec::maximum` for float: the all-ones NaN if either is NaN, else
/// `vmaxps(a, b)` (`b` when equal).
#[inline(always)]
fn max_f32(a: f32, b: f32) -> f32 {
    let m = if a > b { a } else { b };
    if a.is_nan() || b.is_nan() { f32::from_bits(u32::MAX) } else { m }
}

#[inline(always)]
fn max_f64(a: f64, b: f64) -> f64 {
    let m = if a > b { a } else { b };
    if a.is_nan() || b.is_nan() { f64::from_bits(u64::MAX) } else { m }
}

/// `VecReduceAllSIMD<float>` for AVX512: the shuffle tree, lane 0. `swap`
/// says, step by step, whether the shuffled vector is the first operand
/// (as GCC ordered the sum's `vaddps`; it decides which NaN's payload wins).
/// Only the lanes lane 0 depends on are computed: at the step that pairs
/// lane i with i ^ s, lanes i < s (whose partner is i + s).
#[inline(always)]
fn tree_f32(mut v: [f32; VF], op: impl Fn(f32, f32) -> f32, swap: [bool; 4]) -> f32 {
    for (s, sw) in [8, 4, 2, 1].into_iter().zip(swap) {
        for i in 0..s {
            v[i] = if sw { op(v[i + s], v[i]) } else { op(v[i], v[i + s]) };
        }
    }
    v[0]
}

#[inline(always)]
fn max_tree_f32(v: [f32; VF], op: impl Fn(f32, f32) -> f32) -> f32 {
    tree_f32(v, op, [false; 4])
}

#[inline(always)]
fn sum_tree_f32(v: [f32; VF], op: impl Fn(f32, f32) -> f32) -> f32 {
    tree_f32(v, op, [true, false, true, true])
}

/// The generic `vec_reduce_all` (double has no SIMD specialisation): lane
/// 0 combined with lanes 1, 2, … in turn.
#[inline(always)]
fn fold_f64(v: [f64; VD], op: impl Fn(f64, f64) -> f64) -> f64 {
    v[1..].iter().fold(v[0], |a, &b| op(a, b))
}

/// `a + b` as `vaddps a, b` computes it: when both are NaN the result is
/// `a`'s NaN (quieted). Rust's `+` leaves LLVM free to swap the operands,
/// so the second one is replaced by 0 when the first is NaN.
#[inline(always)]
fn add_f32(a: f32, b: f32) -> f32 {
    a + if a.is_nan() { 0.0 } else { b }
}

#[inline(always)]
fn add_f64(a: f64, b: f64) -> f64 {
    a + if a.is_nan() { 0.0 } else { b }
}

macro_rules! row_kernel {
    ($row:ident, $max_of:ident, $t:ty, $v:expr, $max:ident, $add:ident, $max_reduce:ident, $sum_reduce:ident, $tail_inv_first:expr, $exp:expr, $log:expr) => {
        /// `vec::reduce_all(maximum, x)`.
        #[inline(always)]
        fn $max_of(x: &[$t]) -> $t {
            let n = x.len();
            if n < $v {
                return x[1..].iter().fold(x[0], |a, &b| $max(a, b));
            }
            let mut acc: [$t; $v] = x[..$v].try_into().unwrap();
            let mut chunks = x[$v..].chunks_exact($v);
            for c in &mut chunks {
                let c: &[$t; $v] = c.try_into().unwrap();
                for (a, &b) in acc.iter_mut().zip(c) {
                    *a = $max(*a, b);
                }
            }
            for (a, &b) in acc.iter_mut().zip(chunks.remainder()) {
                *a = $max(*a, b);
            }
            $max_reduce(acc, $max)
        }

        /// One row: `y = softmax(x)` (`log_softmax` when `log`).
        #[inline(always)]
        fn $row(x: &[$t], y: &mut [$t], log: bool) {
            let n = x.len();
            let m = $max_of(x);
            let exp = $exp;
            // exp(x - max), stored for softmax, and its sum.
            let sum = if n < $v {
                let mut s: $t = 0.0;
                for (k, (&xv, yv)) in x.iter().zip(y.iter_mut()).enumerate() {
                    let e = exp(xv - m);
                    if !log {
                        *yv = e;
                    }
                    s = if k == 0 { e } else { $add(s, e) };
                }
                s
            } else {
                let mut acc = [0.0 as $t; $v];
                let mut xs = x.chunks_exact($v);
                let mut ys = y.chunks_exact_mut($v);
                for (k, (xc, yc)) in (&mut xs).zip(&mut ys).enumerate() {
                    let xc: &[$t; $v] = xc.try_into().unwrap();
                    let mut e = [0.0 as $t; $v];
                    for (ev, &xv) in e.iter_mut().zip(xc) {
                        *ev = exp(xv - m);
                    }
                    if !log {
                        yc.copy_from_slice(&e);
                    }
                    if k == 0 {
                        acc = e;
                    } else {
                        for (a, &b) in acc.iter_mut().zip(&e) {
                            *a = $add(*a, b);
                        }
                    }
                }
                for ((a, &xv), yv) in acc.iter_mut().zip(xs.remainder()).zip(ys.into_remainder()) {
                    let e = exp(xv - m);
                    if !log {
                        *yv = e;
                    }
                    // The partial vector's sum has the new exps first.
                    *a = $add(e, *a);
                }
                $sum_reduce(acc, $add)
            };
            if log {
                let ls = ($log)(sum);
                for (yv, &xv) in y.iter_mut().zip(x) {
                    *yv = xv - m - ls;
                }
            } else {
                // `x * Vec(sum)` as GCC compiled it: the broadcast is the
                // first operand (a NaN row takes the sum's NaN), except in
                // double's partial last vector, where each NaN keeps its own.
                let inv = 1.0 / sum;
                let full = if $tail_inv_first { n } else { n - n % $v };
                let (body, tail) = y.split_at_mut(full);
                if inv.is_nan() {
                    body.fill(inv);
                } else {
                    for yv in body.iter_mut() {
                        *yv *= inv;
                    }
                }
                for yv in tail.iter_mut() {
                    *yv *= if yv.is_nan() { 1.0 } else { inv };
                }
            }
        }
    };
}

row_kernel!(row_f32, max_row_f32, f32, VF, max_f32, add_f32, max_tree_f32, sum_tree_f32, true, expf, logf);
row_kernel!(row_f64, max_row_f64, f64, VD, max_f64, add_f64, fold_f64, fold_f64, false, sleef_f64::exp, sleef_f64::log);

macro_rules! block_fns {
    ($name:ident, $row:ident, $t:ty, $($feat:literal)?) => {
        /// Rows of `n` elements of `x` into `y`.
        $(#[target_feature(enable = $feat)])?
        unsafe fn $name(x: &[$t], y: &mut [$t], n: usize, log: bool) {
            for (xs, ys) in x.chunks_exact(n).zip(y.chunks_exact_mut(n)) {
                $row(xs, ys, log);
            }
        }
    };
}

block_fns!(block_f32, row_f32, f32,);
block_fns!(block_f64, row_f64, f64,);
#[cfg(target_arch = "x86_64")]
block_fns!(block_f32_avx512, row_f32, f32, "avx512f,fma");
#[cfg(target_arch = "x86_64")]
block_fns!(block_f32_avx2, row_f32, f32, "avx2,fma");
#[cfg(target_arch = "x86_64")]
block_fns!(block_f64_avx2, row_f64, f64, "avx2,fma");
#[cfg(target_arch = "x86_64")]
block_fns!(block_f64_avx512, row_f64, f64, "avx512f,fma");

/// A block of rows: input, output, row length, log.
type Kernel<T> = unsafe fn(&[T], &mut [T], usize, bool);

/// Rows per rayon task: about 16K elements.
fn rows_per_task(n: usize) -> usize {
    (16384 / n.max(1)).max(1)
}

/// `softmax` (`log_softmax` when `log`) of each row of `n` floats of `x`
/// into `y`, rows over rayon's threads.
pub fn rows_f32(x: &[f32], y: &mut [f32], n: usize, log: bool) {
    use rayon::prelude::*;
    let f = pick_f32();
    let step = rows_per_task(n) * n;
    x.par_chunks(step).zip(y.par_chunks_mut(step)).for_each(|(xs, ys)| {
        // SAFETY: `pick_f32` chose a function whose target features the CPU has.
        unsafe { f(xs, ys, n, log) }
    });
}

/// The same for float64.
pub fn rows_f64(x: &[f64], y: &mut [f64], n: usize, log: bool) {
    use rayon::prelude::*;
    let f = pick_f64();
    let step = rows_per_task(n) * n;
    x.par_chunks(step).zip(y.par_chunks_mut(step)).for_each(|(xs, ys)| {
        // SAFETY: `pick_f64` chose a function whose target features the CPU has.
        unsafe { f(xs, ys, n, log) }
    });
}

fn pick_f32() -> Kernel<f32> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::engine::kernels::avx512_allowed() && is_x86_feature_detected!("fma") {
            return block_f32_avx512;
        }
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            return block_f32_avx2;
        }
    }
    block_f32
}

fn pick_f64() -> Kernel<f64> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::engine::kernels::avx512_allowed() && is_x86_feature_detected!("fma") {
            return block_f64_avx512;
        }
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            return block_f64_avx2;
        }
    }
    block_f64
}

/// The plain-target kernel, for tests to hold the SIMD ones to.
#[cfg(test)]
pub fn rows_f32_plain(x: &[f32], y: &mut [f32], n: usize, log: bool) {
    // SAFETY: no target features.
    unsafe { block_f32(x, y, n, log) }
}


/// The output of a column kernel, written by several threads at once at
/// disjoint positions (each column belongs to one task).
#[derive(Clone, Copy)]
struct Out<T>(*mut T);
// SAFETY: the tasks write disjoint elements of one live buffer.
unsafe impl<T> Send for Out<T> {}
unsafe impl<T> Sync for Out<T> {}

impl<T> Out<T> {
    /// # Safety
    /// `i` is in bounds of the buffer and no other task writes it.
    #[inline(always)]
    unsafe fn set(self, i: usize, v: T) {
        unsafe { *self.0.add(i) = v }
    }

    /// # Safety
    /// As [`Out::set`]; this task wrote `i` before.
    #[inline(always)]
    unsafe fn get(self, i: usize) -> T
    where
        T: Copy,
    {
        unsafe { *self.0.add(i) }
    }
}

macro_rules! col_kernels {
    ($softmax:ident, $log_softmax:ident, $t:ty, $v:expr, $max:ident, $add:ident, $exp:expr, $log:expr) => {
        /// One of `_vec_softmax`'s chunks (softmax along a dim that is not
        /// the last): columns `begin..end` of `x`, contiguous as (outer, n,
        /// inner), each column one lane. Runs of 16 (8) columns inside the
        /// chunk and one outer index are vectors (SLEEF's exp,
        /// `vec::maximum`), the rest scalar (`std::max`, the C library's
        /// exp); both divide by the sum. A vector run is walked a row at a
        /// time ([`lanes`]-wise), so its loads are contiguous.
        ///
        /// # Safety
        /// `y` holds `x.len()` elements and no other task writes these columns.
        #[inline(always)]
        unsafe fn $softmax(x: &[$t], y: Out<$t>, n: usize, inner: usize, begin: usize, end: usize) {
            /// `w` vector lanes of `_vec_softmax`: the columns `first..first + w`
            /// of every row (`vec::maximum`, SLEEF's exp, a lane-wise sum).
            #[inline(always)]
            fn lanes(x: &[$t], y: Out<$t>, n: usize, inner: usize, first: usize, w: usize) {
                let exp = $exp;
                let mut m: [$t; 16] = [0.0; 16];
                let mut sum: [$t; 16] = [0.0; 16];
                m[..w].copy_from_slice(&x[first..first + w]);
                for d in 1..n {
                    let r = &x[first + d * inner..][..w];
                    for l in 0..w {
                        m[l] = $max(m[l], r[l]);
                    }
                }
                for d in 0..n {
                    let at = first + d * inner;
                    let r = &x[at..][..w];
                    for l in 0..w {
                        let e = exp(r[l] - m[l]);
                        // SAFETY: this task's columns, in bounds.
                        unsafe { y.set(at + l, e) };
                        sum[l] = $add(sum[l], e);
                    }
                }
                for d in 0..n {
                    let at = first + d * inner;
                    for l in 0..w {
                        // SAFETY: as above; written in the loop before.
                        unsafe { y.set(at + l, y.get(at + l) / sum[l]) };
                    }
                }
            }

            let at = |col: usize, d: usize| (col / inner * n + d) * inner + col % inner;
            let mut idx = begin;
            while idx < end {
                let i = idx % inner;
                let (run, vector) = if i + $v <= inner && idx + $v <= end {
                    ($v, true)
                } else if idx + $v > end {
                    (end - idx, false)
                } else {
                    (inner - i, false)
                };
                if vector {
                    // A vector run lies in one outer index: contiguous.
                    lanes(x, y, n, inner, at(idx, 0), $v);
                } else {
                    for col in idx..idx + run {
                        let mut m = x[at(col, 0)];
                        for d in 1..n {
                            let v = x[at(col, d)];
                            m = if m < v { v } else { m };
                        }
                        let mut sum: $t = 0.0;
                        for d in 0..n {
                            let p = at(col, d);
                            let e = (x[p] - m).exp();
                            // SAFETY: p is this task's column, in bounds.
                            unsafe { y.set(p, e) };
                            sum = $add(sum, e);
                        }
                        for d in 0..n {
                            let p = at(col, d);
                            // SAFETY: as above; written in the loop before.
                            unsafe { y.set(p, y.get(p) / sum) };
                        }
                    }
                }
                idx += run;
            }
        }

        /// One block of `_vec_logsoftmax` (log_softmax along a dim that is
        /// not the last): columns `b..b + size` of outer index `o`, the ones
        /// up to a multiple of 16 (8) vector lanes (SLEEF's exp), the rest
        /// scalar (the C library's exp). The max keeps `data > max ? data :
        /// max` (a NaN never enters it), the log is SLEEF's for all. Walked
        /// a row of the block at a time.
        ///
        /// # Safety
        /// As for the softmax chunks.
        #[inline(always)]
        unsafe fn $log_softmax(x: &[$t], y: Out<$t>, n: usize, inner: usize, o: usize, b: usize, size: usize) {
            let vec_end = size - size % $v;
            // Sixteen columns at a time (a fixed width where it is full, so
            // the lanes' loops are unrolled); each column as on its own.
            #[inline(always)]
            fn group(x: &[$t], y: Out<$t>, n: usize, inner: usize, first: usize, w: usize, vector: usize) {
                let exp = $exp;
                let mut m: [$t; 16] = [<$t>::NEG_INFINITY; 16];
                let mut sum: [$t; 16] = [0.0; 16];
                for d in 0..n {
                    let r = &x[first + d * inner..][..w];
                    for l in 0..w {
                        m[l] = if r[l] > m[l] { r[l] } else { m[l] };
                    }
                }
                for d in 0..n {
                    let r = &x[first + d * inner..][..w];
                    for l in 0..w {
                        let v = r[l] - m[l];
                        // `sum_vec += e` with the new exp first (as GCC ordered it).
                        sum[l] = $add(if l < vector { exp(v) } else { v.exp() }, sum[l]);
                    }
                }
                for l in 0..w {
                    sum[l] = ($log)(sum[l]);
                }
                for d in 0..n {
                    let at = first + d * inner;
                    let r = &x[at..][..w];
                    for l in 0..w {
                        // SAFETY: this block's column, in bounds.
                        unsafe { y.set(at + l, r[l] - m[l] - sum[l]) };
                    }
                }
            }
            let first = o * n * inner + b;
            for c in (0..size).step_by(16) {
                let w = 16.min(size - c);
                let vector = vec_end.saturating_sub(c).min(w);
                if w == 16 && vector == 16 {
                    group(x, y, n, inner, first + c, 16, 16);
                } else {
                    group(x, y, n, inner, first + c, w, vector);
                }
            }
        }
    };
}

col_kernels!(cols_f32_impl, log_cols_f32_impl, f32, VF, max_f32, add_f32, expf, logf);
col_kernels!(cols_f64_impl, log_cols_f64_impl, f64, VD, max_f64, add_f64, sleef_f64::exp, sleef_f64::log);

/// The column kernels over rayon's threads (PyTorch's chunks for softmax,
/// its blocks for log_softmax: which columns are vector lanes depends on
/// those, never on tsr's threads), each task with hardware FMA where the
/// CPU has it (the same bits).
macro_rules! col_entry {
    ($name:ident, $log_name:ident, $imp:ident, $log_imp:ident, $t:ty, $v:expr) => {
        /// softmax along a dim that is not the last; `threads` is PyTorch's
        /// intra-op thread count (`at::parallel_for`'s chunks, grain size 0).
        pub fn $name(x: &[$t], y: &mut [$t], outer: usize, n: usize, inner: usize, threads: usize) {
            use rayon::prelude::*;
            assert_eq!(x.len(), y.len());
            assert_eq!(x.len(), outer * n * inner);
            let total = outer * inner;
            let chunks = if total > 1 { threads.max(1) } else { 1 };
            let size = total.div_ceil(chunks).max(1);
            let out = Out(y.as_mut_ptr());
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2,fma")]
            unsafe fn fma(x: &[$t], y: Out<$t>, n: usize, inner: usize, begin: usize, end: usize) {
                unsafe { $imp(x, y, n, inner, begin, end) }
            }
            (0..total).step_by(size).collect::<Vec<_>>().into_par_iter().for_each(|begin| {
                let end = total.min(begin + size);
                #[cfg(target_arch = "x86_64")]
                if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
                    // SAFETY: the CPU has the features; chunks are disjoint columns.
                    return unsafe { fma(x, out, n, inner, begin, end) };
                }
                // SAFETY: as above.
                unsafe { $imp(x, out, n, inner, begin, end) }
            });
        }

        /// log_softmax along a dim that is not the last: blocks of
        /// `CHUNK_SIZE` columns (a multiple of 16 (8), 128 KiB / n elements).
        pub fn $log_name(x: &[$t], y: &mut [$t], outer: usize, n: usize, inner: usize) {
            use rayon::prelude::*;
            assert_eq!(x.len(), y.len());
            assert_eq!(x.len(), outer * n * inner);
            let chunk = ((128 * 1024 / n.max(1) / std::mem::size_of::<$t>()).max($v)) / $v * $v;
            let blocks: Vec<(usize, usize)> = (0..outer).flat_map(|o| (0..inner).step_by(chunk).map(move |b| (o, b))).collect();
            let out = Out(y.as_mut_ptr());
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2,fma")]
            unsafe fn fma(x: &[$t], y: Out<$t>, n: usize, inner: usize, o: usize, b: usize, size: usize) {
                unsafe { $log_imp(x, y, n, inner, o, b, size) }
            }
            blocks.into_par_iter().for_each(|(o, b)| {
                let size = chunk.min(inner - b);
                #[cfg(target_arch = "x86_64")]
                if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
                    // SAFETY: the CPU has the features; blocks are disjoint columns.
                    return unsafe { fma(x, out, n, inner, o, b, size) };
                }
                // SAFETY: as above.
                unsafe { $log_imp(x, out, n, inner, o, b, size) }
            });
        }
    };
}

col_entry!(cols_f32, log_cols_f32, cols_f32_impl, log_cols_f32_impl, f32, VF);
col_entry!(cols_f64, log_cols_f64, cols_f64_impl, log_cols_f64_impl, f64, VD);

#[cfg(test)]
mod tests {
    use super::*;

    /// (row, n, input bits, softmax bits, log_softmax bits) as PyTorch 2.15
    /// computes them on an AVX512 CPU (recorded with `torch.softmax`/
    /// `torch.log_softmax` of each row as a float32 tensor). Rows 6 to 9
    /// hold a NaN, a +inf, only -inf and a 1e30.
    type Row = (usize, usize, &'static [u32], &'static [u32], &'static [u32]);

    #[rustfmt::skip]
    const ROWS: &[Row] = &[
        (0, 1, &[0xc0fccccd], &[0x3f800000], &[0x00000000]),
        (1, 3, &[0x3e906260, 0xc14e0419, 0x40f2f1aa], &[0x3a2f3595, 0x30b149c7, 0x3f7fd433], &[0xc0e9f0fe, 0xc1a3bfd6, 0xba2f4100]),
        (2, 15, &[0x41c45e37, 0x4099e355, 0xc16ed916, 0x417c624e, 0xc07da1cc, 0xc1bd999a, 0x40e01063, 0xc14bc28f, 0x418fbc6a, 0xbfe28f60, 0xc1ac0e56, 0x41131eb8, 0xc128ac08, 0x41a147ae, 0x3ed89390], &[0x3f7c777f, 0x3135b515, 0x2302c7c3, 0x39204c9f, 0x2ae6be9d, 0x1ca612ec, 0x32cb8f25, 0x249281fb, 0x3ab39386, 0x2c813f1c, 0x1e3a0bb2, 0x346409d4, 0x26242039, 0x3c492bfb, 0x2e10ca1c], &[0xbc63b38e, 0xc19e01d8, 0xc21df39c, 0xc10c930d, 0xc1e42ee6, 0xc2410a23, 0xc18c7694, 0xc2152dfa, 0xc0d2f90e, 0xc1d2a3a3, 0xc2384481, 0xc175d6a3, 0xc20c6859, 0xc08ccbfe, 0xc1c1185f]),
        (3, 16, &[0xc0170a40, 0xc1e56873, 0x414428f6, 0xc160e560, 0x41d70a3d, 0x3f106260, 0xc1ce0419, 0x4172f1aa, 0xc1321cac, 0x41ee6e97, 0x405f3b68, 0xc1b69fbe, 0x4190dd2f, 0xc10353f8, 0x4202e97a, 0x40cd2f1c], &[0x261d81d9, 0x13214463, 0x30a7e6f3, 0x1dabe919, 0x3b32fb96, 0x283741a2, 0x153ba187, 0x32c35994, 0x1fc8037a, 0x3d503def, 0x2a5536ba, 0x175a4dce, 0x34e348e3, 0x21e8b5f5, 0x3f72491f, 0x2c7811a1], &[0xc20c9280, 0xc275d616, 0xc1a42f3c, 0xc23b5b34, 0xc0bce5e9, 0xc200e052, 0xc26a23e8, 0xc18ccae2, 0xc22fa907, 0xc03ea903, 0xc1ea5c4a, 0xc25e71bb, 0xc16acd11, 0xc223f6da, 0xbd6186bb, 0xc1d2f7f0]),
        (4, 17, &[0x4215051e, 0x408b8521, 0xc1e447ae, 0x41b5147b, 0xc12428f6, 0x4223a3d8, 0x41003d72, 0xc1c70a3d, 0x41d251eb, 0xc0d35c2a, 0xc21e0000, 0x413ab852, 0xc1a9cccc, 0x41ef8f5c, 0xc03cccd0, 0xc20f6148, 0x41753334], &[0x3cce8300, 0x2516659d, 0x0d5b0ef4, 0x3241ba28, 0x1a8d15e2, 0x3f798ac7, 0x27b5bbc1, 0x10045a00, 0x34ea1787, 0x1d2a7b86, 0x05785091, 0x2a5b997c, 0x129fed9b, 0x378d6f09, 0x1fce0106, 0x081606cf, 0x2d04ad81], &[0xc06b8e3c, 0xc2124d5e, 0xc28af0ed, 0xc1926788, 0xc24cc840, 0xbcd14de1, 0xc203aea6, 0xc283a190, 0xc16a5431, 0xc23e2987, 0xc2a0df01, 0xc1ea1fda, 0xc278a468, 0xc12fd94f, 0xc22f8acf, 0xc2998fa5, 0xc1cce269]),
        (5, 40, &[0xc0fda1cc, 0xc23d999a, 0x41601063, 0xc1cbc28f, 0x420fbc6a, 0xc0628f60, 0xc22c0e56, 0x41931eb8, 0xc1a8ac08, 0x422147ae, 0x3f589390, 0xc21a8313, 0x41b63540, 0xc1859581, 0x4232d2f1, 0x40a76c8e, 0xc208f7ce, 0x41d94bc6, 0xc144fdf4, 0x42445e37, 0x4119e355, 0xc1eed916, 0x41fc624e, 0xc0fda1cc, 0xc23d999a, 0x41601063, 0xc1cbc28f, 0x420fbc6a, 0xc0628f60, 0xc22c0e56, 0x41931eb8, 0xc1a8ac08, 0x422147ae, 0x3f589390, 0xc21a8313, 0x41b63540, 0xc1859581, 0x4232d2f1, 0x40a76c8e, 0xc208f7ce], &[0x1650955a, 0x00000360, 0x26225467, 0x09a82d6e, 0x35fcaa2b, 0x1982e223, 0x00010f32, 0x294bb833, 0x0cd30eb9, 0x391e8b5d, 0x1ca4417d, 0x0055160e, 0x2c7fa9e4, 0x10046fb3, 0x3c46f815, 0x1fce2334, 0x03559070, 0x2fa06cf3, 0x1326346a, 0x3f79b42e, 0x2301593d, 0x0686021c, 0x32c954a7, 0x1650955a, 0x00000360, 0x26225467, 0x09a82d6e, 0x35fcaa2b, 0x1982e223, 0x00010f32, 0x294bb833, 0x0cd30eb9, 0x391e8b5d, 0x1ca4417d, 0x0055160e, 0x2c7fa9e4, 0x10046fb3, 0x3c46f815, 0x1fce2334, 0x03559070], &[0xc2642bf0, 0xc2c108a8, 0xc20c739e, 0xc2952c7f, 0xc152ed34, 0xc252a0ad, 0xc2b84306, 0xc1f5d0b6, 0xc28c66de, 0xc10cc024, 0xc2411569, 0xc2af7d65, 0xc1d2ba2e, 0xc283a13c, 0xc08d262f, 0xc22f8a25, 0xc2a6b7c2, 0xc1afa3a8, 0xc275b734, 0xbccbff17, 0xc21dfee2, 0xc29df221, 0xc18c8d20, 0xc2642bf0, 0xc2c108a8, 0xc20c739e, 0xc2952c7f, 0xc152ed34, 0xc252a0ad, 0xc2b84306, 0xc1f5d0b6, 0xc28c66de, 0xc10cc024, 0xc2411569, 0xc2af7d65, 0xc1d2ba2e, 0xc283a13c, 0xc08d262f, 0xc22f8a25, 0xc2a6b7c2]),
        (6, 17, &[0x423c28f5, 0x3f7cac28, 0xc2344396, 0x41d49375, 0xc19bd916, 0x7fc00000, 0x40c353fb, 0xc21fcbc6, 0x41fd8312, 0xc165d2f2, 0x42651896, 0x41338938, 0xc20b53f8, 0x42133958, 0xc113f3b7, 0xc25d3333, 0x4182b43a], &[0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff], &[0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x7fc00000, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]),
        (7, 16, &[0xc18353f8, 0x4282e97a, 0x414d2f1c, 0xc21f3b64, 0x42284189, 0xc1291688, 0xc27ccccd, 0x41956042, 0xc207d70a, 0x7f800000, 0xc0970a40, 0xc2656873, 0x41c428f6, 0xc1e0e560, 0x42570a3d, 0x3f906260], &[0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000], &[0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000, 0xffc00000]),
        (8, 3, &[0xff800000, 0xff800000, 0xff800000], &[0xffc00000, 0xffc00000, 0xffc00000], &[0xffc00000, 0xffc00000, 0xffc00000]),
        (9, 20, &[0xc1dea3d7, 0x4295051e, 0x7149f2ca, 0xc26447ae, 0x4235147b, 0xc1a428f6, 0x42a3a3d8, 0x41803d72, 0xc2470a3d, 0x425251eb, 0xc1535c2a, 0xc29e0000, 0x41bab852, 0xc229cccc, 0x426f8f5c, 0xc0bcccd0, 0xc28f6148, 0x41f53334, 0xc20c8f5c, 0x42866666], &[0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000], &[0xf149f2ca, 0xf149f2ca, 0x00000000, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca, 0xf149f2ca]),
    ];

    fn bits(v: &[f32]) -> Vec<u32> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    #[test]
    fn rows_are_pytorch_bit_for_bit() {
        for &(r, n, x, sm, lsm) in ROWS {
            let x: Vec<f32> = x.iter().map(|&b| f32::from_bits(b)).collect();
            assert_eq!(x.len(), n);
            for (log, want) in [(false, sm), (true, lsm)] {
                let mut y = vec![0f32; n];
                rows_f32(&x, &mut y, n, log);
                assert_eq!(bits(&y), want, "row {r} log={log}");
                rows_f32_plain(&x, &mut y, n, log);
                assert_eq!(bits(&y), want, "row {r} log={log} (plain)");
            }
        }
    }

    type Row64 = (usize, usize, &'static [u64], &'static [u64], &'static [u64]);

    /// The same for float64 (rows of ((37k + 11r) mod 23) * 0.731 - 7.9,
    /// times r + 1, plus 1e-7 k; row 5 holds two NaNs, row 6 a +inf).
    #[rustfmt::skip]
    const ROWS64: &[Row64] = &[
        (0, 3, &[0xc01f99999999999a, 0x4002ac083e92e2c5, 0xc010fae13a421b2f], &[0x3f02cf47dd5b01c4, 0x3feff45776da2f38, 0x3f56ba980cb6b74d], &[0xc02478898706d4f1, 0xbf575552a9ee5113, 0xc01a525aaeb62b77]),
        (1, 8, &[0x3fd20c49ba5e3540, 0xc029c0830f13993b, 0x401e5e354ce8e6dd, 0xc01643956ce42eea, 0x402dcdd2ff15f533, 0x3ffbe76d117b5286, 0xc026d3f7bab72094, 0x40221ba5fad0ec15], &[0x3e9de99835bcf075, 0x3d6e44766844ee22, 0x3f45d68ee07adf33, 0x3e1618e5d7b66904, 0x3fefe2f728c2816f, 0x3ec021ea48e3afea, 0x3d9052ec1e1d737e, 0x3f678e3b0ca3e89b], &[0xc02d3f4211f6f1f2, 0xc03bc813b76ebe6b, 0xc01d411372aae05a, 0xc03478b78b1dfd88, 0xbf6d160b3ee68970, 0xc02a52b6bd9a794b, 0xc03a51ce0d408218, 0xc01767fcc9f1ef0d]),
        (2, 9, &[0x40388bc6a7ef9db2, 0x40133c6a85afd7c9, 0xc02ddb22ca2f639c, 0x402f8c49c46f3038, 0xc00fb43922607d1d, 0xc037b3332acfb764, 0x401c020c71fe4a1c, 0xc0297851d4082a73, 0x4031f78d5d4b34b1], &[0x3feff35e67e7d140, 0x3e26fef055f72e1d, 0x3c608d01f96f61d3, 0x3f24495ce7caa63d, 0x3d5d33a3ef1ce106, 0x3b950471b8444c50, 0x3e59c2e3d1c34223, 0x3c928a8aa08e4daf, 0x3f56b9e7f0851a93], &[0xbf59482de2b9fe74, 0xc033bd11273b32a8, 0xc043bcde96df6d34, 0xc0218c0dccdf20fc, 0xc03c82b2ecf3383e, 0xc0481faf79bb6fff, 0xc0318ba8ac279613, 0xc042a42a59559eea, 0xc01a5279ad6fcfa4]),
        (3, 17, &[0xc002e147ae147ae8, 0xc03cad0e5456996a, 0x4028851ebf07e82b, 0xc02c1cabfe202bf0, 0x403ae147b4ca7787, 0x3fe20c4ac6cdaf4b, 0xc039c083085d9c94, 0x402e5e3556f9e1d7, 0xc0264395662e3243, 0x403dcdd300c3745d, 0x400be76d117b5286, 0xc036d3f7bc649fbe, 0x40321ba5f775edc2, 0xc0206a7ece3c3897, 0x40405d2f265e389b, 0x4019a5e3b8a19c9c, 0xc033e76c706ba2e7], &[0x3cc3b03f6d5a7a8f, 0x3a64289374cbeaae, 0x3e14fce210a2c35f, 0x3bb57d270805c4a2, 0x3f665f788da4837b, 0x3d06e8349f4ed411, 0x3aa774345c31ca7d, 0x3e586b37f85a6bd7, 0x3bf90074fb22996d, 0x3faa07c5e08ea00c, 0x3d4aa6dc425be14e, 0x3aeb49beebed9317, 0x3e9c692403a3aecd, 0x3c3d16c69d3ab5b4, 0x3fee492339424b3f, 0x3d8f023b60aa440d, 0x3b2fbfbec18b617c], &[0xc041924fd9d4e417, 0xc04ebac2891ee91d, 0xc03485e75e6344ba, 0xc0476b665e7ba764, 0xc0179cbc24730525, 0xc0401c0a33d865ab, 0xc04d447ce3226ab2, 0xc031995c126a47e4, 0xc045f520b87f28f9, 0xc007d51de91e239b, 0xc03d4b891bb7ce7f, 0xc04bce373d25ec47, 0xc02d59a18ce2961d, 0xc0447edb1282aa8e, 0xbfac30e2558f34b3, 0xc03a5efdcfbed1a9, 0xc04a57f197296ddb]),
        (4, 40, &[0x4042a0a3d70a3d70, 0x401170a3ddc03a17, 0xc03c88f5bf345dd7, 0x4036a28f6131733f, 0xc024851eaae5f239, 0x4044747ae5796bfd, 0x402007ae289cd73b, 0xc038e147a25600be, 0x403a4a3d7e0fd056, 0xc01a6b84e2527013, 0xc043bffff79c8430, 0x4027570a6259916b, 0xc03539998577a3a7, 0x403df1eb9aee2d6e, 0xc0079998ddb1f767, 0xc041ec28e92d55a3, 0x402ea6669c164b9a, 0xc03191eb6899468e, 0x4040ccccdbe64543, 0x3fe68f602503c588, 0xc0401851dabe2718, 0x4032fae16ae982e5, 0xc02bd47a9775d2ec, 0x4042a0a3ea5573cf, 0x401170a47819ed10, 0xc03c88f5989df118, 0x4036a28f87c7dffd, 0xc024851e5db918bc, 0x4044747af8c4a25c, 0x402007ae75c9b0b8, 0xc038e1477bbf9400, 0x403a4a3da4a63d15, 0xc01a6b8447f8bd19, 0xc043bfffe4514dd0, 0x4027570aaf866ae8, 0xc03539995ee136e9, 0x403df1ebc1849a2c, 0xc0079997a8fe9173, 0xc041ec28d5e21f44, 0x402ea666e9432517], &[0x3f89ce40528fb00b, 0x3c92cb23b2e62047, 0x399b5f9fc57da2bf, 0x3e383542de3c5404, 0x3b41a148b1a12843, 0x3fdf2ebbe70587dd, 0x3ce6b5976f10ecde, 0x39f089de5abe5cd1, 0x3e8d4086c93cea4d, 0x3b954dacb8849e55, 0x389f0780da492810, 0x3d3b70ea49a987b8, 0x3a43fc0a462e9932, 0x3ee1ac6b9b4be195, 0x3be9be017e57df8e, 0x38f2bf4ef20577d6, 0x3d909450c4bc2ffa, 0x3a98260582a7a20b, 0x3f355b21a6cb4d5f, 0x3c3f1b1a89852bc7, 0x3946a74b9b802856, 0x3de408a9ee488456, 0x3aed2e1c89f91282, 0x3f89ce4436575734, 0x3c92cb268818a60f, 0x399b5fa3e5c55228, 0x3e383546845e0505, 0x3b41a14b59ee239f, 0x3fdf2ec09a4867cd, 0x3ce6b59adb5db597, 0x39f089e0d8ed5d3d, 0x3e8d408b32017d44, 0x3b954dafee910f76, 0x389f078587a236a3, 0x3d3b70ee6c8c6fbd, 0x3a43fc0d49568512, 0x3ee1ac6e454696f1, 0x3be9be055faca750, 0x38f2bf51c56f754f, 0x3d909453447e4faa], &[0xc0117f005ac958f8, 0xc042a26f66ab614c, 0xc0518a7f60fecbbd, 0xc032fe7863955ddf, 0xc049f1cb8d1ce51d, 0xbfe7023f3a7f247c, 0xc040ce98583c32c0, 0xc050a093d9c73477, 0xc02ead948d6e0190, 0xc0481df47eadb691, 0xc0544841ecfff65f, 0xc03df582939a0868, 0xc04f6d50a51f3a63, 0xc0275e3853b14760, 0xc0464a1d703e8805, 0xc0535e5665c85f19, 0xc03a4dd476bbab51, 0xc04d997996b00bd6, 0xc0200edc19f48d30, 0xc044764661cf5979, 0xc052746ade90c7d3, 0xc036a62659dd4e39, 0xc04bc5a28840dd4a, 0xc0117effc06fa600, 0xc042a26f53602aed, 0xc0518a7f5759308d, 0xc032fe783cfef121, 0xc049f1cb79d1aebe, 0xbfe7023a67b18cbc, 0xc040ce9844f0fc61, 0xc050a093d0219947, 0xc02ead9440412812, 0xc0481df46b628032, 0xc0544841e35a5b2f, 0xc03df5826d039baa, 0xc04f6d5091d40403, 0xc0275e3806846de4, 0xc0464a1d5cf351a6, 0xc0535e565c22c3e9, 0xc03a4dd450253e92]),
        (5, 19, &[0xc01fb43958106252, 0xc047b333325c739f, 0x402c020c50705adb, 0xc0397851e67ca13d, 0x7ff8000000000000, 0xc00c51eb4202d9d9, 0xc04581cabb7a94f2, 0x403263d715fbeac7, 0xc0351580f8b8e3e3, 0x404428f5ca1c1864, 0x3feb1270b06c43f7, 0x7ff8000000000000, 0x4036c6a803bfa820, 0xc030b2b00af52688, 0x40465a5e40fdf710, 0x4014ed91cd1c7de4, 0xc0411ef9cdb6d799, 0x403b2978f1836579, 0xc0289fbe3a62d25f], &[0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff], &[0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0x7ff8000000000000, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0x7ff8000000000000, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff]),
        (6, 9, &[0x4047851eb851eb84, 0x3fef95813bd4c265, 0xc0468872ae734572, 0x403a926e9c95cd5b, 0xc0337b22ca2f639b, 0x404a141897a67a51, 0x40186a7f221f0eb8, 0xc043f978cf1eb6a5, 0x7ff0000000000000], &[0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000], &[0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000, 0xfff8000000000000]),
    ];

    #[test]
    fn float64_rows_are_pytorch_bit_for_bit() {
        for &(r, n, x, sm, lsm) in ROWS64 {
            let x: Vec<f64> = x.iter().map(|&b| f64::from_bits(b)).collect();
            for (log, want) in [(false, sm), (true, lsm)] {
                let mut y = vec![0f64; n];
                rows_f64(&x, &mut y, n, log);
                assert_eq!(y.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), want, "row {r} log={log}");
                // SAFETY: no target features.
                unsafe { block_f64(&x, &mut y, n, log) };
                assert_eq!(y.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), want, "row {r} log={log} (plain)");
            }
        }
    }

    /// FNV-1a over the bits.
    fn fnv(v: &[u32]) -> u64 {
        v.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
    }

    #[test]
    fn a_long_row_is_pytorch_bit_for_bit() {
        // ((37k + 33) mod 23) * 0.731 - 7.9, times 4, in float32.
        let x: Vec<f32> = (0..4096).map(|k| (((k * 37 + 33) % 23) as f32 * 0.731 - 7.9) * 4.0).collect();
        for (log, hash, picks) in [(false, 0xab27a526dcab1520, [0x22627e02, 0xf67e61f, 0x355d360f, 0xf67e61f]), (true, 0x1198e9f2fa15889, [0xc2214cce, 0xc2854832, 0xc16024e0, 0xc2854832])] {
            let mut y = vec![0f32; 4096];
            rows_f32(&x, &mut y, 4096, log);
            let b = bits(&y);
            assert_eq!([b[0], b[1], b[2000], b[4095]], picks, "log={log}");
            assert_eq!(fnv(&b), hash, "log={log}");
        }
    }

    #[test]
    fn columns_are_pytorch_bit_for_bit() {
        // A (3, 40) tensor along dim 0 with PyTorch's 2 threads: chunks of
        // 20 columns, so columns 0..16 and 20..36 are vector lanes, the rest
        // scalar (columns 35 and 36 straddle the line).
        let x: Vec<f32> = (0..3).flat_map(|r| (0..40).map(move |k| (((k * 37 + r * 11) % 23) as f32 * 0.731 - 7.9) * (r + 1) as f32)).collect();
        let x64: Vec<f64> = x.iter().map(|&v| v as f64 / 3.0).collect();
        let fnv64 = |v: &[u64]| v.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b).wrapping_mul(0x100_0000_01b3));
        for (log, hash, picks, hash64, picks64) in [
            (false, 0xc130282e7b0f02fc, [0x35e0f8a1, 0x364aec28, 0x3f7fffe4, 0x2f09892a, 0x3044aecf], 0x82d06eb0341b4173, [0x3f88055d8b166d7e, 0x3f8d2db928b3fb76]),
            (true, 0x6a1c1fdf67dd2f3e, [0xc154c8b6, 0xc14b5813, 0xb5dffff4, 0xc1b66a81, 0xc1a876c9], 0x29a3def9552171c7, [0xc011c8638d5e3139, 0xc01101362b0e4351]),
        ] {
            let mut y = vec![0f32; 120];
            let mut y64 = vec![0f64; 120];
            if log {
                log_cols_f32(&x, &mut y, 1, 3, 40);
                log_cols_f64(&x64, &mut y64, 1, 3, 40);
            } else {
                cols_f32(&x, &mut y, 1, 3, 40, 2);
                cols_f64(&x64, &mut y64, 1, 3, 40, 2);
            }
            let b = bits(&y);
            assert_eq!([b[35], b[36], b[75], b[76], b[115]], picks, "log={log}");
            assert_eq!(fnv(&b), hash, "log={log}");
            let b64: Vec<u64> = y64.iter().map(|v| v.to_bits()).collect();
            assert_eq!([b64[35], b64[36]], picks64, "f64 log={log}");
            assert_eq!(fnv64(&b64), hash64, "f64 log={log}");
        }
    }

    #[test]
    fn the_simd_kernels_are_the_plain_kernel() {
        // Rows of many lengths over a spread of magnitudes and specials.
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for n in [1, 2, 5, 15, 16, 17, 31, 33, 64, 100, 257] {
            let rows = 37;
            let x: Vec<f32> = (0..n * rows)
                .map(|_| {
                    let r = next();
                    match r % 50 {
                        0 => f32::NAN,
                        1 => f32::INFINITY,
                        2 => f32::NEG_INFINITY,
                        _ => ((r >> 11) as f32 / (1u64 << 53) as f32 - 0.5) * [1e-3, 1.0, 30.0, 300.0, 1e35][(r >> 5) as usize % 5],
                    }
                })
                .collect();
            for log in [false, true] {
                let (mut a, mut b) = (vec![0f32; x.len()], vec![0f32; x.len()]);
                rows_f32(&x, &mut a, n, log);
                rows_f32_plain(&x, &mut b, n, log);
                assert_eq!(bits(&a), bits(&b), "n={n} log={log}");
                let x64: Vec<f64> = x.iter().map(|&v| v as f64 * (1.0 + 1e-9 * v as f64)).collect();
                let (mut a, mut b) = (vec![0f64; x.len()], vec![0f64; x.len()]);
                rows_f64(&x64, &mut a, n, log);
                // SAFETY: no target features.
                unsafe { block_f64(&x64, &mut b, n, log) };
                let bits64 = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits64(&a), bits64(&b), "f64 n={n} log={log}");
            }
        }
    }
}
