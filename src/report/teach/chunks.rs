//! Chunk analysis: why `view` (and `reshape` without copying) works or
//! fails for a given layout and requested shape.
//!
//! PyTorch's `computeStride` splits the old dims into *chunks*: maximal runs
//! of neighbouring dims that step through memory as one (dim `d-1` joins the
//! chunk of `d..` when `stride[d-1] == numel(d..) · stride of the chunk's
//! innermost dim`; size-1 dims always join). A view exists exactly when the
//! requested dims can be grouped, right to left, into groups whose sizes
//! multiply to each chunk's element count. This module replays that walk and
//! keeps every decision, so `explain` can show the proof.

use serde::Serialize;

use crate::engine::layout::compute_stride;

/// A run of old dims that behaves as one contiguous block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Chunk {
    /// Old dims in the chunk, outermost first.
    pub dims: Vec<usize>,
    pub numel: usize,
    /// Stride of the chunk's innermost dim: its step through memory.
    pub base_stride: usize,
}

/// Why dim `outer` does not join the chunk to its right:
/// `stride[outer] ≠ inner_numel · base_stride`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Break {
    pub outer: usize,
    pub outer_stride: usize,
    /// Dims of the chunk to the right.
    pub inner: Vec<usize>,
    pub inner_numel: usize,
    pub base_stride: usize,
    /// The stride `outer` would need to join: `inner_numel · base_stride`.
    pub needed: usize,
}

/// New dims that take their elements from one chunk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Group {
    /// Index into `chunks`.
    pub chunk: usize,
    /// New dims, outermost first.
    pub new_dims: Vec<usize>,
    pub numel: usize,
}

/// A requested dim that would have to run across a chunk boundary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Spanning {
    pub new_dim: usize,
    pub size: usize,
    /// The chunk it starts in (index into `chunks`), whose elements run out
    /// before the group of new dims ending here is complete.
    pub chunk: usize,
    /// Elements the group of new dims would need from that chunk.
    pub needs: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChunkAnalysis {
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    /// The requested shape (after `-1` is inferred).
    pub target: Vec<usize>,
    /// Left to right.
    pub chunks: Vec<Chunk>,
    /// Between neighbouring chunks, left to right.
    pub breaks: Vec<Break>,
    pub groups: Vec<Group>,
    pub spanning: Option<Spanning>,
    /// The strides of the view, when one exists (PyTorch's `computeStride`).
    pub view_stride: Option<Vec<usize>>,
}

/// Replays `computeStride(shape, stride, target)` and records its chunks.
/// Tensors with no dims or no elements have no chunks (any shape fits).
pub fn analyze(shape: &[usize], stride: &[usize], target: &[usize]) -> ChunkAnalysis {
    let mut a = ChunkAnalysis {
        shape: shape.to_vec(),
        stride: stride.to_vec(),
        target: target.to_vec(),
        chunks: vec![],
        breaks: vec![],
        groups: vec![],
        spanning: None,
        view_stride: compute_stride(shape, stride, target),
    };
    let n = shape.len();
    if n == 0 || n != stride.len() || shape.contains(&0) {
        return a;
    }
    // Chunks, right to left, exactly as computeStride finds them.
    let mut base = stride[n - 1];
    let mut numel: usize = 1;
    let mut inner_end = n - 1;
    for d in (0..n).rev() {
        numel = numel.saturating_mul(shape[d]);
        let ends = d == 0 || (shape[d - 1] != 1 && stride[d - 1] != numel.wrapping_mul(base));
        if !ends {
            continue;
        }
        a.chunks.push(Chunk { dims: (d..=inner_end).collect(), numel, base_stride: base });
        if d > 0 {
            a.breaks.push(Break {
                outer: d - 1,
                outer_stride: stride[d - 1],
                inner: (d..=inner_end).collect(),
                inner_numel: numel,
                base_stride: base,
                needed: numel.wrapping_mul(base),
            });
            base = stride[d - 1];
            numel = 1;
            inner_end = d - 1;
        }
    }
    a.chunks.reverse();
    a.breaks.reverse();
    // Group the requested dims, right to left, chunk by chunk.
    let mut view_d = target.len() as isize - 1;
    for ci in (0..a.chunks.len()).rev() {
        let want = a.chunks[ci].numel;
        let mut got: usize = 1;
        let mut dims = vec![];
        while view_d >= 0 {
            let s = target[view_d as usize];
            // After the leftmost chunk, only size-1 dims may remain.
            if !(got < want || s == 1) {
                break;
            }
            dims.insert(0, view_d as usize);
            got = got.saturating_mul(s);
            view_d -= 1;
        }
        if got != want {
            a.spanning = dims.first().map(|&d| Spanning { new_dim: d, size: target[d], chunk: ci, needs: got });
            a.groups.push(Group { chunk: ci, new_dims: dims, numel: got });
            break;
        }
        a.groups.push(Group { chunk: ci, new_dims: dims, numel: got });
    }
    a.groups.reverse();
    a
}

