//! Float32 transcendental functions computed as PyTorch's CPU kernels
//! compute them, bit for bit: a lane-by-lane port of the SLEEF routines
//! (SLEEF 3.x, `src/libm/sleefsimdsp.c` built for AVX512F, where every
//! `vmla` is a fused multiply-add and the double-float helpers of
//! `src/common/df.h` take their FMA branch) that PyTorch's `Vectorized<float>`
//! (`aten/src/ATen/cpu/vec/vec512/vec512_float.h`) calls, plus the kernels
//! PyTorch composes from them (`sigmoid`).
//!
//! The AVX512 instructions the routines rely on are emulated exactly:
//! `vcvtps2dq` (round half to even, `i32::MIN` when out of range),
//! `vgetexpps`, `vgetmantps` (interval [0.75, 1.5)) and the `vfixupimmps`
//! special cases of the logarithms.
//!
//! The polynomial coefficients and algorithms are SLEEF's:
//! Copyright Naoki Shibata and contributors 2010 - 2025, distributed under
//! the Boost Software License, Version 1.0 (http://www.boost.org/LICENSE_1_0.txt).

// The constants are written as SLEEF writes them (a C float literal is the
// nearest float; one without `f` is a double converted to float).
#![allow(clippy::excessive_precision)]

/// A double-float: an unevaluated sum `x + y` with |y| <= ulp(x) / 2.
#[derive(Clone, Copy)]
struct F2 {
    x: f32,
    y: f32,
}

const fn f2(x: f32, y: f32) -> F2 {
    F2 { x, y }
}

#[inline(always)]
fn fma(a: f32, b: f32, c: f32) -> f32 {
    a.mul_add(b, c)
}

/// `vcvtps2dq`: round half to even; NaN and out-of-range values give
/// the "integer indefinite" `i32::MIN`.
#[inline(always)]
fn rint_i(x: f32) -> i32 {
    let r = x.round_ties_even();
    let ok = (-2147483648.0..2147483648.0).contains(&r);
    // SAFETY: the value converted is an integer in i32's range (0 when `r`
    // is not). Written this way (not `r as i32`) so that loops vectorise.
    let q = unsafe { if ok { r } else { 0.0 }.to_int_unchecked::<i32>() };
    if ok { q } else { i32::MIN }
}

/// `vgetexpps`: floor(log2|x|) as a float (denormals included); -inf for
/// zero, +inf for infinities, NaN for NaN.
#[inline(always)]
fn getexp(x: f32) -> f32 {
    let a = x.abs();
    if a.is_nan() {
        return x;
    }
    if a == 0.0 {
        return f32::NEG_INFINITY;
    }
    if a.is_infinite() {
        return f32::INFINITY;
    }
    let b = a.to_bits();
    let e = (b >> 23) as i32;
    if e == 0 {
        // Denormal: the exponent of its leading bit.
        (-127 - (b.leading_zeros() as i32 - 9)) as f32
    } else {
        (e - 127) as f32
    }
}

/// `vgetmantps` with `_MM_MANT_NORM_p75_1p5, _MM_MANT_SIGN_nan`: the
/// significand scaled into [0.75, 1.5); a NaN input quieted (its own sign
/// and payload), the default NaN (`0xffc00000`) for a negative sign. A
/// NaN made here must be the input's: with two different NaNs in a
/// logarithm's arithmetic, which one comes out depends on the operand
/// order the optimiser picks (release builds printed `0x7fc00000` where
/// PyTorch's log_softmax of a row holding +inf gives `0xffc00000`).
fn getmant(x: f32) -> f32 {
    if x.is_nan() {
        return f32::from_bits(x.to_bits() | 0x0040_0000);
    }
    if x.is_sign_negative() {
        return f32::from_bits(0xffc0_0000);
    }
    if x == 0.0 || x.is_infinite() {
        return if x == 0.0 { 0.0 } else { 1.0 };
    }
    let mut b = x.to_bits();
    if b >> 23 == 0 {
        // Normalise a denormal: shift its leading bit into the implicit one.
        let s = b.leading_zeros() - 8;
        b = (b << s) & 0x007f_ffff;
    } else {
        b &= 0x007f_ffff;
    }
    // 1.m in [1, 1.5) keeps exponent 0, [1.5, 2) takes -1.
    let e = if b & 0x0040_0000 != 0 { 126u32 } else { 127u32 };
    f32::from_bits((e << 23) | b)
}

