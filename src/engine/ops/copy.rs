//! Copies: `copy_` (with broadcasting and dtype conversion), `fill_`,
//! `contiguous`, `clone` and `to(dtype)`. Every function here that returns a
//! new tensor allocates exactly one new storage; in-place ones bump the version.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::Result;
use crate::engine::layout::{self, contiguous_strides, Layout};
use crate::engine::scalar::{self, Scalar};
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

/// `dst.copy_(src)`: broadcasts `src` to `dst`'s shape and converts dtype.
/// Safe when both share a storage (the source is read out first).
pub fn copy_into(dst: &Tensor, src: &Tensor) -> Result<()> {
    check_no_internal_overlap(dst)?;
    copy_into_overlapping(dst, src)
}

/// [`copy_into`] without the overlap check: `fill_` of a number (which
/// PyTorch allows on an expanded tensor) through a 0-dim source.
pub fn copy_into_overlapping(dst: &Tensor, src: &Tensor) -> Result<()> {
    if src.ndim() == 0 {
        fill_unchecked(dst, src.item()?);
        return Ok(());
    }
    let sizes: Vec<i64> = dst.shape().iter().map(|&s| s as i64).collect();
    let src_l = layout::expand(src.layout(), &sizes, src.dtype.legacy_name())?;
    if dst.same_storage(src) {
        let vals: Vec<Scalar> = {
            let buf = src.storage.bytes();
            StridedIndex::new(&src_l)
                .map(|i| scalar::read(src.dtype, buf.bytes(), i).unwrap_or(Scalar::Int(0)))
                .collect()
        };
        write_values(dst, &vals);
    } else if !crate::engine::gpu::launch::copy(dst, src, &src_l)? {
        let sbuf = src.storage.bytes();
        let mut dbuf = dst.storage.bytes_mut();
        copy_strided(
            dbuf.bytes_mut(),
            dst.layout(),
            dst.dtype,
            sbuf.bytes(),
            &src_l,
            src.dtype,
        );
    }
    dst.storage.bump_version();
    Ok(())
}

/// Copies elements between two layouts of the same shape. Same-dtype
/// contiguous pairs are one `memcpy`; other pairs go element by element.
pub fn copy_strided(dst: &mut [u8], dl: &Layout, dd: DType, src: &[u8], sl: &Layout, sd: DType) {
    if dd == sd && crate::engine::kernels::copy::copy_dense(dst, dl, src, sl, dd.size()) {
        return;
    }
    if dd != sd && cast_dense(dst, dl, dd, src, sl, sd) {
        return;
    }
    let n = dl.numel();
    if dd == sd && dl.is_contiguous() && sl.is_contiguous() {
        let size = dd.size();
        let (d0, s0) = (dl.offset * size, sl.offset * size);
        if let (Some(d), Some(s)) = (dst.get_mut(d0..d0 + n * size), src.get(s0..s0 + n * size)) {
            d.copy_from_slice(s);
            return;
        }
    }
    // Element by element: stops for Ctrl-C (the statement then fails with
    // KeyboardInterrupt, and its half-copied result is dropped).
    let stop = |j: usize| j.is_multiple_of(crate::engine::interrupt::CHECK_EVERY) && crate::engine::interrupt::requested();
    if dd == sd {
        let size = dd.size();
        for (j, (di, si)) in StridedIndex::new(dl).zip(StridedIndex::new(sl)).enumerate() {
            if stop(j) {
                return;
            }
            let (a, b) = (di * size, si * size);
            if let (Some(d), Some(s)) = (dst.get_mut(a..a + size), src.get(b..b + size)) {
                d.copy_from_slice(s);
            }
        }
        return;
    }
    for (j, (di, si)) in StridedIndex::new(dl).zip(StridedIndex::new(sl)).enumerate() {
        if stop(j) {
            return;
        }
        if let Some(v) = scalar::read(sd, src, si) {
            scalar::write(dd, dst, di, v);
        }
    }
}

