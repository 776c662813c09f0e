//! Advanced indexing in the evaluator: telling `x[idx]` (a copy) from
//! `x[1:, 0]` (a view), turning lists and tensors into index values, and
//! `x[mask] = v` / `x[idx] += v` through `index_put_`.

use std::rc::Rc;

use crate::engine::ops::advanced::{self, AdvItem};
use crate::engine::ops::index::IndexSpec;
use crate::engine::{DType, ErrorKind, Tensor};
use crate::lang::ast::{BinOp, IndexItem};
use crate::lang::span::Span;

use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::registry::{nodes, OpId};
use super::value::Value;

/// An index expression once its items are evaluated.
pub enum Indices {
    /// Ints, slices, `None`, `...`: a view (`tuple` as in `index_tensor`).
    Basic(Vec<IndexSpec>, bool),
    /// Some item is a list, a tensor or a bool: a copy.
    Advanced(Vec<AdvItem>),
}

fn adv_of(v: &Value, span: Span) -> EvalResult<Option<AdvItem>> {
    Ok(match v {
        // A 0-dim integer tensor indexes like an int (PyTorch: a view).
        Value::Tensor(t) if t.ndim() == 0 && !t.dtype.is_floating() && t.dtype != DType::Bool => {
            Some(AdvItem::Basic(IndexSpec::Int(t.item().at(span)?.as_i64())))
        }
        Value::Tensor(t) if t.ndim() == 0 => {
            return Err(EvalError::new(ErrorKind::NotImplementedError, "tsr does not support indexing with a 0-dim bool or float tensor", span));
        }
        Value::Tensor(t) => Some(AdvItem::from_tensor(t)),
        Value::List(_) => {
            let (shape, vals) = super::literal::flatten_data(v, span)?;
            let dtype = super::literal::infer_dtype(&vals);
            let dtype = if vals.is_empty() { DType::Int64 } else { dtype };
            Some(AdvItem::Values { shape, vals, dtype, stride: None })
        }
        Value::Bool(_) => {
            return Err(EvalError::new(ErrorKind::NotImplementedError, "tsr does not support indexing with True/False", span));
        }
        _ => None,
    })
}

fn basic_of(v: &Value) -> Option<IndexSpec> {
    Some(match v {
        Value::Int(i) => IndexSpec::Int(*i),
        Value::None => IndexSpec::NewAxis,
        Value::Ellipsis => IndexSpec::Ellipsis,
        Value::Slice(start, stop, step) => IndexSpec::Slice { start: *start, stop: *stop, step: *step },
        _ => return None,
    })
}

fn bad_index(v: &Value, span: Span) -> EvalError {
    EvalError::new(
        ErrorKind::IndexError,
        format!("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got {})", v.type_name()),
        span,
    )
}

impl Interp {
    /// Evaluates the items of `x[items]` once, deciding view or copy.
    pub fn eval_indices(&mut self, items: &[IndexItem]) -> EvalResult<Indices> {
        self.eval_indices_with(items, None)
    }

    /// [`Interp::eval_indices`] where the first item's value, when given,
    /// is already evaluated.
    pub fn eval_indices_with(&mut self, items: &[IndexItem], mut first: Option<Value>) -> EvalResult<Indices> {
        let mut out: Vec<AdvItem> = Vec::with_capacity(items.len());
        let mut tuple = items.len() != 1;
        let mut advanced = false;
        for item in items {
            match item {
                IndexItem::Slice { start, stop, step, .. } => out.push(AdvItem::Basic(IndexSpec::Slice {
                    start: self.opt_int(start)?,
                    stop: self.opt_int(stop)?,
                    step: self.opt_int(step)?,
                })),
                IndexItem::Expr(e) => {
                    let v = match first.take() {
                        Some(v) => v,
                        None => self.eval(e)?,
                    };
                    if let Some(s) = basic_of(&v) {
                        out.push(AdvItem::Basic(s));
                        continue;
                    }
                    if let Value::Tuple(xs) = &v
                        && items.len() == 1
                    {
                        // x[(1, [0, 2])] is x[1, [0, 2]].
                        tuple = true;
                        for x in xs {
                            match (basic_of(x), adv_of(x, e.span)?) {
                                (Some(s), _) => out.push(AdvItem::Basic(s)),
                                (None, Some(a)) => {
                                    advanced |= matches!(a, AdvItem::Values { .. });
                                    out.push(a);
                                }
                                (None, None) => return Err(bad_index(x, e.span)),
                            }
                        }
                        continue;
                    }
                    match adv_of(&v, e.span)? {
                        Some(a) => {
                            advanced |= matches!(a, AdvItem::Values { .. });
                            out.push(a);
                        }
                        None => return Err(bad_index(&v, e.span)),
                    }
                }
            }
        }
        if advanced {
            return Ok(Indices::Advanced(out));
        }
        // No item is advanced here: every one is basic.
        let specs = out
            .into_iter()
            .filter_map(|a| match a {
                AdvItem::Basic(s) => Some(s),
                AdvItem::Values { .. } => None,
            })
            .collect();
        Ok(Indices::Basic(specs, tuple))
    }

