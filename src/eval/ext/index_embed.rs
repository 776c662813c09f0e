//! The index family's embeddings: `select_scatter`, `slice_scatter`,
//! `diagonal_scatter`, `as_strided_scatter` (a clone of self, its strides
//! kept, with src copied into one view of it), `fill_diagonal_` (PyTorch's
//! `as_strided(...).fill_()`, so the graph is its `CopySlices`) and
//! `nonzero_static`.

use std::rc::Rc;

use crate::engine::autograd::BackwardFn;
use crate::engine::layout;
use crate::engine::ops::{copy, gather};
use crate::engine::strided::StridedIndex;
use crate::engine::{DType, EngineError, ErrorKind, Scalar, Tensor};
use crate::lang::span::Span;

use super::super::args::{Args, seq_ints};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::methods::tensor_arg;
use super::super::value::Value;
use crate::eval::registry::OpId;

pub const METHODS: &[&str] = &["select_scatter", "slice_scatter", "diagonal_scatter", "as_strided_scatter", "fill_diagonal_", "nonzero_static"];

fn ints(a: &mut Args, i: usize, k: &str) -> EvalResult<Vec<i64>> {
    match a.get(i, k) {
        Some((v, s)) => seq_ints(&v).ok_or_else(|| EvalError::type_error(format!("{}(): argument '{k}'{} must be tuple of ints, not {}", a.name, a.position(s), v.type_name()), s)),
        None => Err(a.err(format!("{}() missing required argument '{k}'", a.name))),
    }
}

pub fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, nspan: Span, op: &str) -> EvalResult<Value> {
    let span = a.span;
    match id {
        OpId::FillDiagonal_ => return fill_diagonal(it, t, a, nspan, op),
        OpId::NonzeroStatic => {
            let Some(size) = a.opt_int_or_none(usize::MAX, "size")? else {
                return Err(a.err("nonzero_static() missing required argument 'size'"));
            };
            let fill = a.opt_int(usize::MAX, "fill_value", -1)?;
            a.finish(0)?;
            if size < 0 {
                return Err(EvalError::new(ErrorKind::RuntimeError, "nonzero_static: 'size' must be an non-negative integer", span));
            }
            let nz = gather::nonzero(&it.ctx, t, op).at(span)?;
            let (n, nd, size) = (nz.shape()[0], nz.shape()[1], size as usize);
            let v = nz.to_scalars();
            let vals: Vec<Scalar> = (0..size * nd).map(|k| if k / nd.max(1) < n { v[k] } else { Scalar::Int(fill) }).collect();
            return Tensor::from_scalars_on(&it.ctx, t.device(), &[size, nd], DType::Int64, &vals, op).map(Value::tensor).at(span);
        }
        _ => {}
    }
    let src = tensor_arg(&mut a, 0, "src")?;
    // PyTorch's clone_preserve_strides: a storage the size of self's, self's
    // strides and offset on it.
    let elems = t.storage.nbytes() / t.dtype.size().max(1);
    let mut out = Tensor::alloc_on(&it.ctx, t.device(), &[elems], t.dtype, op).at(span)?;
    out.relayout(t.layout().clone());
    copy::copy_into(&out, t).at(span)?;
    let out = out.with_copy_lineage(t, op);
    let (node, view) = match id {
        OpId::SelectScatter => {
            let dim = a.int(1, "dim")?;
            let index = a.int(2, "index")?;
            a.finish(3)?;
            (OpId::SelectScatter.node(0), layout::select(out.layout(), dim, index))
        }
        OpId::SliceScatter => {
            let dim = a.opt_int(1, "dim", 0)?;
            let start = a.opt_int_or_none(2, "start")?;
            let end = a.opt_int_or_none(3, "end")?;
            let step = a.opt_int(4, "step", 1)?;
            a.finish(5)?;
            let d = layout::wrap_dim(dim, out.ndim()).at(span)?;
            (OpId::SliceScatter.node(0), layout::slice(out.layout(), d, start, end, step))
        }
        OpId::DiagonalScatter => {
            let off = a.opt_int(1, "offset", 0)?;
            let d1 = a.opt_int(2, "dim1", 0)?;
            let d2 = a.opt_int(3, "dim2", 1)?;
            a.finish(4)?;
            (OpId::DiagonalScatter.node(0), layout::diagonal(out.layout(), off, d1, d2))
        }
        _ => {
            let size = ints(&mut a, 1, "size")?;
            let stride = ints(&mut a, 2, "stride")?;
            let off = a.opt_int(3, "storage_offset", out.layout().offset as i64)?;
            a.finish(4)?;
            (OpId::AsStridedScatter.node(0), layout::as_strided(&size, &stride, off, out.dtype.size(), out.storage.nbytes()))
        }
    };
    let view = view.at(span)?;
    if view.shape != src.shape() {
        let msg = format!(
            "expected src to have a size equal to the slice of self. src size = {}, slice size = {}",
            gather::shape_list(src.shape()),
            gather::shape_list(&view.shape)
        );
        return Err(EvalError::new(ErrorKind::RuntimeError, msg, span));
    }
    copy::copy_into(&out.view_as_layout(view.clone(), op), &src).at(span)?;
    // The view's elements as row-major positions of the result.
    let mut inv = std::collections::HashMap::new();
    for (k, o) in StridedIndex::new(out.layout()).enumerate() {
        inv.entry(o).or_insert(k);
    }
    let pos: Vec<usize> = StridedIndex::new(&view).map(|o| inv.get(&o).copied().unwrap_or(0)).collect();
    let pos = Rc::new(pos);
    let src_shape = src.shape().to_vec();
    // PyTorch's as_strided_scatter_backward keeps the gradient inside the
    // view and zeroes it outside (the other ops: the other way round).
    let inside = id == OpId::AsStridedScatter;
    let f = BackwardFn::new(move |ctx, _, g| {
        let mut gv = g.to_scalars();
        let picked: Vec<Scalar> = pos.iter().map(|&p| gv[p]).collect();
        let zero = Scalar::Float(0.0).cast(g.dtype);
        if inside {
            let mut keep = vec![zero; gv.len()];
            pos.iter().for_each(|&p| keep[p] = gv[p]);
            gv = keep;
        } else {
            pos.iter().for_each(|&p| gv[p] = zero);
        }
        let gs = Tensor::from_scalars_on(ctx, g.device(), g.shape(), g.dtype, &gv, node)?;
        let gsrc = Tensor::from_scalars_on(ctx, g.device(), &src_shape, g.dtype, &picked, node)?;
        Ok(vec![Some(gs), Some(gsrc)])
    });
    Ok(Value::tensor(super::super::grad::record(it, node, &[Some(t), Some(&src)], out, f, &[])))
}

