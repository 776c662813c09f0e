//! The index family's writing ops (`engine/ops/gather_scatter.rs`):
//! `scatter`, `scatter_add`, `scatter_reduce`, `index_add`, `index_copy`,
//! `index_fill`, `put`, `masked_scatter`, each with its in-place `_` form.
//! The out-of-place form clones self as PyTorch does (contiguous, or with
//! self's strides for `index_fill`/`put`) and writes into the clone.

use std::rc::Rc;

use crate::engine::autograd::{BackwardFn, Formula};
use crate::engine::ops::copy;
use crate::engine::ops::gather::shape_list;
use crate::engine::ops::gather_scatter::{self as gs, Reduce, Scattered};
use crate::engine::{EngineError, ErrorKind, Scalar, Tensor};

use super::super::args::{Args, to_number};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::methods::tensor_arg;
use super::super::value::Value;
use crate::eval::registry::OpId;

pub const METHODS: &[&str] = &[
    "scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce", "scatter_reduce_", "index_add", "index_add_", "index_copy",
    "index_copy_", "index_fill", "index_fill_", "put", "put_", "masked_scatter", "masked_scatter_", "index_reduce", "index_reduce_",
];

/// What the gradient of self is.
#[derive(Clone, Copy, PartialEq)]
enum SelfGrad {
    /// Written positions were overwritten: zero there.
    Overwrite,
    /// Added to: the gradient passes unchanged.
    Keep,
    /// scatter_reduce sum/mean: by count, zero where include_self=False.
    Reduced { mean: bool, include_self: bool },
}

struct Call {
    plan: Scattered,
    src: Option<Rc<Tensor>>,
    value: Scalar,
    /// A 0-dim tensor value (`index_fill`), for its gradient.
    value_t: Option<Rc<Tensor>>,
    reduce: Reduce,
    include_self: bool,
    node: &'static str,
    self_grad: SelfGrad,
    /// The source's gradient: `g` at the written positions times this (or
    /// by count for mean); `None` for no formula (`Formula::Unsupported`).
    src_scale: Option<f64>,
    /// The index shape PyTorch's gather-based src gradient has (checked
    /// against src's shape at backward).
    index_shape: Option<Vec<usize>>,
    /// The index (or mask) tensor, saved as PyTorch's node saves it (a
    /// second backward without retain_graph fails).
    saved: Option<Rc<Tensor>>,
    /// Self's strides for the out-of-place clone: preserved, else contiguous.
    preserve: bool,
    not_implemented: bool,
}

fn scalar_value(a: &mut Args, i: usize, k: &str, name: &str) -> EvalResult<(Scalar, Option<Rc<Tensor>>)> {
    match a.get(i, k) {
        Some((Value::Tensor(v), s)) => {
            if v.ndim() != 0 {
                let base = name.trim_end_matches('_');
                let msg = format!("{base}_ only supports a 0-dimensional value tensor, but got tensor with {} dimension(s).", v.ndim());
                return Err(EvalError::new(ErrorKind::RuntimeError, msg, s));
            }
            Ok((v.item().at(s)?, Some(v)))
        }
        Some((v, s)) => to_number(&v).map(|n| (n, None)).ok_or_else(|| EvalError::type_error(format!("{name}(): argument '{k}'{} must be Number, not {}", a.position(s), v.type_name()), s)),
        None => Err(a.err(format!("{name}() missing required argument '{k}'"))),
    }
}

