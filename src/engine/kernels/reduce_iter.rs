//! A float32/float64 `sum` over any dims of any strided input, walked as
//! PyTorch's TensorIterator walks a reduction (`TensorIterator.cpp`,
//! `TensorIteratorReduce.cpp`) and added as its `cascade_sum` loop adds
//! (`cpu/SumKernel.cpp`), so that every output is PyTorch's bits:
//!
//! 1. the dims are ordered as `reorder_dimensions` orders them (an insertion
//!    sort that tolerates ties): reduced dims innermost, kept dims by the
//!    output's strides, ties broken by the input's strides, then by size;
//! 2. adjacent dims are merged as `coalesce_dimensions` merges them;
//! 3. `parallel_reduce` runs the whole walk on one thread below 32768
//!    elements, splits it into one element range per thread with a buffer
//!    slot each when everything reduces to one value (`two_pass_reduction`),
//!    and otherwise splits the outermost kept dim (`parallel_dim_reduction`,
//!    columns rounded to 128 bytes when they are adjacent in memory);
//! 4. each 2-D block of the walk (`DimCounter::max_2d_step`) goes through
//!    `cascade_sum`'s loop: a reduction along contiguous rows
//!    (`vectorized_inner_sum`), across contiguous columns
//!    (`vectorized_outer_sum`), or the scalar forms, each adding its sums
//!    into the outputs.
//!
//! The thread count is taken as tsr's rayon pool (see `vector_lanes::pytorch_threads`);
//! it moves the chunk boundaries, as it does in PyTorch.

use super::cascade::{loop_sum, multi_row_sum, row_sum, Lane};

/// TensorIterator's `GRAIN_SIZE`.
pub(crate) const GRAIN_SIZE: usize = 32768;

/// The walk after reordering and coalescing: dims innermost first, each
/// with its size, its output stride (0 for a reduced dim) and its input
/// stride, in elements.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Walk {
    pub(crate) shape: Vec<usize>,
    pub(crate) out: Vec<usize>,
    pub(crate) inp: Vec<usize>,
}

/// PyTorch's contiguous strides of `shape` (`c10::contiguous_strides`: a
/// size-0 dim counts as 1).
fn contiguous_strides(shape: &[usize]) -> Vec<usize> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1].max(1);
    }
    strides
}

impl Walk {
    /// The walk of a reduction of an input of `shape`/`stride` over the
    /// dims marked in `reduced`, into a fresh contiguous output.
    pub(crate) fn new(shape: &[usize], stride: &[usize], reduced: &[bool]) -> Walk {
        let n = shape.len();
        let kept: Vec<usize> = (0..n).filter(|&d| !reduced[d]).collect();
        let kept_strides = contiguous_strides(&kept.iter().map(|&d| shape[d]).collect::<Vec<_>>());
        let mut out = vec![0; n];
        for (k, &d) in kept.iter().enumerate() {
            out[d] = kept_strides[k];
        }
        // `perm` starts as n-1, …, 0 (innermost first).
        let mut perm: Vec<usize> = (0..n).rev().collect();
        // 1 when dim0 goes after dim1, -1 before, 0 when ambiguous.
        let should_swap = |d0: usize, d1: usize| -> i32 {
            for (strides, is_out) in [(&out[..], true), (stride, false)] {
                let (s0, s1) = (strides[d0], strides[d1]);
                if is_out && (s0 == 0) != (s1 == 0) {
                    return if s1 == 0 { 1 } else { -1 };
                }
                if s0 == 0 || s1 == 0 {
                    continue;
                }
                if s0 < s1 {
                    return -1;
                }
                if s0 > s1 {
                    return 1;
                }
                if shape[d0] > shape[d1] {
                    return 1;
                }
            }
            0
        };
        crate::engine::layout::sort_perm(&mut perm, should_swap);
        let mut walk = Walk {
            shape: perm.iter().map(|&d| shape[d]).collect(),
            out: perm.iter().map(|&d| out[d]).collect(),
            inp: perm.iter().map(|&d| stride[d]).collect(),
        };
        walk.coalesce();
        walk
    }

