//! Random factories with PyTorch's CPU generator: MT19937 seeded by
//! `manual_seed`, and the same draw-to-value transforms as ATen
//! (`uniform_real_distribution`, `normal_fill`, `normal_distribution<double>`,
//! `random_from_to`), so `manual_seed(0); rand(3)` gives PyTorch's numbers.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, Result};
use crate::engine::interrupt::{self, CHECK_EVERY};
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

const N: usize = 624;
const M: usize = 397;

/// PyTorch's `at::mt19937` plus the generator's cached normal sample.
pub struct Generator {
    /// The seed last set (`initial_seed()`).
    initial: u64,
    state: [u32; N],
    left: usize,
    next: usize,
    next_double_normal: Option<f64>,
}

/// PyTorch's default seed for the CPU generator.
pub const DEFAULT_SEED: u64 = 67280421310721;

impl Generator {
    pub fn new(seed: u64) -> Self {
        let mut g = Generator { initial: seed, state: [0; N], left: 1, next: 0, next_double_normal: None };
        g.seed(seed);
        g
    }

    /// The seed last set.
    pub fn initial_seed(&self) -> u64 {
        self.initial
    }

    pub fn seed(&mut self, seed: u64) {
        self.initial = seed;
        self.state[0] = (seed & 0xffff_ffff) as u32;
        for j in 1..N {
            let prev = self.state[j - 1];
            self.state[j] = 1812433253u32.wrapping_mul(prev ^ (prev >> 30)).wrapping_add(j as u32);
        }
        self.left = 1;
        self.next = 0;
        self.next_double_normal = None;
    }

    fn twist(u: u32, v: u32) -> u32 {
        let mix = (u & 0x8000_0000) | (v & 0x7fff_ffff);
        (mix >> 1) ^ if v & 1 != 0 { 0x9908_b0df } else { 0 }
    }

    fn next_state(&mut self) {
        self.left = N;
        self.next = 0;
        for i in 0..N {
            let j = (i + M) % N;
            let k = (i + 1) % N;
            self.state[i] = self.state[j] ^ Self::twist(self.state[i], self.state[k]);
        }
    }

