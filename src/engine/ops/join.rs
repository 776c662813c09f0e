//! Ops that build one tensor from several, or pick between them: `cat`,
//! `stack`, `where`, `clamp`, `sort`. All return new tensors (contiguous, or
//! in the memory format PyTorch picks from the inputs).

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{fmt_list, EngineError, Result};
use crate::engine::layout::{self, Layout};
use crate::engine::scalar::{self, Scalar};
use crate::engine::strided::flat_to_storage;
use crate::engine::tensor::Tensor;

use super::elementwise::Arg;
use super::pick_dense;
use super::iter_layout::{broadcast_layout, broadcast_shapes, output_strides};
use super::promote::{result_type, scalar_type_name, Operand};

/// `cat(tensors, dim)` with type promotion; legacy 1-D empty tensors are skipped.
pub fn cat(ctx: &Context, ts: &[&Tensor], dim: i64) -> Result<Tensor> {
    cat_strided(ctx, ts, dim, None)
}

/// Strides of `cat`'s output of `shape`: PyTorch's
/// `cat_compute_output_memory_format` — channels-last when every input's
/// `suggest_memory_format()` is, else contiguous.
fn cat_output_strides(ts: &[&Tensor], shape: &[usize]) -> Vec<usize> {
    let mut strides = None;
    for t in ts {
        match layout::suggested_format_strides(t.shape(), t.stride(), shape) {
            Some(s) => strides = Some(s),
            None => return layout::contiguous_strides(shape),
        }
    }
    strides.unwrap_or_else(|| layout::contiguous_strides(shape))
}

/// `cat` into an output with `stride` (`None`: cat's own memory format).
fn cat_strided(ctx: &Context, ts: &[&Tensor], dim: i64, stride: Option<Vec<usize>>) -> Result<Tensor> {
    if ts.is_empty() {
        return Err(EngineError::runtime("torch.cat(): expected a non-empty list of Tensors"));
    }
    for (i, t) in ts.iter().enumerate() {
        if t.ndim() == 0 {
            return Err(EngineError::runtime(format!(
                "zero-dimensional tensor (at position {i}) cannot be concatenated"
            )));
        }
    }
    let ops: Vec<Operand> = ts.iter().map(|t| Operand::Tensor { dtype: t.dtype, ndim: t.ndim() }).collect();
    let dtype = result_type(&ops);
    let live: Vec<(usize, &&Tensor)> = ts.iter().enumerate().filter(|(_, t)| !(t.ndim() == 1 && t.numel() == 0)).collect();
    let Some((_, first)) = live.first() else {
        return Tensor::alloc_on(ctx, ts[0].device(), &[0], dtype, "cat");
    };
    let d = layout::wrap_dim(dim, first.ndim())?;
    let mut shape = first.shape().to_vec();
    let mut total = 0usize;
    for (i, t) in &live {
        if t.ndim() != first.ndim() {
            return Err(EngineError::runtime(format!(
                "Tensors must have same number of dimensions: got {} and {}",
                first.ndim(),
                t.ndim()
            )));
        }
        for (k, (&want, &got)) in shape.iter().zip(t.shape()).enumerate() {
            if k != d && got != want {
                return Err(EngineError::runtime(format!(
                    "Sizes of tensors must match except in dimension {}. Expected size {} but got size {} for tensor number {} in the list.",
                    d, want, got, i
                )));
            }
        }
        total += t.shape()[d];
    }
    shape[d] = total;
    let args: Vec<Arg> = ts.iter().map(|t| Arg::T(t)).collect();
    let device = super::elementwise::common_device(&args.iter().collect::<Vec<_>>())?;
    let stride = stride.unwrap_or_else(|| cat_output_strides(ts, &shape));
    let out = Tensor::alloc_strided_on(ctx, device, &shape, &stride, dtype, "cat")?;
    let mut start = 0i64;
    for (_, t) in &live {
        let len = t.shape()[d] as i64;
        let l = layout::narrow(out.layout(), d as i64, start, len)?;
        let dst = out.view_as_layout(l, "cat");
        super::copy::copy_into(&dst, t)?;
        start += len;
    }
    out.storage.reset_version();
    Ok(out)
}