#[inline(always)]
fn pow2i(q: i32) -> f32 {
    f32::from_bits((q.wrapping_add(0x7f) as u32) << 23)
}

#[inline(always)]
fn ldexp2(d: f32, e: i32) -> f32 {
    d * pow2i(e >> 1) * pow2i(e - (e >> 1))
}

#[inline]
fn ldexp3(d: f32, q: i32) -> f32 {
    f32::from_bits((d.to_bits() as i32).wrapping_add(q.wrapping_shl(23)) as u32)
}

#[inline]
fn mulsign(x: f32, y: f32) -> f32 {
    f32::from_bits(x.to_bits() ^ (y.to_bits() & 0x8000_0000))
}

#[inline]
fn is_negzero(x: f32) -> bool {
    x.to_bits() == 0x8000_0000
}

/// All bits set (a NaN) where `m`, else `x` (`vor_vm_vo32_vm`).
#[inline]
fn or_nan(m: bool, x: f32) -> f32 {
    if m {
        f32::from_bits(0xffff_ffff)
    } else {
        x
    }
}

// ---- double-float arithmetic (df.h, FMA branch) ----

#[inline]
fn dfscale(d: F2, s: f32) -> F2 {
    f2(d.x * s, d.y * s)
}
#[inline]
fn dfadd_ff(x: f32, y: f32) -> F2 {
    let s = x + y;
    f2(s, (x - s) + y)
}
#[inline]
fn dfadd2_ff(x: f32, y: f32) -> F2 {
    let s = x + y;
    let v = s - x;
    f2(s, (x - (s - v)) + (y - v))
}
#[inline]
fn dfadd_f2_f(x: F2, y: f32) -> F2 {
    let s = x.x + y;
    f2(s, ((x.x - s) + y) + x.y)
}
#[inline]
fn dfadd2_f2_f(x: F2, y: f32) -> F2 {
    let s = x.x + y;
    let v = s - x.x;
    let t = (x.x - (s - v)) + (y - v);
    f2(s, t + x.y)
}
#[inline]
fn dfadd_f_f2(x: f32, y: F2) -> F2 {
    let s = x + y.x;
    f2(s, ((x - s) + y.x) + y.y)
}
#[inline]
fn dfadd_f2_f2(x: F2, y: F2) -> F2 {
    let s = x.x + y.x;
    f2(s, (((x.x - s) + y.x) + x.y) + y.y)
}
#[inline]
fn dfadd2_f2_f2(x: F2, y: F2) -> F2 {
    let s = x.x + y.x;
    let v = s - x.x;
    let t = (x.x - (s - v)) + (y.x - v);
    f2(s, t + (x.y + y.y))
}
#[inline]
fn dfdiv(n: F2, d: F2) -> F2 {
    let t = 1.0 / d.x;
    let s = n.x * t;
    let u = fma(t, n.x, -s);
    let v = fma(-d.y, t, fma(-d.x, t, 1.0));
    f2(s, fma(s, v, fma(n.y, t, u)))
}
#[inline]
fn dfsqu(x: F2) -> F2 {
    let s = x.x * x.x;
    f2(s, fma(x.x + x.x, x.y, fma(x.x, x.x, -s)))
}
#[inline]
fn dfmul_f2_f2(x: F2, y: F2) -> F2 {
    let s = x.x * y.x;
    f2(s, fma(x.x, y.y, fma(x.y, y.x, fma(x.x, y.x, -s))))
}
#[inline]
fn dfmul_f2_f(x: F2, y: f32) -> F2 {
    let s = x.x * y;
    f2(s, fma(x.y, y, fma(x.x, y, -s)))
}