    fn coalesce(&mut self) {
        let n = self.shape.len();
        if n <= 1 {
            return;
        }
        let mut prev = 0;
        for d in 1..n {
            let (s0, s1) = (self.shape[prev], self.shape[d]);
            let merge = s0 == 1 || s1 == 1 || (s0 * self.out[prev] == self.out[d] && s0 * self.inp[prev] == self.inp[d]);
            if merge {
                if s0 == 1 {
                    self.out[prev] = self.out[d];
                    self.inp[prev] = self.inp[d];
                }
                self.shape[prev] *= s1;
            } else {
                prev += 1;
                if prev != d {
                    self.out[prev] = self.out[d];
                    self.inp[prev] = self.inp[d];
                    self.shape[prev] = self.shape[d];
                }
            }
        }
        self.shape.truncate(prev + 1);
        self.out.truncate(prev + 1);
        self.inp.truncate(prev + 1);
    }

    pub(crate) fn numel(&self) -> usize {
        self.shape.iter().product()
    }

    pub(crate) fn is_dim_reduced(&self, d: usize) -> bool {
        self.out[d] == 0 && self.shape[d] > 1
    }

    /// `find_split_dim`: the outermost kept dim of at least `threads`
    /// elements, else the largest of the outer kept dims.
    fn split_dim(&self, threads: usize) -> Option<usize> {
        let mut best = self.shape.len().checked_sub(1)?;
        let mut d = best;
        loop {
            if self.is_dim_reduced(d) {
                break;
            }
            if self.shape[d] >= threads {
                return Some(d);
            }
            if self.shape[d] > self.shape[best] {
                best = d;
            }
            if d == 0 {
                break;
            }
            d -= 1;
        }
        (!self.is_dim_reduced(best)).then_some(best)
    }
}

/// Where a block starts and how it steps, in elements.
#[derive(Clone, Copy)]
pub(crate) struct Block {
    pub(crate) in_base: usize,
    pub(crate) out_base: usize,
    pub(crate) in_strides: [usize; 2],
    pub(crate) out_strides: [usize; 2],
    pub(crate) size0: usize,
    pub(crate) size1: usize,
}

/// One reduction kernel's loop over a 2-D block (`cascade_sum`'s, or
/// `binary_kernel_reduce_vec`'s).
type Kernel<T> = fn(&[T], &mut [T], Block);

/// `serial_for_each` over the elements `begin..end` of `walk` (from element
/// offsets `in_base`/`out_base`): `DimCounter`'s 2-D steps, each one
/// `kernel` block.
fn serial<T: Copy + Send + Sync>(walk: &Walk, xs: &[T], out: &mut [T], in_base: usize, out_base: usize, range: (usize, usize), kernel: Kernel<T>) {
    for_each_block(walk, in_base, out_base, range, |b| kernel(xs, out, b));
}

/// `serial_for_each`'s 2-D blocks over the elements `begin..end` of `walk`
/// (from element offsets `in_base`/`out_base`), as `DimCounter` steps.
pub(crate) fn for_each_block(walk: &Walk, in_base: usize, out_base: usize, (begin, end): (usize, usize), mut f: impl FnMut(Block)) {
    if begin >= end {
        return;
    }
    let nd = walk.shape.len();
    let at = |d: usize, v: &[usize]| -> usize { v.get(d).copied().unwrap_or(0) };
    let in_strides = [at(0, &walk.inp), at(1, &walk.inp)];
    let out_strides = [at(0, &walk.out), at(1, &walk.out)];
    if nd <= 1 {
        f(Block { in_base: in_base + begin * in_strides[0], out_base: out_base + begin * out_strides[0], in_strides, out_strides, size0: end - begin, size1: 1 });
        return;
    }
    // The counter's digits for `begin`.
    let mut rest = begin;
    let mut values: Vec<usize> = walk.shape.iter().map(|&size| {
        let digit = rest % size;
        rest /= size;
        digit
    }).collect();
    let mut offset = begin;
    while offset < end {
        let ib = in_base + (0..nd).map(|d| values[d] * walk.inp[d]).sum::<usize>();
        let ob = out_base + (0..nd).map(|d| values[d] * walk.out[d]).sum::<usize>();
        let step0 = (walk.shape[0] - values[0]).min(end - offset);
        let step1 = if step0 == walk.shape[0] { (walk.shape[1] - values[1]).min((end - offset) / walk.shape[0]) } else { 1 };
        f(Block { in_base: ib, out_base: ob, in_strides, out_strides, size0: step0, size1: step1 });
        offset += step0 * step1;
        // DimCounter::increment.
        let (mut d, mut overflow) = if step1 != 1 { (1, step1) } else { (0, step0) };
        while d < nd && overflow > 0 {
            let value = values[d] + overflow;
            if value >= walk.shape[d] {
                overflow = 1;
                values[d] = value - walk.shape[d];
            } else {
                overflow = 0;
                values[d] = value;
            }
            d += 1;
        }
    }
}

