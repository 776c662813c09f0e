//! Same-dtype strided copy into a dense destination: dims are reordered so
//! the destination is walked in memory order, then the two innermost dims
//! are copied in cache-sized tiles (a transpose reads and writes within L1),
//! rows split across threads.

use rayon::prelude::*;

use crate::engine::layout::Layout;

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
    // One work item = `block` rows of one plane, where a block row of T is
    // one cache line: a transpose then reads whole source lines into a small
    // local tile and writes whole destination lines out of it, so neither
    // side walks memory at a large power-of-two stride.
    let block = (64 / std::mem::size_of::<T>()).max(1);
    // A work item covers BAND tiles of rows, so each source row is read in a
    // run of BAND cache lines (friendlier to the hardware prefetcher).
    const BAND: usize = 8;
    let band = block * BAND;
    let row_blocks = rows.div_ceil(band);
    let work = |(item, chunk): (usize, &mut [T])| {
        if crate::engine::interrupt::requested() {
            return;
        }
        let (o, rb) = (item / row_blocks, item % row_blocks);
        let base = base_of(o) + rb * band * rs;
        let nrows = chunk.len() / cols;
        if cs == 1 {
            for r in 0..nrows {
                let s = base + r * rs;
                chunk[r * cols..(r + 1) * cols].copy_from_slice(&src[s..s + cols]);
            }
            return;
        }
        if rs == 1 && nrows == band {
            // The classic transpose: whole source lines in, whole lines out.
            let ok = match block {
                16 => transpose_tiles::<T, 16, BAND>(chunk, src, base, cs, cols),
                8 => transpose_tiles::<T, 8, BAND>(chunk, src, base, cs, cols),
                _ => false,
            };
            if ok {
                return;
            }
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

/// Transposes one band of `B` destination rows: for each group of `B`
/// columns, `B` source runs of `B` contiguous elements (one cache line each)
/// are loaded into a fixed-size tile and written out as `B` row pieces.
/// Returns false (doing nothing) when the band's columns are not a multiple
/// of `B` or an index would leave `src`.
fn transpose_tiles<T: Copy, const B: usize, const N: usize>(chunk: &mut [T], src: &[T], base: usize, cs: usize, cols: usize) -> bool {
    if cols % B != 0 || chunk.len() != N * B * cols {
        return false;
    }
    let last = base + (cols - 1) * cs + N * B;
    if last > src.len() {
        return false;
    }
    let Some(&first) = src.get(base) else { return false };
    let mut tile = [[first; B]; B];
    for c0 in (0..cols).step_by(B) {
        for sub in 0..N {
            for (cc, row) in tile.iter_mut().enumerate() {
                let s = base + (c0 + cc) * cs + sub * B;
                row.copy_from_slice(&src[s..s + B]);
            }
            for r in 0..B {
                let d = (sub * B + r) * cols + c0;
                let out = &mut chunk[d..d + B];
                for (cc, o) in out.iter_mut().enumerate() {
                    *o = tile[cc][r];
                }
            }
        }
    }
    true
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

    #[test]
    fn refuses_out_of_bounds() {
        let src = vec![0u8; 10];
        let sl = Layout { shape: vec![4], stride: vec![4], offset: 0 };
        let mut dst = vec![0u8; 4];
        assert!(!copy_dense(&mut dst, &Layout::contiguous(&[4]), &src, &sl, 1));
    }
}
