//! Same-dtype strided copy into a dense destination: dims are reordered so
//! the destination is walked in memory order, then the two innermost dims
//! are copied band of rows by band of rows, bands split across threads:
//! row runs with `memcpy` when the inner dim is contiguous in the source, a
//! register-blocked transpose (`transpose.rs`) when the two inner dims are
//! swapped, and cache-line tiles for any other strides.

use rayon::prelude::*;

use crate::engine::layout::Layout;

/// Destination rows per work item of a transpose, in bytes of one source
/// row's run (64 f32 rows: four cache lines of each source row per pass).
const TRANSPOSE_BAND_BYTES: usize = 256;

/// Copies `src` (layout `sl`) into `dst` (layout `dl`, dense) for elements of
/// `size` bytes. Returns false when the destination is not dense (caller
/// falls back) or an index would leave a buffer.
pub fn copy_dense(dst: &mut [u8], dl: &Layout, src: &[u8], sl: &Layout, size: usize) -> bool {
    if !crate::engine::layout::is_non_overlapping_and_dense(&dl.shape, &dl.stride) || dl.shape != sl.shape {
        return false;
    }
    let n = dl.numel();
    if n == 0 {
        return true;
    }
    // Bounds, once: the last byte each side can touch.
    let (Some((_, dhi)), Some((_, shi))) = (dl.footprint(), sl.footprint()) else { return true };
    if (dhi + 1) * size > dst.len() || (shi + 1) * size > src.len() {
        return false;
    }
    // Dims in destination memory order (outermost first), size-1 dims dropped.
    let mut dims: Vec<usize> = (0..dl.ndim()).filter(|&d| dl.shape[d] != 1).collect();
    dims.sort_by(|&a, &b| dl.stride[b].cmp(&dl.stride[a]));
    let shape: Vec<usize> = dims.iter().map(|&d| dl.shape[d]).collect();
    let sstride: Vec<usize> = dims.iter().map(|&d| sl.stride[d]).collect();
    let d0 = dl.offset * size;
    let dst = &mut dst[d0..d0 + n * size];
    match size {
        1 => run::<u8>(dst, &shape, &sstride, src, sl.offset),
        2 => run::<u16>(bytemuck::cast_slice_mut(dst), &shape, &sstride, bytemuck::cast_slice(src), sl.offset),
        4 => run::<u32>(bytemuck::cast_slice_mut(dst), &shape, &sstride, bytemuck::cast_slice(src), sl.offset),
        8 => run::<u64>(bytemuck::cast_slice_mut(dst), &shape, &sstride, bytemuck::cast_slice(src), sl.offset),
        _ => return false,
    }
    true
}

/// `dst` is contiguous over `shape`; `src` is read at `soff + Σ i·sstride`.
fn run<T: Copy + Send + Sync>(dst: &mut [T], shape: &[usize], sstride: &[usize], src: &[T], soff: usize) {
    let nd = shape.len();
    if nd == 0 {
        dst[0] = src[soff];
        return;
    }
    let cols = shape[nd - 1];
    let cs = sstride[nd - 1];
    let (rows, rs) = if nd >= 2 { (shape[nd - 2], sstride[nd - 2]) } else { (1, 0) };
    let outer_shape = if nd >= 2 { &shape[..nd - 2] } else { &[][..] };
    let outer_stride = if nd >= 2 { &sstride[..nd - 2] } else { &[][..] };
    let plane = rows * cols;
    let base_of = |mut o: usize| -> usize {
        let mut off = soff;
        for d in (0..outer_shape.len()).rev() {
            off += (o % outer_shape[d]) * outer_stride[d];
            o /= outer_shape[d];
        }
        off
    };
    // A pure transpose of the two inner dims (the source walks rows with
    // stride 1 and columns with stride `cs`) goes to the register-blocked
    // kernel, one band of `band` destination rows per work item: the band
    // reads `band` contiguous source elements per source row.
    let transpose = rs == 1 && cs != 1 && nd >= 2;
    let isa = super::transpose::best_isa();
    // Otherwise one work item = BAND tiles of `block` rows, where a block row
    // of T is one cache line, so each source row is read in a run of BAND
    // cache lines (friendlier to the hardware prefetcher).
    let block = (64 / std::mem::size_of::<T>()).max(1);
    const BAND: usize = 8;
    let band = if transpose { TRANSPOSE_BAND_BYTES / std::mem::size_of::<T>() } else { block * BAND };
    let row_blocks = rows.div_ceil(band);
    let work = |(item, chunk): (usize, &mut [T])| {
        if crate::engine::interrupt::requested() {
            return;
        }
        let (o, rb) = (item / row_blocks, item % row_blocks);
        let base = base_of(o) + rb * band * rs;
        let nrows = chunk.len() / cols;
        if cs == 1 && rs == cols {
            // Rows follow each other in the source too: one run.
            chunk.copy_from_slice(&src[base..base + chunk.len()]);
            return;
        }
        if cs == 1 {
            for r in 0..nrows {
                let s = base + r * rs;
                chunk[r * cols..(r + 1) * cols].copy_from_slice(&src[s..s + cols]);
            }
            return;
        }
        if transpose && super::transpose::transpose_band(isa, chunk, src, base, cs, nrows, cols) {
            return;
        }
        let mut tile: Vec<T> = Vec::with_capacity(block * block);
        let mut c0 = 0;
        while c0 < cols {
            let cw = block.min(cols - c0);
            tile.clear();
            for cc in 0..cw {
                let s = base + (c0 + cc) * cs;
                // SAFETY: r < nrows and c0 + cc < cols index elements of this
                // block, inside the footprint checked in copy_dense.
                tile.extend((0..nrows).map(|r| unsafe { *src.get_unchecked(s + r * rs) }));
            }
            for r in 0..nrows {
                let row = &mut chunk[r * cols + c0..r * cols + c0 + cw];
                for (cc, d) in row.iter_mut().enumerate() {
                    *d = tile[cc * nrows + r];
                }
            }
            c0 += cw;
        }
    };
    // Chunks of `block` rows never straddle planes because planes are cut first.
    let chunks: Vec<(usize, &mut [T])> = dst
        .chunks_mut(plane.max(1))
        .flat_map(|p| p.chunks_mut(band * cols.max(1)))
        .enumerate()
        .collect();
    if dst_len(shape) >= super::PAR_THRESHOLD {
        chunks.into_par_iter().for_each(work);
    } else {
        chunks.into_iter().for_each(work);
    }
}