#[inline]
fn dfneg(x: F2) -> F2 {
    f2(-x.x, -x.y)
}
#[inline]
fn dfnormalize(t: F2) -> F2 {
    let s = t.x + t.y;
    f2(s, (t.x - s) + t.y)
}

/// `vldexp_vf_vf_vi2`: `x * 2^q` in four scalings by a clamped power and
/// one by the rest, as SLEEF writes it.
fn ldexp_full(x: f32, q: i32) -> f32 {
    let m = q >> 31;
    let m = ((m.wrapping_add(q) >> 6).wrapping_sub(m)) << 4;
    let q = q.wrapping_sub(m << 2);
    let m = m.wrapping_add(0x7f);
    let m = if m > 0 { m } else { 0 };
    let m = if m > 0xff { 0xff } else { m };
    let u = f32::from_bits((m as u32) << 23);
    let x = x * u * u * u * u;
    x * f32::from_bits((q.wrapping_add(0x7f) as u32) << 23)
}

/// `vtruncate_vi2_vf` (`vcvttps2dq`): toward zero, `i32::MIN` out of range.
fn trunc_i(x: f32) -> i32 {
    let t = x.trunc();
    if (-2147483648.0..2147483648.0).contains(&t) { t as i32 } else { i32::MIN }
}

// ---- exponentials ----

const R_LN2F: f32 = std::f32::consts::LOG2_E;
const L2UF: f32 = 0.693145751953125;
const L2LF: f32 = 1.428606765330187045e-06;

/// `Sleef_expf16_u10` (`xexpf`).
#[inline(always)]
pub fn expf(d: f32) -> f32 {
    let q = rint_i(d * R_LN2F);
    let qf = q as f32;
    let mut s = fma(qf, -L2UF, d);
    s = fma(qf, -L2LF, s);
    let mut u = 0.000198527617612853646278381_f32;
    u = fma(u, s, 0.00139304355252534151077271);
    u = fma(u, s, 0.00833336077630519866943359);
    u = fma(u, s, 0.0416664853692054748535156);
    u = fma(u, s, 0.166666671633720397949219);
    u = fma(u, s, 0.5);
    u = 1.0 + fma(s * s, u, s);
    u = ldexp2(u, q);
    if d < -104.0 {
        u = 0.0;
    }
    if 100.0 < d {
        u = f32::INFINITY;
    }
    u
}

/// SLEEF's `expk2f`: exp of a double-float, as a double-float.
fn expk2f(d: F2) -> F2 {
    let u = (d.x + d.y) * R_LN2F;
    let q = rint_i(u);
    let qf = q as f32;
    let mut s = dfadd2_f2_f(d, qf * -L2UF);
    s = dfadd2_f2_f(s, qf * -L2LF);
    let mut u = 0.1980960224e-3_f32;
    u = fma(u, s.x, 0.1394256484e-2);
    u = fma(u, s.x, 0.8333456703e-2);
    u = fma(u, s.x, 0.4166637361e-1);
    let mut t = dfadd2_f2_f(dfmul_f2_f(s, u), 0.166666659414234244790680580464e+0);
    t = dfadd2_f2_f(dfmul_f2_f2(s, t), 0.5);
    t = dfadd2_f2_f2(s, dfmul_f2_f2(dfsqu(s), t));
    t = dfadd_f_f2(1.0, t);
    t = f2(ldexp2(t.x, q), ldexp2(t.y, q));
    if d.x < -104.0 {
        t = f2(0.0, 0.0);
    }
    t
}

