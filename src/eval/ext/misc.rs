//! Family "misc": the `new_*` factories (self's dtype and device),
//! `std_mean`/`var_mean`, `norm`/`dist`, `quantile`/`nanquantile`,
//! `logspace`, `range`, and the small facts `is_tensor`,
//! `get_default_dtype`, `is_nonzero`, `dim_order`, `set_grad_enabled`.

use std::rc::Rc;

use crate::engine::autograd::{saved_tensor, BackwardFn, Formula};
use crate::engine::ops::elementwise::{binary, Arg, BinaryOp};
use crate::engine::ops::factory;
use crate::engine::ops::ranges;
use crate::engine::{DType, ErrorKind, Scalar, Tensor};
use crate::lang::span::Span;

use super::super::args::{seq_ints, to_number, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

pub const FAMILY: Family = Family {
    functions: &[OpId::StdMean, OpId::VarMean, OpId::Logspace, OpId::Range, OpId::IsTensor, OpId::GetDefaultDtype, OpId::SetDefaultDtype, OpId::Finfo, OpId::Iinfo, OpId::SetGradEnabled, OpId::IsGradEnabled, OpId::Dist, OpId::EmptyPermuted],
    methods: &[OpId::NewZeros, OpId::NewOnes, OpId::NewFull, OpId::NewEmpty, OpId::NewEmptyStrided, OpId::NewTensor, OpId::Norm, OpId::Quantile, OpId::Nanquantile, OpId::IsNonzero, OpId::DimOrder, OpId::Dist],
    function,
    method,
};

fn rt(msg: impl Into<String>, span: Span) -> EvalError {
    EvalError::new(ErrorKind::RuntimeError, msg, span)
}

fn float_arg(a: &mut Args, i: usize, k: &str, name: &str) -> EvalResult<Option<f64>> {
    match a.get(i, k) {
        None | Some((Value::None, _)) => Ok(None),
        Some((v, s)) => to_number(&v).map(|x| Some(x.as_f64())).ok_or_else(|| EvalError::type_error(format!("{name}(): argument '{k}' must be Number, not {}", v.type_name()), s)),
    }
}

fn function(it: &mut Interp, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    match id {
        OpId::IsTensor => {
            let (v, _) = a.get(0, "obj").ok_or_else(|| a.err("is_tensor() missing 1 required positional argument: 'obj'"))?;
            a.finish(1)?;
            Ok(Value::Bool(matches!(v, Value::Tensor(_))))
        }
        OpId::GetDefaultDtype => {
            a.finish(0)?;
            Ok(Value::DType(DType::default_float()))
        }
        OpId::SetDefaultDtype => {
            let (v, s) = a.get(0, "d").ok_or_else(|| a.err("set_default_dtype() missing 1 required positional argument: 'd'"))?;
            a.finish(1)?;
            match v {
                Value::DType(d) if d.is_floating() => {
                    DType::set_default_float(d);
                    Ok(Value::None)
                }
                // PyTorch's words: a dtype that is not floating, or no dtype.
                Value::DType(_) => Err(EvalError::type_error("only floating-point types are supported as the default type", s)),
                _ => Err(EvalError::type_error("invalid dtype object: only floating-point types are supported as the default type", s)),
            }
        }
        OpId::Finfo | OpId::Iinfo => {
            let kind = if id == OpId::Finfo { "finfo" } else { "iinfo" };
            let d = match a.get(0, "type") {
                Some((Value::DType(d), _)) => d,
                None if id == OpId::Finfo && a.kw.is_empty() => DType::default_float(),
                None => return Err(a.err(format!("{kind}() missing 1 required positional arguments: \"type\""))),
                Some((v, s)) => return Err(EvalError::type_error(format!("{kind}(): argument 'type' (position 1) must be torch.dtype, not {}", v.type_name()), s)),
            };
            a.finish(1)?;
            super::super::typeinfo::new(kind, d, span)
        }
        OpId::IsGradEnabled => {
            a.finish(0)?;
            Ok(Value::Bool(it.grad_enabled))
        }
        OpId::SetGradEnabled => {
            let mode = a.opt_bool(0, "mode", true)?;
            a.finish(1)?;
            it.grad_enabled = mode;
            Ok(Value::None)
        }
        OpId::Logspace | OpId::Range => {
            let number = |a: &mut Args, i: usize, k: &str| -> EvalResult<Option<Scalar>> {
                match a.get(i, k) {
                    None | Some((Value::None, _)) => Ok(None),
                    Some((v, s)) => to_number(&v).map(Some).ok_or_else(|| EvalError::type_error(format!("{name}(): argument '{k}' must be Number, not {}", v.type_name()), s)),
                }
            };
            let start = number(&mut a, 0, "start")?.ok_or_else(|| a.err(format!("{name}() missing required argument 'start'")))?;
            let end = number(&mut a, 1, "end")?.ok_or_else(|| a.err(format!("{name}() missing required argument 'end'")))?;
            let third = number(&mut a, 2, if id == OpId::Range { "step" } else { "steps" })?;
            let base = if id == OpId::Logspace { float_arg(&mut a, 3, "base", name)?.unwrap_or(10.0) } else { 1.0 };
            let dtype = a.dtype_kw()?.unwrap_or(DType::default_float());
            let dev = a.device_kw()?.map(|(d, _)| d).unwrap_or(crate::engine::Device::Cpu);
            a.take_kw("layout");
            a.finish(if id == OpId::Logspace { 4 } else { 3 })?;
            if id == OpId::Range {
                it.warn("torch.range is deprecated and will be removed in a future release because its behavior is inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in [start, end).", span);
                ranges::range(&it.ctx, dev, start, end, third.unwrap_or(Scalar::Int(1)), dtype, op).map(Value::tensor).at(span)
            } else {
                let steps = third.ok_or_else(|| a.err("logspace() missing required argument 'steps'"))?.as_i64();
                ranges::logspace(&it.ctx, dev, (start, end), steps, base, dtype, op).map(Value::tensor).at(span)
            }
        }
        OpId::StdMean | OpId::VarMean => {
            let (t, _) = a.get(0, "input").ok_or_else(|| a.err(format!("{name}() missing required argument 'input'")))?;
            let Value::Tensor(t) = t else { return Err(EvalError::type_error(format!("{name}(): argument 'input' must be Tensor"), span)) };
            a.pos.remove(0);
            a.pos_base += 1;
            let std = id == OpId::StdMean;
            if !t.dtype.is_floating() {
                return Err(EvalError::new(crate::engine::ErrorKind::NotImplementedError, format!("{name} only support floating point and complex dtypes"), span));
            }
            let (s, m) = crate::eval::reductions::var_mean(it, &t, std, name, a)?;
            // PyTorch's one node for both outputs; here each output's node
            // passes its gradient to the std (var) and mean nodes under it.
            let node = if std { OpId::StdMean.node(0) } else { OpId::VarMean.node(0) };
            let bare = |x: &Tensor| {
                let mut c = x.clone();
                c.autograd = std::cell::RefCell::new(None);
                c
            };
            let s = grad::record(it, node, &[Some(&s)], bare(&s), Formula::Identity, &[]);
            let m = grad::record(it, node, &[Some(&m)], bare(&m), Formula::Identity, &[]);
            Ok(Value::Tuple(vec![Value::tensor(s), Value::tensor(m)]))
        }
        OpId::EmptyPermuted => {
            let size = a.get(0, "size").and_then(|(v, _)| seq_ints(&v)).ok_or_else(|| a.err("empty_permuted(): argument 'size' must be tuple of ints"))?;
            let perm = a.get(1, "physical_layout").and_then(|(v, _)| seq_ints(&v)).ok_or_else(|| a.err("empty_permuted(): argument 'physical_layout' must be tuple of ints"))?;
            let dtype = a.dtype_kw()?.unwrap_or(DType::default_float());
            let dev = a.device_kw()?.map(|(d, _)| d).unwrap_or(crate::engine::Device::Cpu);
            for k in ["requires_grad", "layout", "pin_memory"] {
                a.take_kw(k);
            }
            a.finish(2)?;
            if size.len() != perm.len() {
                return Err(rt(format!("Number of dimensions in size does not match the length of the physical_layout; i.e. len(size) = {} is not equal to len(physical_layout) = {}", size.len(), perm.len()), span));
            }
            let shape = factory::sizes(&size).at(span)?;
            let n = shape.len();
            let mut seen = vec![false; n];
            for &p in &perm {
                let d = crate::engine::layout::wrap_dim(p, n).at(span)?;
                if seen[d] {
                    return Err(rt(format!("Dimension {p} is repeated in physical_layout"), span));
                }
                seen[d] = true;
            }
            // physical_layout lists the dims outermost first: strides grow from its end.
            let mut stride = vec![0usize; n];
            let mut acc = 1usize;
            for &p in perm.iter().rev() {
                let d = crate::engine::layout::wrap_dim(p, n).at(span)?;
                stride[d] = acc;
                acc = acc.saturating_mul(shape[d].max(1));
            }
            Tensor::alloc_strided_on(&it.ctx, dev, &shape, &stride, dtype, op).map(Value::tensor).at(span)
        }
        OpId::Dist => {
            let (t, _) = a.get(0, "input").ok_or_else(|| a.err("dist() missing required argument 'input'"))?;
            let Value::Tensor(t) = t else { return Err(EvalError::type_error("dist(): argument 'input' must be Tensor", span)) };
            a.pos.remove(0);
            a.pos_base += 1;
            method(it, &t, OpId::Dist, a, span, op)
        }
        _ => Err(a.err(format!("internal: misc has no {name}"))),
    }
}

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    match id {
        OpId::NewZeros | OpId::NewOnes | OpId::NewEmpty | OpId::NewFull | OpId::NewEmptyStrided => {
            let sizes = match id {
                OpId::NewEmptyStrided => a.get(0, "size").and_then(|(v, _)| seq_ints(&v)).ok_or_else(|| a.err("new_empty_strided(): argument 'size' must be tuple of ints"))?,
                OpId::NewFull => a.get(0, "size").and_then(|(v, _)| seq_ints(&v)).ok_or_else(|| a.err("new_full(): argument 'size' must be tuple of ints"))?,
                _ => a.sizes(0, "size")?,
            };
            let fill = match id {
                OpId::NewFull => {
                    let (v, s) = a.get(1, "fill_value").ok_or_else(|| a.err("new_full() missing required argument 'fill_value'"))?;
                    to_number(&v).ok_or_else(|| EvalError::type_error(format!("new_full(): argument 'fill_value' must be Number, not {}", v.type_name()), s))?
                }
                OpId::NewOnes => Scalar::Int(1),
                _ => Scalar::Int(0),
            };
            let stride = if id == OpId::NewEmptyStrided { a.get(1, "stride").and_then(|(v, _)| seq_ints(&v)) } else { None };
            let dtype = a.dtype_kw()?.unwrap_or(t.dtype);
            let dev = a.device_kw()?.map(|(d, _)| d).unwrap_or(t.device());
            let rg = matches!(a.take_kw("requires_grad"), Some((Value::Bool(true), _)));
            for k in ["layout", "pin_memory"] {
                a.take_kw(k);
            }
            let n = if matches!(id, OpId::NewFull | OpId::NewEmptyStrided) { 2 } else { usize::MAX };
            a.finish(n)?;
            let shape = factory::sizes(&sizes).at(span)?;
            let out = match stride {
                Some(st) => {
                    let st: Vec<usize> = st.iter().map(|&x| x.max(0) as usize).collect();
                    Tensor::alloc_strided_on(&it.ctx, dev, &shape, &st, dtype, op).at(span)?
                }
                None => factory::full(&it.ctx, dev, &shape, fill, dtype, op).at(span)?,
            };
            if rg {
                grad::make_leaf(&out, true, true, span)?;
            }
            Ok(Value::tensor(out))
        }
        OpId::NewTensor => {
            let (v, s) = a.get(0, "data").ok_or_else(|| a.err("new_tensor() missing required argument 'data'"))?;
            let dtype = a.dtype_kw()?.unwrap_or(t.dtype);
            a.take_kw("device");
            a.take_kw("requires_grad");
            a.finish(1)?;
            let out = super::super::ops::to_tensor_arg(it, &v, dtype, s)?;
            let out = crate::engine::ops::copy::copy_to_new(&it.ctx, &out, &crate::engine::layout::contiguous_strides(out.shape()), dtype, op).at(span)?;
            Ok(Value::tensor(out))
        }
        OpId::IsNonzero => {
            a.finish(0)?;
            match t.numel() {
                0 => Err(rt("Boolean value of Tensor with no values is ambiguous", span)),
                1 => Ok(Value::Bool(t.to_scalars()[0].as_f64() != 0.0)),
                _ => Err(rt("Boolean value of Tensor with more than one value is ambiguous", span)),
            }
        }
        OpId::DimOrder => {
            a.take_kw("ambiguity_check");
            a.finish(0)?;
            // The dims from the largest stride to the smallest (stable).
            let mut dims: Vec<usize> = (0..t.ndim()).collect();
            dims.sort_by(|&x, &y| t.layout().stride[y].cmp(&t.layout().stride[x]));
            Ok(Value::Tuple(dims.into_iter().map(|d| Value::Int(d as i64)).collect()))
        }
        OpId::Norm | OpId::Dist => {
            let other = if id == OpId::Dist { Some(super::super::methods::tensor_arg(&mut a, 0, "other")?) } else { None };
            let at = usize::from(other.is_some());
            let p = match a.get(at, "p") {
                None | Some((Value::None, _)) => 2.0,
                Some((Value::Str(s), sp)) if s == "fro" => {
                    let _ = sp;
                    2.0
                }
                Some((v, s)) => to_number(&v).map(|x| x.as_f64()).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'p' must be Number, not {}", v.type_name()), s))?,
            };
            let dims = if id == OpId::Norm {
                match a.get(1, "dim") {
                    None | Some((Value::None, _)) => None,
                    Some((v, s)) => Some(seq_ints(&v).ok_or_else(|| EvalError::type_error(format!("norm(): argument 'dim' must be int or tuple of ints, not {}", v.type_name()), s))?),
                }
            } else {
                None
            };
            let keep = if id == OpId::Norm { a.opt_bool(2, "keepdim", false)? } else { false };
            // `norm(dtype=)` is `linalg.vector_norm(dtype=)`: the input cast
            // to it first (dist has no dtype).
            let dtype = match if id == OpId::Norm { a.take_kw("dtype") } else { None } {
                None | Some((Value::None, _)) => None,
                Some((Value::DType(d), _)) => Some(d),
                Some((v, s)) => return Err(EvalError::type_error(format!("norm(): argument 'dtype' must be torch.dtype, not {}", v.type_name()), s)),
            };
            a.finish(if id == OpId::Norm { 3 } else { 2 })?;
            let type_name = crate::engine::ops::promote::scalar_type_name;
            if id == OpId::Norm && !t.dtype.is_floating() {
                let msg = format!("linalg.vector_norm: Expected a floating point or complex tensor as input. Got {}", type_name(t.dtype));
                return Err(EvalError::new(crate::engine::ErrorKind::NotImplementedError, msg, span));
            }
            if let Some(d) = dtype {
                if !d.is_floating() {
                    return Err(EvalError::new(ErrorKind::RuntimeError, format!("linalg.vector_norm: dtype should be floating point or complex, but got {}", type_name(d)), span));
                }
                if DType::promote(t.dtype, d) != d {
                    return Err(EvalError::new(
                        ErrorKind::RuntimeError,
                        format!("linalg.vector_norm: the dtype of the input ({}) should be convertible without narrowing to the specified dtype ({})", type_name(t.dtype), type_name(d)),
                        span,
                    ));
                }
            }
            let ctx = &it.ctx;
            let x: Tensor = match &other {
                Some(o) => binary(ctx, BinaryOp::Sub, Arg::T(t), Arg::T(o)).at(span)?,
                None => (**t).clone(),
            };
            // dist is norm(self - other): the difference's dtype is what
            // must be floating (the subtraction refuses bools first).
            if id == OpId::Dist && !x.dtype.is_floating() {
                let msg = format!("norm(): input dtype should be either floating point or complex. Got {} instead.", type_name(x.dtype));
                return Err(EvalError::new(crate::engine::ErrorKind::NotImplementedError, msg, span));
            }
            let x = match dtype {
                Some(d) => crate::engine::ops::copy::to_dtype(ctx, &x, d).at(span)?.unwrap_or(x),
                None => x,
            };
            let reduced = reduced_mask(dims.as_deref(), x.ndim()).at(span)?;
            // linalg_vector_norm's meta check: the orders without an
            // identity refuse empty reductions (the dim as given).
            if x.numel() == 0 && (p < 0.0 || p == f64::INFINITY) {
                let ord = crate::engine::error::cpp_double(p);
                let msg = match dims.as_deref() {
                    None | Some([]) => Some(format!("linalg.vector_norm cannot compute the {ord} norm on an empty tensor because the operation does not have an identity")),
                    Some(ds) => ds.iter().find(|&&d| crate::engine::layout::wrap_dim(d, x.ndim()).map(|w| x.shape()[w] == 0).unwrap_or(false)).map(|d| {
                        format!("linalg.vector_norm cannot compute the {ord} norm on the dimension {d}because this dimension is empty and the operation does not have an identity")
                    }),
                };
                if let Some(msg) = msg {
                    return Err(EvalError::new(ErrorKind::RuntimeError, msg, span));
                }
            }
            let n = crate::engine::ops::norm::vector_norm(&it.ctx, &x, p, &reduced, keep).at(span)?;
            let node = if other.is_some() { OpId::Dist.node(0) } else { OpId::Norm.node(0) };
            let inputs: Vec<Option<&Tensor>> = match &other {
                Some(o) => vec![Some(t), Some(o)],
                None => vec![Some(t)],
            };
            let f = p_backward(x.shape().to_vec(), reduced, other.as_ref().map(|o| o.shape().to_vec()), p);
            let out = n.clone();
            Ok(Value::tensor(grad::record(it, node, &inputs, n, f, &[&x, &out])))
        }
        OpId::Quantile | OpId::Nanquantile => quantile(it, t, name, a),
        _ => Err(a.err(format!("internal: misc has no {name}"))),
    }
}

