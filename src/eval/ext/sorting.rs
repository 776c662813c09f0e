//! Family "sorting": scans (`cumsum`, `cumprod`, `cummax`, `cummin`,
//! `logcumsumexp`), selections (`topk`, `kthvalue`, `median`,
//! `nanmedian`, `mode`, `argsort`, `msort`), `amax`/`amin`/`aminmax`,
//! `unique`/`unique_consecutive` and `nansum`/`nanmean`, with PyTorch's
//! `torch.return_types`, dtype rules and `grad_fn` names.

use std::rc::Rc;

use crate::engine::autograd::{saved_tensor, BackwardFn, Formula};
use crate::engine::ops::promote::type_meta_name;
use crate::engine::ops::scan::{self, Rows, ScanOp};
use crate::engine::layout::Layout;
use crate::engine::{Context, DType, EngineError, Scalar, Tensor};
use crate::lang::span::Span;

use super::super::args::{seq_ints, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

pub const FAMILY: Family = Family {
    functions: &[],
    methods: &[
        OpId::Cumsum, OpId::Cumsum_, OpId::Cumprod, OpId::Cumprod_, OpId::Cummax, OpId::Cummin, OpId::Logcumsumexp, OpId::Topk, OpId::Kthvalue, OpId::Median, OpId::Nanmedian, OpId::Mode,
        OpId::Amax, OpId::Amin, OpId::Aminmax, OpId::Unique, OpId::UniqueConsecutive, OpId::Argsort, OpId::Msort, OpId::Nansum, OpId::Nanmean,
    ],
    function: super::no_function,
    method,
};

fn tensor(t: Tensor) -> Value {
    Value::tensor(t)
}

fn pair(kind: &'static str, names: [&'static str; 2], a: Tensor, b: Tensor) -> Value {
    Value::NamedTuple(kind, vec![(names[0], tensor(a)), (names[1], tensor(b))])
}

/// `dim` given as an int (positionally or by keyword).
fn dim_arg(a: &mut Args, i: usize, default: Option<i64>, name: &str) -> EvalResult<i64> {
    match a.get(i, "dim") {
        None | Some((Value::None, _)) => default.ok_or_else(|| a.err(format!("{name}() missing 1 required positional arguments: \"dim\""))),
        Some((v, s)) => super::super::args::to_int(&v).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'dim' must be int, not {}", v.type_name()), s)),
    }
}

/// PyTorch's refusal of a bool input (NotImplementedError).
fn no_bool(t: &Tensor, msg: &str, span: Span) -> EvalResult<()> {
    if t.dtype == DType::Bool {
        return Err(EvalError::new(crate::engine::ErrorKind::NotImplementedError, msg, span));
    }
    Ok(())
}