/// `Sleef_expm1f16_u10` (`xexpm1f`).
pub fn expm1f(a: f32) -> f32 {
    let d = dfadd2_f2_f(expk2f(f2(a, 0.0)), -1.0);
    let mut x = d.x + d.y;
    if a > 88.72283172607421875 {
        x = f32::INFINITY;
    }
    if a < -16.635532333438687426013570 {
        x = -1.0;
    }
    if is_negzero(a) {
        x = -0.0;
    }
    x
}

/// `Sleef_exp2f16_u10` (`xexp2f`).
pub fn exp2f(d: f32) -> f32 {
    let mut u = d.round_ties_even();
    let q = rint_i(u);
    let s = d - u;
    u = 0.1535920892e-3_f64 as f32;
    u = fma(u, s, 0.1339262701e-2_f64 as f32);
    u = fma(u, s, 0.9618384764e-2_f64 as f32);
    u = fma(u, s, 0.5550347269e-1_f64 as f32);
    u = fma(u, s, 0.2402264476e+0_f64 as f32);
    u = fma(u, s, 0.6931471825e+0_f64 as f32);
    u = fma(u, s, 1.0);
    u = ldexp2(u, q);
    if d >= 128.0 {
        u = f32::INFINITY;
    }
    if d < -150.0 {
        u = 0.0;
    }
    u
}

// ---- logarithms ----

/// The `vfixupimmps` of SLEEF's AVX512 logarithms: 0 -> -inf, +inf -> +inf,
/// -inf and negative values -> NaN; other inputs keep `r`.
#[inline]
fn log_fixup(r: f32, d: f32) -> f32 {
    if d.is_nan() {
        r
    } else if d == 0.0 {
        f32::NEG_INFINITY
    } else if d == f32::INFINITY {
        f32::INFINITY
    } else if d < 0.0 {
        f32::NAN
    } else {
        r
    }
}

/// The exponent SLEEF's AVX512 logarithms take: getexp(d / 0.75), 128 for +inf.
#[inline(always)]
fn log_exponent(d: f32) -> f32 {
    let e = getexp(d * (1.0f32 / 0.75f32));
    if e == f32::INFINITY {
        128.0
    } else {
        e
    }
}

const LN2_F2: F2 = f2(0.69314718246459960938, -1.904654323148236017e-09);

/// `Sleef_logf16_u10` (`xlogf_u1`).
#[inline(always)]
pub fn logf(d: f32) -> f32 {
    let e = log_exponent(d);
    let m = getmant(d);
    let mut s = dfmul_f2_f(LN2_F2, e);
    let x = dfdiv(dfadd2_ff(-1.0, m), dfadd2_ff(1.0, m));
    let x2 = x.x * x.x;
    let mut t = 0.3027294874e+0_f32;
    t = fma(t, x2, 0.3996108174e+0);
    t = fma(t, x2, 0.6666694880e+0);
    s = dfadd_f2_f2(s, dfscale(x, 2.0));
    s = dfadd_f2_f(s, x2 * x.x * t);
    log_fixup(s.x + s.y, d)
}

/// SLEEF's `LOG1PF_BOUND`, 0x1.2ced32p+126 (about 1e38).
const LOG1PF_BOUND: f32 = f32::from_bits(0x7e96_7699);

/// `Sleef_log1pf16_u10` (`xlog1pf`).
#[inline(always)]
pub fn log1pf(d: f32) -> f32 {
    let dp1 = d + 1.0;
    let e = log_exponent(dp1);
    let t = ldexp3(1.0, rint_i(e).wrapping_neg());
    let m = fma(d, t, t - 1.0);
    let mut s = dfmul_f2_f(LN2_F2, e);
    let x = dfdiv(f2(m, 0.0), dfadd_ff(2.0, m));
    let x2 = x.x * x.x;
    let mut t = 0.3027294874e+0_f32;
    t = fma(t, x2, 0.3996108174e+0);
    t = fma(t, x2, 0.6666694880e+0);
    s = dfadd_f2_f2(s, dfscale(x, 2.0));
    s = dfadd_f2_f(s, x2 * x.x * t);
    let mut r = s.x + s.y;
    // Use log(d) if d is too large for the core approximation.
    let core = d <= LOG1PF_BOUND;
    if !core {
        r = logf(d);
    }
    r = or_nan(-1.0 > d, r);
    if d == -1.0 {
        r = f32::NEG_INFINITY;
    }
    if is_negzero(d) {
        r = -0.0;
    }
    r
}