/// `stack(tensors, dim)`: all the same shape, joined along a new dim.
pub fn stack(ctx: &Context, ts: &[&Tensor], dim: i64) -> Result<Tensor> {
    if ts.is_empty() {
        return Err(EngineError::runtime("stack expects a non-empty TensorList"));
    }
    let first = ts[0];
    for (i, t) in ts.iter().enumerate() {
        if t.shape() != first.shape() {
            return Err(EngineError::runtime(format!(
                "stack expects each tensor to be equal size, but got {} at entry 0 and {} at entry {}",
                fmt_list(first.shape()),
                fmt_list(t.shape()),
                i
            )));
        }
    }
    let d = layout::wrap_dim(dim, first.ndim() + 1)? as i64;
    let views: Vec<Tensor> = ts
        .iter()
        .map(|t| layout::unsqueeze(t.layout(), d).map(|l| t.view_as_layout(l, "unsqueeze")))
        .collect::<Result<_>>()?;
    let refs: Vec<&Tensor> = views.iter().collect();
    let n = first.ndim();
    if (d as usize) < n {
        // PyTorch's stack is `cat(tensors, d).view(sizes)` here: the memory
        // format comes from the inputs themselves, and the view splits dim d.
        let d = d as usize;
        let mut cat_shape = first.shape().to_vec();
        cat_shape[d] = cat_shape[d].saturating_mul(ts.len());
        let cat_stride = cat_output_strides(ts, &cat_shape);
        let mut shape = first.shape().to_vec();
        shape.insert(d, ts.len());
        if let Some(stride) = layout::compute_stride(&cat_shape, &cat_stride, &shape) {
            return cat_strided(ctx, &refs, d as i64, Some(stride));
        }
    }
    cat(ctx, &refs, d)
}

fn values_bcast(t: &Tensor, shape: &[usize]) -> Vec<Scalar> {
    let l = broadcast_layout(t.layout(), shape);
    let v = t.view_as_layout(l, "");
    v.to_scalars()
}

fn arg_values(x: &Arg, shape: &[usize]) -> Vec<Scalar> {
    match x {
        Arg::T(t) => values_bcast(t, shape),
        Arg::S(s) => vec![*s; shape.iter().product()],
    }
}

fn arg_operand(x: &Arg) -> Operand {
    match x {
        Arg::T(t) => Operand::Tensor { dtype: t.dtype, ndim: t.ndim() },
        Arg::S(s) => Operand::Wrapped(*s),
    }
}

fn arg_shape<'a>(x: &'a Arg) -> &'a [usize] {
    match x {
        Arg::T(t) => t.shape(),
        Arg::S(_) => &[],
    }
}

/// A new tensor of `shape` whose strides TensorIterator would choose for
/// `inputs`, filled with `vals` in logical order.
fn iter_output(ctx: &Context, inputs: &[&Arg], shape: &[usize], dtype: DType, vals: &[Scalar], op: &str) -> Result<Tensor> {
    let out = iter_alloc(ctx, inputs, shape, dtype, op)?;
    super::copy::write_values(&out, vals);
    Ok(out)
}

/// A fresh output for `inputs`, laid out as TensorIterator lays it out.
fn iter_alloc(ctx: &Context, inputs: &[&Arg], shape: &[usize], dtype: DType, op: &str) -> Result<Tensor> {
    let stride = iter_strides(inputs, shape);
    let device = super::elementwise::common_device(inputs)?;
    Tensor::alloc_strided_on(ctx, device, shape, &stride, dtype, op)
}

/// The strides TensorIterator would choose for `inputs`' result of `shape`.
fn iter_strides(inputs: &[&Arg], shape: &[usize]) -> Vec<usize> {
    let scalar = Layout { shape: vec![], stride: vec![], offset: 0 };
    let ls: Vec<&Layout> = inputs
        .iter()
        .map(|x| match x {
            Arg::T(t) => t.layout(),
            Arg::S(_) => &scalar,
        })
        .collect();
    output_strides(&ls, shape)
}