/// A flag a Python-defined torch function passes on to `kernel` by
/// keyword: a bool or the default when absent, anything else (None too)
/// refused in the kernel's words, without a position.
fn keyword_bool(a: &mut Args, i: usize, name: &str, default: bool, kernel: &str) -> EvalResult<bool> {
    match a.get(i, name) {
        None => Ok(default),
        Some((Value::Bool(b), _)) => Ok(b),
        Some((v, s)) => Err(EvalError::type_error(format!("{kernel}(): argument '{name}' must be bool, not {}", v.type_name()), s)),
    }
}

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let ctx = &it.ctx;
    match id {
        OpId::Cumsum | OpId::Cumsum_ | OpId::Cumprod | OpId::Cumprod_ | OpId::Logcumsumexp => {
            let base = name.trim_end_matches('_');
            let d = dim_arg(&mut a, 0, None, base)?;
            let dtype = if base == "logcumsumexp" { None } else { a.dtype_kw()? };
            a.finish(1)?;
            let op = match base {
                "cumsum" => ScanOp::Sum,
                "cumprod" => ScanOp::Prod,
                _ => ScanOp::LogSumExp,
            };
            let inplace = name.ends_with('_');
            // In place, the result is self (structured kernels check the dtypes first).
            if inplace && let Some(d) = dtype.filter(|&d| d != t.dtype) {
                let msg = format!("Bad in-place call: input tensor dtype {} and output tensor dtype {} should match", type_meta_name(t.dtype), type_meta_name(d));
                return Err(EvalError::new(crate::engine::ErrorKind::RuntimeError, msg, span));
            }
            // Integers and bools accumulate in int64 (PyTorch), unless dtype= says
            // otherwise; in place, into self's dtype.
            let out_dtype = if inplace { t.dtype } else { dtype.unwrap_or(if t.dtype.is_floating() { t.dtype } else if op == ScanOp::LogSumExp { DType::Float32 } else { DType::Int64 }) };
            // ATen's cumsum/cumprod kernels dispatch over every dtype but bool.
            if out_dtype == DType::Bool && op != ScanOp::LogSumExp {
                return Err(EvalError::new(crate::engine::ErrorKind::NotImplementedError, format!("\"{base}_out_cpu\" not implemented for 'Bool'"), span));
            }
            if op == ScanOp::LogSumExp && !t.dtype.is_floating() {
                return Err(EvalError::new(crate::engine::ErrorKind::NotImplementedError, format!("\"logcumsumexp_out_cpu\" not implemented for '{}'", scalar_name(t.dtype)), span));
            }
            let (v, _) = scan::scan(ctx, t, d, op, out_dtype, base).at(span)?;
            let dim = crate::engine::layout::wrap_dim(d, t.ndim()).at(span)?;
            if inplace {
                grad::check_inplace(it, t, span)?;
                let dtype = t.dtype;
                // cumprod_'s backward needs the input it overwrites.
                let before = (op == ScanOp::Prod && t.requires_grad()).then(|| crate::engine::ops::copy::clone(&it.ctx, t)).transpose().at(span)?;
                crate::engine::ops::copy::copy_into(t, &v).at(span)?;
                // The in-place scan's node replaces t's history (PyTorch's CumsumBackward0 / CumprodBackward0).
                if op == ScanOp::Sum {
                    super::super::grad::rebase_node(it, t, OpId::Cumsum.node(0), &[], cumsum_backward(dim, dtype), &[]);
                } else if let Some(before) = before {
                    super::super::grad::rebase_node(it, t, OpId::Cumprod.node(0), &[], super::scan_grads::cumprod_backward(dim), &[&before, t]);
                }
                return Ok(Value::Tensor(t.clone()));
            }
            let v = match op {
                ScanOp::Sum => grad::record(it, OpId::Cumsum.node(0), &[Some(t)], v, cumsum_backward(dim, t.dtype), &[]),
                ScanOp::Prod => {
                    let out = v.clone();
                    grad::record(it, OpId::Cumprod.node(0), &[Some(t)], v, super::scan_grads::cumprod_backward(dim), &[t, &out])
                }
                _ => {
                    let out = v.clone();
                    grad::record(it, OpId::Logcumsumexp.node(0), &[Some(t)], v, super::scan_grads::logcumsumexp_backward(dim), &[t, &out])
                }
            };
            Ok(tensor(v))
        }
        OpId::Cummax | OpId::Cummin => {
            let d = dim_arg(&mut a, 0, None, name)?;
            a.finish(1)?;
            let op = if id == OpId::Cummax { ScanOp::Max } else { ScanOp::Min };
            let (v, i) = scan::scan(ctx, t, d, op, t.dtype, name).at(span)?;
            let i = i.expect("cummax/cummin give indices");
            let dim = crate::engine::layout::wrap_dim(d, t.ndim()).at(span)?;
            let node = if id == OpId::Cummax { OpId::Cummax.node(0) } else { OpId::Cummin.node(0) };
            let v = grad::record(it, node, &[Some(t)], v, index_backward(t.shape().to_vec(), dim, true), &[&i]);
            Ok(pair(name, ["values", "indices"], v, i))
        }
        OpId::Topk => {
            let k = a.int(0, "k")?;
            let d = dim_arg(&mut a, 1, Some(-1), name)?;
            let largest = a.opt_bool(2, "largest", true)?;
            let sorted = a.opt_bool(3, "sorted", true)?;
            a.finish(4)?;
            no_bool(t, "topk does not support bool dtypes on CPU", span)?;
            let (v, i) = scan::topk(ctx, t, k, d, largest, sorted).at(span)?;
            let dim = crate::engine::layout::wrap_dim(d, t.ndim()).at(span)?;
            let v = grad::record(it, OpId::Topk.node(0), &[Some(t)], v, index_backward(t.shape().to_vec(), dim, true), &[&i]);
            Ok(pair("topk", ["values", "indices"], v, i))
        }
        OpId::Kthvalue => {
            let k = a.int(0, "k")?;
            let d = dim_arg(&mut a, 1, Some(-1), name)?;
            let keep = a.opt_bool(2, "keepdim", false)?;
            a.finish(3)?;
            no_bool(t, "\"kthvalue_cpu\" not implemented for 'Bool'", span)?;
            let (v, i) = scan::kthvalue(ctx, t, k, d, keep).at(span)?;
            let dim = crate::engine::layout::wrap_dim(d, t.ndim()).at(span)?;
            let v = grad::record(it, OpId::Kthvalue.node(0), &[Some(t)], v, index_backward(t.shape().to_vec(), dim, keep), &[&i]);
            Ok(pair("kthvalue", ["values", "indices"], v, i))
        }
        OpId::Median | OpId::Nanmedian | OpId::Mode => {
            let skip = id == OpId::Nanmedian;
            let d = match a.get(0, "dim") {
                None | Some((Value::None, _)) if id != OpId::Mode => None,
                None | Some((Value::None, _)) => Some(-1),
                Some((v, s)) => Some(super::super::args::to_int(&v).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'dim' must be int, not {}", v.type_name()), s))?),
            };
            let keep = a.opt_bool(1, "keepdim", false)?;
            a.finish(2)?;
            // ATen's median kernels (nanmedian's too) dispatch over every
            // dtype but bool; mode takes bools.
            if id != OpId::Mode {
                no_bool(t, if d.is_none() { "\"median_cpu\" not implemented for 'Bool'" } else { "\"median_out\" not implemented for 'Bool'" }, span)?;
            }
            let Some(d) = d else {
                let v = scan::median_all(ctx, t, skip).at(span)?;
                let node = if skip { OpId::Nanmedian.node(0) } else { OpId::Median.node(0) };
                let r = v.clone();
                return Ok(tensor(grad::record(it, node, &[Some(t)], v, super::scan_grads::evenly_distribute(), &[t, &r])));
            };
            let (v, i) = if id == OpId::Mode { scan::mode(ctx, t, d, keep) } else { scan::median_dim(ctx, t, d, keep, skip) }.at(span)?;
            let dim = crate::engine::layout::wrap_dim(d, t.ndim()).at(span)?;
            let node = match id {
                OpId::Mode => OpId::Mode.node(0),
                OpId::Median => OpId::Median.node(1),
                _ => OpId::Nanmedian.node(1),
            };
            let v = grad::record(it, node, &[Some(t)], v, index_backward(t.shape().to_vec(), dim, keep), &[&i]);
            Ok(pair(name, ["values", "indices"], v, i))
        }
        OpId::Amax | OpId::Amin => {
            let dims = match a.get(0, "dim") {
                None | Some((Value::None, _)) => vec![],
                Some((v, s)) => seq_ints(&v).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'dim' must be tuple of ints, not {}", v.type_name()), s))?,
            };
            let keep = a.opt_bool(1, "keepdim", false)?;
            a.finish(2)?;
            let v = scan::amax(ctx, t, &dims, keep, id == OpId::Amax).at(span)?;
            let node = if id == OpId::Amax { OpId::Amax.node(0) } else { OpId::Amin.node(0) };
            let f = amax_backward(t.shape().to_vec(), reduced_dims(t.ndim(), &dims));
            let out = v.clone();
            Ok(tensor(grad::record(it, node, &[Some(t)], v, f, &[t, &out])))
        }
        OpId::Aminmax => {
            let d = match a.take_kw("dim") {
                None | Some((Value::None, _)) => None,
                Some((v, s)) => Some(super::super::args::to_int(&v).ok_or_else(|| EvalError::type_error(format!("aminmax(): argument 'dim' must be int, not {}", v.type_name()), s))?),
            };
            let keep = matches!(a.take_kw("keepdim"), Some((Value::Bool(true), _)));
            a.finish(0)?;
            let dims: Vec<i64> = d.into_iter().collect();
            let lo = scan::amax(ctx, t, &dims, keep, false).at(span)?;
            let hi = scan::amax(ctx, t, &dims, keep, true).at(span)?;
            // Each output's gradient is amin's (amax's): shared by the ties.
            let reduced = reduced_dims(t.ndim(), &dims);
            let (lo_v, hi_v) = (lo.clone(), hi.clone());
            let lo = grad::record(it, OpId::Aminmax.node(0), &[Some(t)], lo, amax_backward(t.shape().to_vec(), reduced.clone()), &[t, &lo_v]);
            let hi = grad::record(it, OpId::Aminmax.node(0), &[Some(t)], hi, amax_backward(t.shape().to_vec(), reduced), &[t, &hi_v]);
            Ok(pair("aminmax", ["min", "max"], lo, hi))
        }
        OpId::Unique | OpId::UniqueConsecutive => {
            let consecutive = id == OpId::UniqueConsecutive;
            let at = usize::from(!consecutive);
            // torch.unique / unique_consecutive (Python functions) pass
            // their flags on by keyword: to _unique2, or unique_dim when a
            // dim is given, or unique_consecutive; so a refusal names that
            // kernel and no position, and None is refused too.
            let dim_given = !matches!(a.peek(at + 2, "dim"), None | Some(Value::None));
            let kernel = if consecutive { "unique_consecutive" } else if dim_given { "unique_dim" } else { "_unique2" };
            if !consecutive {
                keyword_bool(&mut a, 0, "sorted", true, kernel)?;
            }
            let inverse = keyword_bool(&mut a, at, "return_inverse", false, kernel)?;
            let counts = keyword_bool(&mut a, at + 1, "return_counts", false, kernel)?;
            let dim = match a.get(at + 2, "dim") {
                None | Some((Value::None, _)) => None,
                Some((v, s)) => Some(super::super::args::to_int(&v).ok_or_else(|| {
                    // torch.unique passes dim on to _unique_dim as its 2nd argument.
                    let who = if consecutive { "unique_consecutive(): argument 'dim'" } else { "unique_dim(): argument 'dim' (position 2)" };
                    EvalError::type_error(format!("{who} must be int, not {}", v.type_name()), s)
                })?),
            };
            a.finish(at + 3)?;
            let (u, inv, c) = match dim {
                Some(d) => scan::unique_dim(ctx, t, d, consecutive).at(span)?,
                None => scan::unique(ctx, t, consecutive).at(span)?,
            };
            let (node, f) = match (consecutive, dim.is_some()) {
                (true, _) => (OpId::UniqueConsecutive.node(0), "unique_consecutive"),
                (false, true) => (OpId::Unique.node(1), "unique_dim"),
                (false, false) => (OpId::Unique.node(0), "_unique2"),
            };
            let u = grad::record(it, node, &[Some(t)], u, Formula::NotImplemented(f), &[]);
            let mut out = vec![tensor(u)];
            if inverse {
                out.push(tensor(inv));
            }
            if counts {
                out.push(tensor(c));
            }
            Ok(if out.len() == 1 { out.remove(0) } else { Value::Tuple(out) })
        }
        OpId::Argsort | OpId::Msort => {
            let (d, desc, stable) = if id == OpId::Msort {
                a.finish(0)?;
                (0, false, false)
            } else {
                let d = dim_arg(&mut a, 0, Some(-1), name)?;
                let desc = a.opt_bool(1, "descending", false)?;
                let stable = matches!(a.take_kw("stable"), Some((Value::Bool(true), _)));
                a.finish(2)?;
                (d, desc, stable)
            };
            let (v, i) = crate::engine::ops::join::sort(ctx, t, d, desc, stable).at(span)?;
            if id == OpId::Argsort {
                return Ok(tensor(i));
            }
            let sd = crate::engine::layout::wrap_dim(d, t.ndim()).unwrap_or(0);
            Ok(tensor(grad::record(it, OpId::Sort.node(1), &[Some(t)], v, Formula::Sort { dim: sd }, &[&i])))
        }
        OpId::Nansum | OpId::Nanmean => nan_reduce(it, t, id, a),
        _ => Err(a.err(format!("internal: sorting has no {name}"))),
    }
}

