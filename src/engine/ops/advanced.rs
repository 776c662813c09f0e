//! Advanced indexing: PyTorch's `index` (`x[idx]`, `x[mask]`, `x[:, [0, 2]]`)
//! and `index_put_` (`x[mask] = v`). Always a copy into a new storage.
//!
//! As in PyTorch: ints, slices, `None` and `...` are applied first as basic
//! indexing (a view), the index tensors stay as `:` there; bool masks become
//! `nonzero()` index tensors, one per masked dim; the index tensors are
//! broadcast together; when they index adjacent dims the broadcast shape
//! replaces those dims in place, otherwise it moves to the front. The output
//! strides are TensorIterator's for the restrided input and the indices
//! (so `p[:, [0, 1]]` of a permuted `p` follows `p`'s memory order).

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{self, Layout};
use crate::engine::tensor::Tensor;

use super::index::{IndexSpec, index_layout};
use super::iter_layout::{broadcast_shapes, output_strides};

/// One item of an index expression.
#[derive(Debug, Clone)]
pub enum AdvItem {
    Basic(IndexSpec),
    /// An index tensor's (or list's) values: long, int, byte or bool. Lists
    /// are given as values, so they never become storages.
    Values { shape: Vec<usize>, vals: Vec<crate::engine::Scalar>, dtype: DType, stride: Option<Vec<usize>> },
    /// A Python bool (or a 0-dim bool/uint8 tensor): PyTorch's
    /// `boolToIndexingTensor`, a new axis of size 1 indexed by `[0]`
    /// (True) or by `[]` (False). It indexes no dim of the input.
    Bool(bool),
}

/// What every index operand looks like to the plan.
struct IndexData<'a> {
    shape: &'a [usize],
    vals: &'a [crate::engine::Scalar],
    dtype: DType,
    /// A tensor index's own strides (lists and masks' nonzero are contiguous).
    stride: Option<&'a [usize]>,
}

impl AdvItem {
    /// How many of the input's dims the item indexes (PyTorch's
    /// `count_specified_dimensions`): an int or slice one, a bool/uint8 mask
    /// its ndim, any other index tensor one, `None`/`...`/a bool none.
    pub fn dims_indexed(&self) -> usize {
        match self {
            AdvItem::Basic(IndexSpec::Int(_) | IndexSpec::Slice { .. }) => 1,
            AdvItem::Basic(_) | AdvItem::Bool(_) => 0,
            AdvItem::Values { shape, dtype: DType::Bool | DType::UInt8, .. } => shape.len(),
            AdvItem::Values { .. } => 1,
        }
    }

    pub fn from_tensor(t: &Tensor) -> AdvItem {
        AdvItem::Values { shape: t.shape().to_vec(), vals: t.to_scalars(), dtype: t.dtype, stride: Some(t.stride().to_vec()) }
    }
}

/// Where every element of `x[items]` comes from.
struct Plan {
    /// The input after basic indexing.
    view: Layout,
    /// The view's dims the index tensors index, in order.
    dims: Vec<usize>,
    /// Each index tensor's values broadcast to `bshape`, row-major, non-negative.
    idx: Vec<Vec<usize>>,
    bshape: Vec<usize>,
    /// Whether the broadcast dims stay in place (indexed dims adjacent).
    adjacent: bool,
    out_shape: Vec<usize>,
    out_stride: Vec<usize>,
}

