//! The index family: `gather`, `index_select`, `take`, `take_along_dim`,
//! `masked_select` (picks into a new contiguous storage, planned in
//! `engine/ops/gather.rs`), `masked_fill(_)`, `nonzero`/`argwhere`/
//! `torch.where(cond)` and `count_nonzero`. Each differentiable op records
//! PyTorch's node with a backward over the same positions it read.

use std::rc::Rc;

use crate::engine::autograd::BackwardFn;
use crate::engine::layout;
use crate::engine::ops::gather::{self, Picked};
use crate::engine::ops::pick_dense;
use crate::engine::{ErrorKind, Scalar, Tensor};
use crate::lang::span::Span;

use super::super::args::{Args, seq_ints, to_int, to_number};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::methods::tensor_arg;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

pub const FAMILY: Family = Family {
    functions: &[OpId::Searchsorted, OpId::Bucketize, OpId::Isin],
    methods: &[
        OpId::Gather, OpId::IndexSelect, OpId::Take, OpId::TakeAlongDim, OpId::MaskedSelect, OpId::MaskedFill, OpId::MaskedFill_, OpId::Nonzero, OpId::Argwhere,
        OpId::CountNonzero, OpId::Scatter, OpId::Scatter_, OpId::ScatterAdd, OpId::ScatterAdd_, OpId::ScatterReduce, OpId::ScatterReduce_, OpId::IndexAdd, OpId::IndexAdd_,
        OpId::IndexCopy, OpId::IndexCopy_, OpId::IndexFill, OpId::IndexFill_, OpId::Put, OpId::Put_, OpId::MaskedScatter, OpId::MaskedScatter_, OpId::Bincount, OpId::Histc,
        OpId::SelectScatter, OpId::SliceScatter, OpId::DiagonalScatter, OpId::AsStridedScatter, OpId::FillDiagonal_, OpId::NonzeroStatic,
        OpId::IndexReduce, OpId::IndexReduce_,
    ],
    function: super::index_search::function,
    method,
};

/// A pick's result with its node: the gradient is accumulated back at the
/// positions it read (`saved` as PyTorch saves them, for release checks).
fn picked(it: &Interp, t: &Tensor, p: Picked, node: &'static str, saved: &[&Tensor], op: &str, span: Span) -> EvalResult<Value> {
    let out = gather::pick(&it.ctx, t, &p, op).at(span)?;
    let shape = t.shape().to_vec();
    let pos = Rc::new(p.pos);
    let f = BackwardFn::new(move |ctx, _, g| Ok(vec![Some(gather::accumulate(ctx, g, &shape, &pos, node)?)]));
    Ok(Value::tensor(super::super::grad::record(it, node, &[Some(t)], out, f, saved)))
}

