//! `log256_ps` and `sincos256_ps` of `avx_mathfun.h` (Julien Pommier's
//! cephes-based AVX routines, zlib licence), lane by lane: PyTorch's
//! `normal_fill_16_AVX2` draws `randn` of 16 or more float32 elements
//! through them, so a draw is PyTorch's only if they are. Every step is
//! the multiply or add the intrinsics are, with
//! the same constants and bit masks, and the fused multiply-adds GCC
//! contracts them into when PyTorch's AVX2 kernels are built (measured
//! against PyTorch 2.15's draws: each polynomial step, the range
//! reduction, and the tails below, as marked).

// The constants are written as avx_mathfun.h writes them, and each step
// as its own assignment, the way the intrinsics sequence reads.
#![allow(clippy::excessive_precision, clippy::assign_op_pattern)]

/// The smallest normal float (`min_norm_pos`).
const MIN_NORM_POS: f32 = f32::MIN_POSITIVE;
/// cephes_SQRTHF, 0.707106781186547524: 1/√2.
const SQRTHF: f32 = std::f32::consts::FRAC_1_SQRT_2;
const LOG_P: [f32; 9] = [7.037_683_629_2E-2, -1.151_461_031_0E-1, 1.167_699_874_0E-1, -1.242_014_084_6E-1, 1.424_932_278_7E-1, -1.666_805_766_5E-1, 2.000_071_476_5E-1, -2.499_999_399_3E-1, 3.333_333_117_4E-1];
const LOG_Q1: f32 = -2.121_944_40e-4;
const LOG_Q2: f32 = 0.693_359_375;

/// `log256_ps`, one lane: NaN for x ≤ 0.
pub fn log(x: f32) -> f32 {
    let invalid = x <= 0.0;
    let x = x.max(MIN_NORM_POS);
    let bits = x.to_bits();
    let imm0 = (bits >> 23) as i32 - 0x7f;
    // Keep the mantissa, exponent of 0.5: x in [0.5, 1).
    let mut x = f32::from_bits((bits & !0x7f80_0000) | 0.5f32.to_bits());
    let mut e = imm0 as f32 + 1.0;
    let mask = x < SQRTHF;
    let tmp = if mask { x } else { 0.0 };
    x = x - 1.0;
    e = e - if mask { 1.0 } else { 0.0 };
    x = x + tmp;
    let z = x * x;
    let mut y = LOG_P[0];
    for &p in &LOG_P[1..] {
        y = y.mul_add(x, p);
    }
    y = y * x;
    // y·z + e·q1: the product y·z is the fused one.
    y = y.mul_add(z, e * LOG_Q1);
    y = (-z).mul_add(0.5, y);
    x = x + y;
    x = e.mul_add(LOG_Q2, x);
    if invalid { f32::from_bits(x.to_bits() | 0xffff_ffff) } else { x }
}

const FOPI: f32 = 1.273_239_544_735_16;
const DP1: f32 = -0.785_156_25;
const DP2: f32 = -2.418_756_484_985_351_562_5e-4;
const DP3: f32 = -3.774_894_977_445_941_08e-8;
const SINCOF: [f32; 3] = [-1.951_529_589_1E-4, 8.332_160_873_6E-3, -1.666_665_461_1E-1];
const COSCOF: [f32; 3] = [2.443_315_711_809_948E-005, -1.388_731_625_493_765E-003, 4.166_664_568_298_827E-002];

/// `sincos256_ps`, one lane: (sin x, cos x).
pub fn sincos(x: f32) -> (f32, f32) {
    let sign_sin = x.to_bits() & 0x8000_0000;
    let mut x = f32::from_bits(x.to_bits() & 0x7fff_ffff);
    // cvttps2dq: truncation; out of range gives the "integer indefinite".
    let t = x * FOPI;
    let mut j = if t.is_nan() || t >= 2_147_483_648.0 { i32::MIN } else { t as i32 };
    j = j.wrapping_add(1) & !1;
    let y = j as f32;
    let swap_sin = ((j & 4) as u32) << 29;
    let poly = (j & 2) == 0;
    x = y.mul_add(DP1, x);
    x = y.mul_add(DP2, x);
    x = y.mul_add(DP3, x);
    let sign_cos = ((!(j.wrapping_sub(2)) & 4) as u32) << 29;
    let sign_sin = sign_sin ^ swap_sin;
    let z = x * x;
    let mut c = COSCOF[0];
    c = c.mul_add(z, COSCOF[1]);
    c = c.mul_add(z, COSCOF[2]);
    c = c * z;
    // c·z − z·0.5: the product c·z is the fused one.
    c = c.mul_add(z, -(z * 0.5));
    c = c + 1.0;
    let mut s = SINCOF[0];
    s = s.mul_add(z, SINCOF[1]);
    s = s.mul_add(z, SINCOF[2]);
    s = s * z;
    s = s.mul_add(x, x);
    let (ysin2, ysin1) = if poly { (s, 0.0) } else { (0.0, c) };
    let (s2, c2) = (s - ysin2, c - ysin1);
    let sin = f32::from_bits((ysin1 + ysin2).to_bits() ^ sign_sin);
    let cos = f32::from_bits((c2 + s2).to_bits() ^ sign_cos);
    (sin, cos)
}

#[cfg(test)]
mod tests {
    /// randn(4096) under manual_seed(1) from PyTorch 2.15: a few draws'
    /// bits, where the unfused routines were one ULP off (positions 533,
    /// 1941 and 2599 of 4096).
    #[test]
    fn draws_are_pytorchs_bits() {
        let ctx = crate::engine::Context::new(&crate::engine::EngineConfig::default());
        ctx.rng.borrow_mut().seed(1);
        let t = super::super::random::fill_random(&ctx, crate::engine::Device::Cpu, &[4096], crate::engine::DType::Float32, true, "randn").unwrap();
        let v = |i: usize| t.get_flat(i).as_f64() as f32;
        for (i, want) in RECORDED {
            assert_eq!(v(*i).to_bits(), want.to_bits(), "randn(4096)[{i}]");
        }
    }

    const RECORDED: &[(usize, f32)] = &[(0, -1.5255959), (1, -0.7502318), (15, 0.4676355), (16, -0.6969724), (533, 1.1313233), (541, 0.9009499), (1941, -0.32464775), (1949, 0.8367842), (2599, 0.71780705), (2607, -0.7881983), (4095, 1.8165494)];
}