fn shape_list(s: &[usize]) -> String {
    format!("[{}]", s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "))
}

/// Whether `items` need advanced indexing.
pub fn is_advanced(items: &[AdvItem]) -> bool {
    items.iter().any(|i| matches!(i, AdvItem::Values { .. } | AdvItem::Bool(_)))
}

fn plan(t: &Tensor, items: &[AdvItem], check_bounds: bool) -> Result<Plan> {
    // Basic indexing first, with `:` where the tensors go, noting which view
    // dims they land on.
    let consuming: usize = items.iter().map(AdvItem::dims_indexed).sum();
    if consuming > t.ndim() {
        return Err(EngineError::index(format!("too many indices for tensor of dimension {}", t.ndim())));
    }
    let full = IndexSpec::Slice { start: None, stop: None, step: None };
    let mut specs = Vec::with_capacity(items.len());
    let mut out_dim = 0usize;
    let mut seen_ellipsis = false;
    // (view dim, index tensor); a mask spans several dims.
    let mut tensors: Vec<(usize, IndexData)> = Vec::new();
    for item in items {
        match item {
            AdvItem::Basic(s) => {
                match s {
                    IndexSpec::Int(_) => {}
                    IndexSpec::Slice { .. } | IndexSpec::NewAxis => out_dim += 1,
                    IndexSpec::Ellipsis if !seen_ellipsis => {
                        seen_ellipsis = true;
                        out_dim += t.ndim() - consuming;
                    }
                    IndexSpec::Ellipsis => {}
                }
                specs.push(s.clone());
            }
            AdvItem::Bool(b) => {
                const ZERO: [crate::engine::Scalar; 1] = [crate::engine::Scalar::Int(0)];
                let (shape, vals): (&[usize], &[crate::engine::Scalar]) = if *b { (&[1], &ZERO) } else { (&[0], &[]) };
                tensors.push((out_dim, IndexData { shape, vals, dtype: DType::Int64, stride: None }));
                specs.push(IndexSpec::NewAxis);
                out_dim += 1;
            }
            AdvItem::Values { shape, vals, dtype, stride } => {
                let x = IndexData { shape, vals, dtype: *dtype, stride: stride.as_deref() };
                let k = if matches!(x.dtype, DType::Bool | DType::UInt8) { x.shape.len() } else { 1 };
                tensors.push((out_dim, x));
                for _ in 0..k {
                    specs.push(full.clone());
                }
                out_dim += k;
            }
        }
    }
    let view = index_layout(t.layout(), &specs)?;
    // Masks become one long index per masked dim (`nonzero`).
    let mut dims = Vec::new();
    let mut index_vals: Vec<(Vec<usize>, Vec<i64>)> = Vec::new();
    let mut index_strides: Vec<Option<Vec<usize>>> = Vec::new();
    for (pos, x) in tensors {
        match x.dtype {
            DType::Bool | DType::UInt8 => {
                let k = x.shape.len();
                for i in 0..k {
                    if view.shape.get(pos + i) != Some(&x.shape[i]) {
                        return Err(EngineError::index(format!(
                            "The shape of the mask {} at index {i} does not match the shape of the indexed tensor {} at index {}",
                            shape_list(x.shape),
                            shape_list(&view.shape),
                            pos + i
                        )));
                    }
                }
                let mut cols: Vec<Vec<i64>> = vec![Vec::new(); k];
                let shape = x.shape;
                for (flat, v) in x.vals.iter().enumerate() {
                    if !v.as_bool() {
                        continue;
                    }
                    let mut rem = flat;
                    for d in (0..k).rev() {
                        cols[d].push((rem % shape[d]) as i64);
                        rem /= shape[d];
                    }
                }
                for (i, c) in cols.into_iter().enumerate() {
                    dims.push(pos + i);
                    index_vals.push((vec![c.len()], c));
                    index_strides.push(None);
                }
            }
            DType::Int64 | DType::Int32 => {
                dims.push(pos);
                index_vals.push((x.shape.to_vec(), x.vals.iter().map(|s| s.as_i64()).collect()));
                index_strides.push(x.stride.map(|s| s.to_vec()));
            }
            _ => return Err(EngineError::index("tensors used as indices must be long, int, byte or bool tensors")),
        }
    }
    // Broadcast the indices together.
    let mut bshape: Vec<usize> = Vec::new();
    for (s, _) in &index_vals {
        bshape = broadcast_shapes(&bshape, s).map_err(|_| {
            EngineError::index(format!(
                "shape mismatch: indexing tensors could not be broadcast together with shapes {}",
                index_vals.iter().map(|(s, _)| shape_list(s)).collect::<Vec<_>>().join(", ")
            ))
        })?;
    }
    // AdvancedIndex's constructor: an indexed dim of size 0 has no valid
    // index, so indices with any elements are out of bounds whatever the
    // result's other dims (`zeros(3, 0)[:, [0]]`, even `zeros(0, 0)[:, [0]]`).
    if dims.iter().any(|&d| view.shape[d] == 0) && !bshape.contains(&0) {
        return Err(EngineError::index("index is out of bounds for dimension with size 0"));
    }
    let bnumel: usize = bshape.iter().product();
    let mut idx = Vec::with_capacity(index_vals.len());
    // PyTorch checks bounds while reading: a result with no elements reads
    // nothing (`x[[5], 1:1]`), so nothing is checked.
    let other_numel: usize = (0..view.ndim()).filter(|d| !dims.contains(d)).map(|d| view.shape[d]).product();
    let reads = check_bounds && bnumel * other_numel > 0;
    for (j, ((s, vals), &d)) in index_vals.iter().zip(&dims).enumerate() {
        let size = view.shape[d];
        let mut out = Vec::with_capacity(bnumel);
        let lead = bshape.len() - s.len();
        for flat in 0..bnumel {
            // The source position of broadcast element `flat`.
            let mut rem = flat;
            let mut src = 0usize;
            let mut mul = 1usize;
            for bd in (0..bshape.len()).rev() {
                let c = rem % bshape[bd];
                rem /= bshape[bd];
                if bd >= lead {
                    let sd = bd - lead;
                    let c = if s[sd] == 1 { 0 } else { c };
                    src += c * mul;
                    mul *= s[sd];
                }
            }
            let v = vals[src];
            let n = size as i64;
            if v < -n || v >= n {
                if !reads {
                    out.push(0);
                    continue;
                }
                // The dimension is counted among the index tensors, as PyTorch does.
                if size == 0 {
                    return Err(EngineError::index("index is out of bounds for dimension with size 0"));
                }
                return Err(EngineError::index(format!("index {v} is out of bounds for dimension {j} with size {size}")));
            }
            out.push(if v < 0 { (v + n) as usize } else { v as usize });
        }
        idx.push(out);
    }
    let adjacent = dims.windows(2).all(|w| w[1] == w[0] + 1);
    let first = dims.first().copied().unwrap_or(0);
    let rest: Vec<usize> = (0..view.ndim()).filter(|d| !dims.contains(d)).collect();
    // The result's dims: (view dim | broadcast dim).
    let mut out_shape = Vec::new();
    let mut src_stride = Vec::new();
    let mut order: Vec<Option<usize>> = Vec::new();
    if adjacent {
        for d in 0..first {
            order.push(Some(d));
        }
        order.extend(std::iter::repeat_n(None, bshape.len()));
        for d in (first + dims.len())..view.ndim() {
            order.push(Some(d));
        }
    } else {
        order.extend(std::iter::repeat_n(None, bshape.len()));
        order.extend(rest.iter().map(|&d| Some(d)));
    }
    let mut bi = 0;
    for o in &order {
        match o {
            Some(d) => {
                out_shape.push(view.shape[*d]);
                src_stride.push(view.stride[*d]);
            }
            None => {
                out_shape.push(bshape[bi]);
                src_stride.push(0);
                bi += 1;
            }
        }
    }
    // TensorIterator's operands: the restrided input, then each index
    // expanded to the broadcast shape and reshaped with size-1 dims around
    // it (AdvancedIndex's `reshape_indexer`): the indices do not have the
    // result's shape, so TensorIterator's fast setup never runs, even for
    // an empty result (whose strides then follow the input's order).
    let b_at = order.iter().position(Option::is_none).unwrap_or(0);
    let mut layouts = vec![Layout { shape: out_shape.clone(), stride: src_stride, offset: 0 }];
    let mut ishape = vec![1usize; out_shape.len()];
    ishape[b_at..b_at + bshape.len()].copy_from_slice(&bshape);
    for ((s, _), own) in index_vals.iter().zip(&index_strides) {
        let mut bstride = vec![0usize; bshape.len()];
        let lead = bshape.len() - s.len();
        let mut acc = 1usize;
        for sd in (0..s.len()).rev() {
            if s[sd] != 1 || bshape[lead + sd] == 1 {
                bstride[lead + sd] = own.as_ref().map_or(acc, |o| o[sd]);
            }
            acc *= s[sd];
        }
        let stride = layout::compute_stride(&bshape, &bstride, &ishape).unwrap_or_else(|| vec![0; ishape.len()]);
        layouts.push(Layout { shape: ishape.clone(), stride, offset: 0 });
    }
    let refs: Vec<&Layout> = layouts.iter().collect();
    let out_stride = output_strides(&refs, &out_shape);
    Ok(Plan { view, dims, idx, bshape, adjacent, out_shape, out_stride })
}

impl Plan {
    fn numel(&self) -> usize {
        self.out_shape.iter().product()
    }

    /// For each result element in row-major order: (element offset in the
    /// input's storage, element offset in the result's storage).
    fn positions(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let nb = self.bshape.len();
        let first = self.dims.first().copied().unwrap_or(0);
        let rest: Vec<usize> = (0..self.view.ndim()).filter(|d| !self.dims.contains(d)).collect();
        let b_at = if self.adjacent { first } else { 0 };
        let mut coord = vec![0usize; self.out_shape.len()];
        let total = self.numel();
        (0..total).map(move |flat| {
            let mut rem = flat;
            for d in (0..coord.len()).rev() {
                coord[d] = rem % self.out_shape[d];
                rem /= self.out_shape[d];
            }
            let mut bflat = 0usize;
            for k in 0..nb {
                bflat = bflat * self.bshape[k] + coord[b_at + k];
            }
            let mut src = self.view.offset;
            for (j, &d) in self.dims.iter().enumerate() {
                src += self.idx[j][bflat] * self.view.stride[d];
            }
            // The other result dims, in order, are the view's other dims.
            let mut r = 0;
            for (od, &c) in coord.iter().enumerate() {
                if od >= b_at && od < b_at + nb {
                    continue;
                }
                src += c * self.view.stride[rest[r]];
                r += 1;
            }
            let dst: usize = coord.iter().zip(&self.out_stride).map(|(c, s)| c * s).sum();
            (src, dst)
        })
    }
}

/// `x[items]` with advanced indices: a new tensor.
pub fn index(ctx: &Context, t: &Tensor, items: &[AdvItem], op: &str) -> Result<Tensor> {
    let p = plan(t, items, true)?;
    if let [d] = p.dims[..]
        && let Some(out) = super::pick_dense::index_one(ctx, t, &p.view, d, &p.idx[0], (&p.out_shape, &p.out_stride), op)?
    {
        return Ok(out);
    }
    let out = Tensor::alloc_strided_on(ctx, t.device(), &p.out_shape, &p.out_stride, t.dtype, op)?;
    let es = t.dtype.size();
    {
        let src = t.storage.bytes();
        let src = src.bytes();
        let mut dst = out.storage.bytes_mut();
        let dst = dst.bytes_mut();
        for (i, (s, d)) in p.positions().enumerate() {
            if i % (1 << 16) == 0 && crate::engine::interrupt::requested() {
                return Err(EngineError::new(crate::engine::ErrorKind::KeyboardInterrupt, "interrupted"));
            }
            dst[d * es..(d + 1) * es].copy_from_slice(&src[s * es..(s + 1) * es]);
        }
    }
    Ok(out.with_copy_lineage(t, op))
}

/// The shape `x[items]` has (for broadcasting a value in `index_put_`);
/// the indices' bounds are checked later, as PyTorch checks the value's
/// shape first.
pub fn result_shape(t: &Tensor, items: &[AdvItem]) -> Result<Vec<usize>> {
    Ok(plan(t, items, false)?.out_shape)
}

/// `x[items] = value` (`index_put_`): `value` must already have the result's
/// shape (the caller broadcasts it) and `t`'s dtype. With `accumulate`,
/// repeated positions add up; otherwise the last write wins.
pub fn index_put(t: &Tensor, items: &[AdvItem], value: &Tensor, accumulate: bool) -> Result<()> {
    let p = plan(t, items, true)?;
    if value.shape() != p.out_shape.as_slice() {
        return Err(EngineError::runtime(format!(
            "shape mismatch: value tensor of shape {} cannot be broadcast to indexing result of shape {}",
            shape_list(value.shape()),
            shape_list(&p.out_shape)
        )));
    }
    let vals = value.to_scalars();
    let dt = t.dtype;
    {
        let mut buf = t.storage.bytes_mut();
        let bytes = buf.bytes_mut();
        for (i, (s, _)) in p.positions().enumerate() {
            let v = match (accumulate, crate::engine::scalar::read(dt, bytes, s)) {
                (true, Some(cur)) => add_scalars(cur, vals[i], dt),
                _ => vals[i],
            };
            crate::engine::scalar::write(dt, bytes, s, v);
        }
    }
    t.storage.bump_version();
    Ok(())
}

/// `a + b` in dtype `dt` (for `index_put_(…, accumulate=True)`).
fn add_scalars(a: crate::engine::Scalar, b: crate::engine::Scalar, dt: DType) -> crate::engine::Scalar {
    use crate::engine::Scalar;
    let r = match (a, b) {
        (Scalar::Bool(x), Scalar::Bool(y)) => Scalar::Bool(x || y),
        _ if dt.is_floating() => Scalar::Float(a.as_f64() + b.as_f64()),
        _ => Scalar::Int(a.as_i64().wrapping_add(b.as_i64())),
    };
    r.cast(dt)
}
