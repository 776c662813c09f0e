//! Layout math: pure functions over (shape, stride, storage offset) values.
//!
//! Invariants:
//! - Offsets and strides are in **elements**, never bytes.
//! - Nothing here allocates storage or touches data: every function maps a
//!   layout to a layout (or to an error), so a view op is exactly one of these
//!   functions plus a clone of the storage handle.
//! - Error texts are PyTorch's (see `shared/reference/pytorch-semantics.md`, A).

use super::error::{fmt_list, EngineError, Result};

mod memory_format;
pub use memory_format::*;

/// Shape, strides and storage offset of a tensor over its storage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub offset: usize,
}

impl Layout {
    /// A row-major (C-contiguous) layout at offset 0.
    pub fn contiguous(shape: &[usize]) -> Layout {
        Layout { shape: shape.to_vec(), stride: contiguous_strides(shape), offset: 0 }
    }

    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    /// Number of elements; saturates (callers check `checked_numel` on creation).
    pub fn numel(&self) -> usize {
        self.shape.iter().fold(1usize, |a, &b| a.saturating_mul(b))
    }

    pub fn is_contiguous(&self) -> bool {
        is_contiguous(&self.shape, &self.stride)
    }

    /// The lowest and highest storage element this layout can reach, or
    /// `None` when it has no elements.
    pub fn footprint(&self) -> Option<(usize, usize)> {
        if self.shape.contains(&0) {
            return None;
        }
        let span: usize = self
            .shape
            .iter()
            .zip(&self.stride)
            .map(|(&s, &st)| (s - 1).saturating_mul(st))
            .fold(0usize, |a, b| a.saturating_add(b));
        Some((self.offset, self.offset.saturating_add(span)))
    }

    /// Storage element index of the logical element at `index` (no bounds check).
    pub fn element_offset(&self, index: &[usize]) -> usize {
        self.offset + index.iter().zip(&self.stride).map(|(i, s)| i * s).sum::<usize>()
    }
}

/// Element count of `shape`, or PyTorch-style error on overflow.
pub fn checked_numel(shape: &[usize]) -> Result<usize> {
    check_ndim(shape.len())?;
    let mut n: usize = 1;
    for &s in shape {
        n = n.checked_mul(s).ok_or_else(|| {
            EngineError::runtime(format!(
                "Storage size calculation overflowed with sizes={}",
                fmt_list(shape)
            ))
        })?;
    }
    if n > i64::MAX as usize {
        return Err(EngineError::runtime(format!(
            "Storage size calculation overflowed with sizes={}",
            fmt_list(shape)
        )));
    }
    Ok(n)
}

/// Row-major strides; empty dims count as size 1 (`empty(3,0)` has `(1,1)`).
pub fn contiguous_strides(shape: &[usize]) -> Vec<usize> {
    let mut stride = vec![1usize; shape.len()];
    let mut acc: usize = 1;
    for d in (0..shape.len()).rev() {
        stride[d] = acc;
        acc = acc.saturating_mul(shape[d].max(1));
    }
    stride
}

/// Wraps a possibly negative dim; a 0-dim tensor is treated as rank 1.
pub fn wrap_dim(dim: i64, ndim: usize) -> Result<usize> {
    let n = ndim.max(1) as i64;
    if dim < -n || dim >= n {
        return Err(EngineError::index(format!(
            "Dimension out of range (expected to be in range of [{}, {}], but got {})",
            -n,
            n - 1,
            dim
        )));
    }
    Ok(if dim < 0 { (dim + n) as usize } else { dim as usize })
}

/// `wrap_dim` with a hint naming the tensor's rank.
pub fn wrap_dim_hinted(dim: i64, ndim: usize) -> Result<usize> {
    wrap_dim(dim, ndim).map_err(|e| e.with_hint(format!("the tensor has {} dim{}", ndim, if ndim == 1 { "" } else { "s" })))
}

