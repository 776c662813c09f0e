//! `gelu(x)` (approximate='none') of a contiguous float32 or bfloat16 CPU
//! tensor of more than one element, which PyTorch hands to oneDNN
//! (`use_mkldnn` in `Activation.cpp`): oneDNN's AVX512 eltwise injector
//! (`gelu_erf_minimax_approx_compute_vector_fwd` of
//! `jit_uni_eltwise_injector.cpp`) evaluates erf(x / sqrt 2) as one of 25
//! degree-5 minimax polynomials in |x|, picked by the exponent and the top
//! two mantissa bits of |x| (clamped to 1 below, 23 past the bound where
//! erf is ±1 in float), by Horner's rule in fused multiply-adds; then
//! `x * (1 + erf) * 0.5`. The coefficients are oneDNN's, bit for bit.
//! Measured against PyTorch 2.15: every element of a contiguous tensor
//! takes it (the tail of a vector too, masked), and ±inf give NaN as there.

/// oneDNN's `gelu_erf_minimax_pol`: coefficients of degree 0..=5 (rows), for
/// polynomials 0..24 (columns; 0 is never picked, 23 is erf = 1, 24 only for
/// NaN and infinities past the bound check).
#[rustfmt::skip]
const POL: [[u32; 25]; 6] = [
    [0xa6f2cb94, 0x32827792, 0x3381cc0c, 0x34523d4a, 0x351ac44d, 0x35f36d88, 0x36ee8229, 0x37b8a3bb, 0x3867a213, 0x3940033b, 0x3a2a5a1d, 0x3ae35863, 0x3b7828f2, 0x3c08b14b, 0x3c515ed3, 0xbb503236, 0xbd8d8e5e, 0xbe8abcd9, 0xbf0c19a2, 0xbeccb328, 0x3e176ced, 0x3f470d99, 0x3f7abb28, 0x3f800000, 0x00000000],
    [0x3f4c422a, 0x3f4c421f, 0x3f4c4207, 0x3f4c41cb, 0x3f4c413b, 0x3f4c3fad, 0x3f4c3a2f, 0x3f4c2d40, 0x3f4c146a, 0x3f4bc341, 0x3f4ad08c, 0x3f48f8cf, 0x3f45fac7, 0x3f404e07, 0x3f3b980f, 0x3f48dff3, 0x3f78b21b, 0x3fbb0704, 0x40019c32, 0x3fe536d6, 0x3f81331e, 0x3e6c8684, 0x3c98f936, 0x00000000, 0x3f800000],
    [0xb62173f4, 0x3735e4cf, 0x37f2ff89, 0x388c23be, 0x3917535c, 0x39ab2ab0, 0x3a60fadb, 0x3af9b960, 0x3b6e5491, 0x3c0a4ec5, 0x3ca5aa8c, 0x3d2138d9, 0x3d8737d4, 0x3ddfb660, 0x3e0f27ab, 0x3d94004b, 0xbe0efdeb, 0xbf1d96c3, 0xbf89db58, 0xbf6d9897, 0xbef69fb8, 0xbdc4f8a8, 0xbbde6422, 0x00000000, 0x00000000],
    [0xbe081a19, 0xbe084570, 0xbe08639b, 0xbe089837, 0xbe08f409, 0xbe09ab95, 0xbe0b66d0, 0xbe0e400a, 0xbe124df8, 0xbe1bde02, 0xbe2f19c9, 0xbe4931bf, 0xbe685fbc, 0xbe89c95f, 0xbe96cbca, 0xbe8044aa, 0xbe0550f2, 0x3dcfd6a1, 0x3e94c826, 0x3e79345f, 0x3decec91, 0x3ca46568, 0x3aa1e00a, 0x00000000, 0x00000000],
    [0xba3d61db, 0x39f097a3, 0x3a5845dc, 0x3ab1fa35, 0x3b0cefb8, 0x3b653ab6, 0x3bcae527, 0x3c221712, 0x3c6c5840, 0x3cc0a703, 0x3d1dcc19, 0x3d63656d, 0x3d955907, 0x3dbf9910, 0x3dd53f69, 0x3db7dcef, 0x3d639ebe, 0xba6ede48, 0xbd22be69, 0xbd041cf1, 0xbc64f5ab, 0xbb097a32, 0xb8ebf380, 0x00000000, 0x00000000],
    [0x3cb7d80c, 0x3c9b6050, 0x3c978d11, 0x3c92e850, 0x3c8d058b, 0x3c848454, 0x3c6cd623, 0x3c4c824b, 0x3c2a7935, 0x3be0b390, 0x3b0651ac, 0xbb232f53, 0xbbd42fa0, 0xbc2c5366, 0xbc492c9e, 0xbc2a7aa6, 0xbbd55d04, 0xba823a76, 0x3b102aa8, 0x3ae25a7e, 0x3a31f792, 0x38b84375, 0x3689bb5a, 0x00000000, 0x00000000],
];

