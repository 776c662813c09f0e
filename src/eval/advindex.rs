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
    /// The whole index is Python's `True` or `False`, which
    /// `THPVariable_setitem` special-cases: `x[False] = v` does nothing,
    /// `x[True] = v` copies into `x.unsqueeze(0)`. Reading is advanced
    /// indexing with [`AdvItem::Bool`].
    PyBool(bool),
}

fn adv_of(v: &Value, span: Span) -> EvalResult<Option<AdvItem>> {
    Ok(match v {
        // A 0-dim integer tensor indexes like an int (PyTorch: a view).
        Value::Tensor(t) if t.ndim() == 0 && !t.dtype.is_floating() && !matches!(t.dtype, DType::Bool | DType::UInt8) => {
            Some(AdvItem::Basic(IndexSpec::Int(t.item().at(span)?.as_i64())))
        }
        // A 0-dim bool or uint8 tensor indexes like True/False.
        Value::Tensor(t) if t.ndim() == 0 && matches!(t.dtype, DType::Bool | DType::UInt8) => Some(AdvItem::Bool(t.item().at(span)?.as_bool())),
        Value::Tensor(t) => Some(AdvItem::from_tensor(t)),
        // A sequence inside the index tuple is an index tensor (`x[0, (1, 2)]`).
        Value::List(_) | Value::Tuple(_) => {
            let (shape, vals) = super::literal::flatten_data(v, span)?;
            let dtype = super::literal::infer_dtype(&vals);
            let dtype = if vals.is_empty() { DType::Int64 } else { dtype };
            Some(AdvItem::Values { shape, vals, dtype, stride: None })
        }
        Value::Bool(b) => Some(AdvItem::Bool(*b)),
        _ => None,
    })
}

/// PyTorch's `treatSequenceAsTuple` (NumPy's heuristic): a list index of
/// fewer than 32 items holding a tensor, a sequence, a slice, `...` or
/// `None` indexes as the tuple of its items, with a deprecation warning.
fn list_as_tuple(xs: &[Value]) -> bool {
    xs.len() < 32
        && xs.iter().any(|x| {
            matches!(x, Value::Tensor(_) | Value::List(_) | Value::Tuple(_) | Value::Str(_) | Value::Size(_) | Value::Range(..) | Value::Slice(..) | Value::Ellipsis | Value::None)
        })
}

/// `expandTensors` on a uint8 index tensor (TORCH_WARN).
const UINT8_INDEX: &str = "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/IndexingUtils.h:37.)";

/// `_index_put_impl_` into a tensor with a stride-0 dim of size > 1.
const INDEX_PUT_EXPANDED: &str = "Use of index_put_ on expanded tensors is deprecated. Please clone() the tensor before performing this operation. This also applies to advanced indexing e.g. tensor[indices] = tensor (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:975.)";

/// `index_fill_` (a number through one index tensor) into such a tensor.
const INDEX_FILL_EXPANDED: &str = "Use of index_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing this operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:1929.)";

/// `masked_fill_` (a number, or a one-element value, through one mask).
const MASKED_FILL_EXPANDED: &str = "Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing this operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:2469.)";

fn expanded(t: &Tensor) -> bool {
    crate::engine::layout::has_internal_overlap(t.shape(), t.stride())
}

fn has_uint8_index(items: &[AdvItem]) -> bool {
    items.iter().any(|i| matches!(i, AdvItem::Values { dtype: DType::UInt8, .. }))
}