/// SLEEF's `logk2f`: log of a double-float, as a double-float.
fn logk2f(d: F2) -> F2 {
    let e = rint_i(getexp(d.x * (1.0f32 / 0.75f32)));
    let m = dfscale(d, pow2i(e.wrapping_neg()));
    let x = dfdiv(dfadd2_f2_f(m, -1.0), dfadd2_f2_f(m, 1.0));
    let x2 = dfsqu(x);
    let mut t = 0.2392828464508056640625_f32;
    t = fma(t, x2.x, 0.28518211841583251953125);
    t = fma(t, x2.x, 0.400005877017974853515625);
    t = fma(t, x2.x, 0.666666686534881591796875);
    let mut s = dfmul_f2_f(LN2_F2, e as f32);
    s = dfadd_f2_f2(s, dfscale(x, 2.0));
    dfadd_f2_f2(s, dfmul_f2_f(dfmul_f2_f2(x2, x), t))
}

// ---- hyperbolic ----

/// `Sleef_atanhf16_u10` (`xatanhf`).
pub fn atanhf(x: f32) -> f32 {
    let a = x.abs();
    let d = logk2f(dfdiv(dfadd2_ff(1.0, a), dfadd2_ff(1.0, -a)));
    let mut y = or_nan(a > 1.0, if a == 1.0 { f32::INFINITY } else { (d.x + d.y) * 0.5 });
    y = or_nan(x.is_infinite() || y.is_nan(), y);
    y = mulsign(y, x);
    or_nan(x.is_nan(), y)
}

// ---- PyTorch's compositions ----

/// PyTorch's vectorised sigmoid: `1 / (1 + exp(0 - x))` with SLEEF's exp.
pub fn sigmoidf(x: f32) -> f32 {
    1.0 / (expf(0.0 - x) + 1.0)
}

unsafe extern "C" {
    #[link_name = "atanhf"]
    fn libm_atanhf(x: f32) -> f32;
}

/// PyTorch's scalar `exp2` lambda: `std::exp2` on a float (glibc's `exp2f`).
pub fn exp2f_scalar(x: f32) -> f32 {
    x.exp2()
}

/// PyTorch's scalar `atanh` lambda: glibc's `atanhf`.
pub fn atanhf_scalar(x: f32) -> f32 {
    // SAFETY: libm's atanhf is a pure function of one float.
    unsafe { libm_atanhf(x) }
}

/// ATen's `Vectorized<float>::erf` (AVX512): Abramowitz and Stegun 7.1.26
/// with fused multiply-adds and SLEEF's `expf` (GELU's vector loop).
pub fn erf_vec(x: f32) -> f32 {
    let sign = x.to_bits() & 0x8000_0000;
    let a = x.abs();
    let t = 1.0 / fma(0.3275911f32, a, 1.0);
    let r = fma(fma(fma(fma(1.061405429f32, t, -1.453152027), t, 1.421413741), t, -0.284496736), t, 0.254829592);
    let e = expf(-(x * x));
    let v = fma(-e * t, r, 1.0);
    f32::from_bits(v.to_bits() ^ sign)
}

