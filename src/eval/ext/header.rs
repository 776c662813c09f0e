//! Family "header": the in-place view ops `t_`, `transpose_` (`swapaxes_`,
//! `swapdims_`), `squeeze_`, `unsqueeze_`, `as_strided_` and `resize_`. Each changes the
//! tensor's own header (`engine/header.rs`), so every name and container
//! holding it sees the new shape, as in PyTorch: `x.t_()` returns `x`
//! itself, bumps the version counter and, when `x` is tracked, records
//! `TBackward1` (`TransposeBackward1`, `SqueezeBackward3/4/5`,
//! `UnsqueezeBackward1`) over its previous history. A differentiable view
//! stays a view of its base, with its new layout.

use std::rc::Rc;

use crate::engine::autograd::view_formulas::{ViewGrad, ViewKind};
use crate::engine::autograd::{edge_of, meta, Formula, Grad, Node};
use crate::engine::layout::{self, Layout};
use crate::engine::tensor::Step;
use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::super::args::{seq_ints, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

pub const FAMILY: Family = Family {
    functions: &[],
    methods: &[OpId::T_, OpId::Transpose_, OpId::Swapaxes_, OpId::Swapdims_, OpId::Squeeze_, OpId::Unsqueeze_, OpId::AsStrided_, OpId::Resize_],
    function: super::no_function,
    method,
};

/// The node PyTorch records for an in-place view op (`squeeze_` by how its
/// dims were given: its row's overloads).
fn node_name(id: OpId, squeeze: Option<&Value>) -> &'static str {
    id.node(match squeeze {
        None | Some(Value::None) => 0,
        Some(Value::Int(_)) => 1,
        Some(_) => 2,
    })
}

/// The out-of-place op whose view `name` takes in place, and which shape
/// view it is (for the view's backward formula; `as_strided_` has none).
fn base_of(id: OpId) -> (OpId, Option<ViewKind>) {
    match id {
        OpId::T_ => (OpId::T, Some(ViewKind::Permute)),
        OpId::Transpose_ | OpId::Swapaxes_ | OpId::Swapdims_ => (OpId::Transpose, Some(ViewKind::Permute)),
        OpId::Unsqueeze_ => (OpId::Unsqueeze, Some(ViewKind::Unsqueeze)),
        OpId::AsStrided_ => (OpId::AsStrided, None),
        _ => (OpId::Squeeze, Some(ViewKind::Squeeze)),
    }
}

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, a: Args, nspan: Span, op: &str) -> EvalResult<Value> {
    let name = id.name();
    if id == OpId::Resize_ {
        return resize(it, t, a, op);
    }
    let span = a.span;
    if id == OpId::T_ && !(a.pos.is_empty() && a.kw.is_empty()) {
        return Err(a.err(format!("TensorBase.t_() takes no arguments ({} given)", a.pos.len() + a.kw.len())));
    }
    let squeeze = if id == OpId::Squeeze_ { a.pos.first().map(|(v, _)| v.clone()).or_else(|| a.kw.iter().find(|(k, _, _)| k == "dim").map(|(_, v, _)| v.clone())) } else { None };
    let (base, view_kind) = base_of(id);
    // The view the out-of-place op makes gives the new layout, with its
    // argument checks and errors (renamed to this op).
    let v = match super::super::methods::call_inner(it, t, base, a, nspan, op) {
        Ok(Value::Tensor(v)) => v,
        Ok(_) => return Err(EvalError::new(ErrorKind::RuntimeError, format!("internal: {base} gave no tensor"), span)),
        Err(mut e) => {
            if let Some(rest) = e.message.strip_prefix(&format!("{base}()")) {
                e.message = format!("{name}(){rest}");
            }
            return Err(e);
        }
    };
    let (old, new) = (t.layout().clone(), v.layout().clone());
    let tracked = it.grad_enabled && t.requires_grad();
    let edge = if tracked { edge_of(t) } else { None };
    set_header(t, new.clone(), op).at(span)?;
    t.storage.bump_version();
    if tracked {
        let formula = match view_kind.and_then(|k| ViewGrad::deduce(k, &old, &new)) {
            Some(g) => Formula::ViewGrad(g),
            None => Formula::View { input: old, output: new.clone(), as_strided: false },
        };
        let node = Node {
            name: node_name(id, squeeze.as_ref()).to_string(),
            present: vec![true],
            outputs: 1,
            retain: Default::default(),
            hooks: Default::default(),
            next: vec![edge],
            saved: Default::default(),
            saves: false,
            released: Default::default(),
            formula,
            out_shape: new.shape.clone(),
            out_dtype: t.dtype,
        };
        meta::set_state(t, Some(Grad::Node(Rc::new(node))));
    }
    if let Some(m) = meta::view_info(t)
        && let Some(vi) = &m.view
    {
        *vi.layout.borrow_mut() = new;
        vi.version.set(t.version());
    }
    Ok(Value::Tensor(t.clone()))
}