/// `where` on typed slices ([`pick_dense::where_fill`]) when cond and the
/// tensor operands are dense CPU tensors of the result's shape (and, for
/// x and y, dtype), or x/y is a number or a 0-dim tensor.
fn where_dense(ctx: &Context, cond: &Tensor, x: &Arg, y: &Arg, shape: &[usize], dtype: DType) -> Result<Option<Tensor>> {
    let cpu = |a: &Arg| match a {
        Arg::T(t) => t.device() == crate::engine::Device::Cpu,
        Arg::S(_) => true,
    };
    if !pick_dense::dense(cond) || cond.shape() != shape || !cpu(x) || !cpu(y) {
        return Ok(None);
    }
    let c_arg = Arg::T(cond);
    let stride = iter_strides(&[&c_arg, x, y], shape);
    if stride != layout::contiguous_strides(shape) {
        return Ok(None);
    }
    let side = |a: &Arg<'_>| -> Option<pick_dense::Side> {
        match a {
            Arg::S(s) => Some(pick_dense::Side::One(pick_dense::one_value(*s, dtype))),
            Arg::T(t) if t.ndim() == 0 => Some(pick_dense::Side::One(pick_dense::one_value(t.to_scalars()[0], dtype))),
            Arg::T(t) if t.is_contiguous() && t.shape() == shape && t.dtype == dtype => Some(pick_dense::Side::T((*t).clone())),
            Arg::T(_) => None,
        }
    };
    let (Some(sx), Some(sy)) = (side(x), side(y)) else { return Ok(None) };
    let out = Tensor::alloc_strided_on(ctx, crate::engine::Device::Cpu, shape, &stride, dtype, "where")?;
    pick_dense::where_tensors(cond, &sx, &sy, &out)?;
    Ok(Some(out))
}

/// `where(cond, x, y)`; x and y may be Python numbers.
pub fn where_args(ctx: &Context, cond: &Tensor, x: Arg, y: Arg) -> Result<Tensor> {
    if cond.dtype != DType::Bool && cond.dtype != DType::UInt8 {
        return Err(EngineError::runtime(format!(
            "where expected condition to be a boolean tensor, but got a tensor with dtype {}",
            scalar_type_name(cond.dtype)
        )));
    }
    let shape = broadcast_shapes(&broadcast_shapes(cond.shape(), arg_shape(&x))?, arg_shape(&y))?;
    let dtype = result_type(&[arg_operand(&x), arg_operand(&y)]);
    for a in [&x, &y] {
        if let Arg::S(s) = a
            && let Some(msg) = s.overflow_check(dtype, false)
        {
            return Err(EngineError::runtime(msg));
        }
    }
    // The result is dense: check its size before gathering broadcast scalars.
    ctx.cpu.check_walk("where", &shape, dtype.size())?;
    if let Some(out) = where_dense(ctx, cond, &x, &y, &shape, dtype)? {
        return Ok(out);
    }
    let (c, a, b) = (values_bcast(cond, &shape), arg_values(&x, &shape), arg_values(&y, &shape));
    let vals: Vec<Scalar> = c.iter().zip(a.iter().zip(&b)).map(|(c, (a, b))| if c.as_bool() { *a } else { *b }).collect();
    let c_arg = Arg::T(cond);
    iter_output(ctx, &[&c_arg, &x, &y], &shape, dtype, &vals, "where")
}

/// `where(cond, x, y)` on tensors.
pub fn where_(ctx: &Context, cond: &Tensor, x: &Tensor, y: &Tensor) -> Result<Tensor> {
    where_args(ctx, cond, Arg::T(x), Arg::T(y))
}

/// `maximum(a, b)` / `minimum(a, b)`: promotion, broadcasting, NaN propagates.
pub fn maximum(ctx: &Context, a: &Tensor, b: &Tensor, max: bool) -> Result<Tensor> {
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    let dtype = result_type(&[arg_operand(&Arg::T(a)), arg_operand(&Arg::T(b))]);
    let name = if max { "maximum" } else { "minimum" };
    let (ta, tb) = (Arg::T(a), Arg::T(b));
    let out = iter_alloc(ctx, &[&ta, &tb], &shape, dtype, name)?;
    let hi = |v: &[f64; 2]| if v[0].is_nan() || v[1].is_nan() { f64::NAN } else { v[0].max(v[1]) };
    let lo = |v: &[f64; 2]| if v[0].is_nan() || v[1].is_nan() { f64::NAN } else { v[0].min(v[1]) };
    let pick = |v: &[f64; 2]| if max { hi(v) } else { lo(v) };
    // One loop for each, so that each vectorises.
    let dense = if max { super::pointwise_dense::map_n(&out, dtype, &[&ta, &tb], hi) } else { super::pointwise_dense::map_n(&out, dtype, &[&ta, &tb], lo) };
    if dtype.is_floating() && dense? {
        return Ok(out);
    }
    let (x, y) = (arg_values(&Arg::T(a), &shape), arg_values(&Arg::T(b), &shape));
    let vals: Vec<Scalar> = x
        .iter()
        .zip(&y)
        .map(|(p, q)| {
            let (p, q) = (p.cast(dtype), q.cast(dtype));
            if dtype.is_floating() {
                Scalar::Float(pick(&[p.as_f64(), q.as_f64()]))
            } else if dtype == DType::Bool {
                Scalar::Bool(if max { p.as_bool() | q.as_bool() } else { p.as_bool() & q.as_bool() })
            } else {
                Scalar::Int(if max { p.as_i64().max(q.as_i64()) } else { p.as_i64().min(q.as_i64()) })
            }
        })
        .collect();
    super::copy::write_values(&out, &vals);
    Ok(out)
}