/// The elements `begin..end` of `walk` one by one in `serial_for_each`'s
/// order (each block's rows, each row's elements): `f(output index,
/// input index)`, from input element `offset`.
pub(crate) fn for_each_element(walk: &Walk, offset: usize, range: (usize, usize), mut f: impl FnMut(usize, usize)) {
    if walk.shape.is_empty() {
        if range.0 < range.1 {
            f(0, offset);
        }
        return;
    }
    for_each_block(walk, offset, 0, range, |b| {
        for j in 0..b.size1 {
            let (i0, o0) = (b.in_base + j * b.in_strides[1], b.out_base + j * b.out_strides[1]);
            for i in 0..b.size0 {
                f(o0 + i * b.out_strides[0], i0 + i * b.in_strides[0]);
            }
        }
    });
}

/// [`sum_block`] built for AVX2 where the CPU has it (the lanes' adds as
/// 8-wide instructions; Rust never fuses them, so the bits are the same).
fn sum_block_dispatch<T: Lane>(xs: &[T], out: &mut [T], b: Block) {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2")]
        unsafe fn avx2<T: Lane>(xs: &[T], out: &mut [T], b: Block) {
            sum_block(xs, out, b)
        }
        if is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2.
            return unsafe { avx2(xs, out, b) };
        }
    }
    sum_block(xs, out, b)
}

/// `cascade_sum`'s loop over one block: the sums of its reduced dim added
/// into the outputs.
#[inline(always)]
fn sum_block<T: Lane>(xs: &[T], out: &mut [T], b: Block) {
    let Block { in_base, out_base, mut in_strides, mut out_strides, mut size0, mut size1 } = b;
    // The reduction goes first.
    if out_strides[0] != 0 && out_strides[1] == 0 {
        in_strides.swap(0, 1);
        out_strides.swap(0, 1);
        std::mem::swap(&mut size0, &mut size1);
    }
    let x = |i: usize, j: usize| xs[in_base + i * in_strides[0] + j * in_strides[1]];
    if out_strides[0] != 0 && out_strides[1] != 0 {
        // Not a reduction: out = out + in, element by element.
        for j in 0..size1 {
            for i in 0..size0 {
                let o = out_base + i * out_strides[0] + j * out_strides[1];
                out[o] = out[o] + x(i, j);
            }
        }
        return;
    }
    let os = out_strides[1];
    let mut add = |j: usize, v: T| {
        let o = out_base + j * os;
        out[o] = out[o] + v;
    };
    let l = T::LANES;
    if in_strides[0] == 1 && size0 >= l {
        // vectorized_inner_sum: each row's whole vectors lane-wise, then
        // the row's tail, then the lanes.
        for j in 0..size1 {
            let start = in_base + j * in_strides[1];
            add(j, loop_sum(&xs[start..start + size0]));
        }
    } else if in_strides[1] == 1 && size1 >= l {
        // vectorized_outer_sum: groups of four vectors of columns (one
        // multi_row_sum over the rows, per lane), then single vectors and
        // single columns (a row_sum over the rows, per lane).
        let load = |i: usize, c: usize| T::load(&xs[in_base + i * in_strides[0] + c..]);
        let mut j = 0;
        while j + 4 * l <= size1 {
            let s = multi_row_sum(size0, |i, k| load(i, j + k * l), T::add_lanes);
            for (k, v) in s.iter().enumerate() {
                for (lane, &x) in T::lanes(v).iter().enumerate() {
                    add(j + k * l + lane, x);
                }
            }
            j += 4 * l;
        }
        while j + l <= size1 {
            let v = row_sum(size0, |i| load(i, j), T::add_lanes);
            for (lane, &x) in T::lanes(&v).iter().enumerate() {
                add(j + lane, x);
            }
            j += l;
        }
        for c in j..size1 {
            add(c, row_sum(size0, |i| x(i, c), |a, b| a + b));
        }
    } else if in_strides[0] < in_strides[1] {
        // scalar_inner_sum.
        for j in 0..size1 {
            add(j, row_sum(size0, |i| x(i, j), |a, b| a + b));
        }
    } else {
        // scalar_outer_sum: groups of four columns, then single columns.
        let mut j = 0;
        while j + 4 <= size1 {
            let s = multi_row_sum(size0, |i, k| x(i, j + k), |a, b| a + b);
            for (k, &v) in s.iter().enumerate() {
                add(j + k, v);
            }
            j += 4;
        }
        for c in j..size1 {
            add(c, row_sum(size0, |i| x(i, c), |a, b| a + b));
        }
    }
}

