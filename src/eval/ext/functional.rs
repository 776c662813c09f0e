//! Family "functional": the `torch.nn.functional` names torch has no bare
//! form of (gelu, silu, one_hot, pad, normalize, linear, the losses in
//! `functional_loss.rs`) and the F spellings of relu/softmax/log_softmax
//! (`inplace=`, `dim=None`). Their rows are named `nn.functional.NAME`, so
//! they are reachable only as `F.NAME` / `torch.nn.functional.NAME`
//! (`pyexpr.rs` asks [`attr`]); composites go through the method
//! dispatcher, so their node chains are PyTorch's.

use std::rc::Rc;

use crate::engine::autograd::{saved_tensor, BackwardFn, Formula};
use crate::engine::ops::elementwise::{binary, Arg, BinaryOp};
use crate::engine::ops::functional::{self as kern, PadMode};
use crate::engine::{layout, ErrorKind, Scalar, Tensor};
use crate::lang::span::Span;

use super::super::args::{seq_ints, to_int, to_number, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::{nodes, OpId};

/// The module prefix of this family's registry rows.
pub const PREFIX: &str = "nn.functional.";

pub const FAMILY: Family = Family {
    functions: &[
        OpId::NnFunctionalRelu,
        OpId::NnFunctionalRelu_,
        OpId::NnFunctionalGelu,
        OpId::NnFunctionalSilu,
        OpId::NnFunctionalSoftmax,
        OpId::NnFunctionalLogSoftmax,
        OpId::NnFunctionalOneHot,
        OpId::NnFunctionalPad,
        OpId::NnFunctionalNormalize,
        OpId::NnFunctionalLinear,
        OpId::NnFunctionalMseLoss,
        OpId::NnFunctionalNllLoss,
        OpId::NnFunctionalCrossEntropy,
        OpId::NnFunctionalSigmoid,
        OpId::NnFunctionalTanh,
    ],
    methods: &[],
    function,
    method: super::no_method,
};

/// `torch.nn.functional.NAME`, if tsr has it.
pub fn attr(name: &str) -> Option<Value> {
    let full = format!("{PREFIX}{name}");
    OpId::from_name(&full).filter(|id| FAMILY.functions.contains(id)).map(|_| Value::Function(full))
}

/// F's names that are Python functions in PyTorch (the others are ATen
/// builtins): their type is `function` and their repr `<function NAME at …>`.
pub fn python_function(full: &str) -> Option<&str> {
    let short = full.strip_prefix(PREFIX)?;
    (!matches!(short, "relu_" | "gelu" | "one_hot" | "linear")).then_some(short)
}

fn function(it: &mut Interp, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let short = name.strip_prefix(PREFIX).unwrap_or(name);
    a.name = short.to_string();
    let required: &[&str] = match id {
        OpId::NnFunctionalPad => &["input", "pad"],
        OpId::NnFunctionalLinear => &["input", "weight"],
        OpId::NnFunctionalMseLoss | OpId::NnFunctionalNllLoss | OpId::NnFunctionalCrossEntropy => &["input", "target"],
        _ => &["input"],
    };
    let most = match id {
        OpId::NnFunctionalRelu_ | OpId::NnFunctionalGelu | OpId::NnFunctionalSigmoid | OpId::NnFunctionalTanh => 1,
        OpId::NnFunctionalRelu | OpId::NnFunctionalSilu | OpId::NnFunctionalOneHot => 2,
        OpId::NnFunctionalLinear => 3,
        OpId::NnFunctionalSoftmax | OpId::NnFunctionalLogSoftmax | OpId::NnFunctionalPad => 4,
        OpId::NnFunctionalNormalize => 5,
        OpId::NnFunctionalMseLoss => 6,
        OpId::NnFunctionalNllLoss => 7,
        _ => 8,
    };
    if a.pos.len() > most {
        let (least, given) = (required.len(), a.pos.len());
        let takes = if least == most { format!("{most} positional argument{}", if most == 1 { "" } else { "s" }) } else { format!("from {least} to {most} positional arguments") };
        return Err(EvalError::type_error(format!("{short}() takes {takes} but {given} were given"), a.pos[most].1));
    }
    let missing: Vec<&str> = required.iter().enumerate().filter(|(i, k)| a.pos.len() <= *i && !a.kw.iter().any(|(n, _, _)| n == *k)).map(|(_, k)| *k).collect();
    if !missing.is_empty() {
        return Err(a.err(missing_message(short, &missing)));
    }
    let x = match a.get(0, "input") {
        Some((Value::Tensor(t), _)) => t,
        Some((v, s)) => return Err(not_tensor(short, "input", 1, &v, s)),
        None => return Err(a.err(missing_message(short, &["input"]))),
    };
    // The input is taken; positions below count from the next argument.
    if !a.pos.is_empty() {
        a.pos.remove(0);
    }
    a.pos_base = 1;
    match id {
        OpId::NnFunctionalRelu | OpId::NnFunctionalSilu => {
            let inplace = truthy(&mut a, 0, "inplace");
            a.finish(1)?;
            if id == OpId::NnFunctionalRelu {
                return step(it, &x, if inplace { OpId::Relu_ } else { OpId::Relu }, vec![], vec![], a.span).map(Value::Tensor);
            }
            silu(it, &x, inplace, a.span)
        }
        OpId::NnFunctionalSigmoid | OpId::NnFunctionalTanh => {
            a.finish(0)?;
            step(it, &x, if id == OpId::NnFunctionalSigmoid { OpId::Sigmoid } else { OpId::Tanh }, vec![], vec![], a.span).map(Value::Tensor)
        }
        OpId::NnFunctionalRelu_ => {
            a.finish(0)?;
            step(it, &x, OpId::Relu_, vec![], vec![], a.span).map(Value::Tensor)
        }
        OpId::NnFunctionalGelu => gelu(it, &x, a),
        OpId::NnFunctionalSoftmax | OpId::NnFunctionalLogSoftmax => softmax(it, &x, id, a),
        OpId::NnFunctionalOneHot => {
            let n = a.opt_int(0, "num_classes", -1)?;
            a.finish(1)?;
            kern::one_hot(&it.ctx, &x, n).map(Value::tensor).at(a.span)
        }
        OpId::NnFunctionalPad => pad(it, &x, a),
        OpId::NnFunctionalNormalize => normalize(it, &x, a, op),
        OpId::NnFunctionalLinear => linear(it, &x, a),
        _ => super::functional_loss::call(it, &x, id, a),
    }
}

/// A call without its required arguments: ATen's binding words it for
/// gelu/one_hot/linear/relu_ (its plural is inverted), CPython for F's
/// Python functions.
fn missing_message(name: &str, missing: &[&str]) -> String {
    let n = missing.len();
    if matches!(name, "gelu" | "one_hot" | "linear" | "relu_") {
        let names: Vec<String> = missing.iter().map(|k| format!("\"{k}\"")).collect();
        return format!("{name}() missing {n} required positional argument{}: {}", if n == 1 { "s" } else { "" }, names.join(", "));
    }
    let q: Vec<String> = missing.iter().map(|k| format!("'{k}'")).collect();
    let list = match q.len() {
        1 => q[0].clone(),
        2 => format!("{} and {}", q[0], q[1]),
        _ => format!("{}, and {}", q[..q.len() - 1].join(", "), q[q.len() - 1]),
    };
    format!("{name}() missing {n} required positional argument{}: {list}", if n == 1 { "" } else { "s" })
}

/// A non-tensor input or target, as F's Python code or ATen's binding refuses it.
pub fn not_tensor(name: &str, arg: &str, position: usize, v: &Value, span: Span) -> EvalError {
    let attr = match name {
        "softmax" | "log_softmax" | "sigmoid" | "tanh" => name,
        "normalize" => "norm",
        "mse_loss" => "size",
        _ => "",
    };
    if !attr.is_empty() {
        return EvalError::new(ErrorKind::AttributeError, format!("'{}' object has no attribute '{attr}'", v.type_name()), span);
    }
    let binding = match name {
        "cross_entropy" => "cross_entropy_loss",
        "nll_loss" => "nll_loss_nd",
        n => n,
    };
    EvalError::type_error(format!("{binding}(): argument '{arg}' (position {position}) must be Tensor, not {}", v.type_name()), span)
}

/// A Python argument taken by truth value (`inplace=`).
fn truthy(a: &mut Args, i: usize, k: &str) -> bool {
    match a.get(i, k) {
        None | Some((Value::None, _)) => false,
        Some((Value::Bool(b), _)) => b,
        Some((Value::Int(n), _)) => n != 0,
        Some((Value::Float(f), _)) => f != 0.0,
        Some(_) => true,
    }
}

/// `x.NAME(pos..., kw...)` through the method dispatcher (the node PyTorch's
/// composite records for that step).
pub use super::reorder::step;

/// `t * s` / `t / s` for a C++ scalar `s` (MulBackward1 / DivBackward1,
/// where Python's `t * 2.0` is MulBackward0).
pub fn scalar_step(it: &mut Interp, t: &Rc<Tensor>, mul: bool, s: f64, span: Span) -> EvalResult<Rc<Tensor>> {
    let op = if mul { BinaryOp::Mul } else { BinaryOp::Div };
    let r = binary(&it.ctx, op, Arg::T(t), Arg::S(Scalar::Float(s))).at(span)?;
    let f = BackwardFn::new(move |ctx, _node, g| Ok(vec![Some(binary(ctx, op, Arg::T(g), Arg::S(Scalar::Float(s)))?)]));
    Ok(Rc::new(grad::record(it, if mul { OpId::Mul.node(1) } else { OpId::Div.node(3) }, &[Some(t)], r, f, &[])))
}

/// A string argument.
pub fn opt_str(a: &mut Args, i: usize, k: &str, default: &str) -> EvalResult<String> {
    match a.get(i, k) {
        None => Ok(default.to_string()),
        Some((Value::Str(s), _)) => Ok(s),
        Some((v, s)) => Err(EvalError::type_error(format!("{}(): argument '{k}'{} must be str, not {}", a.name, a.position(s), v.type_name()), s)),
    }
}

/// A float argument (None: `default`).
pub fn opt_float(a: &mut Args, i: usize, k: &str, default: f64) -> EvalResult<f64> {
    match a.get(i, k) {
        None | Some((Value::None, _)) => Ok(default),
        Some((v, s)) => to_number(&v).map(|n| n.as_f64()).ok_or_else(|| EvalError::type_error(format!("{}(): argument '{k}' must be float, not {}", a.name, v.type_name()), s)),
    }
}

fn gelu(it: &mut Interp, x: &Rc<Tensor>, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    // gelu(Tensor input, *, str approximate='none'): keyword only.
    let approx = opt_str(&mut a, usize::MAX, "approximate", "none")?;
    a.finish(0)?;
    let tanh = match approx.as_str() {
        "none" => false,
        "tanh" => true,
        _ => return Err(EvalError::new(ErrorKind::RuntimeError, "approximate argument must be either none or tanh.", span)),
    };
    let r = kern::gelu(&it.ctx, x, tanh).at(span)?;
    let f = BackwardFn::new(move |ctx, node, g| Ok(vec![Some(kern::gelu_backward(ctx, g, &saved_tensor(node, 0)?, tanh)?)]));
    Ok(Value::tensor(grad::record(it, OpId::NnFunctionalGelu.node(0), &[Some(x)], r, f, &[x])))
}

fn silu(it: &mut Interp, x: &Rc<Tensor>, inplace: bool, span: Span) -> EvalResult<Value> {
    let formula = || BackwardFn::new(|ctx, node, g| Ok(vec![Some(kern::silu_backward(ctx, g, &saved_tensor(node, 0)?)?)]));
    if !inplace {
        let r = kern::silu(&it.ctx, x).at(span)?;
        return Ok(Value::tensor(grad::record(it, OpId::NnFunctionalSilu.node(0), &[Some(x)], r, formula(), &[x])));
    }
    grad::check_inplace(it, x, span)?;
    let r = kern::silu(&it.ctx, x).at(span)?;
    let tracked = it.grad_enabled && x.requires_grad();
    let old = tracked.then(|| crate::engine::ops::copy::clone(&it.ctx, x)).transpose().at(span)?;
    crate::engine::ops::copy::copy_into(x, &r).at(span)?;
    if let Some(old) = old {
        grad::rebase_node(it, x, OpId::NnFunctionalSilu.node(0), &[], formula(), &[&old]);
    }
    Ok(Value::Tensor(x.clone()))
}

/// F.softmax(input, dim=None, _stacklevel=3, dtype=None): no dim warns and
/// picks PyTorch's legacy dim (0 for 0-, 1- and 3-dim inputs, else 1).
fn softmax(it: &mut Interp, x: &Rc<Tensor>, id: OpId, mut a: Args) -> EvalResult<Value> {
    let name = id.name().strip_prefix(PREFIX).unwrap_or(id.name());
    let span = a.span;
    let dim = match a.get(0, "dim") {
        None | Some((Value::None, _)) => {
            it.warn(&format!("Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X as an argument."), span);
            Value::Int(if matches!(x.ndim(), 0 | 1 | 3) { 0 } else { 1 })
        }
        Some((v, _)) => v,
    };
    a.get(1, "_stacklevel");
    let dtype = a.get(2, "dtype").map(|v| v.0).unwrap_or(Value::None);
    a.finish(3)?;
    let op = if id == OpId::NnFunctionalSoftmax { OpId::Softmax } else { OpId::LogSoftmax };
    step(it, x, op, vec![dim], vec![("dtype", dtype)], span).map(Value::Tensor)
}

fn pad(it: &mut Interp, x: &Rc<Tensor>, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let (pv, ps) = a.get(0, "pad").ok_or_else(|| a.err("pad() missing required argument 'pad' (pos 2)"))?;
    let pads = seq_ints(&pv).filter(|_| !matches!(pv, Value::Int(_))).ok_or_else(|| EvalError::type_error(format!("pad(): argument 'pad' (position 2) must be tuple of ints, not {}", pv.type_name()), ps))?;
    let mode = opt_str(&mut a, 1, "mode", "constant")?;
    let value = match a.get(2, "value") {
        None | Some((Value::None, _)) => None,
        Some((v, s)) => Some(to_number(&v).ok_or_else(|| EvalError::type_error(format!("pad(): argument 'value' (position 4) must be float, not {}", v.type_name()), s))?),
    };
    a.finish(3)?;
    let rt = |m: String| EvalError::new(ErrorKind::RuntimeError, m, span);
    let mode = match mode.as_str() {
        "constant" => PadMode::Constant,
        "reflect" => PadMode::Reflect,
        "replicate" => PadMode::Replicate,
        "circular" => PadMode::Circular,
        m => return Err(EvalError::new(ErrorKind::NotImplementedError, format!("Unrecognised padding mode {m}"), span)),
    };
    let nd = x.ndim();
    if pads.len() % 2 != 0 {
        return Err(rt("Padding length must be divisible by 2".into()));
    }
    if pads.len() > nd * 2 {
        return Err(rt(format!("Padding length should be less than or equal to two times the input dimension but got padding length {} and input of dimension {nd}", pads.len())));
    }
    let k = pads.len() / 2;
    if mode != PadMode::Constant {
        if value.is_some_and(|v| v.as_f64() != 0.0) {
            return Err(rt(format!("Padding mode \"{}\" doesn't take in value argument", mode.name())));
        }
        if !(1..=3).contains(&k) || !(nd == k + 1 || nd == k + 2) {
            return Err(EvalError::new(
                ErrorKind::NotImplementedError,
                format!(
                    "Padding size {} is not supported for {nd}D input tensor.\nSupported combinations for non-constant padding:\n  - 2D or 3D input: padding size = 2 (pads last dimension)\n  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)",
                    pads.len()
                ),
                span,
            ));
        }
        if x.dtype == crate::engine::DType::Bool && mode != PadMode::Circular {
            let kernel = if mode == PadMode::Reflect { "reflection_pad" } else { "replication_pad" };
            return Err(EvalError::new(ErrorKind::NotImplementedError, format!("\"{kernel}{k}d\" not implemented for 'Bool'"), span));
        }
    }
    let plan = kern::pad_plan(x, &pads, mode).at(span)?;
    let r = kern::pad(&it.ctx, x, &plan, value.unwrap_or(Scalar::Int(0)), "pad").at(span)?;
    // The row lists constant_pad_nd's node, then reflection_pad{1,2,3}d's
    // and replication_pad{1,2,3}d's.
    let node = match mode {
        PadMode::Constant => OpId::NnFunctionalPad.node(0),
        PadMode::Reflect => OpId::NnFunctionalPad.node(k),
        PadMode::Replicate => OpId::NnFunctionalPad.node(3 + k),
        // PyTorch's circular pad writes slices of a new_empty in place.
        PadMode::Circular => crate::eval::registry::nodes::COPY_SLICES,
    };
    let f = BackwardFn::new(move |ctx, _node, g| Ok(vec![Some(kern::pad_backward(ctx, g, &plan)?)]));
    Ok(Value::tensor(grad::record(it, node, &[Some(x)], r, f, &[])))
}

/// normalize(input, p=2.0, dim=1, eps=1e-12, out=None) as F composes it:
/// `input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)`.
fn normalize(it: &mut Interp, x: &Rc<Tensor>, mut a: Args, _op: &str) -> EvalResult<Value> {
    let span = a.span;
    let p = match a.get(0, "p") {
        None => Value::Float(2.0),
        Some((v, _)) => v,
    };
    let dim = match a.get(1, "dim") {
        None => Value::Int(1),
        Some((v, _)) => v,
    };
    let eps = opt_float(&mut a, 2, "eps", 1e-12)?;
    if let Some((v, s)) = a.get(3, "out")
        && !matches!(v, Value::None)
    {
        return Err(EvalError::new(ErrorKind::NotImplementedError, "tsr's normalize() has no out=", s));
    }
    a.finish(4)?;
    let n = step(it, x, OpId::Norm, vec![p, dim], vec![("keepdim", Value::Bool(true))], span)?;
    let c = clamp_min(it, &n, eps, span)?;
    let e = step(it, &c, OpId::ExpandAs, vec![Value::Tensor(x.clone())], vec![], span)?;
    step(it, x, OpId::Div, vec![Value::Tensor(e)], vec![], span).map(Value::Tensor)
}

/// `t.clamp_min(m)` for a float `m` (ClampMinBackward0: the gradient where t >= m).
fn clamp_min(it: &mut Interp, t: &Rc<Tensor>, m: f64, span: Span) -> EvalResult<Rc<Tensor>> {
    let dt = t.dtype;
    let out = crate::engine::ops::pointwise::alloc_like(&it.ctx, t, dt, "clamp_min").at(span)?;
    let vals: Vec<Scalar> = t.to_scalars().into_iter().map(|v| {
        let v = v.as_f64();
        Scalar::Float(if v.is_nan() { v } else { v.max(Scalar::Float(m).cast(dt).as_f64()) })
    }).collect();
    crate::engine::ops::copy::write_values(&out, &vals);
    let f = BackwardFn::new(move |ctx, node, g| {
        let x = saved_tensor(node, 0)?;
        Ok(vec![Some(crate::engine::ops::pointwise::zip_map(ctx, &[g, &x], g.shape(), g.dtype, |r| if r[1] >= m { r[0] } else { 0.0 })?)])
    });
    Ok(Rc::new(grad::record(it, nodes::CLAMP_MIN, &[Some(t)], out, f, &[t])))
}

/// linear(input, weight, bias=None) as ATen's `linear` picks its path:
/// addmm for a 2-D input with bias; for a contiguous input with a 1-D bias
/// (or 3 dims) the input flattened to 2-D, addmm and an `_unsafe_view`
/// back; otherwise `matmul(input, weight.t())` plus the bias.
fn linear(it: &mut Interp, x: &Rc<Tensor>, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let w = match a.get(0, "weight") {
        Some((Value::Tensor(t), _)) => t,
        Some((v, s)) => return Err(EvalError::type_error(format!("linear(): argument 'weight' (position 2) must be Tensor, not {}", v.type_name()), s)),
        None => return Err(a.err("linear() missing required argument 'weight' (pos 2)")),
    };
    let b = match a.get(1, "bias") {
        None | Some((Value::None, _)) => None,
        Some((Value::Tensor(t), _)) => Some(t),
        Some((v, s)) => return Err(EvalError::type_error(format!("linear(): argument 'bias' (position 3) must be Tensor, not {}", v.type_name()), s)),
    };
    a.finish(2)?;
    let wt = step(it, &w, OpId::T, vec![], vec![], span)?;
    let nd = x.ndim();
    let Some(b) = b else {
        return step(it, x, OpId::Matmul, vec![Value::Tensor(wt)], vec![], span).map(Value::Tensor);
    };
    if nd == 2 {
        return step(it, &b, OpId::Addmm, vec![Value::Tensor(x.clone()), Value::Tensor(wt)], vec![], span).map(Value::Tensor);
    }
    if nd >= 1 && x.is_contiguous() && (nd == 3 || b.ndim() == 1) {
        let shape = x.shape();
        let lead: usize = shape[..nd - 1].iter().product();
        let flat = step(it, x, OpId::Reshape, vec![Value::Int(lead as i64), Value::Int(shape[nd - 1] as i64)], vec![], span)?;
        let r = step(it, &b, OpId::Addmm, vec![Value::Tensor(flat), Value::Tensor(wt)], vec![], span)?;
        let mut out: Vec<i64> = shape[..nd - 1].iter().map(|&d| d as i64).collect();
        out.push(r.shape()[1] as i64);
        let v = r.view_as_layout(layout::view(r.layout(), &out).at(span)?, "_unsafe_view");
        let f = Formula::Reshape { shape: r.shape().to_vec() };
        return Ok(Value::tensor(grad::record(it, nodes::UNSAFE_VIEW, &[Some(&r)], v, f, &[])));
    }
    let m = step(it, x, OpId::Matmul, vec![Value::Tensor(wt)], vec![], span)?;
    step(it, &m, OpId::Add, vec![Value::Tensor(b)], vec![], span).map(Value::Tensor)
}

/// `reduction=` (with the legacy `size_average`/`reduce` and their warning).
pub fn reduction(it: &mut Interp, a: &mut Args, size_average: usize, reduce: usize, red: usize) -> EvalResult<kern::Reduction> {
    let s = reduction_name(it, a, size_average, reduce, red)?;
    parse_reduction(&s, a.span)
}

/// ATen's `get_enum`: the reduction a name means.
pub fn parse_reduction(s: &str, span: Span) -> EvalResult<kern::Reduction> {
    kern::Reduction::parse(s).ok_or_else(|| EvalError::new(ErrorKind::ValueError, format!("{s} is not a valid value for reduction"), span))
}

/// The `reduction=` name, or the one `size_average`/`reduce` mean.
pub fn reduction_name(it: &mut Interp, a: &mut Args, size_average: usize, reduce: usize, red: usize) -> EvalResult<String> {
    let flag = |a: &mut Args, i: usize, k: &str| -> EvalResult<Option<bool>> {
        match a.get(i, k) {
            None | Some((Value::None, _)) => Ok(None),
            Some((Value::Bool(b), _)) => Ok(Some(b)),
            Some((v, _)) => Ok(Some(to_int(&v).map(|i| i != 0).unwrap_or(true))),
        }
    };
    let sa = flag(a, size_average, "size_average")?;
    let re = flag(a, reduce, "reduce")?;
    let s = opt_str(a, red, "reduction", "mean")?;
    Ok(if sa.is_some() || re.is_some() {
        let s = if !re.unwrap_or(true) { "none" } else if sa.unwrap_or(true) { "mean" } else { "sum" };
        it.warn(&format!("size_average and reduce args will be deprecated, please use reduction='{s}' instead."), a.span);
        s.to_string()
    } else {
        s
    })
}