/// SLEEF's `logkf` (AVX512F branch): log of a float as a double-float.
fn logkf(d: f32) -> F2 {
    let mut e = getexp(d * (1.0f32 / 0.75));
    if e == f32::INFINITY {
        e = 128.0;
    }
    let m = getmant(d);
    let x = dfdiv(dfadd2_ff(-1.0, m), dfadd2_ff(1.0, m));
    let x2 = dfsqu(x);
    let mut t = 0.240320354700088500976562f32;
    t = fma(t, x2.x, 0.285112679004669189453125);
    t = fma(t, x2.x, 0.400007992982864379882812);
    let c = f2(0.66666662693023681640625, 3.69183861259614332084311e-09);
    let mut s = dfmul_f2_f(f2(0.69314718246459960938, -1.904654323148236017e-09), e);
    s = dfadd_f2_f2(s, dfscale(x, 2.0));
    dfadd_f2_f2(s, dfmul_f2_f2(dfmul_f2_f2(x2, x), dfadd2_f2_f2(dfmul_f2_f(x2, t), c)))
}

/// SLEEF's `expkf`: exp of a double-float, as a float.
fn expkf(d: F2) -> f32 {
    let q = rint_i((d.x + d.y) * R_LN2F);
    let qf = q as f32;
    let mut s = dfadd2_f2_f(d, qf * -L2UF);
    s = dfadd2_f2_f(s, qf * -L2LF);
    s = dfnormalize(s);
    let mut u = 0.00136324646882712841033936f32;
    u = fma(u, s.x, 0.00836596917361021041870117);
    u = fma(u, s.x, 0.0416710823774337768554688);
    u = fma(u, s.x, 0.166665524244308471679688);
    u = fma(u, s.x, 0.499999850988388061523438);
    let t = dfadd_f_f2(1.0, dfadd_f2_f2(s, dfmul_f2_f(dfsqu(s), u)));
    if d.x < -104.0 { 0.0 } else { ldexp_full(t.x + t.y, q) }
}

/// `Sleef_powf16_u10` (`xpowf`): `expkf(logkf(|x|) * y)` with C99's
/// special cases; a NaN operand gives the all-ones NaN.
pub fn powf(x: f32, y: f32) -> f32 {
    const TWO24: f32 = 16777216.0;
    let yisint = y.trunc() == y || y.abs() > TWO24;
    let yisodd = (trunc_i(y) & 1) == 1 && yisint && y.abs() < TWO24;
    let mut r = expkf(dfmul_f2_f(logkf(x.abs()), y));
    if r.is_nan() {
        r = f32::INFINITY;
    }
    r *= if x > 0.0 { 1.0 } else if yisint { if yisodd { -1.0 } else { 1.0 } } else { f32::NAN };
    let efx = mulsign(x.abs() - 1.0, y);
    if y.is_infinite() {
        r = if efx < 0.0 { 0.0 } else if efx == 0.0 { 1.0 } else { f32::INFINITY };
    }
    if x.is_infinite() || x == 0.0 {
        let sign = if yisodd { mulsign(1.0, x) } else { 1.0 };
        let v = if (if x == 0.0 { -y } else { y }) < 0.0 { 0.0 } else { f32::INFINITY };
        r = sign * v;
    }
    if x.is_nan() || y.is_nan() {
        r = f32::from_bits(u32::MAX);
    }
    if y == 0.0 || x == 1.0 {
        r = 1.0;
    }
    r
}