fn parse(it: &mut Interp, t: &Tensor, base: &str, name: &str, a: &mut Args) -> EvalResult<Call> {
    let span = a.span;
    let mut c = Call {
        plan: Scattered::default(),
        src: None,
        value: Scalar::Int(0),
        value_t: None,
        reduce: Reduce::Set,
        include_self: true,
        node: OpId::Scatter.node(0),
        self_grad: SelfGrad::Overwrite,
        src_scale: Some(1.0),
        index_shape: None,
        saved: None,
        preserve: false,
        not_implemented: false,
    };
    match base {
        "scatter" | "scatter_add" | "scatter_reduce" => {
            let dim = a.int(0, "dim")?;
            let index = tensor_arg(a, 1, "index")?;
            c.saved = Some(index.clone());
            let tensor_src = match a.pos.get(2).map(|p| &p.0) {
                Some(Value::Tensor(_)) => true,
                Some(_) => false,
                None => a.kw.iter().any(|(k, _, _)| k == "src"),
            };
            if base == "scatter" && !tensor_src {
                let (v, _) = scalar_value(a, 2, "value", name)?;
                c.value = v;
                c.node = OpId::Scatter.node(2);
                c.src_scale = None;
            } else {
                c.src = Some(tensor_arg(a, 2, "src")?);
            }
            if base == "scatter_reduce" {
                let r = match a.get(3, "reduce") {
                    Some((Value::Str(s), _)) => s,
                    _ => return Err(a.err(format!("{name}() missing required argument 'reduce'"))),
                };
                c.include_self = a.opt_bool(usize::MAX, "include_self", true)?;
                c.reduce = Reduce::parse_scatter_reduce(&r).at(span)?;
                // The CPU mean kernel is not dispatched for bool.
                if c.reduce == Reduce::Mean && t.dtype == crate::engine::DType::Bool && !t.device().is_cuda() {
                    return Err(EvalError::new(ErrorKind::NotImplementedError, "\"scatter_gather_tensor_cpu_reduce_mean\" not implemented for 'Bool'", span));
                }
                c.node = OpId::ScatterReduce.node(0);
                c.self_grad = SelfGrad::Reduced { mean: c.reduce == Reduce::Mean, include_self: c.include_self };
                if !matches!(c.reduce, Reduce::Sum | Reduce::Mean) {
                    c.src_scale = None;
                }
                a.finish(4)?;
            } else {
                if base == "scatter"
                    && let Some((v, s)) = a.take_kw("reduce")
                {
                    c.reduce = match v {
                        Value::Str(r) if r == "add" => Reduce::Add(1.0),
                        Value::Str(r) if r == "multiply" => Reduce::Mul,
                        Value::Str(_) => return Err(EvalError::new(ErrorKind::RuntimeError, "reduce argument must be either add or multiply.", s)),
                        v => return Err(EvalError::type_error(format!("{name}(): argument 'reduce' must be str, not {}", v.type_name()), s)),
                    };
                    if c.src.is_some() {
                        it.warn_once(REDUCE_DEPRECATED, span);
                    }
                    c.not_implemented = true;
                }
                a.finish(3)?;
            }
            if base == "scatter_add" {
                c.reduce = Reduce::Add(1.0);
                c.node = OpId::ScatterAdd.node(0);
                c.self_grad = SelfGrad::Keep;
            }
            c.plan = gs::scatter_plan(t, dim, &index, c.src.as_deref()).at(span)?;
            if c.src.is_some() {
                c.index_shape = Some(index.shape().to_vec());
            }
        }
        "index_add" | "index_copy" | "index_fill" => {
            let dim = a.int(0, "dim")?;
            let index = tensor_arg(a, 1, "index")?;
            c.saved = Some(index.clone());
            if base == "index_fill" {
                let (v, vt) = scalar_value(a, 2, "value", name)?;
                c.value = v;
                c.node = if vt.is_some() { OpId::IndexFill.node(1) } else { OpId::IndexFill.node(0) };
                c.value_t = vt;
                c.src_scale = None;
                c.preserve = true;
                a.finish(3)?;
            } else {
                c.src = Some(tensor_arg(a, 2, "source")?);
                if base == "index_add" {
                    let alpha = match a.get(3, "alpha") {
                        None => 1.0,
                        Some((v, s)) => to_number(&v).map(|n| n.as_f64()).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'alpha' must be Number, not {}", v.type_name()), s))?,
                    };
                    c.reduce = Reduce::Add(alpha);
                    c.node = OpId::IndexAdd.node(0);
                    c.self_grad = SelfGrad::Keep;
                    c.src_scale = Some(alpha);
                    a.finish(4)?;
                } else {
                    c.node = OpId::IndexCopy.node(0);
                    a.finish(3)?;
                }
            }
            let what = format!("{base}_");
            c.plan = gs::index_plan(t, dim, &index, c.src.as_deref(), &what).at(span)?;
        }
        "index_reduce" => {
            let dim = a.int(0, "dim")?;
            let index = tensor_arg(a, 1, "index")?;
            c.saved = Some(index.clone());
            let src = tensor_arg(a, 2, "source")?;
            let r = match a.get(3, "reduce") {
                Some((Value::Str(s), _)) => s,
                _ => return Err(a.err(format!("{name}() missing required argument 'reduce'"))),
            };
            c.include_self = a.opt_bool(usize::MAX, "include_self", true)?;
            a.finish(4)?;
            it.warn_once(INDEX_REDUCE_BETA, span);
            c.reduce = match r.as_str() {
                "prod" | "mean" | "amax" | "amin" => Reduce::parse_scatter_reduce(&r).at(span)?,
                _ => {
                    let msg = format!("index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {r}.");
                    return Err(EvalError::new(ErrorKind::RuntimeError, msg, span));
                }
            };
            c.node = OpId::IndexReduce.node(0);
            c.self_grad = SelfGrad::Reduced { mean: c.reduce == Reduce::Mean, include_self: c.include_self };
            if c.reduce != Reduce::Mean {
                c.src_scale = None;
            }
            c.plan = gs::index_plan(t, dim, &index, Some(&src), "index_reduce_").at(span)?;
            c.src = Some(src);
        }
        "put" => {
            let index = tensor_arg(a, 0, "index")?;
            c.saved = Some(index.clone());
            let src = tensor_arg(a, 1, "source")?;
            let acc = a.opt_bool(2, "accumulate", false)?;
            a.finish(3)?;
            c.plan = gs::put_plan(t, &index, &src).at(span)?;
            c.src = Some(src);
            c.node = OpId::Put.node(0);
            c.preserve = true;
            if acc {
                c.reduce = Reduce::Add(1.0);
                c.self_grad = SelfGrad::Keep;
            }
        }
        _ => {
            let mask = tensor_arg(a, 0, "mask")?;
            c.saved = Some(mask.clone());
            let src = tensor_arg(a, 1, "source")?;
            a.finish(2)?;
            c.plan = gs::masked_scatter_plan(t, &mask, &src).at(span)?;
            c.src = Some(src);
            c.node = OpId::MaskedScatter.node(0);
        }
    }
    Ok(c)
}