fn dst_len(shape: &[usize]) -> usize {
    shape.iter().product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strided::StridedIndex;

    #[test]
    fn transposed_copy_matches_naive() {
        // 128x192 and 64x256 take the fixed-size tile path; the others the general one.
        for (r, c) in [(1, 1), (3, 5), (70, 130), (129, 64), (128, 192), (64, 256)] {
            let src: Vec<u32> = (0..(r * c) as u32).collect();
            let sl = Layout { shape: vec![c, r], stride: vec![1, c], offset: 0 };
            let dl = Layout::contiguous(&[c, r]);
            let mut dst = vec![0u32; r * c];
            assert!(copy_dense(bytemuck::cast_slice_mut(&mut dst), &dl, bytemuck::cast_slice(&src), &sl, 4));
            let expect: Vec<u32> = StridedIndex::new(&sl).map(|i| src[i]).collect();
            assert_eq!(dst, expect);
        }
    }

    #[test]
    fn transposed_u64_tiles_match_naive() {
        let (r, c) = (64usize, 96usize);
        let src: Vec<u64> = (0..(r * c) as u64).collect();
        let sl = Layout { shape: vec![c, r], stride: vec![1, c], offset: 0 };
        let dl = Layout::contiguous(&[c, r]);
        let mut dst = vec![0u64; r * c];
        assert!(copy_dense(bytemuck::cast_slice_mut(&mut dst), &dl, bytemuck::cast_slice(&src), &sl, 8));
        let expect: Vec<u64> = StridedIndex::new(&sl).map(|i| src[i]).collect();
        assert_eq!(dst, expect);
    }

    #[test]
    fn three_d_permute_with_offset() {
        let src: Vec<u16> = (0..200u16).collect();
        let sl = Layout { shape: vec![4, 2, 3], stride: vec![1, 12, 4], offset: 5 };
        let dl = Layout::contiguous(&[4, 2, 3]);
        let mut dst = vec![0u16; 24];
        assert!(copy_dense(bytemuck::cast_slice_mut(&mut dst), &dl, bytemuck::cast_slice(&src), &sl, 2));
        let expect: Vec<u16> = StridedIndex::new(&sl).map(|i| src[i]).collect();
        assert_eq!(dst, expect);
    }

    /// Copies `sl` out of a numbered source of `size`-byte elements and
    /// compares with the naive strided walk.
    fn check_layout(sl: &Layout, size: usize) {
        let len = sl.footprint().map(|(_, hi)| hi + 1).unwrap_or(0);
        let src: Vec<u8> = (0..len * size).map(|i| (i * 31 % 251) as u8).collect();
        let dl = Layout::contiguous(&sl.shape);
        let mut dst = vec![0u8; dl.numel() * size];
        assert!(copy_dense(&mut dst, &dl, &src, sl, size), "{sl:?}");
        for (k, i) in StridedIndex::new(sl).enumerate() {
            assert_eq!(dst[k * size..(k + 1) * size], src[i * size..(i + 1) * size], "{sl:?} size {size} element {k}");
        }
    }

    #[test]
    fn transposes_of_every_element_size_match_naive() {
        for size in [1, 2, 4, 8] {
            // Batched transposes with an offset; odd sizes leave edges on
            // both sides; 300x257 is over the parallel threshold.
            for (b, r, c) in [(1, 0, 5), (1, 1, 1), (2, 17, 33), (3, 40, 24), (1, 300, 257), (2, 64, 130)] {
                let sl = Layout { shape: vec![b, c, r], stride: vec![r * c, 1, r], offset: 3 };
                check_layout(&sl, size);
                // A transpose of a column slice: source rows padded (stride r + 7).
                let sl = Layout { shape: vec![c, r], stride: vec![1, r + 7], offset: 1 };
                check_layout(&sl, size);
            }
            // The batch dim innermost in the source: permute(2, 0, 1).
            let sl = Layout { shape: vec![5, 19, 23], stride: vec![1, 23 * 5, 5], offset: 0 };
            check_layout(&sl, size);
            // Contiguous rows and plain row runs.
            check_layout(&Layout { shape: vec![70, 90], stride: vec![90, 1], offset: 2 }, size);
            check_layout(&Layout { shape: vec![70, 90], stride: vec![100, 1], offset: 2 }, size);
        }
    }

    #[test]
    fn refuses_out_of_bounds() {
        let src = vec![0u8; 10];
        let sl = Layout { shape: vec![4], stride: vec![4], offset: 0 };
        let mut dst = vec![0u8; 4];
        assert!(!copy_dense(&mut dst, &Layout::contiguous(&[4]), &src, &sl, 1));
    }
}