fn dim_arg(a: &mut Args, i: usize) -> EvalResult<i64> {
    a.int(i, "dim")
}

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    match id {
        OpId::Gather => {
            let dim = dim_arg(&mut a, 0)?;
            let index = tensor_arg(&mut a, 1, "index")?;
            a.opt_bool(2, "sparse_grad", false)?;
            a.finish(2)?;
            // Without a graph to record, a dense input takes the fast path.
            if !super::super::grad::wants(it, &[Some(t)], t) {
                let d = gather::gather_check(t, dim, &index).at(span)?;
                if let Some(out) = pick_dense::gather(&it.ctx, t, d, &index, op).at(span)? {
                    return Ok(Value::tensor(out));
                }
            }
            let p = gather::gather_plan(t, dim, &index).at(span)?;
            picked(it, t, p, OpId::Gather.node(0), &[&index], op, span)
        }
        OpId::IndexSelect => {
            let dim = dim_arg(&mut a, 0)?;
            let index = tensor_arg(&mut a, 1, "index")?;
            a.finish(2)?;
            if !super::super::grad::wants(it, &[Some(t)], t) {
                let (d, idx) = gather::index_select_check(t, dim, &index).at(span)?;
                if let Some(out) = pick_dense::index_select(&it.ctx, t, d, &idx, op).at(span)? {
                    return Ok(Value::tensor(out));
                }
            }
            let p = gather::index_select_plan(t, dim, &index).at(span)?;
            picked(it, t, p, OpId::IndexSelect.node(0), &[&index], op, span)
        }
        OpId::Take => {
            let index = tensor_arg(&mut a, 0, "index")?;
            a.finish(1)?;
            let p = gather::take_plan(t, &index).at(span)?;
            picked(it, t, p, OpId::Take.node(0), &[&index], op, span)
        }
        OpId::TakeAlongDim => {
            let index = tensor_arg(&mut a, 0, "indices")?;
            let dim = a.opt_int_or_none(1, "dim")?;
            a.finish(2)?;
            let p = gather::take_along_dim_plan(t, &index, dim).at(span)?;
            picked(it, t, p, OpId::Gather.node(0), &[&index], op, span)
        }
        OpId::MaskedSelect => {
            let mask = tensor_arg(&mut a, 0, "mask")?;
            a.finish(1)?;
            if !super::super::grad::wants(it, &[Some(t)], t)
                && let Some(out) = pick_dense::masked_select(&it.ctx, t, &mask, op).at(span)?
            {
                return Ok(Value::tensor(out));
            }
            let p = gather::masked_select_plan(t, &mask).at(span)?;
            picked(it, t, p, OpId::MaskedSelect.node(0), &[&mask], op, span)
        }
        OpId::MaskedFill | OpId::MaskedFill_ => masked_fill(it, t, id, a, op),
        OpId::Nonzero | OpId::Argwhere => {
            let as_tuple = if id == OpId::Nonzero { a.opt_bool(usize::MAX, "as_tuple", false)? } else { false };
            if !a.pos.is_empty() {
                let n = a.pos.len();
                let s = a.pos[0].1;
                return Err(EvalError::type_error(format!("{name}() takes from 1 to 0 positional arguments but {n} were given"), s));
            }
            a.finish(0)?;
            if as_tuple {
                return nonzero_tuple(it, t, op, span);
            }
            gather::nonzero(&it.ctx, t, op).map(Value::tensor).at(span)
        }
        OpId::CountNonzero => {
            let dims = match a.get(0, "dim") {
                None | Some((Value::None, _)) => vec![],
                Some((v, s)) => match (to_int(&v), seq_ints(&v)) {
                    (Some(d), _) => vec![d],
                    (_, Some(ds)) => ds,
                    _ => return Err(EvalError::type_error(format!("count_nonzero(): argument 'dim'{} must be tuple of ints, not {}", a.position(s), v.type_name()), s)),
                },
            };
            a.finish(1)?;
            gather::count_nonzero(&it.ctx, t, &dims, op).map(Value::tensor).at(span)
        }
        _ if super::index_embed::METHODS.contains(&name) => super::index_embed::method(it, t, id, a, _nspan, op),
        _ if super::index_search::METHODS.contains(&name) => super::index_search::method(it, t, id, a, _nspan, op),
        _ if super::index_scatter::METHODS.contains(&name) => super::index_scatter::method(it, t, id, a, op),
        _ => Err(a.err(format!("internal: {name} is not a method of the index family"))),
    }
}

/// `nonzero(as_tuple=True)` and `torch.where(cond)`: one index tensor per
/// dim, views of one `nonzero` result (a 0-dim input counts as 1-D).
fn nonzero_tuple(it: &Interp, t: &Tensor, op: &str, span: Span) -> EvalResult<Value> {
    let flat;
    let src = if t.ndim() == 0 {
        flat = t.view_as_layout(layout::Layout { shape: vec![1], stride: vec![1], offset: t.layout().offset }, op);
        &flat
    } else {
        t
    };
    let nz = gather::nonzero(&it.ctx, src, op).at(span)?;
    let mut out = vec![];
    for d in 0..src.ndim() {
        let l = layout::select(nz.layout(), 1, d as i64).at(span)?;
        out.push(Value::tensor(nz.view_as_layout(l, op)));
    }
    Ok(Value::Tuple(out))
}

/// `torch.where(condition)`: `nonzero(condition, as_tuple=True)`.
pub fn where_one(it: &mut Interp, mut a: Args, op: &str) -> EvalResult<Value> {
    let span = a.span;
    let cond = tensor_arg(&mut a, 0, "condition")?;
    a.finish(1)?;
    nonzero_tuple(it, &cond, op, span)
}