/// `binary_kernel_reduce_vec`'s loop over one block for `prod`
/// (`Reduce.h`): a contiguous inner reduction runs `reduction128` (four
/// accumulators of one 32-byte vector each, lane by lane, folded as
/// `(a0·a1)·(a2·a3)`, then its lanes in order) and multiplies its row's tail
/// in order; an outer reduction's column groups multiply down their rows
/// and then into the output; any other block multiplies each output by its
/// inputs in order.
fn prod_block<T: Copy + std::ops::Mul<Output = T>>(xs: &[T], out: &mut [T], b: Block) {
    let Block { in_base, out_base, in_strides, out_strides, size0, size1 } = b;
    let x = |i: usize, j: usize| xs[in_base + i * in_strides[0] + j * in_strides[1]];
    if out_strides[0] == 0 && in_strides[0] == 1 {
        let lanes = 32 / std::mem::size_of::<T>();
        let width = 4 * lanes;
        for j in 0..size1 {
            let o = out_base + j * out_strides[1];
            let row = &xs[in_base + j * in_strides[1]..][..size0];
            let count = size0 / width;
            if count > 0 {
                let mut acc: Vec<T> = row[..width].to_vec();
                for i in 1..count {
                    for (a, &v) in acc.iter_mut().zip(&row[i * width..(i + 1) * width]) {
                        *a = *a * v;
                    }
                }
                let mut b0 = (acc[0] * acc[lanes]) * (acc[2 * lanes] * acc[3 * lanes]);
                for l in 1..lanes {
                    b0 = b0 * ((acc[l] * acc[lanes + l]) * (acc[2 * lanes + l] * acc[3 * lanes + l]));
                }
                out[o] = out[o] * b0;
            }
            for &v in &row[count * width..] {
                out[o] = out[o] * v;
            }
        }
        return;
    }
    let lanes = 32 / std::mem::size_of::<T>();
    if out_strides[0] == 0 && out_strides[1] == 1 && in_strides[1] == 1 {
        // vectorized_outer_reduction: groups of four vectors of columns
        // run reduction128 without folding (each column's product down the
        // rows, then times its output), the rest one column at a time.
        let groups = size1 / (4 * lanes) * (4 * lanes);
        for c in 0..size1 {
            let o = out_base + c;
            if c < groups {
                let mut acc = x(0, c);
                for i in 1..size0 {
                    acc = acc * x(i, c);
                }
                out[o] = acc * out[o];
            } else {
                for i in 0..size0 {
                    out[o] = out[o] * x(i, c);
                }
            }
        }
        return;
    }
    for j in 0..size1 {
        for i in 0..size0 {
            let o = out_base + i * out_strides[0] + j * out_strides[1];
            out[o] = out[o] * x(i, j);
        }
    }
}