/// `gelu_erf_idx_bias`, `gelu_erf_rbound` (|x| past which erf is ±1).
const IDX_BIAS: u32 = 0xc21f_ffff;
const RBOUND: u32 = 0x40b1_5cee;

/// One element as oneDNN's AVX512 kernel computes it.
pub fn gelu_erf(x: f32) -> f32 {
    let bits = x.to_bits();
    let pos = f32::from_bits(bits & 0x7fff_ffff);
    // (|x| bits + bias) >> 21, arithmetic; clamped to [1, 24]; 23 past the bound.
    let mut idx = ((bits & 0x7fff_ffff).wrapping_add(IDX_BIAS) as i32 >> 21).clamp(1, 24) as usize;
    if f32::from_bits(RBOUND) < pos {
        idx = 23;
    }
    let c = |deg: usize| f32::from_bits(POL[deg][idx]);
    let mut pol = c(5);
    for deg in (0..5).rev() {
        pol = pol.mul_add(pos, c(deg));
    }
    let pol = f32::from_bits(pol.to_bits() ^ (bits & 0x8000_0000));
    x * (pol + 1.0) * 0.5
}

/// oneDNN's `exp_compute_vector_fwd`: `2 * 2^(n-1) * p(r)` with `n` the
/// floor of `x log2(e) + 0.5`, `r = x - n ln 2` (one fused step) and `p` a
/// degree-5 polynomial; 0 below ln(FLT_MIN).
fn exp(x: f32) -> f32 {
    let f = f32::from_bits;
    let (ln_max, ln_min) = (f(0x42b1_7218), f(0xc2ae_ac50));
    let zero = x < ln_min;
    // vminps/vmaxps take the constant when x is NaN.
    let x = if x < ln_max { x } else { ln_max };
    let x = if x > ln_min { x } else { ln_min };
    let fx = (x * f(0x3fb8_aa3b) + 0.5).floor();
    let r = (-fx).mul_add(f(0x3f31_7218), x);
    let n = (fx - 1.0) as i32;
    let two_n = if zero { 0.0 } else { f(((n + 127) as u32) << 23) };
    let pol = [0x3f7f_fffb, 0x3eff_fee3, 0x3e2a_ad40, 0x3d2b_9d0d, 0x3c07_cfce].map(f);
    let mut p = pol[4];
    for k in (0..4).rev() {
        p = p.mul_add(r, pol[k]);
    }
    let p = p.mul_add(r, 1.0);
    p * two_n * 2.0
}

/// The derivative oneDNN's gelu_erf backward multiplies the incoming
/// gradient by (`gelu_erf_compute_vector_bwd`: Abramowitz and Stegun's erf
/// with oneDNN's exp): `0.5 + x/sqrt(2 pi) exp(-x²/2) + 0.5 erf(x/sqrt 2)`.
pub fn gelu_erf_grad(s: f32) -> f32 {
    let f = f32::from_bits;
    let r = s * f(0x3f35_04f3);
    let q = exp(-(r * r));
    let t = r * f(0x3f10_6eba) * q;
    let w = 1.0 / f(0x3ea7_ba05).mul_add(r.abs(), 1.0);
    let qw = -q * w;
    let pol = [0x3e82_7906, 0xbe91_a98e, 0x3fb5_f0e3, 0xbfba_00e3, 0x3f87_dc22].map(f);
    let mut p = pol[4];
    for k in (0..4).rev() {
        p = p.mul_add(w, pol[k]);
    }
    let erf = f32::from_bits(qw.mul_add(p, 1.0).to_bits() ^ (r.to_bits() & 0x8000_0000));
    erf.mul_add(0.5, t + 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_pytorch_printed() {
        // torch.nn.functional.gelu of a contiguous float32 tensor (PyTorch
        // 2.15, oneDNN): bits of the results.
        for (x, want) in [(1.0f32, 0x3f57625eu32), (-1.0, 0xbe227686), (0.5, 0x3eb103af), (3.0, 0x403fbda4), (-5.0, 0xb5a00000), (1e-30, 0x0d224260)] {
            assert_eq!(gelu_erf(x).to_bits(), want, "gelu({x})");
        }
        assert!(gelu_erf(f32::INFINITY).is_nan() && gelu_erf(f32::NEG_INFINITY).is_nan());
        assert_eq!(gelu_erf(0.0).to_bits(), 0);
    }
}