/// `infer_size`: resolves one `-1` in `shape` for a tensor of `numel` elements.
pub fn infer_size(shape: &[i64], numel: usize) -> Result<Vec<usize>> {
    check_ndim(shape.len())?;
    let mut infer: Option<usize> = None;
    let mut newsize: usize = 1;
    for (i, &s) in shape.iter().enumerate() {
        if s == -1 {
            if infer.is_some() {
                return Err(EngineError::runtime("only one dimension can be inferred").with_hint("use -1 for at most one dimension"));
            }
            infer = Some(i);
        } else if s < 0 {
            return Err(EngineError::runtime(format!(
                "invalid shape dimension {} at index {} of shape {}",
                s,
                i,
                fmt_list(shape)
            )));
        } else {
            newsize = newsize.checked_mul(s as usize).ok_or_else(|| {
                EngineError::runtime(format!(
                    "shape '{}' is invalid for input of size {}",
                    fmt_list(shape),
                    numel
                ))
            })?;
        }
    }
    let mut out: Vec<usize> = shape.iter().map(|&s| s.max(0) as usize).collect();
    if numel == newsize {
        if let Some(i) = infer {
            if newsize == 0 {
                return Err(ambiguous_zero(shape));
            }
            out[i] = 1;
        }
        return Ok(out);
    }
    if let Some(i) = infer {
        if newsize == 0 {
            return Err(ambiguous_zero(shape));
        }
        if numel.is_multiple_of(newsize) {
            out[i] = numel / newsize;
            return Ok(out);
        }
    }
    Err(EngineError::runtime(format!(
        "shape '{}' is invalid for input of size {}",
        fmt_list(shape),
        numel
    ))
    .with_hint(format!("the sizes must multiply to {numel}")))
}

fn ambiguous_zero(shape: &[i64]) -> EngineError {
    EngineError::runtime(format!(
        "cannot reshape tensor of 0 elements into shape {} because the unspecified dimension size -1 can be any value and is ambiguous",
        fmt_list(shape)
    ))
}