impl ChunkAnalysis {
    pub fn viewable(&self) -> bool {
        self.view_stride.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::layout::contiguous_strides;
    use proptest::prelude::*;

    #[test]
    fn transpose_splits_into_two_chunks_and_twelve_spans_both() {
        // arange(12).view(3, 4).t(): shape (4, 3), stride (1, 4).
        let a = analyze(&[4, 3], &[1, 4], &[12]);
        assert_eq!(a.chunks.len(), 2);
        assert_eq!(a.chunks[0], Chunk { dims: vec![0], numel: 4, base_stride: 1 });
        assert_eq!(a.chunks[1], Chunk { dims: vec![1], numel: 3, base_stride: 4 });
        assert_eq!(a.breaks, vec![Break { outer: 0, outer_stride: 1, inner: vec![1], inner_numel: 3, base_stride: 4, needed: 12 }]);
        assert_eq!(a.spanning, Some(Spanning { new_dim: 0, size: 12, chunk: 1, needs: 12 }));
        assert!(!a.viewable());
    }

    #[test]
    fn groups_that_match_chunks_make_a_view() {
        // The reference's worked results: t.view(2, 2, 3) works, t.view(3, 4) fails.
        let a = analyze(&[4, 3], &[1, 4], &[2, 2, 3]);
        assert!(a.viewable());
        assert_eq!(a.groups, vec![Group { chunk: 0, new_dims: vec![0, 1], numel: 4 }, Group { chunk: 1, new_dims: vec![2], numel: 3 }]);
        assert!(a.spanning.is_none());
        let b = analyze(&[4, 3], &[1, 4], &[3, 4]);
        assert!(!b.viewable());
        assert_eq!(b.spanning.map(|s| s.new_dim), Some(1));
        // permute(1, 0, 2) of (2, 3, 4): view(3, 2, 2, 2) works, view(6, 4) fails.
        assert!(analyze(&[3, 2, 4], &[4, 12, 1], &[3, 2, 2, 2]).viewable());
        assert!(!analyze(&[3, 2, 4], &[4, 12, 1], &[6, 4]).viewable());
    }

    #[test]
    fn contiguous_is_one_chunk_and_size_one_dims_never_break() {
        let a = analyze(&[2, 3, 4], &[12, 4, 1], &[24]);
        assert_eq!(a.chunks, vec![Chunk { dims: vec![0, 1, 2], numel: 24, base_stride: 1 }]);
        let b = analyze(&[2, 1, 3], &[3, 100, 1], &[6]);
        assert_eq!(b.chunks.len(), 1);
        assert!(b.viewable());
        assert!(analyze(&[], &[], &[1, 1]).chunks.is_empty());
        assert!(analyze(&[0, 3], &[3, 1], &[3, 0]).viewable());
    }

    proptest! {
        #[test]
        fn agrees_with_compute_stride(shape in prop::collection::vec(1usize..5, 1..5), perm_seed in 0usize..24, step in 1usize..3, target_split in 0usize..4) {
            // A permuted, possibly strided layout.
            let n = shape.len();
            let mut order: Vec<usize> = (0..n).collect();
            order.rotate_left(perm_seed % n);
            let base = contiguous_strides(&shape);
            let stride: Vec<usize> = order.iter().map(|&d| base[d] * step).collect();
            let numel: usize = shape.iter().product();
            let target = match target_split % 4 {
                0 => vec![numel],
                1 => shape.iter().rev().copied().collect(),
                2 => vec![1, numel, 1],
                _ => { let mut v = shape.clone(); v.push(1); v }
            };
            let a = analyze(&shape, &stride, &target);
            prop_assert_eq!(a.spanning.is_none(), a.viewable());
            let covered: usize = a.groups.iter().map(|g| g.new_dims.len()).sum();
            if a.viewable() { prop_assert_eq!(covered, target.len()); }
            let chunk_numel: usize = a.chunks.iter().map(|c| c.numel).product();
            prop_assert_eq!(chunk_numel, numel);
        }
    }
}
