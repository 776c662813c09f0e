//! The autograd attributes of a tensor that PyTorch checks or warns about:
//! `.grad` (PyTorch's `UserWarning` on a non-leaf that does not retain its
//! gradient), `.grad = g` (PyTorch's type, dtype, device and size checks),
//! `.grad_fn` and `.is_leaf` (which refuse an output of a multi-output view
//! whose base changed in place), and `.output_nr`.

use std::rc::Rc;

use crate::engine::autograd::{meta, retain, Formula, Grad};
use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::Value;

/// The attributes this module answers (`None` for any other name).
pub fn read(it: &mut Interp, t: &Rc<Tensor>, name: &str, span: Span) -> EvalResult<Option<Value>> {
    Ok(Some(match name {
        "grad_fn" => match valid_state(t, span)? {
            Some(Grad::Node(n)) => Value::GradFn(n),
            _ => Value::None,
        },
        "is_leaf" => Value::Bool(!matches!(valid_state(t, span)?, Some(Grad::Node(_)))),
        "grad" => {
            let g = retain::grad_of(t);
            if g.is_none() && matches!(t.grad_state(), Some(Grad::Node(_))) && !retain::retains_grad(t) {
                it.warn(super::super::warnings::NON_LEAF_GRAD, span);
            }
            g.map(Value::tensor).unwrap_or(Value::None)
        }
        "output_nr" => Value::Int(match &*t.autograd.borrow() {
            Some(Grad::Shared(m)) if matches!(&*m.state.borrow(), Some(Grad::Node(_))) => m.output_nr.get() as i64,
            _ => 0,
        }),
        _ => return Ok(None),
    }))
}

/// `t`'s state, or PyTorch's error when it is an output of a multi-output
/// view whose base changed in place.
fn valid_state(t: &Tensor, span: Span) -> EvalResult<Option<Grad>> {
    let state = t.grad_state();
    if let Some(Grad::Node(n)) = &state
        && let Formula::InvalidView { op, nr } = &n.formula
    {
        return Err(EvalError::new(ErrorKind::RuntimeError, meta::invalid_view_message(op, *nr), span));
    }
    Ok(state)
}

/// Fails when the value (a tensor, or tensors in a container) is such an output.
pub fn check_valid(v: &Value, span: Span) -> EvalResult<()> {
    match v {
        Value::Tensor(t) => valid_state(t, span).map(|_| ()),
        Value::Tuple(xs) => xs.iter().try_for_each(|x| check_valid(x, span)),
        Value::List(xs) => xs.borrow().iter().try_for_each(|x| check_valid(x, span)),
        Value::NamedTuple(_, fs) => fs.iter().try_for_each(|(_, x)| check_valid(x, span)),
        _ => Ok(()),
    }
}

/// The error of an op that linked to such an output since the last check.
pub fn check_invalid_use(span: Span) -> EvalResult<()> {
    match meta::take_invalid_use() {
        Some(msg) => Err(EvalError::new(ErrorKind::RuntimeError, msg, span)),
        None => Ok(()),
    }
}


/// `t.grad = g`, with PyTorch's checks in its order: not the tensor itself,
/// the same dtype (its `grad_dtype`), the same device type, the same size.
pub fn set_grad(t: &Rc<Tensor>, g: Option<Rc<Tensor>>, span: Span) -> EvalResult<()> {
    let err = |msg: String| EvalError::new(ErrorKind::RuntimeError, msg, span);
    if let Some(g) = &g {
        if Rc::ptr_eq(t, g) {
            return Err(err("can't assign Variable as its own grad".into()));
        }
        if g.dtype != t.dtype {
            return Err(err(format!(
                "attempting to assign a gradient with dtype '{}' to a tensor with grad_dtype '{}'. The gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). You can set the tensor's grad_dtype attribute with a specific dtype, or None to allow any dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may break downstream systems that assume they match.",
                crate::engine::ops::promote::type_meta_name(g.dtype),
                t.dtype.legacy_name().trim_end_matches("Tensor")
            ))
            .with_hint(format!("convert it first: g.to({})", t.dtype.name())));
        }
        let kind = |t: &Tensor| if t.device().is_cuda() { "cuda" } else { "cpu" };
        if kind(g) != kind(t) {
            return Err(err(format!(
                "attempting to assign a gradient with device type '{}' to a tensor with device type '{}'. Please ensure that the gradient and the tensor are on the same device",
                kind(g),
                kind(t)
            ))
            .with_hint(format!("move it first: g.{}()", kind(t))));
        }
        if g.shape() != t.shape() {
            return Err(err(format!(
                "attempting to assign a gradient of size '{}' to a tensor of size '{}'. Please ensure that the gradient and the tensor are the same size",
                crate::engine::error::fmt_list(g.shape()),
                crate::engine::error::fmt_list(t.shape())
            )));
        }
    }
    retain::set_grad(t, g.map(|g| (*g).clone()));
    Ok(())
}
