//! `out=` for every torch function whose registry row has an `out`
//! parameter and whose family does not write `out` itself: the op runs as
//! usual, then its result goes into `out` as PyTorch's `resize_output` and
//! copy do. An `out` of another shape is resized in place (with PyTorch's
//! deprecation warning when it had elements), taking the result's strides
//! as a structured kernel gives them; a result of another dtype is cast
//! into `out` when PyTorch's casting rule allows; `out` itself is returned.

use std::rc::Rc;

use crate::engine::layout::Layout;
use crate::engine::ops::promote::{can_cast, scalar_type_name, type_meta_name};
use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::args::Args;
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;
use crate::engine::DType;
use crate::eval::registry::{OpId, OutMismatch, OutRule};

/// PyTorch's warning when an `out` with elements is resized.
fn resized_warning(from: &[usize], to: &[usize]) -> String {
    format!(
        "An output with one or more elements was resized since it had shape {}, which does not match the required output shape {}. This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)",
        crate::engine::error::fmt_list(from),
        crate::engine::error::fmt_list(to)
    )
}

/// Families that take `out=` themselves (their own dtype rules).
fn family_writes_out(id: OpId) -> bool {
    use super::ext::{bitwise, math, math_more, softmax};
    let fams: [&super::ext::Family; 4] = [&math::FAMILY, &math_more::FAMILY, &bitwise::FAMILY, &softmax::FAMILY];
    fams.iter().any(|f| f.functions.contains(&id) || f.methods.contains(&id)) || matches!(id, OpId::Triu | OpId::Tril | OpId::NnFunctionalNormalize | OpId::Normal)
}

/// Takes `out=` off a call to `name` when this module is to write it: the
/// row has an `out` parameter and the op's family does not take it.
pub fn take(id: OpId, a: &mut Args) -> Option<(Value, Span)> {
    if !a.kw.iter().any(|(k, _, _)| k == "out") || family_writes_out(id) {
        return None;
    }
    let row = id.row();
    let tuple = matches!(a.kw.iter().find(|(k, _, _)| k == "out"), Some((_, Value::Tuple(_) | Value::List(_), _)));
    let marker = if tuple { "Tensor(b!)" } else { "Tensor(a!) out" };
    if !row.overloads().any(|l| !l.starts_with("[method] ") && l.contains(marker)) {
        return None;
    }
    let out = match a.take_kw("out") {
        Some((Value::None, _)) => return None,
        other => other,
    };
    // A factory makes `out`'s dtype unless told another (`zeros(2, out=l)`);
    // so do the reductions and scans whose `dtype=` PyTorch infers from
    // `out` (`sum(x, 0, out=l)` adds in int64; see `OutRule::computes_in`).
    if let Some((Value::Tensor(o), s)) = &out
        && (row.class == super::registry::Class::Factory || row.out.computes_in(o.dtype))
        && !a.kw.iter().any(|(k, _, _)| k == "dtype")
    {
        a.kw.push(("dtype".into(), Value::DType(o.dtype), *s));
    }
    out
}

/// Has the call read its tensor in `out`'s dtype where the row's rule says
/// so ([`OutRule::ReadInFloat`]); run after the inputs are kept for the
/// autograd check, which sees the tensor given.
pub fn read_in(it: &Interp, id: OpId, a: &mut Args, out: &Option<(Value, Span)>) -> EvalResult<()> {
    let (Some((Value::Tensor(o), _)), OutRule::ReadInFloat) = (out, id.row().out) else {
        return Ok(());
    };
    let span = a.span;
    let slot = match a.pos.first_mut() {
        Some((v, _)) => Some(v),
        None => a.kw.iter_mut().find(|(k, _, _)| k == "input").map(|(_, v, _)| v),
    };
    if let Some(slot) = slot
        && let Value::Tensor(t) = &*slot
        && o.dtype.is_floating()
        && t.dtype.is_floating()
        && t.dtype != o.dtype
    {
        let cast = crate::engine::ops::copy::to_dtype(&it.ctx, t, o.dtype).at(span)?.unwrap_or_else(|| (**t).clone());
        *slot = Value::tensor(cast);
    }
    Ok(())
}