const LIST_AS_TUPLE: &str = "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be interpreted as tensor index, x[torch.tensor(seq)], which will result either in an error or a different result (Triggered internally at /__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:375.)";

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
    /// Evaluates the items of `x[items]` once, deciding view or copy, for a
    /// tensor of `ndim` dims (`span`: the whole subscript).
    pub fn eval_indices(&mut self, items: &[IndexItem], ndim: usize, span: Span) -> EvalResult<Indices> {
        self.eval_indices_with(items, None, ndim, span)
    }

    /// [`Interp::eval_indices`] where the first item's value, when given,
    /// is already evaluated.
    pub fn eval_indices_with(&mut self, items: &[IndexItem], mut first: Option<Value>, ndim: usize, span: Span) -> EvalResult<Indices> {
        let mut out: Vec<AdvItem> = Vec::with_capacity(items.len());
        let mut tuple = items.len() != 1;
        let mut advanced = false;
        // PyTorch's count_specified_dimensions, checked before any item is
        // (unless the index is one int, slice, None or ...): an item that is
        // no valid index still counts.
        let mut count = 0usize;
        let mut fast = items.len() == 1;
        let mut invalid: Option<EvalError> = None;
        for item in items {
            match item {
                IndexItem::Slice { start, stop, step, .. } => {
                    count += 1;
                    out.push(AdvItem::Basic(IndexSpec::Slice { start: self.opt_int(start)?, stop: self.opt_int(stop)?, step: self.opt_int(step)? }))
                }
                IndexItem::Expr(e) => {
                    let v = match first.take() {
                        Some(v) => v,
                        None => self.eval(e)?,
                    };
                    if let Some(s) = basic_of(&v) {
                        count += AdvItem::Basic(s.clone()).dims_indexed();
                        out.push(AdvItem::Basic(s));
                        continue;
                    }
                    if let (Value::Bool(b), 1) = (&v, items.len()) {
                        return Ok(Indices::PyBool(*b));
                    }
                    fast = false;
                    let members = match &v {
                        Value::Tuple(xs) if items.len() == 1 => Some(xs.clone()),
                        Value::List(l) if items.len() == 1 && list_as_tuple(&l.borrow()) => {
                            self.warn(LIST_AS_TUPLE, e.span);
                            Some(l.borrow().clone())
                        }
                        _ => None,
                    };
                    let members = match members {
                        // x[(1, [0, 2])] is x[1, [0, 2]].
                        Some(xs) => {
                            tuple = true;
                            xs
                        }
                        None => vec![v],
                    };
                    for x in &members {
                        let item = match basic_of(x) {
                            Some(s) => Some(AdvItem::Basic(s)),
                            None => adv_of(x, e.span)?,
                        };
                        match item {
                            Some(a) => {
                                count += a.dims_indexed();
                                advanced |= advanced::is_advanced(std::slice::from_ref(&a));
                                out.push(a);
                            }
                            None => {
                                count += 1;
                                invalid.get_or_insert_with(|| bad_index(x, e.span));
                            }
                        }
                    }
                }
            }
        }
        if !fast && count > ndim {
            return Err(EvalError::new(ErrorKind::IndexError, format!("too many indices for tensor of dimension {ndim}"), span));
        }
        if let Some(e) = invalid {
            return Err(e);
        }
        if advanced {
            return Ok(Indices::Advanced(out));
        }
        // No item is advanced here: every one is basic.
        let specs = out
            .into_iter()
            .filter_map(|a| match a {
                AdvItem::Basic(s) => Some(s),
                AdvItem::Values { .. } | AdvItem::Bool(_) => None,
            })
            .collect();
        Ok(Indices::Basic(specs, tuple))
    }

    /// `x[idx]` with advanced indices: a copy, as PyTorch's `index`
    /// (recorded as `IndexBackward0`).
    pub fn advanced_get(&mut self, t: &Rc<Tensor>, items: &[AdvItem], span: Span) -> EvalResult<Tensor> {
        let (base, items) = self.basic_first(t, items, span)?;
        if has_uint8_index(&items) {
            self.warn(UINT8_INDEX, span);
        }
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
        let items = &skip_whole_slices(t, items);
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
                // applySlicing: unsqueeze here, then index the new dim by
                // [0] (True) or [] (False).
                AdvItem::Bool(b) => {
                    specs.push(IndexSpec::NewAxis);
                    let vals = if *b { vec![crate::engine::Scalar::Int(0)] } else { vec![] };
                    rest.push(AdvItem::Values { shape: vec![vals.len()], vals, dtype: DType::Int64, stride: None });
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
        // The basic items view first (a write through it is CopySlices).
        let (t, items) = self.basic_first(t, items, span)?;
        let (t, items) = (&t, &items[..]);
        // A Python number into one index or mask is PyTorch's index_fill_ /
        // masked_fill_; everything else is index_put_.
        let adv: Vec<&AdvItem> = items.iter().filter(|i| matches!(i, AdvItem::Values { .. })).collect();
        let number = matches!(v, Value::Int(_) | Value::Float(_) | Value::Bool(_));
        let one_mask = matches!(adv.as_slice(), [AdvItem::Values { dtype: DType::Bool | DType::UInt8, .. }]);
        let node = match adv.as_slice() {
            _ if number && one_mask => OpId::MaskedFill.node(1),
            [AdvItem::Values { shape, .. }] if number && shape.len() <= 1 => OpId::IndexFill.node(0),
            _ => nodes::INDEX_PUT,
        };
        // index_put_ hands a one-element value through one mask to masked_fill_.
        let value_numel = value.as_ref().map_or(1, |s| s.numel());
        let masked_fill = node == OpId::MaskedFill.node(1) || (one_mask && value_numel == 1);
        if node == nodes::INDEX_PUT && expanded(t) {
            self.warn(INDEX_PUT_EXPANDED, span);
        }
        if masked_fill && has_uint8_index(items) {
            return Err(EvalError::new(ErrorKind::RuntimeError, "masked_fill_ only supports boolean masks, but got mask with dtype unsigned char", span));
        }
        if node == OpId::IndexFill.node(0) {
            if !index_fill_bounds(t, items, span)? {
                // PyTorch's index_fill_ on an empty restrided input: a no-op
                // that still counts as a write.
                t.storage.bump_version();
                return Ok(());
            }
            if expanded(t) {
                self.warn(INDEX_FILL_EXPANDED, span);
            }
        } else if masked_fill {
            if expanded(t) {
                self.warn(MASKED_FILL_EXPANDED, span);
            }
        } else if has_uint8_index(items) {
            self.warn(UINT8_INDEX, span);
        }
        // index_put_'s checks in its order: the indices (broadcast, masks,
        // too many), then the value's shape, then its dtype.
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
        // index_put_ wants the value's dtype to match, except with one bool mask
        // and a one-element value, which it runs as masked_fill_ (a cast).
        if src.dtype != t.dtype && !masked_fill {
            return Err(EvalError::new(
                ErrorKind::RuntimeError,
                format!(
                    "Index put requires the source and destination dtypes match, got {} for the destination and {} for the source.",
                    crate::engine::ops::promote::scalar_type_name(t.dtype),
                    crate::engine::ops::promote::scalar_type_name(src.dtype)
                ),
                span,
            ));
        }
        let expanded = src.view_as_layout(el, "expand");
        let cast = if expanded.dtype == t.dtype {
            expanded
        } else {
            crate::engine::ops::copy::copy_to_new(&self.ctx, &expanded, &crate::engine::layout::contiguous_strides(&shape), t.dtype, "to()").at(span)?
        };
        advanced::index_put(t, items, &cast, false).at(span)?;
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

/// `index_fill_`'s bounds check, which names the indexed dim of `t` itself
/// (`x[None, [3]] = -1`: "dimension 1"), where `index_put_`'s names the
/// index among the index tensors.
/// Ok(false) when the fill visits no element (nothing to check or write).
fn index_fill_bounds(t: &Tensor, items: &[AdvItem], span: Span) -> EvalResult<bool> {
    let mut dim = 0usize;
    for item in items {
        match item {
            AdvItem::Basic(IndexSpec::Ellipsis) => {
                let named = items.iter().filter(|i| !matches!(i, AdvItem::Basic(IndexSpec::Ellipsis))).count();
                dim += t.ndim().saturating_sub(named);
            }
            AdvItem::Values { vals, .. } => {
                let size = t.shape().get(dim).copied().unwrap_or(0) as i64;
                // The kernel visits the input restrided to the index's
                // length on `dim`: with no elements it checks nothing.
                let visited: usize = t.shape().iter().enumerate().map(|(d, &n)| if d == dim { vals.len() } else { n }).product();
                if visited == 0 {
                    return Ok(false);
                }
                // index_fill_ restrides its input to the index's length with
                // stride 0 on `dim`; into a dim of size 0 that view needs more
                // storage than an empty tensor has (PyTorch's setStorage check).
                if size == 0 && !vals.is_empty() {
                    let mut sizes = t.shape().to_vec();
                    sizes[dim] = vals.len();
                    let mut strides = t.stride().to_vec();
                    strides[dim] = 0;
                    let es = t.dtype.size();
                    if sizes.iter().all(|&n| n > 0) {
                        let need = (1 + sizes.iter().zip(&strides).map(|(&n, &st)| (n - 1) * st).sum::<usize>() + t.layout().offset) * es;
                        let list = |xs: &[usize]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
                        return Err(EvalError::new(
                            ErrorKind::RuntimeError,
                            format!(
                                "setStorage: sizes [{}], strides [{}], storage offset {}, and itemsize {es} requiring a storage size of {need} are out of bounds for storage of size {}",
                                list(&sizes),
                                list(&strides),
                                t.layout().offset,
                                t.storage.nbytes()
                            ),
                            span,
                        ));
                    }
                }
                if let Some(bad) = vals.iter().map(|v| v.as_i64()).find(|&v| v < -size || v >= size) {
                    return Err(EvalError::new(ErrorKind::IndexError, format!("index {bad} is out of bounds for dimension {dim} with size {size}"), span));
                }
                return Ok(true);
            }
            _ => dim += 1,
        }
    }
    Ok(true)
}

/// `applySlice`'s test: a slice of a dim of `len` that is no view at all
/// (start 0 or omitted, stop omitted or at least `len`, step 1 or omitted).
pub(super) fn is_skipped_slice(start: Option<i64>, stop: Option<i64>, step: Option<i64>, len: usize) -> bool {
    matches!(start, None | Some(0)) && matches!(step, None | Some(1)) && stop.is_none_or(|e| e >= len as i64)
}

/// `applySlice`'s shortcut: a slice whose start is 0 (or omitted), whose
/// stop is at least its dim's length (or omitted) and whose step is 1 is
/// no view at all (`x[0:, [1]]` indexes `x` itself: no SliceBackward0).
fn skip_whole_slices(t: &Tensor, items: &[AdvItem]) -> Vec<AdvItem> {
    let named: usize = items.iter().map(AdvItem::dims_indexed).sum();
    let mut dim = 0usize;
    let mut out = Vec::with_capacity(items.len());
    for i in items {
        match i {
            AdvItem::Basic(IndexSpec::Ellipsis) => dim += t.ndim().saturating_sub(named),
            AdvItem::Basic(IndexSpec::Slice { start, stop, step }) if is_skipped_slice(*start, *stop, *step, t.shape().get(dim).copied().unwrap_or(0)) => {
                out.push(AdvItem::Basic(IndexSpec::Slice { start: None, stop: None, step: None }));
                dim += 1;
                continue;
            }
            _ => {}
        }
        if !matches!(i, AdvItem::Basic(IndexSpec::Ellipsis)) {
            dim += i.dims_indexed();
        }
        out.push(i.clone());
    }
    out
}