/// `clamp(min, max)`.
pub fn clamp(ctx: &Context, t: &Tensor, min: Option<Scalar>, max: Option<Scalar>) -> Result<Tensor> {
    if min.is_none() && max.is_none() {
        return Err(EngineError::runtime("torch.clamp: At least one of 'min' or 'max' must not be None"));
    }
    let mut ops = vec![Operand::Tensor { dtype: t.dtype, ndim: t.ndim() }];
    ops.extend(min.iter().chain(max.iter()).map(|s| Operand::Wrapped(*s)));
    let dtype = result_type(&ops);
    // Only `clamp(min=…)` alone checks its bound (PyTorch's clamp_min path):
    // a minimum above the dtype's maximum cannot be represented.
    if let (Some(Scalar::Int(v)), None) = (min, max)
        && !dtype.is_floating()
        && dtype != DType::Bool
        && Scalar::Int(v).overflow_check(dtype, false).is_some()
        && v > 0
    {
        return Err(EngineError::runtime(format!(
            "Clamp min value {} is outside the representable range of {}",
            v,
            scalar_type_name(dtype)
        )));
    }
    // The result is dense: a huge expanded input must fail before its
    // scalars are gathered (that aborted the process).
    ctx.cpu.check_walk("clamp", t.shape(), dtype.size())?;
    let float = dtype.is_floating();
    let nan_bound = [min, max].iter().flatten().any(|b| b.as_f64().is_nan());
    // An absent bound is an infinite one: `f.max(-inf)` and `f.min(inf)` are `f`.
    let (lo, hi) = (min.map_or(f64::NEG_INFINITY, |b| b.as_f64()), max.map_or(f64::INFINITY, |b| b.as_f64()));
    // Written as a select (both sides computed), so that the loop vectorises.
    let clamp_f = move |f: f64| {
        let r = f.max(lo).min(hi);
        if f.is_nan() | nan_bound { f64::NAN } else { r }
    };
    let ta = Arg::T(t);
    let out = iter_alloc(ctx, &[&ta], t.shape(), dtype, "clamp")?;
    if float && dtype == t.dtype && super::pointwise_dense::map_n(&out, dtype, &[&ta], move |v| clamp_f(v[0]))? {
        return Ok(out);
    }
    let vals: Vec<Scalar> = t
        .to_scalars()
        .into_iter()
        .map(|v| {
            let v = v.cast(dtype);
            if float {
                Scalar::Float(clamp_f(v.as_f64()))
            } else {
                let mut i = v.as_i64();
                if let Some(lo) = min {
                    i = i.max(lo.as_i64());
                }
                if let Some(hi) = max {
                    i = i.min(hi.as_i64());
                }
                Scalar::Int(i)
            }
        })
        .collect();
    super::copy::write_values(&out, &vals);
    Ok(out)
}