fn scalar_name(d: DType) -> &'static str {
    crate::engine::ops::promote::scalar_type_name(d)
}

/// `nansum`/`nanmean`: NaNs count as zero (and, for the mean, not at all).
fn nan_reduce(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args) -> EvalResult<Value> {
    let name = id.name();
    use crate::engine::ops::reduce::{reduce, ReduceOp};
    let span = a.span;
    let dims: Option<Vec<i64>> = match a.get(0, "dim") {
        None | Some((Value::None, _)) => None,
        Some((v, s)) => Some(seq_ints(&v).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'dim' must be tuple of ints, not {}", v.type_name()), s))?),
    };
    let dims = dims.filter(|d| !d.is_empty());
    let keep = a.opt_bool(1, "keepdim", false)?;
    let dtype = a.dtype_kw()?;
    a.finish(2)?;
    if id == OpId::Nanmean && !t.dtype.is_floating() {
        return Err(EvalError::new(crate::engine::ErrorKind::NotImplementedError, format!("nanmean(): expected input to have floating point or complex dtype but got {}", scalar_name(t.dtype)), span));
    }
    if let Some(d) = dtype.filter(|d| id == OpId::Nanmean && !d.is_floating()) {
        let msg = format!("nanmean(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. Got: {}", scalar_name(d));
        return Err(EvalError::new(crate::engine::ErrorKind::RuntimeError, msg, span));
    }
    let ctx = &it.ctx;
    ctx.cpu.check_walk(name, t.shape(), t.dtype.size()).at(span)?;
    let vals = t.to_scalars();
    let src = nan_zeroed(ctx, t, name).at(span)?;
    let src = match dtype {
        Some(d) => crate::engine::ops::copy::to_dtype(ctx, &src, d).at(span)?.unwrap_or(src),
        None => src,
    };
    let sum = reduce(ctx, ReduceOp::Sum, &src, dims.as_deref(), keep, 1.0, dtype).at(span)?.values;
    let mask: Vec<Scalar> = vals.iter().map(|v| Scalar::Bool(!matches!(v, Scalar::Float(f) if f.is_nan()))).collect();
    let mask = Tensor::from_scalars_on(ctx, t.device(), t.shape(), DType::Bool, &mask, name).at(span)?;
    let sum = grad::record(it, OpId::Nansum.node(0), &[Some(t)], sum, nansum_backward(t.shape().to_vec(), dims.clone(), keep), &[&mask]);
    if id == OpId::Nansum {
        return Ok(tensor(sum));
    }
    let counted: Vec<Scalar> = vals.iter().map(|v| Scalar::Float(if matches!(v, Scalar::Float(f) if f.is_nan()) { 0.0 } else { 1.0 })).collect();
    let counted = Tensor::from_scalars_on(ctx, t.device(), t.shape(), sum.dtype, &counted, name).at(span)?;
    let n = reduce(ctx, ReduceOp::Sum, &counted, dims.as_deref(), keep, 1.0, None).at(span)?.values;
    let mean = crate::engine::ops::elementwise::binary(ctx, crate::engine::ops::elementwise::BinaryOp::Div, crate::engine::ops::elementwise::Arg::T(&sum), crate::engine::ops::elementwise::Arg::T(&n)).at(span)?;
    // PyTorch's nanmean is nansum(x) / count: DivBackward0 over NansumBackward0.
    let shapes = [sum.shape().to_vec(), n.shape().to_vec()];
    Ok(tensor(grad::record(it, OpId::Div.node(0), &[Some(&sum), Some(&n)], mean, Formula::Div { shapes }, &[&sum, &n])))
}

/// `t` with its NaNs read as 0, in `t`'s own layout (over a copy of its
/// footprint), so that summing it walks the elements as `nansum`'s
/// `cascade_sum<ignore_nan>` walks `t`'s.
fn nan_zeroed(ctx: &Context, t: &Tensor, name: &str) -> Result<Tensor, EngineError> {
    let Some((lo, hi)) = t.layout().footprint() else {
        return Tensor::alloc_on(ctx, t.device(), t.shape(), t.dtype, name);
    };
    let span = Layout { shape: vec![hi - lo + 1], stride: vec![1], offset: lo };
    let vals: Vec<Scalar> = t.view_as_layout(span, name).to_scalars().into_iter().map(|v| match v {
        Scalar::Float(f) if f.is_nan() => Scalar::Float(0.0),
        v => v,
    }).collect();
    let copy = Tensor::from_scalars_on(ctx, t.device(), &[vals.len()], t.dtype, &vals, name)?;
    let layout = Layout { shape: t.shape().to_vec(), stride: t.stride().to_vec(), offset: t.layout().offset - lo };
    Ok(copy.view_as_layout(layout, name))
}

/// Zeros of the input's shape with each output's gradient added where its
/// index (saved tensor 0) points along `dim` (`keep`: the output kept the dim).
fn index_backward(in_shape: Vec<usize>, dim: usize, keep: bool) -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        let idx = saved_tensor(node, 0)?;
        Ok(vec![Some(scatter_grad(ctx, g, &idx, &in_shape, dim, keep)?)])
    })
}