/// Writes the call's result `v` into `out` and returns `out`.
pub fn write(it: &mut Interp, id: OpId, inputs: &[Value], v: Value, out: (Value, Span), span: Span) -> EvalResult<Value> {
    let name = id.name();
    if let (Value::Tuple(_) | Value::List(_), Value::NamedTuple(_, fields)) = (&out.0, &v) {
        return write_tuple(it, id, inputs, fields, out, span);
    }
    let (Value::Tensor(o), os) = out else {
        return Err(EvalError::type_error(format!("{name}(): argument 'out' must be Tensor, not {}", out.0.type_name()), out.1));
    };
    if let Value::NamedTuple(..) = v {
        // The argument parser's refusal (`builtins::call_op` gives its text).
        return Err(EvalError::type_error(format!("{name}(): argument 'out' must be tuple of Tensors, not Tensor"), os));
    }
    let Value::Tensor(r) = v else {
        return Err(EvalError::new(ErrorKind::NotImplementedError, format!("tsr: {name}(out=...) of a result that is not one tensor is not supported"), os));
    };
    // An integral or bool result is never differentiable: PyTorch makes no
    // autograd check (`argmax(s, out=l)` of an `s` that requires grad).
    if r.dtype.is_floating() {
        // The kernel that writes `out` names itself (`torch.norm` is `linalg.vector_norm`).
        let kernel = if id == OpId::Norm { "linalg_vector_norm" } else { name };
        no_autograd(it, kernel, inputs, &[&o], span)?;
    }
    let input = inputs.iter().find_map(|v| match v {
        Value::Tensor(t) => Some(t.dtype),
        _ => None,
    });
    match id.row().out {
        OutRule::Exact(m) if o.dtype != r.dtype => {
            return Err(EvalError::new(ErrorKind::RuntimeError, mismatch(m, name, r.dtype, o.dtype, input.unwrap_or(r.dtype)), span));
        }
        OutRule::ComputeInFloat if !o.dtype.is_floating() && input.is_some_and(|d| d.is_floating()) => {
            return Err(EvalError::new(ErrorKind::NotImplementedError, format!("\"{name}_cpu\" not implemented for '{}'", scalar_type_name(o.dtype)), span));
        }
        OutRule::CatCast if o.dtype != r.dtype && !can_cast(r.dtype, o.dtype) => {
            return Err(EvalError::type_error(format!("torch.cat(): input types can't be cast to the desired output type {}", scalar_type_name(o.dtype)), span));
        }
        _ => {}
    }
    if o.dtype != r.dtype && !can_cast(r.dtype, o.dtype) {
        return Err(EvalError::new(
            ErrorKind::RuntimeError,
            format!("result type {} can't be cast to the desired output type {}", scalar_type_name(r.dtype), scalar_type_name(o.dtype)),
            span,
        ));
    }
    if o.device() != r.device() {
        return Err(EvalError::new(ErrorKind::RuntimeError, format!("Expected out tensor to be on {} but got {}", r.device(), o.device()), span));
    }
    resize_for(it, &o, &r, span)?;
    crate::engine::ops::copy::copy_into(&o, &r).at(span)?;
    Ok(Value::Tensor(o))
}

/// PyTorch's refusal of an `out` of dtype `o` for a result of dtype `r`
/// (`input`: the first tensor argument's), in the op kernel's own words.
fn mismatch(m: OutMismatch, name: &str, r: DType, o: DType, input: DType) -> String {
    let (rn, on) = (scalar_type_name(r), scalar_type_name(o));
    match m {
        // The tuple rules (`tuple_mismatch`) never reach a one-tensor `out`.
        OutMismatch::OutTensor | OutMismatch::Median | OutMismatch::Kthvalue | OutMismatch::Mode => format!("Expected out tensor to have dtype {}, but got {} instead", type_meta_name(r), type_meta_name(o)),
        OutMismatch::SelfMat2 => format!("self and mat2 must have the same dtype, but got {on} and {rn}"),
        OutMismatch::SelfResult => format!("{name}(): self and result must have the same scalar type"),
        OutMismatch::OutType => format!("Expected out type to be {rn} but got {on}"),
        OutMismatch::InputAndOut => format!("Expected the dtype for input and out to match, but got {} for input's dtype and {on} for out's dtype.", scalar_type_name(input)),
        OutMismatch::ResultDtype => format!("result dtype {on} does not match input dtype {}", scalar_type_name(input)),
        OutMismatch::Found => format!("Found dtype {on} but expected {rn}"),
        OutMismatch::Nonzero => format!("nonzero: Expected out tensor to have scalar type {rn} but got scalar type{on}"),
        OutMismatch::Tensordot => format!("tensordot: Expected the output tensor to have dtype {rn}, but got an output tensor with dtype {on}"),
        OutMismatch::ScalarType => format!("expected scalar_type {rn} but found {on}"),
        OutMismatch::Take => format!("take(): self and out expected to have the same dtype, but got self.dtype = {} and out.dtype = {on}", scalar_type_name(input)),
        OutMismatch::Searchsorted => format!(
            "torch.searchsorted(): output tensor's dtype is wrong, it can only be Int(int32) or Long(int64) depending on whether out_int32 flag is True, but we got output tensor's dtype {on} and out_int32 flag is {}",
            if r == DType::Int32 { "True" } else { "False" }
        ),
        OutMismatch::Histogram => format!("torch.histogram: input tensor and hist tensor should have the same dtype, but got input {} and hist {}", type_meta_name(input), type_meta_name(o)),
    }
}

