//! The reorder family: copies that move elements to new indices (`flip`,
//! `fliplr`, `flipud`, `roll`, `rot90`, `repeat`, `tile`), broadcasting
//! views (`broadcast_to`, `broadcast_tensors`) and `broadcast_shapes`,
//! with their backward nodes.

use std::rc::Rc;

use crate::engine::autograd::BackwardFn;
use crate::engine::error::fmt_list;
use crate::engine::layout;
use crate::engine::ops::{iter_layout, reorder};
use crate::engine::{EngineError, Tensor};
use crate::lang::span::Span;

use super::super::args::{seq_ints, to_int, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;

pub const FAMILY: Family = Family {
    functions: &["broadcast_tensors", "broadcast_shapes"],
    methods: &["flip", "fliplr", "flipud", "roll", "rot90", "repeat", "tile", "broadcast_to"],
    function,
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
            let dims = varargs(&mut a, "dims")?;
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
        "repeat" | "tile" => {
            let mut reps = varargs(&mut a, if name == "repeat" { "repeats" } else { "dims" })?;
            // tile pads its dims with leading 1s up to self's rank, then repeats.
            if name == "tile" && reps.len() < t.ndim() {
                reps.splice(0..0, std::iter::repeat_n(1, t.ndim() - reps.len()));
            }
            let out = reorder::repeat(ctx, t, &reps).at(span)?;
            let shape = t.shape().to_vec();
            let f = BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder::repeat_backward(ctx, g, &shape, &reps)?)]));
            grad::record(it, "RepeatBackward0", &[Some(t)], out, f, &[])
        }
        "broadcast_to" => {
            let size = varargs(&mut a, "size")?;
            let l = layout::expand(&t.layout, &size, t.dtype.legacy_name()).at(span)?;
            grad::record_view(it, "ExpandBackward0", t, t.view_as_layout(l, "broadcast_to()"))
        }
        _ => return Err(a.err(format!("internal: {name} is not a reorder method"))),
    };
    Ok(Value::tensor(out))
}

/// `FlipBackward0`: the gradient flips back over the same dims.
fn record_flip(it: &Interp, t: &Tensor, out: Tensor, dims: Vec<i64>) -> Tensor {
    grad::record(it, "FlipBackward0", &[Some(t)], out, BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder::flip(ctx, g, &dims)?)])), &[])
}

/// An `int[]` that the method also takes as varargs (`x.flip(0, 1)`) and
/// the function form only as one sequence (`torch.flip(x, (0, 1))`).
fn varargs(a: &mut Args, k: &str) -> EvalResult<Vec<i64>> {
    if a.pos_base == 0 {
        let d = a.required_sizes(0, k)?;
        a.pos.clear();
        a.finish(0)?;
        return Ok(d);
    }
    if a.pos.len() > 1 {
        return Err(a.err(format!("{}() takes {} positional arguments but {} were given", a.name, 1 + a.pos_base, a.pos.len() + a.pos_base)));
    }
    let d = int_list(a, 0, k, false)?;
    a.finish(1)?;
    d.ok_or_else(|| a.err(format!("{}() missing 1 required positional arguments: \"{k}\"", a.name)))
}

fn function(it: &mut Interp, name: &str, a: Args, _op: &str) -> EvalResult<Value> {
    let span = a.span;
    a.finish(a.pos.len())?;
    match name {
        "broadcast_tensors" => {
            let mut ts = vec![];
            for (i, (v, s)) in a.pos.iter().enumerate() {
                match v {
                    Value::Tensor(t) => ts.push(t.clone()),
                    v => return Err(EvalError::type_error(format!("expected Tensor as element {i} in argument 0, but got {}", v.type_name()), *s)),
                }
            }
            let mut shape: Vec<usize> = vec![];
            for t in &ts {
                shape = iter_layout::broadcast_shapes(&shape, t.shape()).at(span)?;
            }
            let sizes: Vec<i64> = shape.iter().map(|&x| x as i64).collect();
            let mut out = vec![];
            for t in &ts {
                // A tensor already of the common shape comes back as itself.
                if t.shape() == shape.as_slice() {
                    out.push(Value::Tensor(t.clone()));
                    continue;
                }
                let l = layout::expand(&t.layout, &sizes, t.dtype.legacy_name()).at(span)?;
                out.push(Value::tensor(grad::record_view(it, "ExpandBackward0", t, t.view_as_layout(l, "broadcast_tensors()"))));
            }
            Ok(Value::Tuple(out))
        }
        "broadcast_shapes" => broadcast_shapes(&a),
        _ => Err(a.err(format!("internal: {name} is not a reorder function"))),
    }
}

/// `torch.broadcast_shapes(*shapes)`, as `torch._refs._broadcast_shapes` computes it.
fn broadcast_shapes(a: &Args) -> EvalResult<Value> {
    let mut shapes: Vec<(Vec<i64>, String, Span)> = vec![];
    for (v, s) in &a.pos {
        let items: Vec<Value> = match v {
            Value::None => continue,
            Value::Int(i) => {
                shapes.push((vec![*i], format!("({i},)"), *s));
                continue;
            }
            Value::Tuple(xs) => xs.clone(),
            Value::List(xs) => xs.borrow().clone(),
            Value::Size(xs) => xs.iter().map(|&x| Value::Int(x as i64)).collect(),
            other => {
                let msg = format!("Input shapes should be of type ints, a tuple of ints, or a list of ints, got {}", super::super::py::repr::repr(other));
                return Err(EngineError::runtime(msg)).at(*s);
            }
        };
        let mut dims = vec![];
        for (j, x) in items.iter().enumerate() {
            let d = to_int(x).ok_or_else(|| EvalError::type_error(format!("torch.Size() takes an iterable of 'int' (item {j} is '{}')", x.type_name()), *s))?;
            dims.push(d);
        }
        shapes.push((dims, super::super::py::repr::repr(v), *s));
    }
    let n = shapes.iter().map(|(d, _, _)| d.len()).max().unwrap_or(0);
    let mut common = vec![1i64; n];
    for (arg, (dims, text, s)) in shapes.iter().enumerate() {
        for back in 1..=dims.len() {
            let (c, d) = (n - back, dims[dims.len() - back]);
            if d == common[c] {
                continue;
            }
            if common[c] == 1 {
                if d < 0 {
                    return Err(EngineError::value("Attempting to broadcast a dimension with negative length!")).at(*s);
                }
                common[c] = d;
            }
            if d != 1 && common[c] != d {
                let msg = format!(
                    "Attempting to broadcast a dimension of length {d} at -{back}! Mismatching argument at index {arg} had {text}; but expected shape should be broadcastable to {}",
                    fmt_list(&common)
                );
                return Err(EngineError::runtime(msg)).at(*s);
            }
        }
    }
    Ok(Value::Size(common.iter().map(|&x| x as usize).collect()))
}