/// `at::parallel_for`'s chunks of `0..n` with grain `grain` on `threads`
/// threads.
pub(crate) fn chunks(n: usize, grain: usize, threads: usize) -> Vec<(usize, usize)> {
    if n == 0 {
        return Vec::new();
    }
    if n <= grain || n == 1 || threads <= 1 {
        return vec![(0, n)];
    }
    let tasks = threads.min(n.div_ceil(grain.max(1)));
    let size = n.div_ceil(tasks);
    (0..tasks).map(|t| (t * size, ((t + 1) * size).min(n))).filter(|(b, e)| b < e).collect()
}

/// The sums of `xs` seen as a tensor of `shape`/`stride` from element
/// `offset` over the dims marked in `reduced`, as PyTorch's `sum` computes
/// them on `threads` threads; the outputs in row-major order of the kept
/// dims. Every element the layout reaches must be in `xs` and the input
/// must have elements.
pub fn sum_dims<T: Lane>(xs: &[T], shape: &[usize], stride: &[usize], offset: usize, reduced: &[bool], threads: usize) -> Vec<T> {
    reduce_dims(xs, shape, stride, offset, reduced, threads, T::default(), sum_block_dispatch)
}

/// The products of `xs` over the dims marked in `reduced` as PyTorch's
/// `prod` computes them (`binary_kernel_reduce_vec`: the same walk and
/// parallel plans as [`sum_dims`], with its own block loop).
/// (float16/bfloat16 too: `Vectorized<Half>` multiplies in float and rounds
/// each product, as the `half` types' `*` does; 16 lanes to a vector).
pub fn prod_dims<T: Copy + Send + Sync + std::ops::Mul<Output = T>>(xs: &[T], shape: &[usize], stride: &[usize], offset: usize, reduced: &[bool], threads: usize, one: T) -> Vec<T> {
    reduce_dims(xs, shape, stride, offset, reduced, threads, one, prod_block)
}

/// [`sum_dims`] and [`prod_dims`]: outputs start at `ident`.
#[allow(clippy::too_many_arguments)]
fn reduce_dims<T: Copy + Send + Sync>(xs: &[T], shape: &[usize], stride: &[usize], offset: usize, reduced: &[bool], threads: usize, ident: T, kernel: Kernel<T>) -> Vec<T> {
    let walk = Walk::new(shape, stride, reduced);
    let out_numel: usize = (0..shape.len()).filter(|&d| !reduced[d]).map(|d| shape[d]).product();
    let mut out = vec![ident; out_numel];
    let numel = walk.numel();
    if numel < GRAIN_SIZE || threads <= 1 {
        serial(&walk, xs, &mut out, offset, 0, (0, numel), kernel);
    } else if out_numel == 1 {
        // two_pass_reduction: one slot per thread (unused ones stay 0),
        // then the slots reduced as a row into the output.
        let parts = chunks(numel, GRAIN_SIZE, threads);
        let slots: Vec<T> = {
            use rayon::prelude::*;
            parts.par_iter().map(|&(b, e)| {
                let mut slot = [ident];
                serial(&walk, xs, &mut slot, offset, 0, (b, e), kernel);
                slot[0]
            }).collect()
        };
        let mut buffer = vec![ident; threads];
        buffer[..slots.len()].copy_from_slice(&slots);
        let final_walk = Walk { shape: vec![threads], out: vec![0], inp: vec![1] };
        serial(&final_walk, &buffer, &mut out, 0, 0, (0, threads), kernel);
    } else {
        parallel_dims(&walk, xs, &mut out, offset, threads, kernel);
    }
    out
}

