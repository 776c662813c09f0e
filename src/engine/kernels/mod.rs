//! Fast typed kernels for the hot paths (strided copies, element-wise
//! arithmetic on dense inputs, full reductions). Each takes byte slices and
//! layouts, checks that every index it will touch is in bounds once, up
//! front, and then runs tight loops split across threads with rayon.
//! Callers fall back to the generic element-by-element code when a kernel
//! returns `false` (unsupported dtype or layout).
pub mod copy;
pub mod reduce_iter;
pub mod norm_reduce;
pub mod var_reduce;
pub mod binary;
pub mod cascade;
pub mod cast;
pub mod sort;
pub mod transpose;
pub mod unary;

/// Below this many elements, kernels run on one thread.
pub const PAR_THRESHOLD: usize = 1 << 16;

/// Whether the AVX-512 kernels may run: the CPU has AVX-512F and
/// `TSR_NO_AVX512` is not set (to time or test the AVX2 kernels on an
/// AVX-512 machine). Read once per process.
#[cfg(target_arch = "x86_64")]
pub fn avx512_allowed() -> bool {
    static OK: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *OK.get_or_init(|| std::env::var_os("TSR_NO_AVX512").is_none() && is_x86_feature_detected!("avx512f"))
}