/// The dims a norm reduces (all when `dims` is None or empty).
fn reduced_mask(dims: Option<&[i64]>, n: usize) -> crate::engine::error::Result<Vec<bool>> {
    let mut reduced = vec![matches!(dims, None | Some([])); n];
    for &d in dims.unwrap_or(&[]) {
        reduced[crate::engine::layout::wrap_dim(d, n)?] = true;
    }
    Ok(reduced)
}

/// The 2-norm's gradient `g · x / ‖x‖` (saved x = input − other, result),
/// each element with its slot's norm (`reduced`: the dims the norm took);
/// `dist` sends its negation to `other` (summed back to other's shape).
fn p_backward(x_shape: Vec<usize>, reduced: Vec<bool>, other: Option<Vec<usize>>, p: f64) -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        // The 0-"norm" counts: PyTorch passes no gradient back (`.grad` stays None).
        if p == 0.0 {
            return Ok(vec![None; if other.is_some() { 2 } else { 1 }]);
        }
        let (x, n) = (saved_tensor(node, 0)?, saved_tensor(node, 1)?);
        let xv = x.to_scalars();
        let (nv, gv) = (n.to_scalars(), g.to_scalars());
        let slots: Vec<usize> = crate::engine::ops::scan::reduced_slots(&x_shape, &reduced);
        // p = ±inf: the gradient is shared among the elements at the norm.
        let mut count = vec![0f64; nv.len()];
        if p.is_infinite() {
            for (v, &k) in xv.iter().zip(&slots) {
                let a = v.as_f64().abs();
                count[k] += f64::from(a == nv[k].as_f64() || a.is_nan());
            }
        }
        let sgn = |v: f64| if v > 0.0 { 1.0 } else if v < 0.0 { -1.0 } else { 0.0 };
        // Each tensor op of the formula rounds to the gradient's dtype.
        let dt = g.dtype;
        let r = |v: f64| Scalar::Float(v).cast(dt).as_f64();
        // PyTorch's linalg_vector_norm_backward, case by case.
        let out: Vec<Scalar> = xv
            .iter()
            .zip(&slots)
            .map(|(v, &k)| {
                let (v, norm, g) = (v.as_f64(), nv[k].as_f64(), gv[k].as_f64());
                Scalar::Float(if p == 1.0 {
                    sgn(v) * g
                } else if p == 2.0 {
                    if norm == 0.0 { 0.0 } else { r(g * r(v / norm)) }
                } else if p.is_infinite() {
                    let on = v.abs() == norm || v.is_nan();
                    sgn(v) * (if on { r(g / count[k]) } else { 0.0 })
                } else if p < 1.0 {
                    let scaled = if v == 0.0 { 0.0 } else { r(sgn(v) * r(v.abs().powf(p - 1.0))) };
                    r(r(scaled * g) * r(norm.powf(1.0 - p)))
                } else {
                    let scaled = if p < 2.0 { r(sgn(v) * r(v.abs().powf(p - 1.0))) } else { r(v * r(v.abs().powf(p - 2.0))) };
                    if norm == 0.0 { 0.0 } else { r(scaled * r(g / r(norm.powf(p - 1.0)))) }
                })
            })
            .collect();
        let gx = Tensor::from_scalars_on(ctx, g.device(), &x_shape, g.dtype, &out, "backward")?;
        Ok(match &other {
            None => vec![Some(gx)],
            Some(os) => {
                let neg = crate::engine::ops::elementwise::unary(ctx, crate::engine::ops::elementwise::UnaryOp::Neg, &gx)?;
                vec![Some(crate::engine::autograd::formulas::sum_to(ctx, &gx, &x_shape)?), Some(crate::engine::autograd::formulas::sum_to(ctx, &neg, os)?)]
            }
        })
    })
}