/// PyTorch's `computeStride`: the strides a view of `newshape` would have, or
/// `None` when no view is possible (a group of new dims spans two chunks).
pub fn compute_stride(oldshape: &[usize], oldstride: &[usize], newshape: &[usize]) -> Option<Vec<usize>> {
    if oldshape.is_empty() {
        return Some(vec![1; newshape.len()]);
    }
    let numel: usize = oldshape.iter().product();
    if numel == 0 {
        if oldshape == newshape {
            return Some(oldstride.to_vec());
        }
        return Some(contiguous_strides(newshape));
    }
    let mut newstride = vec![0usize; newshape.len()];
    let mut view_d: isize = newshape.len() as isize - 1;
    let mut chunk_base_stride = *oldstride.last()?;
    let mut tensor_numel: usize = 1;
    let mut view_numel: usize = 1;
    for tensor_d in (0..oldshape.len()).rev() {
        tensor_numel *= oldshape[tensor_d];
        let chunk_ends = tensor_d == 0
            || (oldshape[tensor_d - 1] != 1
                && oldstride[tensor_d - 1] != tensor_numel.wrapping_mul(chunk_base_stride));
        if chunk_ends {
            while view_d >= 0
                && (view_numel < tensor_numel || newshape[view_d as usize] == 1)
            {
                newstride[view_d as usize] = view_numel.wrapping_mul(chunk_base_stride);
                view_numel = view_numel.saturating_mul(newshape[view_d as usize]);
                view_d -= 1;
            }
            if view_numel != tensor_numel {
                return None;
            }
            if tensor_d > 0 {
                chunk_base_stride = oldstride[tensor_d - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    if view_d != -1 {
        return None;
    }
    Some(newstride)
}

pub const VIEW_INCOMPATIBLE: &str = "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.";

/// `view(shape)`: same storage and offset, new shape and strides.
pub fn view(l: &Layout, shape: &[i64]) -> Result<Layout> {
    let numel = l.numel();
    let newshape = infer_size(shape, numel)?;
    match compute_stride(&l.shape, &l.stride, &newshape) {
        Some(stride) => Ok(Layout { shape: newshape, stride, offset: l.offset }),
        None => Err(EngineError::runtime(VIEW_INCOMPATIBLE)
            .with_hint("the tensor is not contiguous: use reshape(), or call contiguous() first")),
    }
}

/// `transpose(a, b)`.
pub fn transpose(l: &Layout, a: i64, b: i64) -> Result<Layout> {
    let n = l.ndim();
    let a = wrap_dim_hinted(a, n)?;
    let b = wrap_dim_hinted(b, n)?;
    let mut out = l.clone();
    if n == 0 {
        return Ok(out);
    }
    out.shape.swap(a, b);
    out.stride.swap(a, b);
    Ok(out)
}

/// `t()`: only for tensors of at most 2 dims.
pub fn t(l: &Layout) -> Result<Layout> {
    if l.ndim() > 2 {
        return Err(EngineError::runtime(format!(
            "t() expects a tensor with <= 2 dimensions, but self is {}D",
            l.ndim()
        )));
    }
    if l.ndim() < 2 {
        return Ok(l.clone());
    }
    transpose(l, 0, 1)
}

/// `permute(dims)`.
pub fn permute(l: &Layout, dims: &[i64]) -> Result<Layout> {
    let n = l.ndim();
    if dims.len() != n {
        return Err(EngineError::runtime(format!(
            "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {} is not equal to len(dims) = {}",
            n,
            dims.len()
        )));
    }
    let mut seen = vec![false; n];
    let mut out = Layout { shape: Vec::with_capacity(n), stride: Vec::with_capacity(n), offset: l.offset };
    for &d in dims {
        let d = wrap_dim_hinted(d, n)?;
        if n == 0 {
            continue;
        }
        if seen[d] {
            return Err(EngineError::runtime("permute(): duplicate dims are not allowed."));
        }
        seen[d] = true;
        out.shape.push(l.shape[d]);
        out.stride.push(l.stride[d]);
    }
    Ok(out)
}

/// Python-style slice along `dim`: `start`/`stop` may be negative or out of
/// range (they are clamped); `step` must be positive.
pub fn slice(l: &Layout, dim: usize, start: Option<i64>, stop: Option<i64>, step: i64) -> Result<Layout> {
    if step == 0 {
        return Err(EngineError::value("slice step cannot be zero"));
    }
    if step < 0 {
        return Err(EngineError::value("step must be greater than zero").with_hint("PyTorch has no negative strides; use flip() to reverse (it copies)"));
    }
    let size = l.shape[dim] as i64;
    let clamp = |v: i64| -> i64 {
        let v = if v < 0 { v.saturating_add(size) } else { v };
        v.clamp(0, size)
    };
    let s = start.map(clamp).unwrap_or(0);
    let e = stop.map(clamp).unwrap_or(size).max(s);
    let len = (e - s + step - 1) / step;
    let mut out = l.clone();
    out.offset += s as usize * l.stride[dim];
    out.shape[dim] = len as usize;
    out.stride[dim] = l.stride[dim].saturating_mul(step as usize);
    Ok(out)
}

/// `narrow(dim, start, length)`.
pub fn narrow(l: &Layout, dim: i64, start: i64, length: i64) -> Result<Layout> {
    if l.ndim() == 0 {
        return Err(EngineError::runtime("narrow() cannot be applied to a 0-dim tensor."));
    }
    let d = wrap_dim_hinted(dim, l.ndim())?;
    let size = l.shape[d] as i64;
    if start < -size || start > size {
        return Err(EngineError::index(format!(
            "start out of range (expected to be in range of [{}, {}], but got {})",
            -size, size, start
        )));
    }
    let start = if start < 0 { start + size } else { start };
    if length < 0 {
        return Err(EngineError::runtime("narrow(): length must be non-negative."));
    }
    if start.saturating_add(length) > size {
        return Err(EngineError::runtime(format!(
            "start ({}) + length ({}) exceeds dimension size ({}).",
            start, length, size
        )));
    }
    slice(l, d, Some(start), Some(start + length), 1)
}

/// `select(dim, index)` (the method form; Python indexing uses `index_int`).
pub fn select(l: &Layout, dim: i64, index: i64) -> Result<Layout> {
    if l.ndim() == 0 {
        return Err(EngineError::index("select() cannot be applied to a 0-dim tensor."));
    }
    let d = wrap_dim_hinted(dim, l.ndim())?;
    let size = l.shape[d] as i64;
    if index < -size || index >= size {
        return Err(EngineError::index(format!(
            "select(): index {} out of range for tensor of size {} at dimension {}",
            index,
            fmt_list(&l.shape),
            d
        )));
    }
    Ok(drop_dim(l, d, if index < 0 { index + size } else { index } as usize))
}

/// Python `x[i]` along `dim` (IndexError wording differs from `select`).
pub fn index_int(l: &Layout, dim: usize, index: i64) -> Result<Layout> {
    let size = l.shape[dim] as i64;
    if index < -size || index >= size {
        return Err(EngineError::index(format!(
            "index {} is out of bounds for dimension {} with size {}",
            index, dim, size
        )));
    }
    Ok(drop_dim(l, dim, if index < 0 { index + size } else { index } as usize))
}

fn drop_dim(l: &Layout, d: usize, i: usize) -> Layout {
    let mut out = l.clone();
    out.offset += i * l.stride[d];
    out.shape.remove(d);
    out.stride.remove(d);
    out
}

/// `unsqueeze(dim)`: the new size-1 dim gets stride `size[d]*stride[d]`, or 1 at the end.
pub fn unsqueeze(l: &Layout, dim: i64) -> Result<Layout> {
    let n = l.ndim();
    check_ndim(n + 1)?;
    let d = wrap_dim_hinted(dim, n + 1)?;
    let st = if d < n { l.shape[d] * l.stride[d] } else { 1 };
    let mut out = l.clone();
    out.shape.insert(d, 1);
    out.stride.insert(d, st);
    Ok(out)
}

/// `squeeze()` (all size-1 dims) or `squeeze(dim)` (only that one, if size 1).
pub fn squeeze(l: &Layout, dim: Option<i64>) -> Result<Layout> {
    squeeze_dims(l, dim.as_ref().map(std::slice::from_ref))
}

/// `squeeze(dims)`: only the listed dims, each dropped if it has size 1.
pub fn squeeze_dims(l: &Layout, dims: Option<&[i64]>) -> Result<Layout> {
    let mut out = Layout { shape: vec![], stride: vec![], offset: l.offset };
    let mut only: Option<Vec<usize>> = None;
    if let Some(ds) = dims {
        let mut v = vec![];
        for &d in ds {
            let w = wrap_dim_hinted(d, l.ndim())?;
            if v.contains(&w) {
                return Err(EngineError::runtime(format!("dim {} appears multiple times in the list of dims", w)));
            }
            v.push(w);
        }
        only = Some(v);
    }
    for i in 0..l.ndim() {
        let drop = l.shape[i] == 1 && only.as_ref().is_none_or(|d| d.contains(&i));
        if !drop {
            out.shape.push(l.shape[i]);
            out.stride.push(l.stride[i]);
        }
    }
    Ok(out)
}

/// `expand(sizes)`: new leading dims and grown size-1 dims get stride 0.
pub fn expand(l: &Layout, sizes: &[i64], legacy_type: &str) -> Result<Layout> {
    let n = l.ndim();
    if sizes.len() < n {
        return Err(EngineError::runtime(format!(
            "expand(torch.{}{{{}}}, size={}): the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
            legacy_type,
            fmt_list(&l.shape),
            fmt_list(sizes),
            sizes.len(),
            n
        )));
    }
    let m = sizes.len();
    let mut shape = vec![0usize; m];
    let mut stride = vec![0usize; m];
    for i in (0..m).rev() {
        let offset = m - 1 - i;
        let target = sizes[i];
        if offset >= n {
            if target < 0 {
                return Err(EngineError::runtime(format!(
                    "The expanded size of the tensor ({}) isn't allowed in a leading, non-existing dimension {}",
                    target, i
                )));
            }
            shape[i] = target as usize;
            // PyTorch's inferExpandGeometry: a new dim of size 1 gets the
            // stride it would have in a contiguous tensor on top of the
            // next dim (size × stride), one that grows gets 0.
            stride[i] = match (target, shape.get(i + 1)) {
                (1, Some(&next)) => next.saturating_mul(stride[i + 1]),
                (1, None) => 0,
                _ => 0,
            };
            continue;
        }
        let d = n - 1 - offset;
        let (size, st) = (l.shape[d], l.stride[d]);
        let target = if target == -1 { size as i64 } else { target };
        if target < 0 && size == 1 {
            return Err(EngineError::runtime("numel: integer multiplication overflow"));
        }
        if size as i64 != target || target < 0 {
            if size != 1 {
                return Err(EngineError::runtime(format!(
                    "The expanded size of the tensor ({}) must match the existing size ({}) at non-singleton dimension {}.  Target sizes: {}.  Tensor sizes: {}",
                    target,
                    size,
                    i,
                    fmt_list(sizes),
                    fmt_list(&l.shape)
                ))
                .with_hint("expand only grows dims of size 1 (with stride 0); other sizes must stay as they are"));
            }
            shape[i] = target as usize;
            stride[i] = 0;
        } else {
            shape[i] = size;
            stride[i] = st;
        }
    }
    check_numel(&shape)?;
    Ok(Layout { shape, stride, offset: l.offset })
}

/// Most dims a tensor may have. Printing, `tolist` and the kernels recurse
/// once per dim; 100 000 dims (`x[None, None, …]` on a 1 MB line) overflowed
/// the stack. 64 as in NumPy 2 (NPY_MAXDIMS); it also keeps `--json` values
/// nested shallowly enough for common JSON parsers (serde_json stops at 128).
pub const MAX_DIMS: usize = 64;

/// Refuses a tensor of more than [`MAX_DIMS`] dims.
pub fn check_ndim(ndim: usize) -> Result<()> {
    if ndim > MAX_DIMS {
        return Err(EngineError::runtime(format!("tsr supports tensors of at most {MAX_DIMS} dims, got {ndim}")));
    }
    Ok(())
}

/// PyTorch's `safe_compute_numel`: a shape whose element count overflows
/// int64 (even if a later dim is 0) is refused when the tensor is made. Views
/// that grow the element count (expand, as_strided, unfold) check it, so
/// every product of sizes later fits in a `usize`.
pub fn check_numel(shape: &[usize]) -> Result<()> {
    check_ndim(shape.len())?;
    let mut numel: u64 = 1;
    let mut overflows = false;
    for &d in shape {
        match numel.checked_mul(d as u64) {
            Some(n) => numel = n,
            None => overflows = true,
        }
    }
    if overflows || numel > i64::MAX as u64 {
        return Err(EngineError::runtime("numel: integer multiplication overflow"));
    }
    Ok(())
}

/// `movedim(src, dst)` as a permutation.
pub fn movedim(l: &Layout, src: &[i64], dst: &[i64]) -> Result<Layout> {
    let n = l.ndim();
    if src.len() != dst.len() {
        return Err(EngineError::runtime(format!(
            "movedim: Invalid source or destination dims: source ({} dims) should contain the same number of dims as destination ({} dims)",
            fmt_list(src),
            fmt_list(dst)
        )));
    }
    let s: Vec<usize> = src.iter().map(|&d| wrap_dim_hinted(d, n)).collect::<Result<_>>()?;
    let t: Vec<usize> = dst.iter().map(|&d| wrap_dim_hinted(d, n)).collect::<Result<_>>()?;
    for (name, v, raw) in [("source", &s, src), ("destination", &t, dst)] {
        let mut seen = vec![false; n.max(1)];
        for &d in v.iter() {
            if seen[d] {
                return Err(EngineError::runtime(format!(
                    "movedim: repeated dim in `{}` ({})",
                    name,
                    fmt_list(raw)
                )));
            }
            seen[d] = true;
        }
    }
    if n == 0 {
        return Ok(l.clone());
    }
    let mut order: Vec<Option<usize>> = vec![None; n];
    for (a, b) in s.iter().zip(&t) {
        order[*b] = Some(*a);
    }
    let mut rest = (0..n).filter(|d| !s.contains(d));
    let perm: Vec<i64> = order
        .into_iter()
        .map(|o| o.or_else(|| rest.next()).unwrap_or(0) as i64)
        .collect();
    permute(l, &perm)
}

/// `diagonal(offset, dim1, dim2)`.
pub fn diagonal(l: &Layout, off: i64, d1: i64, d2: i64) -> Result<Layout> {
    let n = l.ndim();
    let a = wrap_dim_hinted(d1, n)?;
    let b = wrap_dim_hinted(d2, n)?;
    if a == b {
        return Err(EngineError::runtime(format!("diagonal dimensions cannot be identical {}, {}", d1, d2)));
    }
    let (s1, s2) = (l.shape[a] as i64, l.shape[b] as i64);
    let size = if off >= 0 { (s1.min(s2 - off)).max(0) } else { (s1 + off).min(s2).max(0) };
    let mut offset = l.offset;
    if size > 0 {
        offset += if off >= 0 { off as usize * l.stride[b] } else { (-off) as usize * l.stride[a] };
    }
    let mut out = Layout { shape: vec![], stride: vec![], offset };
    for i in 0..n {
        if i != a && i != b {
            out.shape.push(l.shape[i]);
            out.stride.push(l.stride[i]);
        }
    }
    out.shape.push(size as usize);
    out.stride.push(l.stride[a] + l.stride[b]);
    Ok(out)
}

/// `view(dtype)` from elements of `from` bytes to elements of `to` bytes
/// (ATen's `view_dtype`): the last dim's size, the other dims' strides and
/// the offset scale by the ratio. `what` names the pair for the messages
/// (`Float as Short`).
pub fn view_dtype(l: &Layout, from: usize, to: usize, what: &str) -> Result<Layout> {
    if from == to {
        return Ok(l.clone());
    }
    let n = l.shape.len();
    if n == 0 {
        return Err(EngineError::runtime(format!("self.dim() cannot be 0 to view {what} (different element sizes)")));
    }
    let mut out = l.clone();
    if from > to {
        let r = from / to;
        if l.stride[n - 1] != 1 {
            return Err(EngineError::runtime(format!("self.stride(-1) must be 1 to view {what} (different element sizes), but got {}", l.stride[n - 1])));
        }
        // int64 arithmetic as ATen's: a stride of a size-1 dim may be
        // anything, and wraps (2^62 * 4 is 0 in PyTorch too).
        for s in &mut out.stride[..n - 1] {
            *s = s.wrapping_mul(r);
        }
        out.shape[n - 1] *= r;
        out.offset = out.offset.wrapping_mul(r);
        return Ok(out);
    }
    let r = to / from;
    if !l.shape[n - 1].is_multiple_of(r) {
        return Err(EngineError::runtime(format!("self.size(-1) must be divisible by {r} to view {what} (different element sizes), but got {}", l.shape[n - 1])));
    }
    if !l.offset.is_multiple_of(r) {
        return Err(EngineError::runtime(format!("self.storage_offset() must be divisible by {r} to view {what} (different element sizes), but got {}", l.offset)));
    }
    if l.stride[n - 1] != 1 {
        return Err(EngineError::runtime(format!("self.stride(-1) must be 1 to view {what} (different element sizes), but got {}", l.stride[n - 1])));
    }
    for (d, s) in out.stride[..n - 1].iter_mut().enumerate() {
        if *s % r != 0 {
            return Err(EngineError::runtime(format!("self.stride({d}) must be divisible by {r} to view {what} (different element sizes), but got {s}")));
        }
        *s /= r;
    }
    out.shape[n - 1] /= r;
    out.offset /= r;
    Ok(out)
}

/// `unfold(dim, size, step)`.
pub fn unfold(l: &Layout, dim: i64, size: i64, step: i64) -> Result<Layout> {
    let n = l.ndim();
    let d = wrap_dim_hinted(dim, n)?;
    let (dsize, dstride) = if n == 0 { (1usize, 1usize) } else { (l.shape[d], l.stride[d]) };
    if size < 0 {
        return Err(EngineError::runtime(format!("size is {} but must be >= 0", size)));
    }
    if size as usize > dsize {
        return Err(EngineError::runtime(format!(
            "maximum size for tensor at dimension {} is {} but size is {}",
            d, dsize, size
        )));
    }
    if step <= 0 {
        return Err(EngineError::runtime(format!("step is {} but must be > 0", step)));
    }
    let mut out = l.clone();
    if n == 0 {
        out.shape = vec![size as usize];
        out.stride = vec![1];
        return Ok(out);
    }
    out.shape[d] = (dsize - size as usize) / step as usize + 1;
    // A step past the dim leaves one window, whose stride never addresses
    // anything; where stride * step overflows (`unfold(0, 1, 2**62)`), keep
    // the dim's stride instead.
    out.stride[d] = dstride.checked_mul(step as usize).unwrap_or(dstride);
    out.shape.push(size as usize);
    out.stride.push(dstride);
    check_numel(&out.shape)?;
    Ok(out)
}

/// `as_strided(size, stride, offset)` with PyTorch's storage bounds check.
pub fn as_strided(size: &[i64], stride: &[i64], offset: i64, itemsize: usize, storage_nbytes: usize) -> Result<Layout> {
    if size.len() != stride.len() {
        return Err(EngineError::runtime("mismatch in length of strides and shape"));
    }
    if let Some(&neg) = size.iter().find(|&&s| s < 0) {
        return Err(EngineError::runtime(format!(
            "Trying to create tensor with negative dimension {}: {}",
            neg,
            fmt_list(size)
        )));
    }
    if stride.iter().any(|&s| s < 0) {
        return Err(EngineError::runtime(format!(
            "as_strided: Negative strides are not supported at the moment, got strides: {}",
            fmt_list(stride)
        )));
    }
    if offset < 0 {
        return Err(EngineError::runtime(format!("Tensor: invalid storage offset {}", offset)));
    }
    let shape: Vec<usize> = size.iter().map(|&s| s as usize).collect();
    let strides: Vec<usize> = stride.iter().map(|&s| s as usize).collect();
    check_numel(&shape)?;
    if !shape.contains(&0) {
        let mut span: u128 = 1;
        for (&s, &st) in shape.iter().zip(&strides) {
            span = span.saturating_add((s as u128 - 1) * st as u128);
        }
        let needed = (itemsize as u128).saturating_mul(span).saturating_add(offset as u128 * itemsize as u128);
        if needed > storage_nbytes as u128 {
            return Err(EngineError::runtime(format!(
                "setStorage: sizes {}, strides {}, storage offset {}, and itemsize {} requiring a storage size of {} are out of bounds for storage of size {}",
                fmt_list(size),
                fmt_list(stride),
                offset,
                itemsize,
                needed,
                storage_nbytes
            ))
            .with_hint("the last element this view would reach lies past the end of the storage"));
        }
    }
    Ok(Layout { shape, stride: strides, offset: offset as usize })
}

#[cfg(test)]
mod tests;