/// `fill_diagonal_(fill_value, wrap=False)`: the main diagonal (all dims
/// equal past 2-D), and for a tall matrix with wrap the diagonals below it.
fn fill_diagonal(it: &mut Interp, t: &Rc<Tensor>, mut a: Args, nspan: Span, op: &str) -> EvalResult<Value> {
    let span = a.span;
    let (value, vspan) = a.get(0, "fill_value").ok_or_else(|| a.err("fill_diagonal_() missing required argument 'fill_value'"))?;
    let wrap = a.opt_bool(1, "wrap", false)?;
    a.finish(2)?;
    let err = |m: &str| EvalError::new(ErrorKind::RuntimeError, m, span);
    if t.ndim() < 2 {
        return Err(err("dimensions must larger than 1"));
    }
    let (h, w) = (t.shape()[0], t.shape()[1]);
    if t.ndim() > 2 && t.shape().iter().any(|&s| s != h) {
        return Err(err("all dimensions of input must be of equal length"));
    }
    let step: usize = t.stride().iter().sum();
    let n = t.shape().iter().copied().min().unwrap_or(0);
    let mut pieces = vec![(n, t.layout().offset)];
    if wrap && t.ndim() == 2 && h > w + 1 {
        // PyTorch's one more strip from row w + 1, as far as the storage goes.
        let len = t.numel().div_ceil(w + 1) - n;
        pieces.push((len, t.layout().offset + (w + 1) * t.stride()[0]));
    }
    for (len, off) in pieces {
        let size = Value::Tuple(vec![Value::Int(len as i64)]);
        let stride = Value::Tuple(vec![Value::Int(step as i64)]);
        let pos = vec![(size, span), (stride, span), (Value::Int(off as i64), span)];
        let view_args = Args { name: "as_strided".into(), pos, kw: vec![], span, pos_base: 0 };
        let view = super::super::methods::call_op(it, t, OpId::AsStrided, view_args, nspan, op)?;
        let Value::Tensor(view) = view else { return Err(EngineError::runtime("internal: as_strided gave no tensor")).at(span) };
        let fill_args = Args { name: "fill_".into(), pos: vec![(value.clone(), vspan)], kw: vec![], span, pos_base: 0 };
        super::super::methods::call_op(it, &view, OpId::Fill_, fill_args, nspan, op)?;
    }
    Ok(Value::Tensor(t.clone()))
}