/// SLEEF's `atan2kf_u1`: atan2 of two double-floats (y >= 0), as a
/// double-float, by octant and a polynomial in (s/t)^2.
#[inline(always)]
fn atan2kf_u1(y: F2, x: F2) -> F2 {
    let mut q: i32 = if x.x < 0.0 { -2 } else { 0 };
    let x = if x.x < 0.0 { dfneg(x) } else { x };
    let p = x.x < y.x;
    if p {
        q += 1;
    }
    let s = if p { dfneg(x) } else { y };
    let t = if p { y } else { x };
    let s = dfdiv(s, t);
    let t = dfnormalize(dfsqu(s));
    let mut u = -0.00176397908944636583328247f32;
    u = fma(u, t.x, 0.0107900900766253471374512);
    u = fma(u, t.x, -0.0309564601629972457885742);
    u = fma(u, t.x, 0.0577365085482597351074219);
    u = fma(u, t.x, -0.0838950723409652709960938);
    u = fma(u, t.x, 0.109463557600975036621094);
    u = fma(u, t.x, -0.142626821994781494140625);
    u = fma(u, t.x, 0.199983194470405578613281);
    let t = dfmul_f2_f2(t, dfadd_ff(-0.333332866430282592773438, u * t.x));
    let t = dfmul_f2_f2(s, dfadd_f_f2(1.0, t));
    dfadd_f2_f2(dfmul_f2_f(f2(1.5707963705062866211, -4.3711388286737928865e-08), q as f32), t)
}

/// SLEEF's `visinf2_vf_vf_vf`: `m` with `d`'s sign where `d` is infinite, else 0.
#[inline(always)]
fn isinf2(d: f32, m: f32) -> f32 {
    if d.is_infinite() { f32::from_bits((d.to_bits() & 0x8000_0000) | m.to_bits()) } else { 0.0 }
}

/// `Sleef_atan2f16_u10` (`xatan2f_u1`).
#[inline(always)]
pub fn atan2f(y: f32, x: f32) -> f32 {
    const PI_2: f32 = std::f64::consts::FRAC_PI_2 as f32;
    const PI_4: f32 = std::f64::consts::FRAC_PI_4 as f32;
    let o = x.abs() < 2.9387372783541830947e-39;
    let (x, y) = if o { (x * 16777216.0, y * 16777216.0) } else { (x, y) };
    let d = atan2kf_u1(f2(y.abs(), 0.0), f2(x, 0.0));
    let mut r = mulsign(d.x + d.y, x);
    if x.is_infinite() || x == 0.0 {
        r = PI_2 - isinf2(x, mulsign(PI_2, x));
    }
    if y.is_infinite() {
        r = PI_2 - isinf2(x, mulsign(PI_4, x));
    }
    if y == 0.0 {
        r = if x.is_sign_negative() { std::f32::consts::PI } else { 0.0 };
    }
    if x.is_nan() || y.is_nan() { f32::from_bits(u32::MAX) } else { mulsign(r, y) }
}