const MASKED_FILL_EXPANDED: &str = "Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing this operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:2469.)";

fn masked_fill(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let mask = tensor_arg(&mut a, 0, "mask")?;
    let (value, vt) = match a.get(1, "value") {
        Some((Value::Tensor(v), s)) => {
            if v.ndim() != 0 {
                let msg = format!("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with {} dimension(s).", v.ndim());
                return Err(EvalError::new(ErrorKind::RuntimeError, msg, s));
            }
            (v.item().at(s)?, Some(v))
        }
        Some((v, s)) => match to_number(&v) {
            Some(n) => (n, None),
            None => {
                let msg = format!(
                    "{name}() received an invalid combination of arguments - got (Tensor, {}), but expected one of:\n * (Tensor mask, Tensor value)\n      didn't match because some of the arguments have invalid types: (Tensor, !{}!)\n * (Tensor mask, Number value)\n      didn't match because some of the arguments have invalid types: (Tensor, !{}!)\n",
                    v.type_name(),
                    v.type_name(),
                    v.type_name()
                );
                return Err(EvalError::type_error(msg, s));
            }
        },
        None => return Err(a.err(format!("{name}() missing required argument 'value'"))),
    };
    a.finish(2)?;
    let node = if vt.is_some() { OpId::MaskedFill.node(0) } else { OpId::MaskedFill.node(1) };
    if id == OpId::MaskedFill_ {
        super::super::grad::inplace::check_inplace_with(it, t, vt.as_deref(), span)?;
        if gather::is_expanded(t) && mask.dtype == crate::engine::DType::Bool {
            it.warn(MASKED_FILL_EXPANDED, span);
        }
        let filled = Rc::new(gather::masked_fill_(t, &mask, value).at(span)?);
        let shape = t.shape().to_vec();
        let pos = Rc::new((0..filled.len()).collect::<Vec<usize>>());
        let f = fill_backward(shape, pos, filled, vt.is_some(), node);
        super::super::grad::rebase_node(it, t, node, &[vt.as_deref()][..vt.is_some() as usize], f, &[&mask]);
        return Ok(Value::Tensor(t.clone()));
    }
    let (out, pos, filled) = gather::masked_fill(&it.ctx, t, &mask, value, op).at(span)?;
    let f = fill_backward(t.shape().to_vec(), Rc::new(pos), Rc::new(filled), vt.is_some(), node);
    let inputs: Vec<Option<&Tensor>> = match &vt {
        Some(v) => vec![Some(t), Some(v)],
        None => vec![Some(t)],
    };
    Ok(Value::tensor(super::super::grad::record(it, node, &inputs, out, f, &[&mask])))
}

/// masked_fill's backward: the unfilled gradient back to self's positions
/// (summed where self was broadcast), and for a tensor value the sum of
/// the filled gradient.
fn fill_backward(shape: Vec<usize>, pos: Rc<Vec<usize>>, filled: Rc<Vec<bool>>, value: bool, node: &'static str) -> crate::engine::autograd::Formula {
    BackwardFn::new(move |ctx, _, g| {
        let keep: Vec<usize> = pos.iter().zip(filled.iter()).map(|(&p, &f)| if f { usize::MAX } else { p }).collect();
        let gv = g.to_scalars();
        let kept: Vec<Scalar> = keep.iter().zip(&gv).filter(|(p, _)| **p != usize::MAX).map(|(_, v)| *v).collect();
        let at: Vec<usize> = keep.iter().copied().filter(|&p| p != usize::MAX).collect();
        let kg = Tensor::from_scalars_on(ctx, g.device(), &[kept.len()], g.dtype, &kept, node)?;
        let mut out = vec![Some(gather::accumulate(ctx, &kg, &shape, &at, node)?)];
        if value {
            let s: f64 = gv.iter().zip(filled.iter()).filter(|(_, f)| **f).map(|(v, _)| v.as_f64()).sum();
            out.push(Some(Tensor::from_scalars_on(ctx, g.device(), &[], g.dtype, &[Scalar::Float(s).cast(g.dtype)], node)?));
        }
        Ok(out)
    })
}
