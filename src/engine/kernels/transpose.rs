//! Out-of-place transpose of one band of rows: `dst[r * cols + c] =
//! src[base + r + c * cs]` for `r < nrows`, `c < cols` (the `contiguous()`
//! of a transposed matrix, one band at a time).
//!
//! The body is cut into square blocks that are transposed in registers:
//! 16×16 `f32` / 8×8 `f64` with AVX-512 (one source cache line per load, one
//! destination line per store), pairs of 8×8 `f32` / 4×4 `f64` with AVX2
//! (whole destination lines), 8×8 `u16` with SSE2 (always present on x86-64), chosen at run time with
//! `is_x86_feature_detected!`; other element sizes and other targets use a
//! portable block loop. Rows and columns left over at the edges are copied
//! one element at a time.
//!
//! Blocks are walked along the destination rows (so the destination is
//! written in whole lines, row band by row band) while the source rows a few
//! blocks ahead are prefetched into L2: the source rows are 4·cs bytes apart,
//! which the hardware prefetchers do not follow.

/// Source rows prefetched ahead of the block being transposed.
#[cfg(target_arch = "x86_64")]
const PREFETCH_ROWS: usize = 32;

/// Which register kernel a band uses (detected once per call; the check is a
/// cached atomic load).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Isa {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Sse2,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

/// The best kernel this CPU supports.
pub fn best_isa() -> Isa {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx512_allowed() {
            return Isa::Avx512;
        }
        if is_x86_feature_detected!("avx2") {
            return Isa::Avx2;
        }
        Isa::Sse2
    }
    #[cfg(not(target_arch = "x86_64"))]
    Isa::Portable
}

/// Transposes one band (see the module doc) with the kernel `isa` (or the
/// best one below it that covers `T`'s size). Returns false, touching
/// nothing, when `dst` is not `nrows * cols` long or a source index would
/// leave `src`.
pub fn transpose_band<T: Copy>(isa: Isa, dst: &mut [T], src: &[T], base: usize, cs: usize, nrows: usize, cols: usize) -> bool {
    let Some(n) = nrows.checked_mul(cols) else { return false };
    if dst.len() != n {
        return false;
    }
    if n == 0 {
        return true;
    }
    // The last source element read: (nrows - 1) + (cols - 1) * cs past base.
    let last = (cols - 1).checked_mul(cs).and_then(|x| x.checked_add(base + nrows - 1));
    if last.is_none_or(|l| l >= src.len()) {
        return false;
    }
    // SAFETY (all arms): every index the kernels touch is `base + r + c*cs`
    // (r < nrows, c < cols) in `src`, bounded by `last` checked above, and
    // `r*cols + c` in `dst`, of length nrows*cols; the register kernels only
    // run when `isa` was detected on this CPU.
    unsafe {
        let (d, s) = (dst.as_mut_ptr(), src.as_ptr().add(base));
        let size = std::mem::size_of::<T>();
        #[cfg(target_arch = "x86_64")]
        match (isa, size) {
            (Isa::Avx512, 4) => return blocks::<16, 16, _>(d.cast(), s.cast(), cs, nrows, cols, |d, ld, s, cs| x86::f32_16x16(d, ld, s, cs)),
            (Isa::Avx512, 8) => return blocks::<8, 8, _>(d.cast(), s.cast(), cs, nrows, cols, |d, ld, s, cs| x86::f64_8x8(d, ld, s, cs)),
            (Isa::Avx2, 4) => return blocks::<8, 16, _>(d.cast(), s.cast(), cs, nrows, cols, |d, ld, s, cs| x86::f32_8x16(d, ld, s, cs)),
            (Isa::Avx2, 8) => return blocks::<4, 8, _>(d.cast(), s.cast(), cs, nrows, cols, |d, ld, s, cs| x86::f64_4x8(d, ld, s, cs)),
            (Isa::Avx512 | Isa::Avx2 | Isa::Sse2, 2) => return blocks::<8, 8, _>(d.cast(), s.cast(), cs, nrows, cols, |d, ld, s, cs| x86::u16_8x8(d, ld, s, cs)),
            _ => {}
        }
        let _ = size;
        blocks::<8, 8, T>(d, s, cs, nrows, cols, |d, ld, s, cs| portable_block::<T, 8>(d, ld, s, cs))
    }
}

