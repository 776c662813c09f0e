//! The splitting views of the reorder family: `tensor_split` (sections,
//! indices or a tensor of either) and `hsplit`/`vsplit`/`dsplit`, each piece
//! a SliceBackward0 view of the input.

use std::rc::Rc;

use crate::engine::layout;
use crate::engine::{EngineError, Tensor};
use crate::lang::span::Span;

use super::super::super::args::{seq_ints, Args};
use super::super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::super::grad;
use super::super::super::interp::Interp;
use super::super::super::value::Value;
use crate::eval::registry::{nodes, OpId};

/// Where `tensor_split` cuts: equal sections (the first `size % n` one longer) or indices.
enum Cuts {
    Sections(i64),
    Indices(Vec<i64>),
}

/// `tensor_split(sections | indices | tensor_indices_or_sections, dim=0)`:
/// one SliceBackward0 view per piece, as slices with Python's clamping.
pub(super) fn tensor_split(it: &mut Interp, t: &Rc<Tensor>, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let cut = match (a.take_kw("sections"), a.take_kw("indices"), a.take_kw("tensor_indices_or_sections")) {
        (Some(v), _, _) | (_, Some(v), _) | (_, _, Some(v)) => Some(v),
        _ => a.pos.first().cloned(),
    };
    let dim = a.opt_int(1, "dim", 0)?;
    a.finish(2)?;
    let Some((v, vs)) = cut else {
        return Err(a.err("tensor_split() missing 1 required positional arguments: \"indices\""));
    };
    let cuts = match &v {
        Value::Tensor(c) => {
            if c.dtype != crate::engine::DType::Int64 {
                let msg = format!("tensor_split expected tensor_indices_or_sections to have dtype of long, but got {}", crate::engine::ops::promote::scalar_type_name(c.dtype));
                return Err(EngineError::runtime(msg)).at(span);
            }
            match c.ndim() {
                0 => Cuts::Sections(c.item().at(span)?.as_i64()),
                1 => Cuts::Indices(c.to_scalars().iter().map(|s| s.as_i64()).collect()),
                n => {
                    let msg = format!("tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with {n} dims");
                    return Err(EngineError::runtime(msg)).at(span);
                }
            }
        }
        Value::Int(n) => Cuts::Sections(*n),
        other => match seq_ints(other) {
            Some(xs) => Cuts::Indices(xs),
            None => return Err(EvalError::type_error(format!("tensor_split(): argument 'indices'{} must be tuple of ints, not {}", a.position(vs), other.type_name()), vs)),
        },
    };
    split_at(it, t, cuts, dim, span)
}

fn split_at(it: &mut Interp, t: &Rc<Tensor>, cuts: Cuts, dim: i64, span: Span) -> EvalResult<Value> {
    if t.ndim() == 0 {
        return Err(EngineError::runtime("tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims")).at(span);
    }
    let d = layout::wrap_dim(dim, t.ndim()).at(span)?;
    let size = t.shape()[d] as i64;
    let bounds: Vec<(i64, i64)> = match cuts {
        Cuts::Sections(n) if n <= 0 => {
            return Err(EngineError::runtime(format!("number of sections must be larger than 0, got {n}"))).at(span);
        }
        Cuts::Sections(n) => {
            let (min, extra) = (size / n, size % n);
            let mut start = 0;
            (0..n)
                .map(|i| {
                    let len = min + i64::from(i < extra);
                    start += len;
                    (start - len, start)
                })
                .collect()
        }
        Cuts::Indices(xs) => {
            let mut starts = vec![0];
            starts.extend(&xs);
            let mut stops = xs.clone();
            stops.push(size);
            starts.into_iter().zip(stops).collect()
        }
    };
    let mut out = vec![];
    for (start, stop) in bounds {
        let l = layout::slice(t.layout(), d, Some(start), Some(stop), 1).at(span)?;
        out.push(Value::tensor(grad::record_view(it, nodes::SLICE, t, t.view_as_layout(l, "tensor_split()"))));
    }
    Ok(Value::Tuple(out))
}

/// `hsplit`/`vsplit`/`dsplit(sections | indices)`: tensor_split along dim
/// 1 (0 for a 1-d hsplit), 0 or 2, the sections dividing the size exactly.
pub(super) fn hvd_split(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let (v, vs) = match (a.take_kw("sections"), a.take_kw("indices")) {
        (Some(v), _) | (_, Some(v)) => v,
        _ => a.pos.first().cloned().ok_or_else(|| a.err(format!("{name}() missing 1 required positional arguments: \"indices\"")))?,
    };
    a.finish(1)?;
    let need = match id {
        OpId::Hsplit => 1,
        OpId::Vsplit => 2,
        _ => 3,
    };
    if t.ndim() < need {
        let msg = format!("torch.{name} requires a tensor with at least {need} dimension, but got a tensor with {} dimensions!", t.ndim());
        return Err(EngineError::runtime(msg)).at(span);
    }
    let dim = match id {
        OpId::Hsplit if t.ndim() == 1  => 0,
        OpId::Hsplit => 1,
        OpId::Vsplit => 0,
        _ => 2,
    };
    let cuts = match (&v, seq_ints(&v)) {
        (Value::Int(n), _) => {
            let size = t.shape()[dim] as i64;
            if *n == 0 || size % n != 0 {
                let msg = format!("torch.{name} attempted to split along dimension {dim}, but the size of the dimension {size} is not divisible by the split_size {n}!");
                return Err(EngineError::runtime(msg)).at(span);
            }
            Cuts::Sections(*n)
        }
        (_, Some(xs)) => Cuts::Indices(xs),
        _ => return Err(EvalError::type_error(format!("{name}(): argument 'indices'{} must be tuple of ints, not {}", a.position(vs), v.type_name()), vs)),
    };
    split_at(it, t, cuts, dim as i64, span)
}