/// Gives `t` the layout `new` in place, with a lineage step for `op`.
fn set_header(t: &Tensor, new: Layout, op: &str) -> crate::engine::error::Result<()> {
    let before = t.layout().clone();
    t.header.set(new.clone())?;
    let step = Step { op: op.to_string(), before: Some(before), after: new, storage: t.storage.id, copied: false, prev: t.lineage() };
    *t.lineage.borrow_mut() = Some(Rc::new(step));
    Ok(())
}

/// `x.resize_(*sizes)`: the same layout when the shape is unchanged, else
/// contiguous strides at the same offset, the storage grown when it is too
/// small (a new `data_ptr`; tsr zeroes the new bytes, PyTorch leaves them
/// uninitialized). The version moves only when the shape changes.
pub fn resize(it: &mut Interp, t: &Rc<Tensor>, mut a: Args, op: &str) -> EvalResult<Value> {
    let span = a.span;
    if t.requires_grad() {
        return Err(EvalError::new(ErrorKind::RuntimeError, "cannot resize variables that require grad", span));
    }
    if let Some((v, s)) = a.take_kw("memory_format")
        && !matches!(v, Value::None | Value::MemoryFormat(_))
    {
        return Err(EvalError::type_error(format!("resize_(): argument 'memory_format' must be torch.memory_format, not {}", v.type_name()), s));
    }
    let sizes = match (a.pos.len(), a.take_kw("size")) {
        (0, Some((v, s))) => seq_ints(&v).ok_or_else(|| EvalError::type_error(format!("resize_(): argument 'size' (position 1) must be tuple of ints, not {}", v.type_name()), s))?,
        (0, None) => return Err(a.err("resize_() missing 1 required positional arguments: \"size\"")),
        (1, None) if !matches!(a.pos[0].0, Value::Int(_)) => {
            let (v, s) = &a.pos[0];
            seq_ints(v).ok_or_else(|| EvalError::type_error(format!("resize_(): argument 'size' (position 1) must be tuple of ints, not {}", v.type_name()), *s))?
        }
        _ => a.sizes(0, "size")?,
    };
    a.finish(a.pos.len())?;
    if sizes.iter().any(|&d| d < 0) {
        return Err(EvalError::new(ErrorKind::RuntimeError, "numel: integer multiplication overflow", span));
    }
    let shape: Vec<usize> = sizes.iter().map(|&d| d as usize).collect();
    if shape == t.shape() {
        return Ok(Value::Tensor(t.clone()));
    }
    let numel = layout::checked_numel(&shape).map_err(|_| EvalError::new(ErrorKind::RuntimeError, "numel: integer multiplication overflow", span))?;
    let offset = t.layout().offset;
    let needed = (numel as u128 + offset as u128) * t.dtype.size() as u128;
    if needed > isize::MAX as u128 {
        return Err(EvalError::new(ErrorKind::RuntimeError, "numel: integer multiplication overflow", span));
    }
    if numel > 0 {
        t.storage.grow(&it.ctx, needed as usize).at(span)?;
    }
    let new = Layout { shape: shape.clone(), stride: layout::contiguous_strides(&shape), offset };
    set_header(t, new, op).at(span)?;
    t.storage.bump_version();
    Ok(Value::Tensor(t.clone()))
}
