//! Float64 `exp` and `log` as PyTorch's `Vectorized<double>` computes them
//! under AVX512: a lane-by-lane port of SLEEF's `Sleef_expd8_u10` (`xexp`)
//! and `Sleef_logd8_u10` (`xlog_u1`) of `src/libm/sleefsimddp.c`, built with
//! `ENABLE_FMA_DP` (every `vmla` a fused multiply-add), the double-double
//! helpers of `src/common/dd.h` in their FMA form, and the AVX512
//! `vgetexppd`/`vgetmantpd`/`vfixupimmpd` steps of the logarithm emulated
//! as `sleef.rs` emulates the float ones. The softmax kernels use them.
//!
//! The polynomial coefficients and algorithms are SLEEF's:
//! Copyright Naoki Shibata and contributors 2010 - 2025, distributed under
//! the Boost Software License, Version 1.0 (http://www.boost.org/LICENSE_1_0.txt).

// The constants are written as SLEEF writes them.
#![allow(clippy::excessive_precision)]

#[inline(always)]
fn fma(a: f64, b: f64, c: f64) -> f64 {
    a.mul_add(b, c)
}

/// `vcvtpd2dq` of an integral value: i32::MIN when out of range or NaN.
#[inline(always)]
fn to_i32(r: f64) -> i32 {
    let ok = (-2147483648.0..2147483648.0).contains(&r);
    // SAFETY: the value converted is an integer in i32's range (0 when `r`
    // is not), so the conversion is exact; written so that loops vectorise.
    let q = unsafe { if ok { r } else { 0.0 }.to_int_unchecked::<i32>() };
    if ok { q } else { i32::MIN }
}

/// `vpow2i_vd_vi`: 2^q from the exponent bits (q + 0x3ff) << 52.
#[inline(always)]
fn pow2i(q: i32) -> f64 {
    f64::from_bits((q.wrapping_add(0x3ff) as u64) << 52)
}

#[inline(always)]
fn ldexp2(d: f64, e: i32) -> f64 {
    d * pow2i(e >> 1) * pow2i(e - (e >> 1))
}

/// SLEEF's `R_LN2` (1/ln 2 to 67 digits) is this double.
const R_LN2: f64 = std::f64::consts::LOG2_E;
const L2U: f64 = 0.69314718055966295651160180568695068359375;
const L2L: f64 = 0.28235290563031577122588448175013436025525412068e-12;

/// `Sleef_expd8_u10` (`xexp`).
#[inline(always)]
pub fn exp(d: f64) -> f64 {
    let u = (d * R_LN2).round_ties_even();
    let q = to_i32(u);
    let mut s = fma(u, -L2U, d);
    s = fma(u, -L2L, s);
    let s2 = s * s;
    let s4 = s2 * s2;
    let s8 = s4 * s4;
    // POLY10 (Estrin's scheme): MLA(s8, POLY2(c9, c8), POLY8(c7..c0)).
    let p2 = fma(s, 0.2081276378237164457e-8, 0.2511210703042288022e-7);
    let hi = fma(s2, fma(s, 0.2755762628169491192e-6, 0.2755723402025388239e-5), fma(s, 0.2480158687479686264e-4, 0.1984126989855865850e-3));
    let lo = fma(s2, fma(s, 0.1388888888914497797e-2, 0.8333333333314938210e-2), fma(s, 0.4166666666666602598e-1, 0.1666666666666669072e+0));
    let mut u = fma(s8, p2, fma(s4, hi, lo));
    u = fma(u, s, 0.5);
    u = fma(u, s, 1.0);
    u = fma(u, s, 1.0);
    u = ldexp2(u, q);
    if d > 709.78271114955742909217217426 {
        u = f64::INFINITY;
    }
    if d < -1000.0 {
        u = 0.0;
    }
    u
}

/// A double-double: an unevaluated sum `x + y`.
#[derive(Clone, Copy)]
struct D2 {
    x: f64,
    y: f64,
}

const fn d2(x: f64, y: f64) -> D2 {
    D2 { x, y }
}

#[inline(always)]
fn ddscale(d: D2, s: f64) -> D2 {
    d2(d.x * s, d.y * s)
}

#[inline(always)]
fn ddadd2_d_d(x: f64, y: f64) -> D2 {
    let s = x + y;
    let v = s - x;
    d2(s, (x - (s - v)) + (y - v))
}

