//! Fast paths for dense inputs of the ops that pick elements: `where`,
//! `gather`, `index_select` and `x[idx]`. Each applies only to contiguous
//! CPU operands, reads and writes the storages' bytes as typed slices (an
//! element is copied, never converted), spreads blocks of the output over
//! rayon's threads and looks at the Ctrl-C flag once per block. They give
//! the general paths' results exactly (the tests compare the two); where
//! they decline (`None`), the general path runs.

use rayon::prelude::*;

use crate::engine::context::Context;
use crate::engine::device::Device;
use crate::engine::dtype::DType;
use crate::engine::error::Result;
use crate::engine::scalar::{self, Scalar};
use crate::engine::interrupt;
use crate::engine::layout::{contiguous_strides, Layout};
use crate::engine::tensor::Tensor;

/// Output elements per block of work (and between looks at Ctrl-C).
const BLOCK: usize = interrupt::CHECK_EVERY;

#[cfg(test)]
thread_local! {
    /// Set by the tests to run the general paths on dense inputs.
    static GENERAL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `f()` with the fast paths off (on this thread).
#[cfg(test)]
pub fn general<R>(f: impl FnOnce() -> R) -> R {
    GENERAL.with(|g| g.set(true));
    let r = f();
    GENERAL.with(|g| g.set(false));
    r
}

/// Whether the fast paths can read `t` as one slice.
pub fn dense(t: &Tensor) -> bool {
    dense_view(t, t.layout())
}

/// Whether the fast paths can read `view` of `t`'s storage as one slice.
/// Not an empty view: its offset may lie past the end of its storage
/// (`zeros(3, 0, 5)[-1]` starts at element 10 of an empty storage).
fn dense_view(t: &Tensor, view: &Layout) -> bool {
    !fast_paths_off() && view.is_contiguous() && t.device() == Device::Cpu && view.numel() > 0
}

/// Whether the tests turned the fast paths off on this thread (see
/// [`general`]); `pointwise_dense` asks it too.
pub(super) fn fast_paths_off() -> bool {
    #[cfg(test)]
    if GENERAL.with(|g| g.get()) {
        return true;
    }
    false
}

/// The byte range of a contiguous `t`'s elements in its storage.
fn span(t: &Tensor) -> std::ops::Range<usize> {
    let es = t.dtype.size();
    let start = t.layout().offset * es;
    start..start + t.numel() * es
}

/// Runs `body(block, out_block)` over the blocks of `out` on rayon's
/// threads; a block started after Ctrl-C is skipped, and the interrupt is
/// reported once all are done.
pub(super) fn par_blocks<T: Send>(out: &mut [T], block: usize, body: impl Fn(usize, &mut [T]) + Sync + Send) -> Result<()> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    out.par_chunks_mut(block.max(1)).enumerate().for_each(|(k, o)| {
        if interrupt::requested() {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        body(k, o);
    });
    interrupt::check()
}

/// Calls `$f::<T>` with `T` the unsigned integer of `$size` bytes.
macro_rules! by_size {
    ($size:expr, $f:ident ( $($a:expr),* )) => {
        match $size {
            1 => $f::<u8>($($a),*),
            2 => $f::<u16>($($a),*),
            4 => $f::<u32>($($a),*),
            _ => $f::<u64>($($a),*),
        }
    };
}

/// One operand of `where`: the bytes of a dense tensor of the result's
/// shape, or of one element (a scalar or a 0-dim tensor) used everywhere.
pub enum WhereSrc<'a> {
    Full(&'a [u8]),
    One(&'a [u8]),
}

/// Fills the contiguous `out` with `cond ? a : b`, element by element in
/// row-major order; `cond` is one byte per element (Bool or UInt8).
pub fn where_fill(cond: &[u8], a: WhereSrc, b: WhereSrc, out: &mut [u8], es: usize) -> Result<()> {
    fn run<T: bytemuck::Pod + Send + Sync>(cond: &[u8], a: WhereSrc, b: WhereSrc, out: &mut [u8]) -> Result<()> {
        let out: &mut [T] = bytemuck::cast_slice_mut(out);
        fn side<T: bytemuck::Pod>(s: WhereSrc<'_>) -> std::result::Result<&[T], T> {
            match s {
                WhereSrc::Full(b) => Ok(bytemuck::cast_slice(b)),
                WhereSrc::One(b) => Err(bytemuck::pod_read_unaligned(b)),
            }
        }
        let (a, b) = (side(a), side(b));
        par_blocks(out, BLOCK, |k, o| {
            let r = k * BLOCK..k * BLOCK + o.len();
            let c = &cond[r.clone()];
            match (&a, &b) {
                (Ok(a), Ok(b)) => {
                    for (((o, &c), &a), &b) in o.iter_mut().zip(c).zip(&a[r.clone()]).zip(&b[r]) {
                        *o = if c != 0 { a } else { b };
                    }
                }
                (Ok(a), Err(b)) => {
                    for ((o, &c), &a) in o.iter_mut().zip(c).zip(&a[r]) {
                        *o = if c != 0 { a } else { *b };
                    }
                }
                (Err(a), Ok(b)) => {
                    for ((o, &c), &b) in o.iter_mut().zip(c).zip(&b[r]) {
                        *o = if c != 0 { *a } else { b };
                    }
                }
                (Err(a), Err(b)) => {
                    for (o, &c) in o.iter_mut().zip(c) {
                        *o = if c != 0 { *a } else { *b };
                    }
                }
            }
        })
    }
    by_size!(es, run(cond, a, b, out))
}

/// A `where` operand the dense path takes: a dense tensor of the result's
/// shape and dtype, or one value's bytes.
pub enum Side {
    T(Tensor),
    One(Vec<u8>),
}

/// Fills the contiguous `out` with `where(cond, x, y)`; `cond` is dense of
/// out's shape, a `Side::T` of out's shape and dtype.
pub fn where_tensors(cond: &Tensor, x: &Side, y: &Side, out: &Tensor) -> Result<()> {
    if out.numel() == 0 {
        return Ok(());
    }
    fn guard(s: &Side) -> Option<std::cell::Ref<'_, crate::engine::alloc::host::HostBuffer>> {
        match s {
            Side::T(t) => Some(t.storage.bytes()),
            Side::One(_) => None,
        }
    }
    let (gx, gy, gc) = (guard(x), guard(y), cond.storage.bytes());
    let sx = match (x, &gx) {
        (Side::T(t), Some(g)) => WhereSrc::Full(&g.bytes()[span(t)]),
        (Side::One(b), _) => WhereSrc::One(b.as_slice()),
        _ => unreachable!(),
    };
    let sy = match (y, &gy) {
        (Side::T(t), Some(g)) => WhereSrc::Full(&g.bytes()[span(t)]),
        (Side::One(b), _) => WhereSrc::One(b.as_slice()),
        _ => unreachable!(),
    };
    let es = out.dtype.size();
    let mut dst = out.storage.bytes_mut();
    where_fill(&gc.bytes()[span(cond)], sx, sy, &mut dst.bytes_mut()[..out.numel() * es], es)
}

/// One value (a Python number or a 0-dim tensor's element) as `dtype`'s
/// bytes, converted as the general path writes it.
pub fn one_value(v: Scalar, dtype: DType) -> Vec<u8> {
    let mut b = vec![0u8; dtype.size()];
    scalar::write(dtype, &mut b, 0, v);
    b
}

/// `gather(t, d, index)` for a dense `t` and a dense int64/int32 index of
/// t's ndim (0 dims excepted) that matches t's shape after `d`
/// (`gather_check` has run). `None` when it does not apply, or when an
/// index is out of bounds: the general path then reports the first one.
pub fn gather(ctx: &Context, t: &Tensor, d: usize, index: &Tensor, op: &str) -> Result<Option<Tensor>> {
    let (ts, is) = (t.shape(), index.shape());
    if !dense(t) || !dense(index) || t.ndim() == 0 || is.len() != ts.len() || index.numel() == 0 || (d + 1..ts.len()).any(|k| is[k] != ts[k]) {
        return Ok(None);
    }
    let out = Tensor::alloc_on(ctx, t.device(), is, t.dtype, op)?;
    let g = Gather { inner: ts[d + 1..].iter().product(), row: is[d] * ts[d + 1..].iter().product::<usize>(), size: ts[d], lead: is[..d].to_vec(), stride: contiguous_strides(ts)[..=d].to_vec() };
    let bad = std::sync::atomic::AtomicBool::new(false);
    {
        let (src, ib) = (t.storage.bytes(), index.storage.bytes());
        let (src, ib) = (&src.bytes()[span(t)], &ib.bytes()[span(index)]);
        let mut dst = out.storage.bytes_mut();
        let dst = &mut dst.bytes_mut()[..out.numel() * t.dtype.size()];
        fn run<T: bytemuck::Pod + Send + Sync>(g: &Gather, src: &[u8], ib: &[u8], i64s: bool, dst: &mut [u8], bad: &std::sync::atomic::AtomicBool) -> Result<()> {
            let (src, dst): (&[T], &mut [T]) = (bytemuck::cast_slice(src), bytemuck::cast_slice_mut(dst));
            if i64s {
                g.run(src, bytemuck::cast_slice::<u8, i64>(ib), dst, bad)
            } else {
                g.run(src, bytemuck::cast_slice::<u8, i32>(ib), dst, bad)
            }
        }
        let i64s = index.dtype == DType::Int64;
        by_size!(t.dtype.size(), run(&g, src, ib, i64s, dst, &bad))?;
    }
    if bad.load(std::sync::atomic::Ordering::Relaxed) {
        return Ok(None);
    }
    Ok(Some(out.with_copy_lineage(t, op)))
}

/// A dense gather's geometry: the result is `lead` (index's dims before
/// `d`) rows of `row` elements, each `is[d]` runs of `inner`.
struct Gather {
    inner: usize,
    row: usize,
    size: usize,
    lead: Vec<usize>,
    /// t's contiguous strides of dims `..=d`.
    stride: Vec<usize>,
}

impl Gather {
    /// Where result row `r` starts in t: its coordinates in `lead`, at t's strides.
    fn base(&self, mut r: usize) -> usize {
        let mut b = 0;
        for k in (0..self.lead.len()).rev() {
            b += (r % self.lead[k]) * self.stride[k];
            r /= self.lead[k];
        }
        b
    }

    fn run<T: Copy + Send + Sync, I: Copy + Into<i64> + Sync>(&self, src: &[T], idx: &[I], dst: &mut [T], bad: &std::sync::atomic::AtomicBool) -> Result<()> {
        let (inner, row, size) = (self.inner, self.row, self.size as u64);
        par_blocks(dst, BLOCK, |k, o| {
            let start = k * BLOCK;
            let mut f = start;
            while f < start + o.len() {
                let r = f / row;
                let stop = ((r + 1) * row).min(start + o.len());
                let from = &src[self.base(r)..];
                let (seg, ids) = (&mut o[f - start..stop - start], &idx[f..stop]);
                // A negative index is a huge unsigned one: one comparison.
                if inner == 1 {
                    for (o, &v) in seg.iter_mut().zip(ids) {
                        let v = Into::<i64>::into(v) as u64;
                        if v >= size {
                            bad.store(true, std::sync::atomic::Ordering::Relaxed);
                            return;
                        }
                        *o = from[v as usize];
                    }
                } else {
                    for (q, (o, &v)) in seg.iter_mut().zip(ids).enumerate() {
                        let v = Into::<i64>::into(v) as u64;
                        if v >= size {
                            bad.store(true, std::sync::atomic::Ordering::Relaxed);
                            return;
                        }
                        *o = from[v as usize * inner + (f + q - r * row) % inner];
                    }
                }
                f = stop;
            }
        })
    }
}

/// Copies rows of `row` bytes: result row `(o, j)` (o < `outer`, j <
/// `idx.len()`) is source row `o * size + idx[j]`; `idx` is in bounds.
pub fn copy_rows(src: &[u8], size: usize, row: usize, idx: &[usize], out: &mut [u8]) -> Result<()> {
    if row == 0 || out.is_empty() {
        return Ok(());
    }
    let per = (BLOCK * 4 / row).max(1);
    let n = idx.len();
    par_blocks(out, per * row, |k, o| {
        for (r, dst) in o.chunks_mut(row).enumerate() {
            let g = k * per + r;
            let s = ((g / n) * size + idx[g % n]) * row;
            dst.copy_from_slice(&src[s..s + row]);
        }
    })
}

/// `index_select(t, d, idx)` of a dense `t` with at least one dim (`idx`
/// checked in bounds): whole rows copied.
pub fn index_select(ctx: &Context, t: &Tensor, d: usize, idx: &[i64], op: &str) -> Result<Option<Tensor>> {
    if !dense(t) || t.ndim() == 0 {
        return Ok(None);
    }
    let mut shape = t.shape().to_vec();
    shape[d] = idx.len();
    let out = Tensor::alloc_on(ctx, t.device(), &shape, t.dtype, op)?;
    let row = t.shape()[d + 1..].iter().product::<usize>() * t.dtype.size();
    let idx: Vec<usize> = idx.iter().map(|&v| v as usize).collect();
    {
        let src = t.storage.bytes();
        let mut dst = out.storage.bytes_mut();
        copy_rows(&src.bytes()[span(t)], t.shape()[d], row, &idx, &mut dst.bytes_mut()[..out.numel() * t.dtype.size()])?;
    }
    Ok(Some(out.with_copy_lineage(t, op)))
}

/// `x[idx]` with one index tensor (`idx` its values broadcast, wrapped
/// and checked) on dim `d` of `view` (`t` after basic indexing): whole
/// rows copied into the result of `shape`, when `view` is contiguous and
/// the result's strides (`stride`, TensorIterator's) are too.
pub fn index_one(ctx: &Context, t: &Tensor, view: &Layout, d: usize, idx: &[usize], (shape, stride): (&[usize], &[usize]), op: &str) -> Result<Option<Tensor>> {
    if !dense_view(t, view) || stride != contiguous_strides(shape).as_slice() {
        return Ok(None);
    }
    let out = Tensor::alloc_strided_on(ctx, t.device(), shape, stride, t.dtype, op)?;
    let es = t.dtype.size();
    let row = view.shape[d + 1..].iter().product::<usize>() * es;
    {
        let src = t.storage.bytes();
        let start = view.offset * es;
        let mut dst = out.storage.bytes_mut();
        let n = out.numel() * es;
        copy_rows(&src.bytes()[start..start + view.numel() * es], view.shape[d], row, idx, &mut dst.bytes_mut()[..n])?;
    }
    Ok(Some(out.with_copy_lineage(t, op)))
}

/// The rows (`row` elements of `T` each) of `src` whose mask byte is
/// nonzero, in order, into `out`; `counts[k]` is the number of nonzero bytes
/// in the mask's chunk `k` of `per` bytes.
fn copy_masked<T: bytemuck::Pod + Send + Sync>(src: &[u8], mask: &[u8], row: usize, per: usize, counts: &[usize], out: &mut [u8]) -> Result<()> {
    let (src, mut rest): (&[T], &mut [T]) = (bytemuck::cast_slice(src), bytemuck::cast_slice_mut(out));
    let mut parts = Vec::with_capacity(counts.len());
    for &c in counts {
        let (a, b) = std::mem::take(&mut rest).split_at_mut(c * row);
        parts.push(a);
        rest = b;
    }
    let stop = std::sync::atomic::AtomicBool::new(false);
    parts.into_par_iter().zip(mask.par_chunks(per)).enumerate().for_each(|(k, (o, m))| {
        if interrupt::requested() {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        let base = k * per;
        let mut w = 0;
        if row == 1 {
            for (i, &b) in m.iter().enumerate() {
                if b != 0 {
                    o[w] = src[base + i];
                    w += 1;
                }
            }
        } else {
            for (i, &b) in m.iter().enumerate() {
                if b != 0 {
                    let s = (base + i) * row;
                    o[w..w + row].copy_from_slice(&src[s..s + row]);
                    w += row;
                }
            }
        }
    });
    interrupt::check()
}

/// `t[mask]` (or `masked_select`) for a dense `t` and a dense bool `mask`
/// of t's leading dims: the rows of t's trailing dims where mask is true,
/// in order, in the tensor `alloc(count)` gives (of t's dtype, dense).
/// `None` when it does not apply.
pub fn masked_rows(t: &Tensor, mask: &Tensor, alloc: impl FnOnce(usize) -> Result<Tensor>) -> Result<Option<Tensor>> {
    let k = mask.ndim();
    if !dense(t) || !dense(mask) || mask.dtype != DType::Bool || k == 0 || k > t.ndim() || mask.shape() != &t.shape()[..k] {
        return Ok(None);
    }
    let row: usize = t.shape()[k..].iter().product();
    let per = (BLOCK / row.max(1)).max(1);
    let mb = mask.storage.bytes();
    let m = &mb.bytes()[span(mask)];
    let counts: Vec<usize> = m.par_chunks(per).map(|c| c.iter().filter(|&&b| b != 0).count()).collect();
    interrupt::check()?;
    let n: usize = counts.iter().sum();
    let out = alloc(n)?;
    let es = t.dtype.size();
    if n * row > 0 {
        let src = t.storage.bytes();
        let mut dst = out.storage.bytes_mut();
        let (src, dst) = (&src.bytes()[span(t)], &mut dst.bytes_mut()[..n * row * es]);
        by_size!(es, copy_masked(src, m, row, per, &counts, dst))?;
    }
    Ok(Some(out))
}

/// `t[mask]` with one bool mask of t's leading dims (see [`masked_rows`]):
/// the result `(count, *t.shape[k:])` with the strides TensorIterator
/// gives `index` (the mask as k `nonzero` columns).
pub fn mask_index(ctx: &Context, t: &Tensor, mask: &Tensor, op: &str) -> Result<Option<Tensor>> {
    let k = mask.ndim();
    let out = masked_rows(t, mask, |n| {
        let mut shape = vec![n];
        shape.extend_from_slice(&t.shape()[k..]);
        let mut src = vec![0];
        src.extend_from_slice(&t.stride()[k..]);
        // Each index is a column of `nonzero(mask)` (n elements, stride k)
        // reshaped to (n, 1, ...) as AdvancedIndex's `reshape_indexer` does
        // (an empty one gets contiguous strides, as `computeStride` gives).
        let mut ishape = vec![1; shape.len()];
        ishape[0] = n;
        let istride = vec![if n == 0 { 1 } else { k }; shape.len()];
        let layouts = [Layout { shape: shape.clone(), stride: src, offset: 0 }, Layout { shape: ishape, stride: istride, offset: 0 }];
        let refs: Vec<&Layout> = std::iter::once(&layouts[0]).chain(std::iter::repeat_n(&layouts[1], k)).collect();
        let stride = super::iter_layout::output_strides(&refs, &shape);
        Tensor::alloc_strided_on(ctx, t.device(), &shape, &stride, t.dtype, op)
    })?;
    Ok(out.map(|o| o.with_copy_lineage(t, op)))
}

/// `masked_select(t, mask)` for a dense `t` and a dense bool mask of t's shape.
pub fn masked_select(ctx: &Context, t: &Tensor, mask: &Tensor, op: &str) -> Result<Option<Tensor>> {
    if mask.shape() != t.shape() {
        return Ok(None);
    }
    let out = masked_rows(t, mask, |n| Tensor::alloc_on(ctx, t.device(), &[n], t.dtype, op))?;
    Ok(out.map(|o| o.with_copy_lineage(t, op)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ops::gather;
    use crate::engine::layout;
    use crate::engine::ops::elementwise::Arg;
    use crate::engine::ops::join;

    pub fn ctx() -> Context {
        Context::new(&crate::engine::EngineConfig::default())
    }

    /// A tensor of `shape` and `dt` with varied values (zeros included).
    pub fn varied(ctx: &Context, shape: &[usize], dt: DType, seed: i64) -> Tensor {
        let n: usize = shape.iter().product();
        let vals: Vec<Scalar> = (0..n as i64)
            .map(|i| {
                let v = (i * 37 + seed * 11) % 23 - 9;
                match dt {
                    DType::Bool => Scalar::Bool(v % 3 == 0),
                    d if d.is_floating() => Scalar::Float(v as f64 * 0.75 + if v == 4 { f64::NAN } else { 0.0 }),
                    _ => Scalar::Int(v),
                }
            })
            .collect();
        Tensor::from_scalars_on(ctx, Device::Cpu, shape, dt, &vals, "x").unwrap()
    }

    /// The same values as `t` (2-D or more) in a non-contiguous tensor: the
    /// transpose of a contiguous copy of its transpose.
    pub fn strided(ctx: &Context, t: &Tensor) -> Tensor {
        let tt = t.view_as_layout(layout::transpose(t.layout(), 0, 1).unwrap(), "t");
        let c = crate::engine::ops::copy::contiguous(ctx, &tt).unwrap().unwrap_or(tt);
        let back = c.view_as_layout(layout::transpose(c.layout(), 0, 1).unwrap(), "t");
        assert!(!back.is_contiguous());
        back
    }

    /// Same dtype, shape and values (NaN equal to NaN).
    pub fn same_values(a: &Tensor, b: &Tensor, what: &str) {
        let bits = |t: &Tensor| t.to_scalars().iter().map(|s| format!("{s:?}")).collect::<Vec<_>>();
        assert_eq!(a.dtype, b.dtype, "{what}");
        assert_eq!(a.shape(), b.shape(), "{what}");
        assert_eq!(bits(a), bits(b), "{what}");
    }

    /// [`same_values`], strides and storage size too.
    pub fn same(a: &Tensor, b: &Tensor, what: &str) {
        same_values(a, b, what);
        assert_eq!(a.stride(), b.stride(), "{what}");
        assert_eq!(a.layout().offset, b.layout().offset, "{what}");
        assert_eq!(a.storage.nbytes(), b.storage.nbytes(), "{what}");
    }

    #[test]
    fn where_dense_is_the_general_path() {
        let ctx = ctx();
        for dt in [DType::Float32, DType::Float64, DType::Int64, DType::Int16, DType::Bool, DType::UInt8, DType::BFloat16] {
            for shape in [vec![6, 7], vec![3, 4, 5], vec![2, 9]] {
                let c = varied(&ctx, &shape, DType::Bool, 1);
                let (x, y) = (varied(&ctx, &shape, dt, 2), varied(&ctx, &shape, dt, 3));
                let fast = join::where_(&ctx, &c, &x, &y).unwrap();
                let slow = general(|| join::where_(&ctx, &c, &x, &y).unwrap());
                same(&fast, &slow, &format!("{dt:?} {shape:?}"));
                // Strided operands decline the fast path: the same values.
                let (cs, xs, ys) = (strided(&ctx, &c), strided(&ctx, &x), strided(&ctx, &y));
                same_values(&join::where_(&ctx, &cs, &xs, &ys).unwrap(), &fast, "strided");
                same_values(&join::where_(&ctx, &c, &xs, &y).unwrap(), &fast, "mixed");
                // A number, a 0-dim operand, a number promoting the dtype.
                let z = varied(&ctx, &[], dt, 5);
                for (a, b) in [(Arg::T(&x), Arg::S(Scalar::Int(3))), (Arg::T(&z), Arg::T(&y)), (Arg::S(Scalar::Float(2.5)), Arg::T(&y)), (Arg::T(&z), Arg::T(&z))] {
                    let fast = join::where_args(&ctx, &c, a.clone(), b.clone()).unwrap();
                    let slow = general(|| join::where_args(&ctx, &c, a, b).unwrap());
                    same(&fast, &slow, &format!("{dt:?} {shape:?} with a number or 0-dim"));
                }
            }
        }
        // A uint8 condition, and an empty result.
        let c = varied(&ctx, &[4, 5], DType::UInt8, 1);
        let (x, y) = (varied(&ctx, &[4, 5], DType::Float32, 2), varied(&ctx, &[4, 5], DType::Float32, 3));
        same(&join::where_(&ctx, &c, &x, &y).unwrap(), &general(|| join::where_(&ctx, &c, &x, &y).unwrap()), "uint8 cond");
        let e = varied(&ctx, &[0, 3], DType::Float32, 1);
        let ec = varied(&ctx, &[0, 3], DType::Bool, 1);
        assert_eq!(join::where_(&ctx, &ec, &e, &e).unwrap().shape(), &[0, 3]);
    }

    /// An int64/int32 index tensor of `shape` with values in `0..size`.
    fn index(ctx: &Context, shape: &[usize], size: usize, dt: DType) -> Tensor {
        let n: usize = shape.iter().product();
        let vals: Vec<Scalar> = (0..n).map(|i| Scalar::Int(((i * 7 + i / 3) % size) as i64)).collect();
        Tensor::from_scalars_on(ctx, Device::Cpu, shape, dt, &vals, "i").unwrap()
    }

    fn general_gather(ctx: &Context, t: &Tensor, dim: i64, idx: &Tensor) -> crate::engine::error::Result<Tensor> {
        let p = gather::gather_plan(t, dim, idx)?;
        gather::pick(ctx, t, &p, "gather")
    }

    #[test]
    fn gather_dense_is_the_general_path() {
        let ctx = ctx();
        let cases: [(&[usize], i64, &[usize]); 6] = [(&[6, 7], 1, &[6, 9]), (&[6, 7], 0, &[4, 7]), (&[3, 4, 5], 1, &[2, 6, 5]), (&[3, 4, 5], 2, &[3, 2, 3]), (&[3, 4, 5], 0, &[5, 4, 5]), (&[40], 0, &[70])];
        for dt in [DType::Float32, DType::Float64, DType::Int64, DType::Int16, DType::Bool, DType::BFloat16] {
            for (ts, dim, is) in cases {
                let t = varied(&ctx, ts, dt, 1);
                for idt in [DType::Int64, DType::Int32] {
                    let idx = index(&ctx, is, ts[dim as usize], idt);
                    let d = gather::gather_check(&t, dim, &idx).unwrap();
                    let fast = gather(&ctx, &t, d, &idx, "gather").unwrap().expect("dense path");
                    same(&fast, &general_gather(&ctx, &t, dim, &idx).unwrap(), &format!("{dt:?} {ts:?} {dim} {is:?}"));
                    if ts.len() > 1 {
                        // A strided input or index declines the fast path.
                        assert!(gather(&ctx, &strided(&ctx, &t), d, &idx, "gather").unwrap().is_none());
                        if is.len() > 1 && is[0] > 1 && is[1] > 1 {
                            assert!(gather(&ctx, &t, d, &strided(&ctx, &idx), "gather").unwrap().is_none());
                        }
                    }
                }
            }
        }
        // Index smaller than t after dim: the general path. Out of bounds: declined,
        // and the general path reports the first bad index.
        let t = varied(&ctx, &[4, 5], DType::Float32, 1);
        let small = index(&ctx, &[4, 3], 4, DType::Int64);
        assert!(gather(&ctx, &t, 0, &small, "gather").unwrap().is_none());
        let vals: Vec<Scalar> = [0, 1, 7, -1].iter().map(|&v| Scalar::Int(v)).collect();
        let bad = Tensor::from_scalars_on(&ctx, Device::Cpu, &[1, 4], DType::Int64, &vals, "i").unwrap();
        assert!(gather(&ctx, &t, 1, &bad, "gather").unwrap().is_none());
        let e = general_gather(&ctx, &t, 1, &bad).unwrap_err();
        assert!(e.to_string().contains("index 7 is out of bounds for dimension 1 with size 5"), "{e}");
    }

    #[test]
    fn index_select_dense_is_the_general_path() {
        let ctx = ctx();
        for dt in [DType::Float32, DType::Float64, DType::Int64, DType::UInt8, DType::Float16] {
            for (ts, dim) in [(vec![6, 7], 0i64), (vec![6, 7], 1), (vec![3, 4, 5], 1), (vec![3, 4, 5], -1), (vec![9], 0), (vec![3, 0, 2], 0)] {
                let t = varied(&ctx, &ts, dt, 2);
                let d = layout::wrap_dim(dim, ts.len()).unwrap();
                for n in [0usize, 1, 11] {
                    let idx = index(&ctx, &[n], ts[d].max(1), DType::Int64);
                    if ts[d] == 0 && n > 0 {
                        continue;
                    }
                    let (d, iv) = gather::index_select_check(&t, dim, &idx).unwrap();
                    // An empty input declines (its view may start past its storage).
                    let Some(fast) = index_select(&ctx, &t, d, &iv, "index_select").unwrap() else {
                        assert_eq!(t.numel(), 0, "only an empty input declines");
                        continue;
                    };
                    let slow = gather::pick(&ctx, &t, &gather::index_select_plan(&t, dim, &idx).unwrap(), "index_select").unwrap();
                    same(&fast, &slow, &format!("{dt:?} {ts:?} {dim} {n}"));
                    if ts.len() > 1 && ts.iter().all(|&s| s > 1) {
                        assert!(index_select(&ctx, &strided(&ctx, &t), d, &iv, "index_select").unwrap().is_none());
                    }
                }
            }
        }
        // A 0-dim input declines.
        let z = varied(&ctx, &[], DType::Float32, 1);
        assert!(index_select(&ctx, &z, 0, &[0], "index_select").unwrap().is_none());
    }

    #[test]
    fn one_index_tensor_is_the_general_path() {
        use crate::engine::ops::advanced::{self, AdvItem};
        use crate::engine::ops::index::IndexSpec;
        let ctx = ctx();
        let all = || AdvItem::Basic(IndexSpec::Slice { start: None, stop: None, step: None });
        for dt in [DType::Float32, DType::Int64, DType::Bool, DType::Int32] {
            let t = varied(&ctx, &[6, 5, 4], dt, 3);
            let i1 = index(&ctx, &[9], 6, DType::Int64);
            let i2 = index(&ctx, &[2, 3], 5, DType::Int32);
            let neg = Tensor::from_scalars_on(&ctx, Device::Cpu, &[3], DType::Int64, &[Scalar::Int(-1), Scalar::Int(2), Scalar::Int(-4)], "i").unwrap();
            let cases: Vec<Vec<AdvItem>> = vec![
                vec![AdvItem::from_tensor(&i1)],
                vec![AdvItem::from_tensor(&neg)],
                vec![all(), AdvItem::from_tensor(&i2)],
                vec![AdvItem::Basic(IndexSpec::Int(2)), AdvItem::from_tensor(&i2)],
                vec![all(), all(), AdvItem::from_tensor(&neg)],
            ];
            for items in &cases {
                let fast = advanced::index(&ctx, &t, items, "index").unwrap();
                let slow = general(|| advanced::index(&ctx, &t, items, "index").unwrap());
                same(&fast, &slow, &format!("{dt:?} {items:?}"));
                // A strided input: the general path, the same values.
                let ts = strided(&ctx, &t);
                same_values(&advanced::index(&ctx, &ts, items, "index").unwrap(), &general(|| advanced::index(&ctx, &ts, items, "index").unwrap()), "strided");
            }
        }
        // Out of bounds: PyTorch's message, from the plan.
        let t = varied(&ctx, &[4, 3], DType::Float32, 1);
        let bad = Tensor::from_scalars_on(&ctx, Device::Cpu, &[2], DType::Int64, &[Scalar::Int(1), Scalar::Int(4)], "i").unwrap();
        let e = advanced::index(&ctx, &t, &[AdvItem::from_tensor(&bad)], "index").unwrap_err();
        assert!(e.to_string().contains("index 4 is out of bounds for dimension 0 with size 4"), "{e}");
    }

    /// A bool mask of `shape`: `every`-th element true from `from` (none when `every` is 0).
    fn mask(ctx: &Context, shape: &[usize], every: usize, from: usize) -> Tensor {
        let n: usize = shape.iter().product();
        let vals: Vec<Scalar> = (0..n).map(|i| Scalar::Bool(every > 0 && i >= from && (i - from).is_multiple_of(every))).collect();
        Tensor::from_scalars_on(ctx, Device::Cpu, shape, DType::Bool, &vals, "m").unwrap()
    }

    #[test]
    fn masks_are_the_general_path() {
        use crate::engine::ops::advanced::{self, AdvItem};
        let ctx = ctx();
        let cases: [(&[usize], &[usize]); 6] = [(&[6, 7], &[6, 7]), (&[6, 7], &[6]), (&[3, 4, 5], &[3, 4]), (&[5, 1], &[5]), (&[200, 300], &[200, 300]), (&[3, 4, 5], &[3])];
        for dt in [DType::Float32, DType::Float64, DType::Int64, DType::Int8, DType::Bool, DType::BFloat16] {
            for (ts, ms) in cases {
                let t = varied(&ctx, ts, dt, 4);
                for (every, from) in [(3, 1), (0, 0), (1, 0), (1000000, 2), (7, 0)] {
                    let m = mask(&ctx, ms, every, from);
                    let what = format!("{dt:?} {ts:?} {ms:?} every {every} from {from}");
                    let fast = mask_index(&ctx, &t, &m, "[m]").unwrap().expect("dense path");
                    let slow = advanced::index(&ctx, &t, &[AdvItem::from_tensor(&m)], "[m]").unwrap();
                    same(&fast, &slow, &what);
                    if ts == ms {
                        let fast = masked_select(&ctx, &t, &m, "masked_select").unwrap().expect("dense path");
                        let slow = gather::pick(&ctx, &t, &gather::masked_select_plan(&t, &m).unwrap(), "masked_select").unwrap();
                        same(&fast, &slow, &what);
                    }
                    if ts.len() > 1 && ts.iter().all(|&s| s > 1) {
                        // A strided input declines.
                        assert!(mask_index(&ctx, &strided(&ctx, &t), &m, "[m]").unwrap().is_none());
                        assert!(masked_select(&ctx, &strided(&ctx, &t), &m, "m").unwrap().is_none());
                    }
                }
            }
        }
        // A mask of another shape, or not bool: declined (the general path reports or broadcasts).
        let t = varied(&ctx, &[4, 3], DType::Float32, 1);
        assert!(mask_index(&ctx, &t, &mask(&ctx, &[3], 2, 0), "[m]").unwrap().is_none());
        assert!(mask_index(&ctx, &t, &varied(&ctx, &[4], DType::UInt8, 1), "[m]").unwrap().is_none());
        assert!(masked_select(&ctx, &t, &mask(&ctx, &[3], 2, 0), "m").unwrap().is_none());
    }

    #[test]
    fn masked_fill_is_the_general_path() {
        let ctx = ctx();
        for dt in [DType::Float32, DType::Float64, DType::Int64, DType::Int8, DType::Bool, DType::BFloat16] {
            for shape in [&[6, 7][..], &[200, 300], &[3, 4, 5]] {
                let t = varied(&ctx, shape, dt, 3);
                for (every, from) in [(3, 1), (0, 0), (1, 0), (7, 2)] {
                    let m = mask(&ctx, shape, every, from);
                    for v in [Scalar::Float(-2.5), Scalar::Int(7), Scalar::Bool(true)] {
                        let what = format!("{dt:?} {shape:?} every {every} from {from} {v:?}");
                        let (fast, fp, ff) = gather::masked_fill(&ctx, &t, &m, v, "masked_fill").unwrap();
                        let (slow, sp, sf) = general(|| gather::masked_fill(&ctx, &t, &m, v, "masked_fill")).unwrap();
                        same(&fast, &slow, &what);
                        assert_eq!((fp, ff), (sp, sf), "{what}");
                    }
                }
            }
        }
    }
}