/// PyTorch's scalar sigmoid lambda: `1 / (1 + std::exp(-x))` in float.
pub fn sigmoidf_scalar(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::context::{Context, EngineConfig};
    use crate::engine::dtype::DType;
    use crate::engine::ops::{elementwise, pointwise};
    use crate::engine::scalar::Scalar;
    use crate::engine::tensor::Tensor;

    fn check(name: &str, f: fn(f32) -> f32, cases: &[(u32, u32)]) {
        for &(x, want) in cases {
            let got = f(f32::from_bits(x)).to_bits();
            assert_eq!(got, want, "{name}({}) = {:#x}, PyTorch {want:#x}", f32::from_bits(x), got);
        }
    }

    /// (input, result) bit patterns recorded from PyTorch 2.15 (CPU
    /// capability AVX512): vectorised lanes of long tensors, chosen where
    /// the result is not the correctly rounded one.
    #[test]
    fn vector_routines_give_pytorchs_bits() {
        check("expm1", expm1f, &[(0xc188e572, 0xbf800000), (0xc1860dbe, 0xbf800000)]);
        check("log1p", log1pf, &[(0x45b756ac, 0x410ad5fb), (0x45e579fe, 0x410e6d40), (0x438ad26f, 0x40b4286e)]);
        check("exp2", exp2f, &[(0x41cb5f10, 0x4c2b6c4c), (0x41f64d68, 0x4edcfbd3), (0x42491a3c, 0x589af21d), (0xc2c3097a, 0x0eb2b638)]);
        check("atanh", atanhf, &[(0xbdbee5b0, 0xbdbf73f7), (0xbeea7878, 0xbefd4b3d), (0x3ee02a1c, 0x3ef06687), (0x3e0f0470, 0x3e0ff553)]);
        check("sigmoid", sigmoidf, &[(0xc1e23412, 0x2b13c478), (0xc224e8aa, 0x21b7c37a), (0xc232a7e4, 0x1f3d2b4b)]);
    }

    /// The same inputs in a loop's scalar tail (PyTorch's std:: lambdas).
    #[test]
    fn scalar_tails_give_pytorchs_bits() {
        check("exp2", exp2f_scalar, &[(0x41cb5f10, 0x4c2b6c4d), (0x41f64d68, 0x4edcfbd2), (0x42491a3c, 0x589af21e)]);
        check("atanh", atanhf_scalar, &[(0xbef275c0, 0xbf03bf9e), (0xbeb1d858, 0xbeb99094), (0xbd0c8200, 0xbd0c901f)]);
        check("sigmoid", sigmoidf_scalar, &[(0xc1e23412, 0x2b13c477), (0x3f036000, 0x3f202436), (0xc224e8aa, 0x21b7c37b)]);
    }

    #[test]
    fn special_values() {
        assert_eq!(expm1f(-0.0).to_bits(), 0x8000_0000);
        assert_eq!(expm1f(f32::INFINITY), f32::INFINITY);
        assert_eq!(log1pf(-1.0), f32::NEG_INFINITY);
        assert!(log1pf(-2.0).is_nan());
        assert_eq!(log1pf(f32::MAX), 88.72284);
        assert_eq!(exp2f(128.0), f32::INFINITY);
        assert_eq!(exp2f(-151.0), 0.0);
        assert_eq!(atanhf(1.0), f32::INFINITY);
        assert_eq!(atanhf(-1.0), f32::NEG_INFINITY);
        assert!(atanhf(1.5).is_nan());
        assert_eq!(sigmoidf(-200.0), 0.0);
        assert_eq!(sigmoidf(200.0), 1.0);
    }

    #[test]
    fn getexp_getmant_match_the_instructions() {
        assert_eq!(getexp(1.0), 0.0);
        assert_eq!(getexp(0.75), -1.0);
        assert_eq!(getexp(f32::from_bits(1)), -149.0);
        assert_eq!(getmant(3.0), 0.75);
        assert_eq!(getmant(1.25), 1.25);
        assert_eq!(getmant(f32::from_bits(3)), 0.75);
    }

    /// Through the engine: a 40-element float32 tensor takes the vector
    /// routine on its first 32 elements and the scalar tail on the rest.
    #[test]
    fn tensors_take_the_vector_routine_then_the_tail() {
        let ctx = Context::new(&EngineConfig::default());
        let x = f32::from_bits(0x41cb5f10) as f64;
        let t = Tensor::from_scalars(&ctx, &[40], DType::Float32, &vec![Scalar::Float(x); 40], "test").unwrap();
        let bits = |t: &Tensor| t.to_scalars().iter().map(|v| (v.as_f64() as f32).to_bits()).collect::<Vec<_>>();
        let r = bits(&pointwise::unary(&ctx, pointwise::MathOp::Exp2, &t).unwrap());
        assert!(r[..32].iter().all(|&b| b == 0x4c2b6c4c) && r[32..].iter().all(|&b| b == 0x4c2b6c4d), "{r:x?}");
        let y = f32::from_bits(0xc1e23412) as f64;
        let t = Tensor::from_scalars(&ctx, &[40], DType::Float32, &vec![Scalar::Float(y); 40], "test").unwrap();
        let r = bits(&elementwise::unary(&ctx, elementwise::UnaryOp::Sigmoid, &t).unwrap());
        assert!(r[..32].iter().all(|&b| b == 0x2b13c478) && r[32..].iter().all(|&b| b == 0x2b13c477), "{r:x?}");
    }
}
