//! Item assignment `x[items] = v` and `x[items] op= v`, as PyTorch's
//! `THPVariable_setitem`: index without the no-op slices (a full `:` or
//! `...` leaves x itself), then `fill_` a number, or `copy_` a tensor
//! (`fill_` for a 0-dim one; others have their leading size-1 dims viewed
//! away and are expanded to the target). Autograd records each of those
//! steps, so a write through a view of a non-leaf gives its base
//! `CopySlices`.

use std::rc::Rc;

use crate::engine::autograd::Formula;
use crate::engine::layout;
use crate::engine::ops::copy;
use crate::engine::Tensor;
use crate::engine::ops::index::IndexSpec;
use crate::lang::ast::{BinOp, Expr, IndexItem};
use crate::lang::span::Span;

use super::advindex::Indices;
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::registry::OpId;
use super::value::Value;

fn target_tensor(it: &mut Interp, obj: &Expr) -> EvalResult<Rc<Tensor>> {
    match it.eval(obj)? {
        Value::Tensor(t) => Ok(t),
        other => Err(EvalError::type_error(format!("'{}' object does not support item assignment", other.type_name()), obj.span)),
    }
}

/// `obj[items] = v`, for a tensor or a NumPy array.
pub fn assign(it: &mut Interp, obj: &Expr, items: &[IndexItem], v: Value, span: Span) -> EvalResult<()> {
    match it.eval(obj)? {
        Value::Tensor(t) => assign_to(it, t, items, v, span),
        // Writes through an array land in the storage it shares, and (not
        // being a tensor op) leave the version counter where it was.
        Value::NdArray(a) => {
            let base = super::numpy_module::as_tensor(&a);
            let version = base.storage.version();
            let r = assign_to(it, base.clone(), items, v, span);
            base.storage.set_version(version);
            r
        }
        other => Err(EvalError::type_error(format!("'{}' object does not support item assignment", other.type_name()), obj.span)),
    }
}

fn assign_to(it: &mut Interp, base: Rc<Tensor>, items: &[IndexItem], v: Value, span: Span) -> EvalResult<()> {
    let mut specs = None;
    let view = match it.eval_indices(items, base.ndim(), span)? {
        Indices::Advanced(adv) => return it.advanced_set(&base, &adv, &v, span),
        Indices::Basic(sp, tuple) => {
            let view = super::expr::basic_view(it, &base, &sp, tuple, span)?;
            specs = Some(sp);
            view
        }
        // THPVariable_setitem: `x[False] = v` writes nothing (v is not even
        // checked); `x[True] = v` is `x[None] = v`.
        Indices::PyBool(false) => return Ok(()),
        Indices::PyBool(true) => super::expr::basic_view(it, &base, &[crate::engine::ops::index::IndexSpec::NewAxis], false, span)?,
    };
    // PyTorch skips a slice (`applySlice`) whose start is 0 as written,
    // whose stop is at least the dim's length and whose step is 1, and `...`;
    // `b[-3:]` of 3 rows is a slice all the same.
    let trivial = match &specs {
        Some(specs) => skips_every_slice(specs, base.shape()),
        None => false,
    };
    let target: &Tensor = if trivial { &base } else { &view };
    let value = match &v {
        Value::Tensor(t) => Some(t.clone()),
        _ => None,
    };
    super::grad::inplace::check_inplace_with(it, target, value.as_deref(), span)?;
    let Some(src) = value else {
        let src = super::ops::to_tensor_arg(it, &v, target.dtype, span)?;
        let list = matches!(v, Value::List(_) | Value::Tuple(_));
        // A number is `fill_`, which PyTorch allows on overlapping targets.
        if list { copy::copy_into(target, &src) } else { copy::copy_into_overlapping(target, &src) }.at(span)?;
        if list {
            super::grad::record_copy(it, target, &src);
        } else {
            super::grad::rebase_node(it, target, OpId::Fill_.node(1), &[], Formula::Fill, &[]);
        }
        return Ok(());
    };
    if src.shape() == target.shape() {
        copy::copy_into(target, &src).at(span)?;
        super::grad::record_copy(it, target, &src);
        return Ok(());
    }
    if src.ndim() == 0 {
        copy::copy_into(target, &src).at(span)?;
        super::grad::rebase_node(it, target, OpId::Fill_.node(0), &[Some(&src)], Formula::Fill, &[]);
        return Ok(());
    }
    // src.view(sizes without leading 1s).expand(target's shape), then copy_.
    let lead = src.shape().iter().take_while(|&&s| s == 1).count();
    let sizes: Vec<i64> = src.shape()[lead..].iter().map(|&s| s as i64).collect();
    let target_sizes: Vec<i64> = target.shape().iter().map(|&s| s as i64).collect();
    // Dropping leading 1s always views; PyTorch's `expand_inplace` then
    // reports a shape that does not broadcast, naming the stripped sizes.
    let sl = layout::view(src.layout(), &sizes).at(span)?;
    let el = layout::expand(&sl, &target_sizes, src.dtype.legacy_name()).at(span)?;
    let sv = super::grad::record_view(it, OpId::View.node(0), &src, src.view_as_layout(sl, "view"));
    let ev = if sv.shape() == target.shape() { sv } else { super::grad::record_view(it, OpId::Expand.node(0), &sv, sv.view_as_layout(el, "expand")) };
    copy::copy_into(target, &ev).at(span)?;
    super::grad::record_copy(it, target, &ev);
    Ok(())
}

/// `obj[items] op= rhs`: Python's getitem, in-place op, setitem.
pub fn aug_assign(it: &mut Interp, obj: &Expr, items: &[IndexItem], op: BinOp, rhs: &Value, span: Span, stmt_span: Span) -> EvalResult<()> {
    let base = target_tensor(it, obj)?;
    let view = match it.eval_indices(items, base.ndim(), span)? {
        Indices::Advanced(adv) => return it.advanced_aug(&base, &adv, op, rhs, span, stmt_span),
        Indices::Basic(specs, tuple) => Rc::new(super::expr::basic_view(it, &base, &specs, tuple, span)?),
        // Python's getitem (a copy), the in-place op, then setitem (above).
        Indices::PyBool(b) => Rc::new(it.advanced_get(&base, &[crate::engine::ops::advanced::AdvItem::Bool(b)], span)?),
    };
    super::ops::inplace(it, &view, op, rhs, stmt_span)?;
    assign(it, obj, items, Value::Tensor(view), span)
}

/// Whether every item of a basic index is `...` or a slice PyTorch's
/// `applySlice` skips (start 0 or omitted, stop omitted or at least the
/// dim's length, step 1 or omitted), so that `x[items] = v` writes into `x`
/// itself.
fn skips_every_slice(specs: &[IndexSpec], shape: &[usize]) -> bool {
    let named = specs.iter().filter(|s| !matches!(s, IndexSpec::Ellipsis)).count();
    let mut dim = 0usize;
    for s in specs {
        match s {
            IndexSpec::Ellipsis => dim += shape.len().saturating_sub(named),
            IndexSpec::Slice { start, stop, step } => {
                if !super::advindex::is_skipped_slice(*start, *stop, *step, shape.get(dim).copied().unwrap_or(0)) {
                    return false;
                }
                dim += 1;
            }
            _ => return false,
        }
    }
    true
}