const INDEX_FILL_EXPANDED: &str = "Use of index_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing this operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:1929.)";

const INDEX_REDUCE_BETA: &str = "index_reduce() is in beta and the API may change at any time. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:1522.)";

const REDUCE_DEPRECATED: &str = "The reduce argument of torch.scatter with Tensor src is deprecated and will be removed in a future PyTorch release. Use torch.scatter_reduce instead for more reduction options. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:224.)";

pub fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let inplace = name.ends_with('_');
    let base = name.trim_end_matches('_');
    let c = parse(it, t, base, name, &mut a)?;
    let target = if inplace {
        super::super::grad::inplace::check_inplace_with(it, t, c.src.as_deref().or(c.value_t.as_deref()), span)?;
        (**t).clone()
    } else {
        let strides = if c.preserve { copy::preserve_strides(t) } else { crate::engine::layout::contiguous_strides(t.shape()) };
        copy::copy_to_new(&it.ctx, t, &strides, t.dtype, op).at(span)?
    };
    let extreme = matches!(c.reduce, Reduce::Amax | Reduce::Amin | Reduce::Prod) && c.src.is_some();
    let old = if extreme { f64s(t) } else { vec![] };
    let expanded_fill = inplace && base == "index_fill" && crate::engine::ops::gather::is_expanded(t);
    let count = if expanded_fill {
        it.warn(INDEX_FILL_EXPANDED, span);
        gs::apply_unchecked(&target, &c.plan, c.src.as_deref(), c.value, c.reduce, c.include_self)
    } else {
        gs::apply(&target, &c.plan, c.src.as_deref(), c.value, c.reduce, c.include_self)
    }
    .at(span)?;
    if !inplace {
        // The out-of-place result is a new tensor: PyTorch's writes into its
        // clone leave its version at 0.
        target.storage.reset_version();
    }
    let other = c.src.clone().or(c.value_t.clone());
    let formula = if c.not_implemented {
        Formula::NotImplemented("scatter")
    } else if let (true, Some(src)) = (extreme, &c.src) {
        extreme_backward(&c, old, f64s(&target), f64s(src))
    } else if c.src.is_some() && c.src_scale.is_none() {
        Formula::Unsupported
    } else {
        backward(&c, t.shape().to_vec(), count)
    };
    let node = if c.not_implemented { crate::eval::registry::nodes::NOT_IMPLEMENTED } else { c.node };
    let saved: Vec<&Tensor> = c.saved.as_deref().into_iter().collect();
    if inplace {
        super::super::grad::rebase_node(it, t, node, &[other.as_deref()][..other.is_some() as usize], formula, &saved);
        return Ok(Value::Tensor(t.clone()));
    }
    let mut inputs: Vec<Option<&Tensor>> = vec![Some(t)];
    if let Some(o) = &other {
        inputs.push(Some(o));
    }
    Ok(Value::tensor(super::super::grad::record(it, node, &inputs, target, formula, &saved)))
}