/// `parallel_dim_reduction`: the split dim's indices in one chunk per
/// thread, each chunk walked on its own.
fn parallel_dims<T: Copy + Send + Sync>(walk: &Walk, xs: &[T], out: &mut [T], offset: usize, threads: usize, kernel: Kernel<T>) {
    let Some(dim) = walk.split_dim(threads) else {
        serial(walk, xs, out, offset, 0, (0, walk.numel()), kernel);
        return;
    };
    let cols = walk.shape[dim];
    let per_128_bytes = 128 / std::mem::size_of::<T>();
    let round = walk.inp[dim] == 1;
    let ranges: Vec<(usize, usize)> = chunks(cols, 1, threads)
        .into_iter()
        .map(|(b, e)| if round { (b - b % per_128_bytes, if e == cols { e } else { e - e % per_128_bytes }) } else { (b, e) })
        .filter(|(b, e)| b < e)
        .collect();
    let narrowed = |b: usize, e: usize| {
        let mut w = walk.clone();
        w.shape[dim] = e - b;
        w
    };
    // The outermost kept dim spans the whole output, so its chunks own
    // disjoint runs of it and can run at once.
    let outermost = (dim + 1..walk.shape.len()).all(|d| walk.shape[d] == 1) && walk.out[dim] * cols == out.len();
    if outermost {
        use rayon::prelude::*;
        let mut pieces = Vec::with_capacity(ranges.len());
        let mut rest = &mut *out;
        let mut at = 0;
        for &(b, e) in &ranges {
            let (_, tail) = rest.split_at_mut(b * walk.out[dim] - at);
            let (piece, tail) = tail.split_at_mut((e - b) * walk.out[dim]);
            pieces.push((b, e, piece));
            rest = tail;
            at = e * walk.out[dim];
        }
        pieces.into_par_iter().for_each(|(b, e, piece)| {
            let w = narrowed(b, e);
            serial(&w, xs, piece, offset + b * walk.inp[dim], 0, (0, w.numel()), kernel);
        });
    } else {
        for &(b, e) in &ranges {
            let w = narrowed(b, e);
            serial(&w, xs, out, offset + b * walk.inp[dim], b * walk.out[dim], (0, w.numel()), kernel);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values<T: Lane>(n: usize, f: impl Fn(f64) -> T) -> Vec<T> {
        (0..n).map(|i| f(((i as f64 * 0.37) % 1.7) - 0.6)).collect()
    }

    #[test]
    fn dims_are_reordered_and_coalesced_as_tensoriterator_does() {
        // A middle dim of a contiguous tensor: columns innermost, the
        // reduced dim next, the outer kept dim last.
        let w = Walk::new(&[5, 7, 9], &[63, 9, 1], &[false, true, false]);
        assert_eq!(w, Walk { shape: vec![7, 9, 5], out: vec![0, 1, 9], inp: vec![9, 1, 63] });
        // Everything reduced over a contiguous tensor is one dim.
        let w = Walk::new(&[4, 5, 6], &[30, 6, 1], &[true, true, true]);
        assert_eq!(w, Walk { shape: vec![120], out: vec![0], inp: vec![1] });
        // Trailing dims reduced: the reduced dims merge, the kept ones too.
        let w = Walk::new(&[2, 3, 4, 5], &[60, 20, 5, 1], &[false, false, true, true]);
        assert_eq!(w, Walk { shape: vec![20, 6], out: vec![0, 1], inp: vec![1, 20] });
        // A transpose reduced over its rows walks memory order.
        let w = Walk::new(&[6, 4], &[1, 6], &[false, true]);
        assert_eq!(w, Walk { shape: vec![4, 6], out: vec![0, 1], inp: vec![6, 1] });
    }

    /// x.sum() of n float32/float64 values (i * 0.37) % 1.7 - 0.6, as
    /// PyTorch 2.15 gives it (recorded on 2026-12-03).
    #[test]
    fn full_sums_are_pytorchs_bits() {
        for &(n, want) in RECORDED {
            let xs: Vec<f32> = (0..n).map(|i| ((i as f32 * 0.37) % 1.7) - 0.6).collect();
            assert_eq!(sum_dims(&xs, &[n], &[1], 0, &[true], 2)[0].to_bits(), want.to_bits(), "n = {n}");
        }
        for &(n, want) in RECORDED_F64 {
            let xs = values(n, |v| v);
            assert_eq!(sum_dims(&xs, &[n], &[1], 0, &[true], 2)[0].to_bits(), want.to_bits(), "n = {n}");
        }
    }

    const RECORDED_F64: &[(usize, f64)] = &[(1, -0.6), (3, -0.69), (4, -0.18000000000000005), (5, 0.7), (9, 1.1199999999999999), (16, 2.5), (17, 2.7199999999999998), (100, 22.200000000000024), (1000, 246.10000000000244), (4096, 1015.7000000000425), (32767, 8152.470000002723), (32768, 8152.960000002723), (70001, 17415.70000001252), (1000003, 248784.510002535)];

    const RECORDED: &[(usize, f32)] = &[(1, -0.6), (5, 0.6999999), (16, 2.4999998), (17, 2.7199996), (100, 22.199968), (1000, 252.8972), (4096, 1029.253), (32767, 8234.469), (32768, 8234.958), (70001, 17582.148), (1000003, 249997.95)];

    /// `sum(0)` of a 37×29 and a 300×70 float32 matrix of
    /// (i * 0.37) % 1.7 - 0.6, as PyTorch 2.15 gives its first 9 and last 3
    /// columns (recorded 2026-12-03).
    #[test]
    fn column_sums_are_pytorchs_bits() {
        for (rows, cols, want) in OUTER {
            let xs: Vec<f32> = (0..rows * cols).map(|i| ((i as f32 * 0.37) % 1.7) - 0.6).collect();
            let got = sum_dims(&xs, &[*rows, *cols], &[*cols, 1], 0, &[true, false], 2);
            let picked: Vec<f32> = got[..9].iter().chain(&got[cols - 3..]).copied().collect();
            assert_eq!(picked.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), want.iter().map(|v| v.to_bits()).collect::<Vec<_>>(), "{rows}x{cols}");
        }
    }

    const OUTER: &[(usize, usize, &[f32])] = &[
        (37, 29, &[9.479868, 7.869883, 9.659897, 9.749897, 9.839903, 8.229869, 10.01989, 8.4099045, 10.1998825, 10.119904, 10.2098875, 6.899873]),
        (300, 70, &[74.88629, 80.48367, 72.48053, 62.780067, 83.68184, 73.986534, 65.98317, 88.58015, 78.880196, 87.9805, 78.27988, 68.58157]),
    ];

    /// Every element is added once, whatever the layout, dims and threads.
    #[test]
    fn every_element_is_added_once() {
        let xs: Vec<f64> = (0..4000).map(|i| (i % 7) as f64).collect();
        let layouts: &[(&[usize], &[usize], usize)] = &[(&[10, 20, 19], &[380, 19, 1], 3), (&[19, 20, 10], &[1, 19, 380], 0), (&[5, 40, 6], &[600, 1, 100], 7), (&[3000], &[1], 0), (&[33000], &[0], 5)];
        for &(shape, stride, offset) in layouts {
            let n = shape.len();
            for mask in 1..(1u32 << n) {
                let reduced: Vec<bool> = (0..n).map(|d| mask & (1 << d) != 0).collect();
                for threads in [1, 2, 3] {
                    let got = sum_dims(&xs, shape, stride, offset, &reduced, threads);
                    // The naive sums, outputs in row-major order of kept dims.
                    let kept: Vec<usize> = (0..n).filter(|&d| !reduced[d]).collect();
                    let out_len: usize = kept.iter().map(|&d| shape[d]).product();
                    let mut want = vec![0.0; out_len];
                    let total: usize = shape.iter().product();
                    for flat in 0..total {
                        let mut rest = flat;
                        let mut idx = vec![0; n];
                        for d in (0..n).rev() {
                            idx[d] = rest % shape[d];
                            rest /= shape[d];
                        }
                        let o = kept.iter().fold(0, |a, &d| a * shape[d] + idx[d]);
                        want[o] += xs[offset + (0..n).map(|d| idx[d] * stride[d]).sum::<usize>()];
                    }
                    assert_eq!(got, want, "{shape:?} {stride:?} {reduced:?} threads {threads}");
                }
            }
        }
    }

    #[test]
    fn parallel_chunks_are_at_parallel_fors() {
        assert_eq!(chunks(10, 1, 2), vec![(0, 5), (5, 10)]);
        assert_eq!(chunks(70001, GRAIN_SIZE, 2), vec![(0, 35001), (35001, 70001)]);
        assert_eq!(chunks(40000, GRAIN_SIZE, 8), vec![(0, 20000), (20000, 40000)]);
        assert_eq!(chunks(1, 1, 2), vec![(0, 1)]);
    }
}