/// `sort(dim, descending, stable)`: values and int64 indices; NaN sorts as
/// largest. As ATen's CPU kernel: `std::sort` (`stl_sort`, not stable)
/// unless `stable`, or the dim has stride 0 (its order is kept), or the
/// tensor is 1-D, integral, ascending and of 32768 elements or more (a
/// radix sort, stable).
pub fn sort(ctx: &Context, t: &Tensor, dim: i64, descending: bool, stable: bool) -> Result<(Tensor, Tensor)> {
    let expanded = t.ndim() > 0 && t.stride().get(layout::wrap_dim(dim, t.ndim())?) == Some(&0);
    let radix = t.ndim() == 1 && t.numel() >= 32768 && !t.dtype.is_floating() && t.dtype != DType::Bool && !descending;
    let stable = stable || expanded || radix;
    let fast = match t.dtype {
        DType::Float32 => super::scan_dense::sort::<f32>(ctx, t, dim, descending, stable)?,
        DType::Float64 => super::scan_dense::sort::<f64>(ctx, t, dim, descending, stable)?,
        _ => None,
    };
    match fast {
        Some(r) => Ok(r),
        None => sort_general(ctx, t, dim, descending, stable),
    }
}

/// [`sort`] for any layout and dtype, one row of scalars at a time.
pub fn sort_general(ctx: &Context, t: &Tensor, dim: i64, descending: bool, stable: bool) -> Result<(Tensor, Tensor)> {
    let n = t.ndim();
    let d = layout::wrap_dim(dim, n)?;
    if n == 0 {
        let v = super::copy::clone(ctx, t)?;
        let i = Tensor::from_scalars_on(ctx, t.device(), &[], DType::Int64, &[Scalar::Int(0)], "sort")?;
        return Ok((v, i));
    }
    // A huge expanded view would never finish (and its scalars would not
    // fit); an empty one with huge dims must not loop over them.
    ctx.cpu.check_walk("sort", t.shape(), t.dtype.size())?;
    let shape = t.shape().to_vec();
    // Outputs keep the input's layout as clone() would (preserve_format).
    let strides = super::copy::preserve_strides(t);
    let v = Tensor::alloc_strided_on(ctx, t.device(), &shape, &strides, t.dtype, "sort")?;
    let i = Tensor::alloc_strided_on(ctx, t.device(), &shape, &strides, DType::Int64, "sort")?;
    let len = shape[d];
    let inner: usize = shape[d + 1..].iter().fold(1usize, |a, &b| a.saturating_mul(b));
    let outer: usize = if t.numel() == 0 { 0 } else { shape[..d].iter().product() };
    let key = |s: &Scalar| -> (bool, f64, i64) {
        match s {
            Scalar::Float(f) => (f.is_nan(), *f, 0),
            other => (false, 0.0, other.as_i64()),
        }
    };
    // One row along `dim` at a time: read it, sort its positions, write
    // both outputs (no tensor-sized scratch, and Ctrl-C is seen per row).
    let src = t.storage.bytes();
    let (mut vbuf, mut ibuf) = (v.storage.bytes_mut(), i.storage.bytes_mut());
    let mut row: Vec<Scalar> = Vec::with_capacity(len);
    for o in 0..outer {
        for k in 0..inner {
            crate::engine::interrupt::check()?;
            let flat = |j: usize| o * len * inner + j * inner + k;
            row.clear();
            row.extend((0..len).map(|j| scalar::read(t.dtype, src.bytes(), flat_to_storage(t.layout(), flat(j))).unwrap_or(Scalar::Int(0))));
            let mut order: Vec<usize> = (0..len).collect();
            let cmp = |a: &usize, b: &usize| {
                let (ka, kb) = (key(&row[*a]), key(&row[*b]));
                let ord = ka.0.cmp(&kb.0).then(ka.1.partial_cmp(&kb.1).unwrap_or(std::cmp::Ordering::Equal)).then(ka.2.cmp(&kb.2));
                if descending { ord.reverse() } else { ord }
            };
            if stable {
                if !crate::engine::kernels::sort::stable_sort_by(&mut order, cmp) {
                    return Err(crate::engine::interrupt::error());
                }
            } else {
                // ATen's KeyValueCompAsc / KeyValueCompDesc under std::sort.
                super::stl_sort::sort(&mut order, &|a: &usize, b: &usize| cmp(a, b) == std::cmp::Ordering::Less);
                crate::engine::interrupt::check()?;
            }
            for (j, &from) in order.iter().enumerate() {
                scalar::write(t.dtype, vbuf.bytes_mut(), flat_to_storage(v.layout(), flat(j)), row[from]);
                scalar::write(DType::Int64, ibuf.bytes_mut(), flat_to_storage(i.layout(), flat(j)), Scalar::Int(from as i64));
            }
        }
    }
    drop((src, vbuf, ibuf));
    Ok((v, i))
}