/// `quantile(q, dim=None, keepdim=False, *, interpolation='linear')`.
fn quantile(it: &mut Interp, t: &Rc<Tensor>, name: &str, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let skip_nan = name == "nanquantile";
    let (qv, qs) = a.get(0, "q").ok_or_else(|| a.err(format!("{name}() missing required argument 'q'")))?;
    // PyTorch's checks in its order (each message says "quantile()", for
    // nanquantile too): a float q's range, the interpolation, then
    // quantile_checks, then dim, then a tensor q's range.
    let (qs_list, q_tensor): (Vec<f64>, Option<&Rc<Tensor>>) = match &qv {
        Value::Tensor(q) => (q.to_scalars().iter().map(|s| s.as_f64()).collect(), Some(q)),
        v => (vec![to_number(v).map(|x| x.as_f64()).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'q' must be float or Tensor, not {}", v.type_name()), qs))?], None),
    };
    let dim = match a.get(1, "dim") {
        None | Some((Value::None, _)) => None,
        Some((v, s)) => Some(super::super::args::to_int(&v).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'dim' must be int, not {}", v.type_name()), s))?),
    };
    let keep = a.opt_bool(2, "keepdim", false)?;
    let interp = match a.take_kw("interpolation") {
        None => "linear".to_string(),
        Some((Value::Str(s), _)) => s.to_string(),
        Some((v, s)) => return Err(EvalError::type_error(format!("{name}(): argument 'interpolation' must be str, not {}", v.type_name()), s)),
    };
    a.finish(3)?;
    if q_tensor.is_none() && !(0.0..=1.0).contains(&qs_list[0]) {
        return Err(rt(format!("quantile() q must be in the range [0, 1] but got {}", crate::engine::error::cpp_double(qs_list[0])), span));
    }
    if !matches!(interp.as_str(), "linear" | "lower" | "higher" | "midpoint" | "nearest") {
        return Err(rt(format!("quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but got {interp}"), span));
    }
    if t.numel() == 0 {
        return Err(rt("quantile() input tensor must be non-empty", span));
    }
    if q_tensor.is_some_and(|q| q.ndim() > 1) {
        return Err(rt("quantile() q must be a scalar or 1D tensor", span));
    }
    if !matches!(t.dtype, DType::Float32 | DType::Float64) {
        return Err(rt("quantile() input tensor must be either float or double dtype", span));
    }
    if q_tensor.is_some_and(|q| q.dtype != t.dtype) {
        return Err(rt("quantile() q tensor must be same dtype as the input tensor", span));
    }
    if let Some(d) = dim {
        crate::engine::layout::wrap_dim(d, t.ndim()).at(span)?;
    }
    if qs_list.iter().any(|q| !(0.0..=1.0).contains(q)) {
        return Err(rt("quantile() q values must be in the range [0, 1]", span));
    }
    let q_tensor: Option<Vec<usize>> = q_tensor.map(|q| q.shape().to_vec());
    // Rows along dim (or the flattened tensor), each sorted with NaN last.
    // Without dim, the flattened tensor (reshape keeps the offset, or copies).
    let (src, d) = match dim {
        Some(d) => ((**t).clone(), d),
        None => (crate::engine::ops::shape::reshape(&it.ctx, t, &[-1], name).at(span)?.0, 0),
    };
    let rows = crate::engine::ops::scan::Rows::of(&it.ctx, &src, d, name).at(span)?;
    let f32 = t.dtype == DType::Float32;
    let mut out: Vec<Vec<Scalar>> = vec![vec![]; qs_list.len()];
    rows.each(|_, _, row| {
        let mut v: Vec<f64> = row.iter().map(|s| s.as_f64()).collect();
        v.sort_by(|a, b| crate::engine::ops::scan::cmp_nan_last(&Scalar::Float(*a), &Scalar::Float(*b)));
        for (k, &q) in qs_list.iter().enumerate() {
            let r = match super::scan_grads::quantile_pick(&v, skip_nan, q, &interp, f32) {
                // quantile interpolates with `lerp_` (the lerp kernel's fma).
                Some((lo, hi, w)) if lo != hi => crate::engine::ops::pointwise_ext::lerp(t.dtype, v[lo], v[hi], w),
                Some((lo, _, _)) => v[lo],
                None => f64::NAN,
            };
            out[k].push(Scalar::Float(r).cast(t.dtype));
        }
        Ok(())
    })
    .at(span)?;
    // Shape: q's dims (if a tensor), then the input's with dim reduced.
    let mut shape: Vec<usize> = q_tensor.clone().unwrap_or_default();
    match dim {
        None if keep => shape.extend(std::iter::repeat_n(1, t.ndim())),
        None => {}
        Some(_) => {
            let dd = rows.dim;
            for (i, &s) in t.shape().iter().enumerate() {
                if i != dd {
                    shape.push(s);
                } else if keep {
                    shape.push(1);
                }
            }
        }
    }
    let flat: Vec<Scalar> = out.into_iter().flatten().collect();
    let r = if q_tensor.as_ref().is_some_and(|q| q.len() == 1) {
        // PyTorch gathers into [out..., nq] and ends with
        // `unsqueeze_(0).transpose_(0, -1).squeeze_(-1)`: the q dim first
        // with stride 1, the others strided over it.
        let mut stride = vec![0usize; shape.len()];
        stride[0] = 1;
        let mut acc = shape[0];
        for d in (1..shape.len()).rev() {
            stride[d] = acc;
            acc *= shape[d];
        }
        let r = Tensor::alloc_strided_on(&it.ctx, t.device(), &shape, &stride, t.dtype, name).at(span)?;
        crate::engine::ops::copy::write_values(&r, &flat);
        r
    } else {
        Tensor::from_scalars_on(&it.ctx, t.device(), &shape, t.dtype, &flat, name).at(span)?
    };
    // PyTorch's quantile ends in a squeeze of the sorted, interpolated
    // values: its node is that squeeze's; the gradient goes back through the
    // interpolation and the sort to the picked elements.
    let f = super::scan_grads::quantile_backward(d, qs_list, skip_nan, interp, t.shape().to_vec());
    Ok(Value::tensor(grad::record(it, OpId::Squeeze_.node(1), &[Some(t)], r, f, &[&src])))
}


