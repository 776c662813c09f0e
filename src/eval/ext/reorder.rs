//! The reorder family: copies that move elements to new indices (`flip`,
//! `fliplr`, `flipud`, `roll`, `rot90`), with their backward nodes.

use std::rc::Rc;

use crate::engine::autograd::BackwardFn;
use crate::engine::ops::reorder;
use crate::engine::{EngineError, Tensor};
use crate::lang::span::Span;

use super::super::args::{seq_ints, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::{no_function, Family};

pub const FAMILY: Family = Family {
    functions: &[],
    methods: &["flip", "fliplr", "flipud", "roll", "rot90"],
    function: no_function,
    method,
};

/// An `int[]` argument given as one sequence (or, where `int[1]` allows it,
/// one int), `None` when absent; PyTorch's TypeError otherwise.
fn int_list(a: &mut Args, i: usize, k: &str, one_int: bool) -> EvalResult<Option<Vec<i64>>> {
    let Some((v, s)) = a.get(i, k) else { return Ok(None) };
    match (&v, seq_ints(&v)) {
        (Value::Int(_), _) if !one_int => {}
        (_, Some(xs)) => return Ok(Some(xs)),
        _ => {}
    }
    Err(EvalError::type_error(format!("{}(): argument '{}'{} must be tuple of ints, not {}", a.name, k, a.position(s), v.type_name()), s))
}

fn method(it: &mut Interp, t: &Rc<Tensor>, name: &str, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let span = a.span;
    let ctx = &it.ctx;
    let out = match name {
        "flip" => {
            // The method takes the dims as varargs too (`x.flip(0, 1)`); the function a sequence.
            let dims = if a.pos_base > 0 {
                let d = int_list(&mut a, 0, "dims", false)?;
                a.finish(1)?;
                d.ok_or_else(|| a.err("flip() missing 1 required positional arguments: \"dims\""))?
            } else {
                let d = a.required_sizes(0, "dims")?;
                a.pos.clear();
                a.finish(0)?;
                d
            };
            let out = reorder::flip(ctx, t, &dims).at(span)?;
            record_flip(it, t, out, dims)
        }
        "fliplr" | "flipud" => {
            a.finish(0)?;
            let (need, dim) = if name == "fliplr" { (2, 1) } else { (1, 0) };
            if t.ndim() < need {
                return Err(EngineError::runtime(format!("Input must be >= {need}-d."))).at(span);
            }
            let out = reorder::flip(ctx, t, &[dim]).at(span)?;
            record_flip(it, t, out, vec![dim])
        }
        "roll" => {
            let shifts = int_list(&mut a, 0, "shifts", true)?.ok_or_else(|| a.err("roll() missing 1 required positional arguments: \"shifts\""))?;
            let dims = int_list(&mut a, 1, "dims", true)?.unwrap_or_default();
            a.finish(2)?;
            let out = reorder::roll(ctx, t, &shifts, &dims).at(span)?;
            let back: Vec<i64> = shifts.iter().map(|s| -s).collect();
            grad::record(it, "RollBackward0", &[Some(t)], out, BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder::roll(ctx, g, &back, &dims)?)])), &[])
        }
        "rot90" => {
            let k = a.opt_int(0, "k", 1)?;
            let dims = int_list(&mut a, 1, "dims", false)?.unwrap_or_else(|| vec![0, 1]);
            a.finish(2)?;
            let out = reorder::rot90(ctx, t, k, &dims).at(span)?;
            grad::record(it, "Rot90Backward0", &[Some(t)], out, BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder::rot90(ctx, g, -k, &dims)?)])), &[])
        }
        _ => return Err(a.err(format!("internal: {name} is not a reorder method"))),
    };
    Ok(Value::tensor(out))
}

/// `FlipBackward0`: the gradient flips back over the same dims.
fn record_flip(it: &Interp, t: &Tensor, out: Tensor, dims: Vec<i64>) -> Tensor {
    grad::record(it, "FlipBackward0", &[Some(t)], out, BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder::flip(ctx, g, &dims)?)])), &[])
}