/// Writes row-major `vals` into `dst`'s elements (no version bump).
pub fn write_values(dst: &Tensor, vals: &[Scalar]) {
    let mut buf = dst.storage.bytes_mut();
    let bytes = buf.bytes_mut();
    for (i, v) in StridedIndex::new(dst.layout()).zip(vals) {
        scalar::write(dst.dtype, bytes, i, *v);
    }
}

/// `assert_no_internal_overlap`'s message.
pub const INTERNAL_OVERLAP: &str = "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.";

/// PyTorch's `assert_no_internal_overlap`: a written-to tensor may not have
/// two elements at one address (a stride-0 dim of size > 1).
pub fn check_no_internal_overlap(t: &Tensor) -> Result<()> {
    // An empty tensor is "non-overlapping and dense" to PyTorch: no overlap.
    if crate::engine::layout::has_internal_overlap(t.shape(), t.stride()) {
        return Err(crate::engine::error::EngineError::runtime(INTERNAL_OVERLAP));
    }
    Ok(())
}

/// PyTorch's `assert_no_partial_overlap(out, input)` (TensorIterator's
/// memory-overlap check): both non-overlapping and dense, on one storage,
/// their byte ranges overlapping but not the same tensor (same start, end
/// and strides). A layout that is not dense is "too hard" and passes.
pub fn check_no_partial_overlap(out: &Tensor, input: &Tensor) -> Result<()> {
    if out.numel() == 0 || input.numel() == 0 || !out.same_storage(input) {
        return Ok(());
    }
    if !layout::is_non_overlapping_and_dense(out.shape(), out.stride()) || !layout::is_non_overlapping_and_dense(input.shape(), input.stride()) {
        return Ok(());
    }
    let range = |t: &Tensor| {
        let begin = t.layout().offset * t.dtype.size();
        (begin, begin + t.numel() * t.dtype.size())
    };
    let ((a0, a1), (b0, b1)) = (range(out), range(input));
    let partial = if (a0, a1) == (b0, b1) { out.stride() != input.stride() } else { a0 < b1 && b0 < a1 };
    if partial {
        return Err(crate::engine::error::EngineError::runtime(
            "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.",
        ));
    }
    Ok(())
}

/// Whether an in-place op on `t` with these tensor operands runs element
/// by element ([`each_element`]): self not dense (its elements may share
/// memory, as `unfold`'s windows do), or an operand in self's storage
/// (overlap TensorIterator could not rule out). One element never does.
pub fn live_inplace(t: &Tensor, operands: &[&Tensor]) -> bool {
    // Past this many elements the op reads its inputs first (a documented
    // divergence): one element at a time would take seconds.
    const LIVE_MAX: usize = 1 << 20;
    let n = t.numel();
    if n <= 1 || n > LIVE_MAX {
        return false;
    }
    let offsets = |x: &Tensor| -> Vec<usize> { StridedIndex::new(x.layout()).collect() };
    let mut own: Option<Vec<usize>> = None;
    if !layout::is_non_overlapping_and_dense(t.shape(), t.stride()) {
        let mut o = offsets(t);
        o.sort_unstable();
        if o.windows(2).any(|w| w[0] == w[1]) {
            return true;
        }
        own = Some(o);
    }
    operands.iter().any(|o| {
        if !o.same_storage(t) || (o.layout() == t.layout() && o.dtype == t.dtype) {
            return false;
        }
        if o.dtype.size() != t.dtype.size() {
            return true;
        }
        let mine = own.get_or_insert_with(|| {
            let mut v = offsets(t);
            v.sort_unstable();
            v
        });
        StridedIndex::new(o.layout()).any(|p| mine.binary_search(&p).is_ok())
    })
}

