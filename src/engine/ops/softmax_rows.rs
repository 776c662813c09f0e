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
//!   (see `sleef.rs`); for double, `f64::exp`/`f64::ln` stand in for
//!   SLEEF's double routines (not ported), so float64 agrees in structure
//!   but not always to the last bit.
//!
//! The float kernels are compiled three times, for AVX512F, for AVX2+FMA
//! and for the baseline target, chosen at run time; all three give the same
//! bits (every fused multiply-add is exact either way).

use super::sleef::{expf, logf};

/// The lanes of PyTorch's `Vectorized<float>` under AVX512.
const VF: usize = 16;
/// The lanes of `Vectorized<double>` under AVX512.
const VD: usize = 8;

/// `vec::maximum` for float: the all-ones NaN if either is NaN, else
/// `vmaxps(a, b)` (`b` when equal).
#[inline(always)]
fn max_f32(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::from_bits(u32::MAX)
    } else if a > b {
        a
    } else {
        b
    }
}

#[inline(always)]
fn max_f64(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::from_bits(u64::MAX)
    } else if a > b {
        a
    } else {
        b
    }
}

/// `VecReduceAllSIMD<float>` for AVX512: the shuffle tree, lane 0. `swap`
/// says, step by step, whether the shuffled vector is the first operand
/// (as GCC ordered the sum's `vaddps`; it decides which NaN's payload wins).
#[inline(always)]
fn tree_f32(mut v: [f32; VF], op: impl Fn(f32, f32) -> f32, swap: [bool; 4]) -> f32 {
    for (s, sw) in [8, 4, 2, 1].into_iter().zip(swap) {
        let w = v;
        for (i, slot) in v.iter_mut().enumerate() {
            *slot = if sw { op(w[i ^ s], w[i]) } else { op(w[i], w[i ^ s]) };
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
    ($row:ident, $max_of:ident, $t:ty, $v:expr, $max:ident, $add:ident, $max_reduce:ident, $sum_reduce:ident, $exp:expr, $log:expr) => {
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
                // `x * Vec(sum)` as GCC compiled it, the broadcast as the
                // first operand: a NaN row takes the sum's NaN.
                let inv = 1.0 / sum;
                if inv.is_nan() {
                    y.fill(inv);
                } else {
                    for yv in y.iter_mut() {
                        *yv *= inv;
                    }
                }
            }
        }
    };
}

row_kernel!(row_f32, max_row_f32, f32, VF, max_f32, add_f32, max_tree_f32, sum_tree_f32, expf, logf);
row_kernel!(row_f64, max_row_f64, f64, VD, max_f64, add_f64, fold_f64, fold_f64, f64::exp, f64::ln);

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
            }
        }
    }
}