    /// One 32-bit draw.
    pub fn random(&mut self) -> u32 {
        self.left -= 1;
        if self.left == 0 {
            self.next_state();
        }
        let mut y = self.state[self.next];
        self.next += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// Two draws as one 64-bit value (first draw in the high half).
    pub fn random64(&mut self) -> u64 {
        let hi = self.random() as u64;
        let lo = self.random() as u64;
        (hi << 32) | lo
    }

    /// `uniform_real_distribution<T>(0, 1)` for a dtype with `digits` mantissa bits.
    pub(crate) fn uniform(&mut self, dtype: DType) -> f64 {
        // float16/bfloat16 draw a float32 uniform and round it.
        let digits = if dtype == DType::Float64 { 53 } else { 24 };
        let val = if dtype == DType::Float64 { self.random64() } else { self.random() as u64 };
        let u = (val & ((1u64 << digits) - 1)) as f64 / (1u64 << digits) as f64;
        round_to(dtype, u)
    }

    /// `normal_distribution<double>(0, 1)` with the cached second sample.
    pub(crate) fn normal_double(&mut self) -> f64 {
        if let Some(v) = self.next_double_normal.take() {
            return v;
        }
        let u1 = self.uniform(DType::Float64);
        let u2 = self.uniform(DType::Float64);
        let r = (-2.0 * (-u2).ln_1p()).sqrt();
        let theta = 2.0 * std::f64::consts::PI * u1;
        self.next_double_normal = Some(r * theta.sin());
        r * theta.cos()
    }
}

/// Rounds `v` to what a `dtype` element holds (the `scalar_t` of the kernel).
pub(crate) fn round_to(dtype: DType, v: f64) -> f64 {
    Scalar::Float(v).cast(dtype).as_f64()
}

/// The dtype of the uniform draws `normal_fill` makes for a `dtype`
/// tensor: float32 for float16/bfloat16 (measured against PyTorch 2.15:
/// `randn(n, dtype=half)` equals `randn(n).half()` on every full block of
/// 16, so the draws and the math are float32's).
pub(crate) fn normal_draw_dtype(dtype: DType) -> DType {
    match dtype {
        DType::Float16 | DType::BFloat16 => DType::Float32,
        d => d,
    }
}

/// How many uniforms `normal_fill` draws before its blocks of 16: every
/// element's, except for float16/bfloat16, which draw only the whole
/// blocks' (measured: their tail block of 16 takes the 16 draws that follow
/// the whole blocks, where float32's and float64's follow all n).
pub(crate) fn normal_first_draws(dtype: DType, n: usize) -> usize {
    match dtype {
        DType::Float16 | DType::BFloat16 => n - n % 16,
        _ => n,
    }
}

/// PyTorch's `normal_fill_16` (`radius * cos(theta) * std + mean`; randn
/// is mean 0, std 1): float64 in double; float32 (and float16/bfloat16,
/// then rounded) as the AVX2 kernel `normal_fill_16_AVX2` computes it,
/// which float32 draws of 16 or more contiguous elements take.
pub(crate) fn normal_fill_16(data: &mut [f64], dtype: DType, mean: f64, std: f64) {
    for j in 0..8 {
        if dtype == DType::Float64 {
            let u1 = 1.0 - data[j];
            let u2 = data[j + 8];
            let radius = (-2.0 * u1.ln()).sqrt();
            let theta = 2.0 * std::f64::consts::PI * u2;
            // `radius * cos(theta) * std + mean`, contracted to one fused
            // multiply-add (measured: normal_(0.3, 1.7) of 20 doubles).
            data[j] = (radius * theta.cos()).mul_add(std, mean);
            data[j + 8] = (radius * theta.sin()).mul_add(std, mean);
        } else {
            // normal_fill_16_AVX2: avx_mathfun's log and sincos, then
            // radius · cos(θ) · std + mean as one fused multiply-add.
            let (mean, std) = (round_to(dtype, mean) as f32, round_to(dtype, std) as f32);
            let u1 = 1.0f32 - data[j] as f32;
            let u2 = data[j + 8] as f32;
            let radius = (-2.0f32 * super::avx_mathfun::log(u1)).sqrt();
            let theta = (2.0 * std::f64::consts::PI) as f32 * u2;
            let (sin, cos) = super::avx_mathfun::sincos(theta);
            data[j] = round_to(dtype, (radius * cos).mul_add(std, mean) as f64);
            data[j + 8] = round_to(dtype, (radius * sin).mul_add(std, mean) as f64);
        }
    }
}

fn check_float(dtype: DType, what: &str) -> Result<()> {
    if !dtype.is_floating() {
        return Err(EngineError::runtime(format!(
            "\"{what}\" not implemented for '{}'",
            super::promote::scalar_type_name(dtype)
        )));
    }
    Ok(())
}

/// `rand(shape)` or `randn(shape)`.
pub fn fill_random(ctx: &Context, device: crate::engine::Device, shape: &[usize], dtype: DType, normal: bool, op: &str) -> Result<Tensor> {
    check_float(dtype, if normal { "normal_kernel_cpu" } else { "check_uniform_bounds" })?;
    let t = Tensor::alloc_on(ctx, device, shape, dtype, op)?;
    let n = t.numel();
    let mut g = ctx.rng.borrow_mut();
    let mut data: Vec<f64> = Vec::with_capacity(n);
    // Ctrl-C stops the draw (the generator has then moved on part of the way).
    let check = |j: usize| if j.is_multiple_of(CHECK_EVERY) { interrupt::check() } else { Ok(()) };
    let draw = if normal { normal_draw_dtype(dtype) } else { dtype };
    if !normal || n >= 16 {
        let first = if normal { normal_first_draws(dtype, n) } else { n };
        for j in 0..first {
            check(j)?;
            data.push(g.uniform(draw));
        }
        data.resize(n, 0.0);
    }
    if normal && n >= 16 {
        let mut i = 0;
        while i + 16 <= n {
            check(i)?;
            normal_fill_16(&mut data[i..i + 16], dtype, 0.0, 1.0);
            i += 16;
        }
        if n % 16 != 0 {
            let tail = &mut data[n - 16..];
            for v in tail.iter_mut() {
                *v = g.uniform(draw);
            }
            normal_fill_16(tail, dtype, 0.0, 1.0);
        }
    } else if normal {
        data.extend((0..n).map(|_| g.normal_double()));
    }
    drop(g);
    // rand is uniform_(0, 1): a draw that rounds up to 1 (float16/bfloat16)
    // wraps to 0, as in `uniform_`.
    if !normal {
        for v in data.iter_mut() {
            if *v == 1.0 {
                *v = 0.0;
            }
        }
    }
    let vals: Vec<Scalar> = data.into_iter().map(Scalar::Float).collect();
    super::copy::write_values(&t, &vals);
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mt19937_matches_the_reference_sequence() {
        // std::mt19937 with seed 5489: the 10000th output is 4123659995.
        let mut g = Generator::new(5489);
        let mut last = 0;
        for _ in 0..10000 {
            last = g.random();
        }
        assert_eq!(last, 4123659995);
    }
}