#[inline(always)]
fn ddadd_d2_d(x: D2, y: f64) -> D2 {
    let s = x.x + y;
    d2(s, ((x.x - s) + y) + x.y)
}

#[inline(always)]
fn ddadd_d2_d2(x: D2, y: D2) -> D2 {
    let s = x.x + y.x;
    d2(s, (((x.x - s) + y.x) + x.y) + y.y)
}

#[inline(always)]
fn dddiv(n: D2, d: D2) -> D2 {
    let t = 1.0 / d.x;
    let s = n.x * t;
    let u = fma(t, n.x, -s);
    let v = fma(-d.y, t, fma(-d.x, t, 1.0));
    d2(s, fma(s, v, fma(n.y, t, u)))
}

#[inline(always)]
fn ddmul_d2_d(x: D2, y: f64) -> D2 {
    let s = x.x * y;
    d2(s, fma(x.y, y, fma(x.x, y, -s)))
}

/// `vgetexppd`: floor(log2|x|) (denormals included); -inf for zero, +inf
/// for infinities, NaN for NaN.
fn getexp(x: f64) -> f64 {
    let a = x.abs();
    if a.is_nan() {
        return x;
    }
    if a == 0.0 {
        return f64::NEG_INFINITY;
    }
    if a.is_infinite() {
        return f64::INFINITY;
    }
    let b = a.to_bits();
    let e = (b >> 52) as i64;
    if e == 0 {
        (-1023 - (b.leading_zeros() as i64 - 12)) as f64
    } else {
        (e - 1023) as f64
    }
}

/// `vgetmantpd` with `_MM_MANT_NORM_p75_1p5, _MM_MANT_SIGN_nan`: a NaN
/// input quieted, the default NaN for a negative sign (see `sleef::getmant`).
fn getmant(x: f64) -> f64 {
    if x.is_nan() {
        return f64::from_bits(x.to_bits() | (1 << 51));
    }
    if x.is_sign_negative() {
        return f64::from_bits(0xfff8_0000_0000_0000);
    }
    if x == 0.0 || x.is_infinite() {
        return if x == 0.0 { 0.0 } else { 1.0 };
    }
    const M: u64 = (1 << 52) - 1;
    let mut b = x.to_bits();
    if b >> 52 == 0 {
        let s = b.leading_zeros() - 11;
        b = (b << s) & M;
    } else {
        b &= M;
    }
    let e = if b & (1 << 51) != 0 { 1022u64 } else { 1023u64 };
    f64::from_bits((e << 52) | b)
}

/// `Sleef_logd8_u10` (`xlog_u1`).
pub fn log(d: f64) -> f64 {
    let mut e = getexp(d * (1.0 / 0.75));
    if e == f64::INFINITY {
        e = 1024.0;
    }
    let m = getmant(d);
    let x = dddiv(ddadd2_d_d(-1.0, m), ddadd2_d_d(1.0, m));
    let x2 = x.x * x.x;
    let x4 = x2 * x2;
    let x8 = x4 * x4;
    // POLY7(x2, x4, x8, c6..c0) = MLA(x8, POLY3(c6, c5, c4), POLY4(c3..c0)).
    let p3 = fma(x4, 0.1532076988502701353e+0, fma(x2, 0.1525629051003428716e+0, 0.1818605932937785996e+0));
    let p4 = fma(x4, fma(x2, 0.2222214519839380009e+0, 0.2857142932794299317e+0), fma(x2, 0.3999999999635251990e+0, 0.6666666666667333541e+0));
    let t = fma(x8, p3, p4);
    // ln 2 as a double-double (SLEEF writes the head as 0.693147180559945286226764).
    let mut s = ddmul_d2_d(d2(std::f64::consts::LN_2, 2.319046813846299558417771e-17), e);
    s = ddadd_d2_d2(s, ddscale(x, 2.0));
    s = ddadd_d2_d(s, x2 * x.x * t);
    let r = s.x + s.y;
    // vfixupimmpd: 0 -> -inf, +inf -> +inf, -inf and negatives -> NaN.
    if d.is_nan() {
        r
    } else if d == 0.0 {
        f64::NEG_INFINITY
    } else if d == f64::INFINITY {
        f64::INFINITY
    } else if d < 0.0 {
        f64::NAN
    } else {
        r
    }
}