fn scatter_grad(ctx: &Context, g: &Tensor, idx: &Tensor, in_shape: &[usize], dim: usize, keep: bool) -> Result<Tensor, EngineError> {
    let gv = g.to_scalars();
    let iv = idx.to_scalars();
    let n: usize = in_shape.iter().product();
    let mut out = vec![0f64; n];
    if in_shape.is_empty() {
        out = vec![gv.first().map(|s| s.as_f64()).unwrap_or(0.0)];
    } else {
        // The output's shape with the dim present (size k, or 1 when reduced).
        let _ = keep;
        let k = if idx.ndim() == in_shape.len() { idx.shape()[dim] } else { 1 };
        let inner: usize = in_shape[dim + 1..].iter().product();
        let len = in_shape[dim];
        for (flat, (gs, is)) in gv.iter().zip(&iv).enumerate() {
            let kk = flat % inner;
            let o = flat / inner / k.max(1);
            let p = is.as_i64() as usize;
            out[(o * len + p) * inner + kk] += gs.as_f64();
        }
    }
    let vals: Vec<Scalar> = out.into_iter().map(Scalar::Float).collect();
    Tensor::from_scalars_on(ctx, g.device(), in_shape, g.dtype, &vals, "backward")
}

/// `cumsum`'s gradient: the reversed cumulative sum of the incoming one.
fn cumsum_backward(dim: usize, dtype: DType) -> Formula {
    BackwardFn::new(move |ctx, _node, g| {
        let r = Rows::of(ctx, g, dim as i64, "cumsum_backward")?;
        let mut out = vec![Scalar::Float(0.0); r.vals.len()];
        r.each(|o, k, row| {
            let mut acc = 0f64;
            for j in (0..row.len()).rev() {
                acc += row[j].as_f64();
                out[(o * r.len + j) * r.inner + k] = Scalar::Float(acc);
            }
            Ok(())
        })?;
        let dt = if dtype.is_floating() { dtype } else { g.dtype };
        Ok(vec![Some(Tensor::from_scalars_on(ctx, g.device(), g.shape(), dt, &out, "backward")?)])
    })
}

