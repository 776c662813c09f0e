//! `torch.autograd.grad(outputs, inputs, grad_outputs=None, ...)`: the
//! gradients of one output with respect to the inputs, computed by the same
//! walk as `backward()` but returned as a tuple, with no `.grad` changed
//! (`engine/autograd/backward.rs`'s `Capture`).

use std::rc::Rc;

use crate::engine::autograd::backward::Capture;
use crate::engine::{ErrorKind, Tensor};

use super::super::args::Args;
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::Value;

/// The tensors of a Tensor-or-sequence argument.
fn tensors(v: &Value, what: &str, span: crate::lang::span::Span) -> EvalResult<Vec<Rc<Tensor>>> {
    let items = match v {
        Value::Tensor(t) => return Ok(vec![t.clone()]),
        Value::Tuple(xs) => xs.clone(),
        Value::List(xs) => xs.borrow().clone(),
        other => return Err(EvalError::type_error(format!("grad(): argument '{what}' must be tuple of Tensors, not {}", other.type_name()), span)),
    };
    items
        .into_iter()
        .map(|x| match x {
            Value::Tensor(t) => Ok(t),
            other => Err(EvalError::type_error(format!("grad(): argument '{what}' must be tuple of Tensors, not {}", other.type_name()), span)),
        })
        .collect()
}

pub fn grad(it: &mut Interp, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let (ov, os) = a.get(0, "outputs").ok_or_else(|| a.err("grad() missing 1 required positional argument: 'outputs'"))?;
    let (iv, is) = a.get(1, "inputs").ok_or_else(|| a.err("grad() missing 1 required positional argument: 'inputs'"))?;
    let grad_outputs = match a.get(2, "grad_outputs") {
        None | Some((Value::None, _)) => None,
        Some((v, s)) => Some(tensors(&v, "grad_outputs", s)?),
    };
    let create_graph = a.opt_bool(4, "create_graph", false)?;
    let retain = match a.get(3, "retain_graph") {
        None | Some((Value::None, _)) => create_graph,
        Some((Value::Bool(b), _)) => b,
        Some((v, s)) => return Err(EvalError::type_error(format!("grad(): argument 'retain_graph' must be bool, not {}", v.type_name()), s)),
    };
    a.take_kw("only_inputs");
    let allow_unused = match a.get(6, "allow_unused") {
        None | Some((Value::None, _)) => None,
        Some((Value::Bool(b), _)) => Some(b),
        Some((v, s)) => return Err(EvalError::type_error(format!("grad(): argument 'allow_unused' must be bool, not {}", v.type_name()), s)),
    };
    let materialize = a.opt_bool(8, "materialize_grads", false)?;
    if a.opt_bool(7, "is_grads_batched", false)? {
        return Err(EvalError::new(ErrorKind::NotImplementedError, "tsr's autograd.grad does not batch gradients (is_grads_batched=True)", span));
    }
    a.finish(9)?;
    if create_graph {
        return Err(EvalError::new(ErrorKind::NotImplementedError, "tsr's autograd.grad does not build a graph of the gradients (create_graph=True): tsr's backward formulas are not recorded", span));
    }
    if materialize && allow_unused == Some(false) {
        return Err(EvalError::new(ErrorKind::ValueError, "Expected allow_unused to be True or not passed when materialize_grads=True, but got: allow_unused=False.", span));
    }
    let allow_unused = allow_unused.unwrap_or(materialize);
    let outputs = tensors(&ov, "outputs", os)?;
    let inputs = tensors(&iv, "inputs", is)?;
    if inputs.is_empty() {
        return Err(EvalError::new(ErrorKind::RuntimeError, "grad requires non-empty inputs.", is));
    }
    let [output] = outputs.as_slice() else {
        return Err(EvalError::new(ErrorKind::NotImplementedError, "tsr's autograd.grad takes one output tensor (sum the outputs, or call it once per output)", os));
    };
    let gradient = match grad_outputs.as_deref() {
        None => None,
        Some([g]) => Some((**g).clone()),
        Some(gs) => return Err(EvalError::new(ErrorKind::RuntimeError, format!("grad requires one grad_output per output: got {} grad_outputs for 1 output", gs.len()), span)),
    };
    let refs: Vec<&Tensor> = inputs.iter().map(|t| &**t).collect();
    let mut capture = Capture::new(&refs).at(is)?;
    super::super::hooks::run_backward_capturing(it, output, gradient, retain, span, Some(&mut capture))?;
    let mut out = Vec::with_capacity(inputs.len());
    for (i, (g, t)) in capture.grads.into_iter().zip(&inputs).enumerate() {
        out.push(match g {
            Some(g) => Value::tensor(g),
            None if materialize => Value::tensor(crate::engine::ops::factory::full(&it.ctx, t.device(), t.shape(), crate::engine::Scalar::Float(0.0), t.dtype, "zeros_like").at(span)?),
            None if allow_unused => Value::None,
            None => {
                return Err(EvalError::new(
                    ErrorKind::RuntimeError,
                    format!("The differentiated Tensor at index {i} appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior."),
                    span,
                ))
            }
        });
    }
    Ok(Value::Tuple(out))
}