/// Walks the band in blocks of `R` destination rows × `C` destination
/// columns (edges element by element), prefetching the source rows
/// `PREFETCH_ROWS` ahead.
///
/// # Safety
/// `s + r + c*cs` for r < nrows, c < cols must be readable and `d + r*cols +
/// c` writable, and `block` must be safe to run on this CPU for such blocks.
#[inline(always)]
unsafe fn blocks<const R: usize, const C: usize, T: Copy>(
    d: *mut T,
    s: *const T,
    cs: usize,
    nrows: usize,
    cols: usize,
    block: impl Fn(*mut T, usize, *const T, usize),
) -> bool {
    let (rb, cb) = (nrows / R * R, cols / C * C);
    unsafe {
        let mut c0 = 0;
        while c0 < cb {
            #[cfg(target_arch = "x86_64")]
            if c0 + PREFETCH_ROWS + C <= cols {
                let line = 64 / std::mem::size_of::<T>().max(1);
                for k in 0..C {
                    let p = s.add((c0 + PREFETCH_ROWS + k) * cs);
                    let mut r = 0;
                    while r < nrows {
                        x86::prefetch_l2(p.add(r).cast());
                        r += line;
                    }
                }
            }
            let mut r0 = 0;
            while r0 < rb {
                block(d.add(r0 * cols + c0), cols, s.add(c0 * cs + r0), cs);
                r0 += R;
            }
            // Rows below the last whole block, for these C columns.
            for r in rb..nrows {
                for c in c0..c0 + C {
                    *d.add(r * cols + c) = *s.add(c * cs + r);
                }
            }
            c0 += C;
        }
        // Columns right of the last whole block, all rows.
        for r in 0..nrows {
            for c in cb..cols {
                *d.add(r * cols + c) = *s.add(c * cs + r);
            }
        }
    }
    true
}