/// The gradients for self and the source (or a tensor value), from the
/// plan's positions.
fn backward(c: &Call, shape: Vec<usize>, count: Vec<usize>) -> Formula {
    let plan = Rc::new(c.plan.clone());
    let (self_grad, scale, node) = (c.self_grad, c.src_scale, c.node);
    let src_shape = c.src.as_ref().map(|s| s.shape().to_vec());
    let value = c.value_t.is_some();
    let index_shape = c.index_shape.clone();
    let count = Rc::new(count);
    BackwardFn::new(move |ctx, n, g| {
        let gv = g.to_scalars();
        let mean = matches!(self_grad, SelfGrad::Reduced { mean: true, .. });
        let mut sg: Vec<f64> = gv.iter().map(|v| v.as_f64()).collect();
        match self_grad {
            SelfGrad::Overwrite => plan.dst.iter().for_each(|&p| sg[p] = 0.0),
            SelfGrad::Keep => {}
            SelfGrad::Reduced { mean, include_self } => {
                for (p, &k) in count.iter().enumerate() {
                    if k > 0 {
                        sg[p] = if !include_self { 0.0 } else if mean { sg[p] / k as f64 } else { sg[p] };
                    }
                }
            }
        }
        let make = |vals: Vec<f64>, shape: &[usize]| -> crate::engine::error::Result<Tensor> {
            let vals: Vec<Scalar> = vals.into_iter().map(|v| Scalar::Float(v).cast(g.dtype)).collect();
            Tensor::from_scalars_on(ctx, g.device(), shape, g.dtype, &vals, node)
        };
        let mut out = vec![Some(make(sg, &shape)?)];
        if let (Some(ss), Some(scale)) = (&src_shape, scale) {
            let wants = n.next.get(1).is_some_and(|e| e.is_some());
            if let Some(is) = index_shape.as_ref().filter(|is| *is != ss && wants) {
                return Err(EngineError::runtime(format!(
                    "Function {node} returned an invalid gradient at index 1 - got {} but expected shape compatible with {}",
                    shape_list(is),
                    shape_list(ss)
                )));
            }
            let mut src = vec![0f64; ss.iter().product()];
            for (&p, &q) in plan.dst.iter().zip(&plan.src) {
                let k = if mean { count[p].max(1) as f64 } else { 1.0 };
                src[q] = gv[p].as_f64() * scale / k;
            }
            out.push(Some(make(src, ss)?));
        }
        if value {
            // Each filled position once, however often index names it.
            let mut seen = vec![false; gv.len()];
            let s: f64 = plan.dst.iter().filter(|&&p| !std::mem::replace(&mut seen[p], true)).map(|&p| gv[p].as_f64()).sum();
            out.push(Some(make(vec![s], &[])?));
        }
        Ok(out)
    })
}