/// Which of `n` dims a reduction over `dims` removes (all for none).
fn reduced_dims(n: usize, dims: &[i64]) -> Vec<bool> {
    let wrapped: Vec<usize> = dims.iter().filter_map(|&d| crate::engine::layout::wrap_dim(d, n).ok()).collect();
    (0..n).map(|d| wrapped.is_empty() || wrapped.contains(&d)).collect()
}

/// `amax`/`amin`'s gradient: shared evenly by the elements equal to the
/// result (saved x, result); `reduced` marks the reduced dims.
fn amax_backward(in_shape: Vec<usize>, reduced: Vec<bool>) -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        let (x, r) = (saved_tensor(node, 0)?, saved_tensor(node, 1)?);
        let xv = x.to_scalars();
        let (rv, gv) = (r.to_scalars(), g.to_scalars());
        // Each input element's output slot.
        let slots = scan::reduced_slots(&in_shape, &reduced);
        let mut count = vec![0f64; rv.len().max(1)];
        for (v, &s) in xv.iter().zip(&slots) {
            if v.as_f64() == rv[s].as_f64() {
                count[s] += 1.0;
            }
        }
        let out: Vec<Scalar> = xv
            .iter()
            .zip(&slots)
            // PyTorch's (grad / count) * mask: -0 beside a negative grad,
            // and NaN everywhere when the result is NaN (no element equals it).
            .map(|(v, &s)| Scalar::Float(gv[s].as_f64() / count[s] * if v.as_f64() == rv[s].as_f64() { 1.0 } else { 0.0 }))
            .collect();
        Ok(vec![Some(Tensor::from_scalars_on(ctx, g.device(), &in_shape, g.dtype, &out, "backward")?)])
    })
}

/// `nansum`'s gradient: the incoming one where the input was not NaN
/// (saved mask), broadcast back over the summed dims.
fn nansum_backward(in_shape: Vec<usize>, dims: Option<Vec<i64>>, keep: bool) -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        let mask = saved_tensor(node, 0)?.to_scalars();
        let n = in_shape.len();
        let ds: Vec<usize> = match &dims {
            None => (0..n).collect(),
            Some(d) => d.iter().filter_map(|&x| crate::engine::layout::wrap_dim(x, n).ok()).collect(),
        };
        let _ = keep;
        let gv = g.to_scalars();
        let reduced: Vec<bool> = (0..n).map(|d| ds.contains(&d)).collect();
        let out: Vec<Scalar> = mask
            .iter()
            .zip(scan::reduced_slots(&in_shape, &reduced))
            .map(|(m, o)| Scalar::Float(if m.as_bool() { gv.get(o).map(|s| s.as_f64()).unwrap_or(0.0) } else { 0.0 }))
            .collect();
        Ok(vec![Some(Tensor::from_scalars_on(ctx, g.device(), &in_shape, g.dtype, &out, "backward")?)])
    })
}

