//! `out=` for every torch function whose registry row has an `out`
//! parameter and whose family does not write `out` itself: the op runs as
//! usual, then its result goes into `out` as PyTorch's `resize_output` and
//! copy do. An `out` of another shape is resized in place (with PyTorch's
//! deprecation warning when it had elements), taking the result's strides
//! as a structured kernel gives them; a result of another dtype is cast
//! into `out` when PyTorch's casting rule allows; `out` itself is returned.

use std::rc::Rc;

use crate::engine::layout::Layout;
use crate::engine::ops::promote::{can_cast, scalar_type_name};
use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::args::Args;
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

/// PyTorch's warning when an `out` with elements is resized.
fn resized_warning(from: &[usize], to: &[usize]) -> String {
    format!(
        "An output with one or more elements was resized since it had shape {}, which does not match the required output shape {}. This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)",
        crate::engine::error::fmt_list(from),
        crate::engine::error::fmt_list(to)
    )
}

/// Families that take `out=` themselves (their own dtype rules).
fn family_writes_out(name: &str) -> bool {
    use super::ext::{bitwise, math, math_more, softmax};
    let fams: [&super::ext::Family; 4] = [&math::FAMILY, &math_more::FAMILY, &bitwise::FAMILY, &softmax::FAMILY];
    fams.iter().any(|f| f.functions.contains(&name) || f.methods.contains(&name)) || matches!(name, "triu" | "tril" | "nn.functional.normalize")
}

/// Takes `out=` off a call to `name` when this module is to write it: the
/// row has an `out` parameter and the op's family does not take it.
pub fn take(name: &str, a: &mut Args) -> Option<(Value, Span)> {
    if !a.kw.iter().any(|(k, _, _)| k == "out") || family_writes_out(name) {
        return None;
    }
    let row = super::registry::function(name)?;
    if !row.overloads().any(|l| l.contains("Tensor(a!) out")) {
        return None;
    }
    let out = match a.take_kw("out") {
        Some((Value::None, _)) => return None,
        other => other,
    };
    // A factory makes `out`'s dtype unless told another (`zeros(2, out=l)`).
    if let Some((Value::Tensor(o), s)) = &out
        && row.class == super::registry::Class::Factory
        && !a.kw.iter().any(|(k, _, _)| k == "dtype")
    {
        a.kw.push(("dtype".into(), Value::DType(o.dtype), *s));
    }
    out
}

/// Writes the call's result `v` into `out` and returns `out`.
pub fn write(it: &mut Interp, name: &str, inputs: &[Value], v: Value, out: (Value, Span), span: Span) -> EvalResult<Value> {
    let (Value::Tensor(o), os) = out else {
        return Err(EvalError::type_error(format!("{name}(): argument 'out' must be Tensor, not {}", out.0.type_name()), out.1));
    };
    let Value::Tensor(r) = v else {
        return Err(EvalError::new(ErrorKind::NotImplementedError, format!("tsr: {name}(out=...) of a result that is not one tensor is not supported"), os));
    };
    let tracked = inputs.iter().any(|v| match v {
        Value::Tensor(t) => t.requires_grad(),
        Value::List(l) => l.borrow().iter().any(|x| matches!(x, Value::Tensor(t) if t.requires_grad())),
        Value::Tuple(xs) => xs.iter().any(|x| matches!(x, Value::Tensor(t) if t.requires_grad())),
        _ => false,
    });
    if it.grad_enabled && (tracked || o.requires_grad()) {
        return Err(EvalError::new(
            ErrorKind::RuntimeError,
            format!("{name}(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad."),
            span,
        ));
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