    /// `x[idx]` with advanced indices: a copy, as PyTorch's `index`
    /// (recorded as `IndexBackward0`).
    pub fn advanced_get(&mut self, t: &Rc<Tensor>, items: &[AdvItem], span: Span) -> EvalResult<Tensor> {
        let (base, items) = self.basic_first(t, items, span)?;
        let op = self.index_op(span);
        let out = advanced::index(&self.ctx, &base, &items, &op).at(span)?;
        let formula = crate::engine::autograd::Formula::Index { shape: base.shape().to_vec(), items };
        Ok(super::grad::record(self, nodes::INDEX, &[Some(&base)], out, formula, &[]))
    }

    /// The op name of `x[...]` at `span`: its text from the `[`.
    fn index_op(&self, span: Span) -> String {
        let text = span.text(&self.src).to_string();
        text.find('[').map(|i| text[i..].to_string()).unwrap_or(text)
    }

    /// `x[mask]` through the dense path when `mask` (the value of the only
    /// item) is a dense bool tensor of x's leading dims, x is dense and no
    /// graph is recorded; `None` otherwise.
    pub fn mask_get(&mut self, t: &Rc<Tensor>, v: &Value, span: Span) -> EvalResult<Option<Tensor>> {
        let Value::Tensor(m) = v else { return Ok(None) };
        if m.dtype != DType::Bool || super::grad::wants(self, &[Some(t)], t) {
            return Ok(None);
        }
        let op = self.index_op(span);
        crate::engine::ops::pick_dense::mask_index(&self.ctx, t, m, &op).at(span)
    }

    /// As PyTorch's applySlicing: ints, slices and None are views first
    /// (`SelectBackward0`, `SliceBackward0` in the graph), and the tensors
    /// alone index that view.
    fn basic_first(&mut self, t: &Rc<Tensor>, items: &[AdvItem], span: Span) -> EvalResult<(Rc<Tensor>, Vec<AdvItem>)> {
        let full = IndexSpec::Slice { start: None, stop: None, step: None };
        let trivial = |i: &AdvItem| matches!(i, AdvItem::Values { .. } | AdvItem::Basic(IndexSpec::Ellipsis)) || matches!(i, AdvItem::Basic(s) if *s == full);
        if items.iter().all(trivial) {
            return Ok((t.clone(), items.to_vec()));
        }
        let mut specs = Vec::new();
        let mut rest = Vec::new();
        for i in items {
            match i {
                AdvItem::Basic(s @ IndexSpec::Int(_)) => specs.push(s.clone()),
                AdvItem::Basic(IndexSpec::Ellipsis) => {
                    specs.push(IndexSpec::Ellipsis);
                    rest.push(i.clone());
                }
                AdvItem::Basic(s) => {
                    specs.push(s.clone());
                    rest.push(AdvItem::Basic(full.clone()));
                }
                AdvItem::Values { shape, dtype, .. } => {
                    let k = if matches!(dtype, DType::Bool | DType::UInt8) { shape.len() } else { 1 };
                    specs.extend(std::iter::repeat_n(full.clone(), k));
                    rest.push(i.clone());
                }
            }
        }
        Ok((Rc::new(super::expr::basic_view(self, t, &specs, true, span)?), rest))
    }

