//! `x.register_hook(fn)` and the `RemovableHandle` it returns. The engine
//! keeps hook ids on the leaf or node (`engine/autograd/hooks.rs`); the
//! functions live here, in the session, and backward runs them through the
//! runner below: with grad mode off, as PyTorch's engine does, a returned
//! tensor replacing the gradient, `None` keeping it.

use std::rc::Rc;

use crate::engine::autograd::{backward, hooks};
use crate::engine::{EngineError, ErrorKind, Tensor};
use crate::lang::span::Span;

use super::args::Args;
use super::error::{EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

/// `torch.utils.hooks.RemovableHandle`.
#[derive(Debug)]
pub struct HookHandle {
    pub id: u64,
}

/// `x.register_hook(hook)`.
pub fn register(it: &mut Interp, t: &Rc<Tensor>, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let Some((f, _)) = a.get(0, "hook") else {
        return Err(a.err("Tensor.register_hook() missing 1 required positional argument: 'hook'"));
    };
    a.finish(1)?;
    let id = it.hooks.len() as u64;
    hooks::register(t, id).map_err(|e| EvalError::from_engine(e, span))?;
    it.hooks.push(Some(f));
    Ok(Value::Hook(Rc::new(HookHandle { id })))
}

/// `h.remove()`: the hook no longer runs (removing twice is fine).
pub fn handle_method(it: &mut Interp, h: &HookHandle, name: &str, pos: &[Value], span: Span) -> EvalResult<Value> {
    match name {
        "remove" if pos.is_empty() => {
            if let Some(slot) = it.hooks.get_mut(h.id as usize) {
                *slot = None;
            }
            Ok(Value::None)
        }
        "remove" => Err(EvalError::type_error(format!("RemovableHandle.remove() takes 1 positional argument but {} were given", pos.len() + 1), span)),
        _ => Err(EvalError::new(ErrorKind::AttributeError, format!("'RemovableHandle' object has no attribute '{name}'"), span)),
    }
}

/// Backward from `t`, running the session's hooks; an exception raised in
/// a hook comes out of `backward()` as it is.
pub fn run_backward(it: &mut Interp, t: &Tensor, gradient: Option<Tensor>, retain: bool, span: Span) -> EvalResult<()> {
    run_backward_capturing(it, t, gradient, retain, span, None)
}

/// [`run_backward`] for `torch.autograd.grad`: the gradients reaching
/// `capture`'s inputs are kept there, no `.grad` changes.
pub fn run_backward_capturing(it: &mut Interp, t: &Tensor, gradient: Option<Tensor>, retain: bool, span: Span, capture: Option<&mut backward::Capture>) -> EvalResult<()> {
    let ctx = it.ctx.clone();
    let mut raised: Option<EvalError> = None;
    let r = backward::backward(
        &ctx,
        t,
        gradient,
        retain,
        &mut |id, g| {
            run(it, id, g, span).map_err(|e| {
                raised = Some(e);
                EngineError::runtime("a hook raised")
            })
        },
        capture,
    );
    match (r, raised) {
        (Err(_), Some(e)) => Err(e),
        (Err(e), None) => Err(super::grad::backward_error(e, span)),
        (Ok(()), _) => Ok(()),
    }
}

fn run(it: &mut Interp, id: u64, g: &Tensor, span: Span) -> EvalResult<Option<Tensor>> {
    let Some(Some(f)) = it.hooks.get(id as usize).cloned() else { return Ok(None) };
    let name = match &f {
        Value::Func(c) => c.def.name.clone(),
        other => other.type_name().to_string(),
    };
    let was = std::mem::replace(&mut it.grad_enabled, false);
    let r = it.call_value_args(f, vec![Value::tensor(g.clone())], vec![], span);
    it.grad_enabled = was;
    match r? {
        Value::None => Ok(None),
        Value::Tensor(n) if n.shape() != g.shape() => Err(EvalError::new(ErrorKind::RuntimeError, format!("hook '{name}' has changed the size of value"), span)),
        Value::Tensor(n) if n.dtype != g.dtype => Err(EvalError::new(ErrorKind::RuntimeError, format!("hook '{name}' has changed the type of value (was torch.{} got torch.{})", g.dtype.legacy_name(), n.dtype.legacy_name()), span)),
        Value::Tensor(n) => Ok(Some((*n).clone())),
        other => Err(EvalError::type_error(format!("expected Variable, but hook returned '{}'", other.type_name()), span)),
    }
}