/// A `B`×`B` block through a local tile (no SIMD).
///
/// # Safety
/// As [`blocks`] for one block.
#[inline(always)]
unsafe fn portable_block<T: Copy, const B: usize>(d: *mut T, ld: usize, s: *const T, cs: usize) {
    unsafe {
        for c in 0..B {
            let row = s.add(c * cs);
            for r in 0..B {
                *d.add(r * ld + c) = *row.add(r);
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    #[inline(always)]
    pub unsafe fn prefetch_l2(p: *const i8) {
        unsafe { _mm_prefetch::<_MM_HINT_T1>(p) }
    }

    /// 16×16 f32: 16 source lines in, 16 destination lines out.
    #[target_feature(enable = "avx512f")]
    pub unsafe fn f32_16x16(d: *mut f32, ld: usize, s: *const f32, cs: usize) {
        unsafe {
            let mut r = [_mm512_setzero_ps(); 16];
            for (k, x) in r.iter_mut().enumerate() {
                *x = _mm512_loadu_ps(s.add(k * cs));
            }
            let mut t = [_mm512_setzero_ps(); 16];
            for i in 0..8 {
                t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
                t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
            }
            for i in 0..4 {
                let a = _mm512_castps_pd(t[4 * i]);
                let b = _mm512_castps_pd(t[4 * i + 1]);
                let c = _mm512_castps_pd(t[4 * i + 2]);
                let e = _mm512_castps_pd(t[4 * i + 3]);
                r[4 * i] = _mm512_castpd_ps(_mm512_unpacklo_pd(a, c));
                r[4 * i + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(a, c));
                r[4 * i + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(b, e));
                r[4 * i + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(b, e));
            }
            for h in 0..2 {
                for j in 0..4 {
                    t[8 * h + j] = _mm512_shuffle_f32x4::<0x88>(r[8 * h + j], r[8 * h + 4 + j]);
                    t[8 * h + 4 + j] = _mm512_shuffle_f32x4::<0xdd>(r[8 * h + j], r[8 * h + 4 + j]);
                }
            }
            for j in 0..8 {
                _mm512_storeu_ps(d.add(j * ld), _mm512_shuffle_f32x4::<0x88>(t[j], t[8 + j]));
                _mm512_storeu_ps(d.add((8 + j) * ld), _mm512_shuffle_f32x4::<0xdd>(t[j], t[8 + j]));
            }
        }
    }

    /// 8×8 f64 (also i64/u64 bit patterns): one line per load and store.
    #[target_feature(enable = "avx512f")]
    pub unsafe fn f64_8x8(d: *mut f64, ld: usize, s: *const f64, cs: usize) {
        unsafe {
            let mut r = [_mm512_setzero_pd(); 8];
            for (k, x) in r.iter_mut().enumerate() {
                *x = _mm512_loadu_pd(s.add(k * cs));
            }
            // Pairs of rows interleaved, then 2×2 blocks of pairs, then 128-bit quarters.
            let mut t = [_mm512_setzero_pd(); 8];
            for i in 0..4 {
                t[2 * i] = _mm512_unpacklo_pd(r[2 * i], r[2 * i + 1]);
                t[2 * i + 1] = _mm512_unpackhi_pd(r[2 * i], r[2 * i + 1]);
            }
            // t[0] = a0b0 a2b2 a4b4 a6b6, t[1] = a1b1 a3b3 ..., t[2] = c0d0 c2d2 ...
            for h in 0..2 {
                for j in 0..2 {
                    let (x, y) = (t[4 * h + j], t[4 * h + 2 + j]);
                    r[4 * h + j] = _mm512_shuffle_f64x2::<0x88>(x, y);
                    r[4 * h + 2 + j] = _mm512_shuffle_f64x2::<0xdd>(x, y);
                }
            }
            // r[0] = a0b0 a4b4 c0d0 c4d4, r[2] = a2b2 a6b6 c2d2 c6d6, r[1]/r[3] the odd ones.
            for j in 0..4 {
                let (x, y) = (r[j], r[4 + j]);
                t[j] = _mm512_shuffle_f64x2::<0x88>(x, y);
                t[4 + j] = _mm512_shuffle_f64x2::<0xdd>(x, y);
            }
            // t[0] = col 0, t[1] = col 1, t[2] = col 2, t[3] = col 3, t[4] = col 4, ...
            for (j, x) in t.iter().enumerate() {
                _mm512_storeu_pd(d.add(j * ld), *x);
            }
        }
    }

    #[inline(always)]
    unsafe fn t8(r: [__m256; 8]) -> [__m256; 8] {
        unsafe {
            let t0 = _mm256_unpacklo_ps(r[0], r[1]);
            let t1 = _mm256_unpackhi_ps(r[0], r[1]);
            let t2 = _mm256_unpacklo_ps(r[2], r[3]);
            let t3 = _mm256_unpackhi_ps(r[2], r[3]);
            let t4 = _mm256_unpacklo_ps(r[4], r[5]);
            let t5 = _mm256_unpackhi_ps(r[4], r[5]);
            let t6 = _mm256_unpacklo_ps(r[6], r[7]);
            let t7 = _mm256_unpackhi_ps(r[6], r[7]);
            let u0 = _mm256_shuffle_ps::<0x44>(t0, t2);
            let u1 = _mm256_shuffle_ps::<0xEE>(t0, t2);
            let u2 = _mm256_shuffle_ps::<0x44>(t1, t3);
            let u3 = _mm256_shuffle_ps::<0xEE>(t1, t3);
            let u4 = _mm256_shuffle_ps::<0x44>(t4, t6);
            let u5 = _mm256_shuffle_ps::<0xEE>(t4, t6);
            let u6 = _mm256_shuffle_ps::<0x44>(t5, t7);
            let u7 = _mm256_shuffle_ps::<0xEE>(t5, t7);
            [
                _mm256_permute2f128_ps::<0x20>(u0, u4),
                _mm256_permute2f128_ps::<0x20>(u1, u5),
                _mm256_permute2f128_ps::<0x20>(u2, u6),
                _mm256_permute2f128_ps::<0x20>(u3, u7),
                _mm256_permute2f128_ps::<0x31>(u0, u4),
                _mm256_permute2f128_ps::<0x31>(u1, u5),
                _mm256_permute2f128_ps::<0x31>(u2, u6),
                _mm256_permute2f128_ps::<0x31>(u3, u7),
            ]
        }
    }

    /// 8 destination rows × 16 columns with AVX2: two 8×8 blocks side by
    /// side, so each destination row gets a whole cache line at once (rows
    /// 4·cs bytes apart share an L1 set, and a half-written line would be
    /// evicted before its other half came).
    #[target_feature(enable = "avx2")]
    pub unsafe fn f32_8x16(d: *mut f32, ld: usize, s: *const f32, cs: usize) {
        unsafe {
            let mut a = [_mm256_setzero_ps(); 8];
            let mut b = [_mm256_setzero_ps(); 8];
            for k in 0..8 {
                a[k] = _mm256_loadu_ps(s.add(k * cs));
                b[k] = _mm256_loadu_ps(s.add((8 + k) * cs));
            }
            let (a, b) = (t8(a), t8(b));
            for k in 0..8 {
                _mm256_storeu_ps(d.add(k * ld), a[k]);
                _mm256_storeu_ps(d.add(k * ld + 8), b[k]);
            }
        }
    }

    /// 4 destination rows × 8 columns of f64 with AVX2 (whole lines, as above).
    #[target_feature(enable = "avx2")]
    pub unsafe fn f64_4x8(d: *mut f64, ld: usize, s: *const f64, cs: usize) {
        unsafe {
            f64_4x4(d, ld, s, cs);
            f64_4x4(d.add(4), ld, s.add(4 * cs), cs);
        }
    }

    /// 4×4 f64 with AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn f64_4x4(d: *mut f64, ld: usize, s: *const f64, cs: usize) {
        unsafe {
            let a = _mm256_loadu_pd(s);
            let b = _mm256_loadu_pd(s.add(cs));
            let c = _mm256_loadu_pd(s.add(2 * cs));
            let e = _mm256_loadu_pd(s.add(3 * cs));
            let t0 = _mm256_unpacklo_pd(a, b); // a0 b0 a2 b2
            let t1 = _mm256_unpackhi_pd(a, b); // a1 b1 a3 b3
            let t2 = _mm256_unpacklo_pd(c, e); // c0 d0 c2 d2
            let t3 = _mm256_unpackhi_pd(c, e); // c1 d1 c3 d3
            _mm256_storeu_pd(d, _mm256_permute2f128_pd::<0x20>(t0, t2));
            _mm256_storeu_pd(d.add(ld), _mm256_permute2f128_pd::<0x20>(t1, t3));
            _mm256_storeu_pd(d.add(2 * ld), _mm256_permute2f128_pd::<0x31>(t0, t2));
            _mm256_storeu_pd(d.add(3 * ld), _mm256_permute2f128_pd::<0x31>(t1, t3));
        }
    }

    /// 8×8 u16 (float16, bfloat16, int16) with SSE2.
    #[target_feature(enable = "sse2")]
    pub unsafe fn u16_8x8(d: *mut u16, ld: usize, s: *const u16, cs: usize) {
        unsafe {
            let mut r = [_mm_setzero_si128(); 8];
            for (k, x) in r.iter_mut().enumerate() {
                *x = _mm_loadu_si128(s.add(k * cs).cast());
            }
            let a0 = _mm_unpacklo_epi16(r[0], r[1]);
            let a1 = _mm_unpackhi_epi16(r[0], r[1]);
            let a2 = _mm_unpacklo_epi16(r[2], r[3]);
            let a3 = _mm_unpackhi_epi16(r[2], r[3]);
            let a4 = _mm_unpacklo_epi16(r[4], r[5]);
            let a5 = _mm_unpackhi_epi16(r[4], r[5]);
            let a6 = _mm_unpacklo_epi16(r[6], r[7]);
            let a7 = _mm_unpackhi_epi16(r[6], r[7]);
            let b0 = _mm_unpacklo_epi32(a0, a2);
            let b1 = _mm_unpackhi_epi32(a0, a2);
            let b2 = _mm_unpacklo_epi32(a1, a3);
            let b3 = _mm_unpackhi_epi32(a1, a3);
            let b4 = _mm_unpacklo_epi32(a4, a6);
            let b5 = _mm_unpackhi_epi32(a4, a6);
            let b6 = _mm_unpacklo_epi32(a5, a7);
            let b7 = _mm_unpackhi_epi32(a5, a7);
            let out = [
                _mm_unpacklo_epi64(b0, b4),
                _mm_unpackhi_epi64(b0, b4),
                _mm_unpacklo_epi64(b1, b5),
                _mm_unpackhi_epi64(b1, b5),
                _mm_unpacklo_epi64(b2, b6),
                _mm_unpackhi_epi64(b2, b6),
                _mm_unpacklo_epi64(b3, b7),
                _mm_unpackhi_epi64(b3, b7),
            ];
            for (k, x) in out.into_iter().enumerate() {
                _mm_storeu_si128(d.add(k * ld).cast(), x);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn isas() -> Vec<Isa> {
        let mut v = vec![Isa::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            v.push(Isa::Sse2);
            if is_x86_feature_detected!("avx2") {
                v.push(Isa::Avx2);
            }
            if is_x86_feature_detected!("avx512f") {
                v.push(Isa::Avx512);
            }
        }
        v
    }

    /// Every kernel on every size against the naive loop, with an offset,
    /// a padded source stride and band heights/widths off the block sizes.
    fn check<T: Copy + PartialEq + std::fmt::Debug>(make: impl Fn(usize) -> T) {
        let sizes = [0usize, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 64, 70];
        for isa in isas() {
            for &nrows in &sizes {
                for &cols in &sizes {
                    for (pad, base) in [(0usize, 0usize), (3, 5)] {
                        let cs = nrows + pad;
                        let len = base + cols * cs + nrows;
                        let src: Vec<T> = (0..len).map(&make).collect();
                        let mut dst = vec![make(usize::MAX); nrows * cols];
                        assert!(transpose_band(isa, &mut dst, &src, base, cs, nrows, cols));
                        for r in 0..nrows {
                            for c in 0..cols {
                                assert_eq!(dst[r * cols + c], src[base + r + c * cs], "{isa:?} {nrows}x{cols} cs {cs} at {r},{c}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn all_kernels_match_naive() {
        check(|i| i as u8);
        check(|i| i as u16);
        check(|i| half::f16::from_f32(i as f32 * 0.5));
        check(|i| half::bf16::from_f32(i as f32 * 0.25));
        check(|i| i as f32 + 0.5);
        check(|i| i as u32);
        check(|i| i as f64 * 1.5);
        check(|i| i as i64 - 7);
    }

    #[test]
    fn big_band_prefetch_path() {
        // Columns beyond the prefetch distance, rows over several blocks.
        let (nrows, cols, cs) = (48usize, 200usize, 61usize);
        let src: Vec<f32> = (0..cols * cs + nrows).map(|i| i as f32).collect();
        for isa in isas() {
            let mut dst = vec![0f32; nrows * cols];
            assert!(transpose_band(isa, &mut dst, &src, 0, cs, nrows, cols));
            for r in 0..nrows {
                for c in 0..cols {
                    assert_eq!(dst[r * cols + c], src[r + c * cs]);
                }
            }
        }
    }

    #[test]
    fn refuses_bad_bounds() {
        let src = vec![0f32; 10];
        let mut dst = vec![0f32; 6];
        // Last index 1 + 2*5 = 11 is past the source.
        assert!(!transpose_band(best_isa(), &mut dst, &src, 0, 5, 2, 3));
        let mut short = vec![0f32; 5];
        assert!(!transpose_band(best_isa(), &mut short, &src, 0, 4, 2, 3));
        assert!(transpose_band(best_isa(), &mut dst, &src, 0, 4, 2, 3));
    }
}