    /// `x[idx] = v`: PyTorch's `index_put_` with `v` broadcast to the
    /// indexed shape and cast to `x`'s dtype.
    pub fn advanced_set(&mut self, t: &Rc<Tensor>, items: &[AdvItem], v: &Value, span: Span) -> EvalResult<()> {
        let value = match v {
            Value::Tensor(s) => Some(s.clone()),
            _ => None,
        };
        super::grad::inplace::check_inplace_with(self, t, value.as_deref(), span)?;
        // index_put_ wants the value's dtype to match, except with one bool mask
        // and a one-element value, which its kernel runs as masked_fill_ (a cast).
        let adv_items: Vec<&AdvItem> = items.iter().filter(|i| matches!(i, AdvItem::Values { .. })).collect();
        let masked_fill = matches!(adv_items.as_slice(), [AdvItem::Values { dtype: DType::Bool, .. }]);
        if let Some(s) = &value
            && s.dtype != t.dtype
            && !(masked_fill && s.numel() == 1)
        {
            return Err(EvalError::new(
                ErrorKind::RuntimeError,
                format!(
                    "Index put requires the source and destination dtypes match, got {} for the destination and {} for the source.",
                    crate::engine::ops::promote::scalar_type_name(t.dtype),
                    crate::engine::ops::promote::scalar_type_name(s.dtype)
                ),
                span,
            ));
        }
        // The basic items view first (a write through it is CopySlices).
        let (t, items) = self.basic_first(t, items, span)?;
        let (t, items) = (&t, &items[..]);
        let shape = advanced::result_shape(t, items).at(span)?;
        let src = match v {
            Value::Tensor(s) => s.clone(),
            other => Rc::new(super::ops::to_tensor_arg(self, other, t.dtype, span)?),
        };
        // Broadcast the value to the indexed shape (PyTorch's expand), as values.
        let sizes: Vec<i64> = shape.iter().map(|&s| s as i64).collect();
        let el = crate::engine::layout::expand(src.layout(), &sizes, src.dtype.legacy_name()).map_err(|_| {
            EvalError::new(
                ErrorKind::RuntimeError,
                format!(
                    "shape mismatch: value tensor of shape [{}] cannot be broadcast to indexing result of shape [{}]",
                    src.shape().iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "),
                    shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
                ),
                span,
            )
        })?;
        let expanded = src.view_as_layout(el, "expand");
        let cast = if expanded.dtype == t.dtype {
            expanded
        } else {
            crate::engine::ops::copy::copy_to_new(&self.ctx, &expanded, &crate::engine::layout::contiguous_strides(&shape), t.dtype, "to()").at(span)?
        };
        advanced::index_put(t, items, &cast, false).at(span)?;
        // A Python number into one index or mask is PyTorch's index_fill_ /
        // masked_fill_; everything else is index_put_.
        let adv: Vec<&AdvItem> = items.iter().filter(|i| matches!(i, AdvItem::Values { .. })).collect();
        let node = match (v, adv.as_slice()) {
            (Value::Int(_) | Value::Float(_) | Value::Bool(_), [AdvItem::Values { dtype: DType::Bool, .. }]) => OpId::MaskedFill.node(1),
            (Value::Int(_) | Value::Float(_) | Value::Bool(_), [AdvItem::Values { shape, .. }]) if shape.len() <= 1 => OpId::IndexFill.node(0),
            _ => nodes::INDEX_PUT,
        };
        let formula = crate::engine::autograd::Formula::IndexPut { items: items.to_vec(), value_shape: src.shape().to_vec() };
        let others: Vec<Option<&Tensor>> = if node == nodes::INDEX_PUT { vec![Some(&src)] } else { vec![] };
        super::grad::inplace::rebase_node(self, t, node, &others, formula, &[]);
        Ok(())
    }

    /// `x[idx] op= v`: getitem (a copy), the op in place on it, setitem.
    pub fn advanced_aug(&mut self, t: &Rc<Tensor>, items: &[AdvItem], op: BinOp, rhs: &Value, span: Span, stmt_span: Span) -> EvalResult<()> {
        let got = Rc::new(self.advanced_get(t, items, span)?);
        super::ops::inplace(self, &got, op, rhs, stmt_span)?;
        self.advanced_set(t, items, &Value::Tensor(got), span)
    }

}