fn f64s(t: &Tensor) -> Vec<f64> {
    t.to_scalars().iter().map(|v| v.as_f64()).collect()
}

/// PyTorch's scatter_reduce/index_reduce backward for amax/amin (the
/// gradient shared evenly among self and the sources equal to the result;
/// self counts even with include_self=False) and prod (result / factor,
/// with the product of the others for a single zero factor).
fn extreme_backward(c: &Call, old: Vec<f64>, res: Vec<f64>, src: Vec<f64>) -> Formula {
    let plan = Rc::new(c.plan.clone());
    let (node, include_self, prod) = (c.node, c.include_self, c.reduce == Reduce::Prod);
    let src_shape = c.src.as_ref().map(|s| s.shape().to_vec()).unwrap_or_default();
    let index_shape = c.index_shape.clone();
    BackwardFn::new(move |ctx, n, g| {
        let gv: Vec<f64> = g.to_scalars().iter().map(|v| v.as_f64()).collect();
        let len = gv.len();
        let mut touched = vec![false; len];
        plan.dst.iter().for_each(|&p| touched[p] = true);
        let mut sg = gv.clone();
        let mut gs = vec![0f64; src.len()];
        if prod {
            // Per position: the product of all sources, of the nonzero ones, and how many are zero.
            let (mut all, mut nz, mut zeros) = (vec![1f64; len], vec![1f64; len], vec![0usize; len]);
            for (&p, &q) in plan.dst.iter().zip(&plan.src) {
                all[p] *= src[q];
                if src[q] == 0.0 { zeros[p] += 1 } else { nz[p] *= src[q] }
            }
            for p in 0..len {
                if touched[p] {
                    sg[p] = if !include_self { 0.0 } else if old[p] != 0.0 { gv[p] * res[p] / old[p] } else { gv[p] * all[p] };
                }
            }
            for (&p, &q) in plan.dst.iter().zip(&plan.src) {
                gs[q] = if src[q] != 0.0 {
                    gv[p] * res[p] / src[q]
                } else if zeros[p] == 1 {
                    gv[p] * nz[p] * if include_self { old[p] } else { 1.0 }
                } else {
                    0.0
                };
            }
        } else {
            let mut count: Vec<f64> = (0..len).map(|p| (old[p] == res[p]) as u8 as f64).collect();
            for (&p, &q) in plan.dst.iter().zip(&plan.src) {
                count[p] += (src[q] == res[p]) as u8 as f64;
            }
            for p in 0..len {
                sg[p] = if touched[p] && !include_self { 0.0 } else if old[p] == res[p] { gv[p] / count[p] } else { 0.0 };
            }
            for (&p, &q) in plan.dst.iter().zip(&plan.src) {
                gs[q] = if src[q] == res[p] { gv[p] / count[p] } else { 0.0 };
            }
        }
        let wants = n.next.get(1).is_some_and(|e| e.is_some());
        if let Some(is) = index_shape.as_ref().filter(|is| **is != src_shape && wants) {
            return Err(EngineError::runtime(format!(
                "Function {node} returned an invalid gradient at index 1 - got {} but expected shape compatible with {}",
                shape_list(is),
                shape_list(&src_shape)
            )));
        }
        let make = |vals: Vec<f64>, shape: &[usize]| -> crate::engine::error::Result<Tensor> {
            let vals: Vec<Scalar> = vals.into_iter().map(|v| Scalar::Float(v).cast(g.dtype)).collect();
            Tensor::from_scalars_on(ctx, g.device(), shape, g.dtype, &vals, node)
        };
        Ok(vec![Some(make(sg, g.shape())?), Some(make(gs, &src_shape)?)])
    })
}