/// Runs an in-place op element by element over `t` in its logical order
/// (TensorIterator's, for these small overlapping cases), each call on a
/// 0-d view of one element of `t` and of each operand broadcast to `t`'s
/// shape, so that a read after an earlier write sees it: an element in
/// two `unfold` windows is updated twice, as in PyTorch. The storage's
/// version moves by one, as for one op.
pub fn each_element(t: &Tensor, operands: &[&Tensor], mut f: impl FnMut(&Tensor, &[Tensor]) -> Result<()>) -> Result<()> {
    // A stride-0 dim is refused first, as for the whole op.
    check_no_internal_overlap(t)?;
    let shape = t.shape().to_vec();
    let version = t.storage.version();
    let layouts: Vec<Layout> = operands.iter().map(|o| super::iter_layout::broadcast_layout(o.layout(), &shape)).collect();
    let mut walks: Vec<StridedIndex> = layouts.iter().map(StridedIndex::new).collect();
    let one = |x: &Tensor, offset: usize| x.view_as_layout(Layout { shape: vec![], stride: vec![], offset }, "in-place element");
    for (k, off) in StridedIndex::new(t.layout()).enumerate() {
        if k.is_multiple_of(crate::engine::interrupt::CHECK_EVERY) {
            crate::engine::interrupt::check()?;
        }
        let ops: Vec<Tensor> = operands.iter().zip(walks.iter_mut()).map(|(o, w)| one(o, w.next().unwrap_or(0))).collect();
        f(&one(t, off), &ops)?;
    }
    t.storage.set_version(version + 1);
    Ok(())
}

/// [`each_element`] for an in-place op of self `a` and one operand `b` (a
/// tensor or a number), when [`live_inplace`] says so; `None` otherwise.
pub fn each_element_of(a: &Tensor, b: &super::elementwise::Arg, mut f: impl FnMut(&Tensor, super::elementwise::Arg) -> Result<()>) -> Option<Result<()>> {
    use super::elementwise::Arg;
    let bt: Vec<&Tensor> = match b {
        Arg::T(t) => vec![*t],
        Arg::S(_) => vec![],
    };
    if !live_inplace(a, &bt) {
        return None;
    }
    Some(each_element(a, &bt, |e, ops| {
        let bk = match (b, ops.first()) {
            (_, Some(t)) => Arg::T(t),
            (Arg::S(v), None) => Arg::S(*v),
            (Arg::T(t), None) => Arg::T(t),
        };
        f(e, bk)
    }))
}

/// `fill_(v)` with a number: PyTorch's `fill_out` turns the overlap check
/// off, so an expanded tensor can be filled (`fill_` with a tensor value is
/// `copy_`, which checks: the caller does).
pub fn fill(dst: &Tensor, v: Scalar) -> Result<()> {
    if let Some(msg) = v.overflow_check(dst.dtype, false) {
        return Err(crate::engine::error::EngineError::runtime(msg));
    }
    fill_unchecked(dst, v);
    Ok(())
}

/// Fills without checks (factories filling their own fresh output).
pub fn fill_unchecked(dst: &Tensor, v: Scalar) {
    // Each memory location once: a stride-0 dim (an expanded tensor, which
    // `fill_` may write) is walked as size 1, so `ones(1).expand(10**12)`
    // is one write, not 10^12 to the same place.
    let l = &dst.layout();
    let once = Layout {
        shape: l.shape.iter().zip(&l.stride).map(|(&n, &st)| if st == 0 { n.min(1) } else { n }).collect(),
        stride: l.stride.clone(),
        offset: l.offset,
    };
    {
        let mut buf = dst.storage.bytes_mut();
        let bytes = buf.bytes_mut();
        for i in StridedIndex::new(&once) {
            scalar::write(dst.dtype, bytes, i, v);
        }
    }
    dst.storage.bump_version();
}

/// A new tensor with `stride` holding `src`'s values converted to `dtype`.
pub fn copy_to_new(ctx: &Context, src: &Tensor, stride: &[usize], dtype: DType, op: &str) -> Result<Tensor> {
    copy_to_device(ctx, src, src.device(), stride, dtype, op)
}