/// `out=` refused under autograd (PyTorch's message).
fn no_autograd(it: &Interp, name: &str, inputs: &[Value], outs: &[&Rc<Tensor>], span: Span) -> EvalResult<()> {
    let tracked = inputs.iter().any(|v| match v {
        Value::Tensor(t) => t.requires_grad(),
        Value::List(l) => l.borrow().iter().any(|x| matches!(x, Value::Tensor(t) if t.requires_grad())),
        Value::Tuple(xs) => xs.iter().any(|x| matches!(x, Value::Tensor(t) if t.requires_grad())),
        _ => false,
    });
    if it.grad_enabled && (tracked || outs.iter().any(|o| o.requires_grad())) {
        return Err(EvalError::new(
            ErrorKind::RuntimeError,
            format!("{name}(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad."),
            span,
        ));
    }
    Ok(())
}

/// `out=(values, indices)` of an op returning `torch.return_types.NAME`:
/// each result goes into its `out` tensor, which must have the result's
/// exact dtype (a structured kernel's check, unlike a single `out`'s
/// cast), and the `out` tensors come back as `torch.return_types.NAME_out`.
fn write_tuple(it: &mut Interp, id: OpId, inputs: &[Value], fields: &[(&'static str, Value)], out: (Value, Span), span: Span) -> EvalResult<Value> {
    let name = id.name();
    let (items, os) = match out {
        (Value::Tuple(xs), s) => (xs, s),
        (Value::List(l), s) => (l.borrow().clone(), s),
        (_, s) => return Err(EvalError::type_error(format!("{name}(): argument 'out' must be tuple of Tensors"), s)),
    };
    if items.len() != fields.len() {
        return Err(EvalError::type_error(format!("expected tuple of {} elements but got {}", fields.len(), items.len()), os));
    }
    let mut outs = vec![];
    for (i, v) in items.iter().enumerate() {
        match v {
            Value::Tensor(t) => outs.push(t.clone()),
            other => return Err(EvalError::type_error(format!("expected Tensor as element {i} in argument {}, but got {}", out_position(id), other.type_name()), os)),
        }
    }
    no_autograd(it, name, inputs, &outs.iter().collect::<Vec<_>>(), span)?;
    if let (OutRule::Exact(m), [values, indices], [(_, Value::Tensor(r)), _]) = (id.row().out, &outs[..], fields)
        && let Some(msg) = tuple_mismatch(m, r.dtype, values.dtype, indices.dtype)
    {
        return Err(EvalError::new(ErrorKind::RuntimeError, msg, span));
    }
    let mut results = vec![];
    for ((_, r), o) in fields.iter().zip(&outs) {
        let Value::Tensor(r) = r else { return Err(EvalError::new(ErrorKind::RuntimeError, format!("internal: {name} gave no tensor"), span)) };
        if o.dtype != r.dtype {
            let (want, got) = (type_meta_name(r.dtype), type_meta_name(o.dtype));
            return Err(EvalError::new(ErrorKind::RuntimeError, format!("Expected out tensor to have dtype {want}, but got {got} instead"), span));
        }
        if o.device() != r.device() {
            return Err(EvalError::new(ErrorKind::RuntimeError, format!("Expected out tensor to be on {} but got {}", r.device(), o.device()), span));
        }
        results.push(r.clone());
    }
    for (o, r) in outs.iter().zip(&results) {
        resize_for(it, o, r, span)?;
        crate::engine::ops::copy::copy_into(o, r).at(span)?;
    }
    let kind = out_kind(id);
    Ok(Value::NamedTuple(kind, fields.iter().zip(outs).map(|((f, _), o)| (*f, Value::Tensor(o))).collect()))
}

/// The refusal of a `(values, indices)` tuple whose dtypes are not the
/// values' `want` and int64, in the kernel's words and checking order;
/// `None` for the structured kernels' check that follows.
fn tuple_mismatch(m: OutMismatch, want: DType, values: DType, indices: DType) -> Option<String> {
    let bad_values = values != want;
    let bad_indices = indices != DType::Int64;
    let name = scalar_type_name;
    match m {
        OutMismatch::ScalarType if bad_values => Some(format!("expected scalar_type {} but found {}", name(want), name(values))),
        OutMismatch::ScalarType if bad_indices => Some(format!("expected scalar_type Long but found {}", name(indices))),
        OutMismatch::Median if bad_indices => Some(format!(
            "Expected tensor for argument #1 'indices' to have scalar type Long; but got torch.{} instead (while checking arguments for median)",
            indices.legacy_name()
        )),
        OutMismatch::Median if bad_values => Some(format!(
            "Expected tensor for 'values' to have the same type as tensor for argument #2 'self'; but type torch.{} does not equal torch.{} (while checking arguments for median)",
            values.legacy_name(),
            want.legacy_name()
        )),
        OutMismatch::Kthvalue if bad_values => Some("output values must be of same type as input".into()),
        OutMismatch::Kthvalue if bad_indices => Some("output indices must be of scalar type Long".into()),
        OutMismatch::Mode if bad_values => Some(format!("expected scalar type '{}' but got '{}' for values output", name(want), name(values))),
        OutMismatch::Mode if bad_indices => Some(format!("expected scalar type 'Long' but got '{}' for indices output", name(indices))),
        _ => None,
    }
}

/// Where `out` is among the Python signature's parameters (PyTorch counts
/// from 0), in the last overload that takes an `out` tuple.
fn out_position(id: OpId) -> usize {
    let Some(line) = id.row().overloads().filter(|l| l.contains("Tensor(b!)")).last() else { return 0 };
    let params = line.split_once('(').map(|(_, p)| p).unwrap_or("");
    let params = params.split(") -> ").next().unwrap_or(params);
    params.split(", ").filter(|p| *p != "*").position(|p| p.contains("(a!)")).unwrap_or(0)
}

/// `sort_out`, `max_out`, …: the type PyTorch returns for `out=` tuples
/// (one interned name per op, made once).
fn out_kind(id: OpId) -> &'static str {
    thread_local! {
        static KINDS: std::cell::RefCell<std::collections::HashMap<OpId, &'static str>> = Default::default();
    }
    KINDS.with(|k| *k.borrow_mut().entry(id).or_insert_with(|| Box::leak(format!("{}_out", id.name()).into_boxed_str())))
}

/// PyTorch's `resize_output`: an `out` of another shape than the result
/// takes the result's shape and strides (warning when it had elements).
pub fn resize_for(it: &mut Interp, o: &Rc<Tensor>, r: &Tensor, span: Span) -> EvalResult<()> {
    if o.shape() != r.shape() {
        if o.numel() > 0 {
            it.warn(&resized_warning(o.shape(), r.shape()), span);
        }
        resize_like(it, o, r).at(span)?;
    }
    Ok(())
}

/// PyTorch's `resize_output` to `shape` (contiguous strides when it
/// changes), for the ops that write `out` in place (`normal`).
pub fn resize_output(it: &mut Interp, o: &Rc<Tensor>, shape: &[usize], span: Span) -> EvalResult<()> {
    if o.shape() == shape {
        return Ok(());
    }
    if o.numel() > 0 {
        it.warn(&resized_warning(o.shape(), shape), span);
    }
    let like = Layout::contiguous(shape);
    let offset = o.layout().offset;
    let needed = (offset + like.numel()) * o.dtype.size();
    if like.numel() > 0 {
        o.storage.grow(&it.ctx, needed).at(span)?;
    }
    o.header.set(Layout { offset, ..like }).at(span)?;
    Ok(())
}

/// `out.resize_(r.shape)` then `as_strided_` to the result's strides, at
/// out's own offset (a structured kernel's `resize_out`).
fn resize_like(it: &Interp, o: &Rc<Tensor>, r: &Tensor) -> crate::engine::error::Result<()> {
    let offset = o.layout().offset;
    let hi = r.layout().footprint().map(|(_, hi)| hi + 1).unwrap_or(0);
    let needed = (offset + hi) * o.dtype.size();
    if r.numel() > 0 {
        o.storage.grow(&it.ctx, needed)?;
    }
    o.header.set(Layout { shape: r.shape().to_vec(), stride: r.stride().to_vec(), offset })?;
    Ok(())
}