/// A new tensor on `device` with `stride`, holding `src`'s values as `dtype`
/// (a host-to-device or device-to-host copy when the devices differ).
pub fn copy_to_device(ctx: &Context, src: &Tensor, device: crate::engine::Device, stride: &[usize], dtype: DType, op: &str) -> Result<Tensor> {
    let out = Tensor::alloc_strided_on(ctx, device, src.shape(), stride, dtype, op)?;
    // Both on one real GPU: a copy (and cast) kernel; else through the host.
    if !crate::engine::gpu::launch::copy(&out, src, src.layout())? {
        let sbuf = src.storage.bytes();
        let mut dbuf = out.storage.bytes_mut();
        copy_strided(dbuf.bytes_mut(), out.layout(), dtype, sbuf.bytes(), src.layout(), src.dtype);
    }
    // A copy Ctrl-C stopped half-way is not returned.
    crate::engine::interrupt::check()?;
    Ok(out.with_copy_lineage(src, op))
}

/// Strides `clone()`/`to()` give under `preserve_format`: identical when the
/// input is non-overlapping and dense, else dense in the input's stride order.
pub fn preserve_strides(src: &Tensor) -> Vec<usize> {
    let (shape, stride) = (src.shape(), src.stride());
    if layout::is_non_overlapping_and_dense(shape, stride) {
        stride.to_vec()
    } else {
        layout::infer_dense_strides(shape, stride)
    }
}

/// Strides of a fresh copy of `src` in memory format `format`
/// (`preserve_format`, `contiguous_format`, `channels_last`, `channels_last_3d`).
pub fn format_strides(src: &Tensor, format: &str) -> Result<Vec<usize>> {
    match format {
        "preserve_format" => Ok(preserve_strides(src)),
        "contiguous_format" => Ok(layout::contiguous_strides(src.shape())),
        f => layout::named_channels_last_strides(f, src.shape()),
    }
}

/// `clone()` (preserve_format).
pub fn clone(ctx: &Context, src: &Tensor) -> Result<Tensor> {
    copy_to_new(ctx, src, &preserve_strides(src), src.dtype, "clone()")
}

/// `contiguous()`: `None` when already contiguous (the caller returns self).
pub fn contiguous(ctx: &Context, src: &Tensor) -> Result<Option<Tensor>> {
    if src.is_contiguous() {
        return Ok(None);
    }
    copy_to_new(ctx, src, &contiguous_strides(src.shape()), src.dtype, "contiguous()").map(Some)
}

/// `to(dtype)`: `None` when nothing changes (the caller returns self).
pub fn to_dtype(ctx: &Context, src: &Tensor, dtype: DType) -> Result<Option<Tensor>> {
    if src.dtype == dtype {
        return Ok(None);
    }
    let op = format!("to({})", dtype);
    copy_to_new(ctx, src, &preserve_strides(src), dtype, &op).map(Some)
}

/// Conversion into a dense destination: gather the source into the
/// destination's layout (same dtype, fast copy) unless it already has it,
/// then convert in memory order. False when the pair is not covered.
fn cast_dense(dst: &mut [u8], dl: &Layout, dd: DType, src: &[u8], sl: &Layout, sd: DType) -> bool {
    use crate::engine::kernels::{cast::dense_cast, copy::copy_dense};
    if !layout::is_non_overlapping_and_dense(&dl.shape, &dl.stride) || sd.is_floating() && !dd.is_floating() {
        return false;
    }
    let n = dl.numel();
    let lo = |l: &Layout| l.footprint().map(|(lo, _)| lo).unwrap_or(0);
    let d0 = lo(dl) * dd.size();
    let Some(out) = dst.get_mut(d0..d0 + n * dd.size()) else { return false };
    if sl.stride == dl.stride && sl.shape == dl.shape {
        let s0 = lo(sl) * sd.size();
        let Some(inp) = src.get(s0..s0 + n * sd.size()) else { return false };
        return dense_cast(out, dd, inp, sd, n);
    }
    // Gather into a temporary with the destination's strides, then convert.
    let tl = Layout { shape: dl.shape.clone(), stride: dl.stride.clone(), offset: 0 };
    let Some(mut tmp) = crate::engine::alloc::host::HostBuffer::zeroed(n * sd.size()) else { return false };
    if !copy_dense(tmp.bytes_mut(), &tl, src, sl, sd.size()) {
        return false;
    }
    dense_cast(out, dd, tmp.bytes(), sd, n)
}
