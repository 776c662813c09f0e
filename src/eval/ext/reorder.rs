//! The reorder family: copies that move elements to new indices (`flip`,
//! `fliplr`, `flipud`, `roll`, `rot90`, `repeat`, `tile`,
//! `repeat_interleave`), broadcasting
//! views (`broadcast_to`, `broadcast_tensors`) and `broadcast_shapes`,
//! with their backward nodes.

use std::rc::Rc;

use crate::engine::autograd::BackwardFn;
use crate::engine::error::fmt_list;
use crate::engine::layout;
use crate::engine::ops::{iter_layout, reduce, reorder, reorder_index, reorder_tri};
use crate::engine::{Context, DType, EngineError, Tensor};
use crate::lang::span::Span;

use super::super::args::{seq_ints, to_int, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

mod cross;
mod splits;
mod unravel;

pub const FAMILY: Family = Family {
    functions: &[OpId::BroadcastTensors, OpId::BroadcastShapes, OpId::Hstack, OpId::Vstack, OpId::Dstack, OpId::ColumnStack, OpId::Atleast1d, OpId::Atleast2d, OpId::Atleast3d, OpId::Meshgrid, OpId::TrilIndices, OpId::TriuIndices, OpId::UnravelIndex],
    methods: &[OpId::Flip, OpId::Fliplr, OpId::Flipud, OpId::Roll, OpId::Rot90, OpId::Repeat, OpId::Tile, OpId::RepeatInterleave, OpId::BroadcastTo, OpId::TensorSplit, OpId::Hsplit, OpId::Vsplit, OpId::Dsplit, OpId::Ravel, OpId::Triu, OpId::Tril, OpId::Triu_, OpId::Tril_, OpId::Trace, OpId::Outer, OpId::Ger, OpId::Diff, OpId::Diag, OpId::DiagEmbed, OpId::Diagflat, OpId::Cross],
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

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let ctx = &it.ctx;
    let out = match id {
        OpId::Flip => {
            let dims = varargs(&mut a, "dims")?;
            let out = reorder::flip(ctx, t, &dims).at(span)?;
            record_flip(it, t, out, dims)
        }
        OpId::Fliplr | OpId::Flipud => {
            a.finish(0)?;
            let (need, dim) = if id == OpId::Fliplr { (2, 1) } else { (1, 0) };
            if t.ndim() < need {
                return Err(EngineError::runtime(format!("Input must be >= {need}-d."))).at(span);
            }
            let out = reorder::flip(ctx, t, &[dim]).at(span)?;
            record_flip(it, t, out, vec![dim])
        }
        OpId::Roll => {
            let shifts = int_list(&mut a, 0, "shifts", true)?.ok_or_else(|| a.err("roll() missing 1 required positional arguments: \"shifts\""))?;
            let dims = int_list(&mut a, 1, "dims", true)?.unwrap_or_default();
            a.finish(2)?;
            let out = reorder::roll(ctx, t, &shifts, &dims).at(span)?;
            let back: Vec<i64> = shifts.iter().map(|s| -s).collect();
            grad::record(it, OpId::Roll.node(0), &[Some(t)], out, BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder::roll(ctx, g, &back, &dims)?)])), &[])
        }
        OpId::Rot90 => {
            let k = a.opt_int(0, "k", 1)?;
            let dims = int_list(&mut a, 1, "dims", false)?.unwrap_or_else(|| vec![0, 1]);
            a.finish(2)?;
            let out = reorder::rot90(ctx, t, k, &dims).at(span)?;
            grad::record(it, OpId::Rot90.node(0), &[Some(t)], out, BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder::rot90(ctx, g, -k, &dims)?)])), &[])
        }
        OpId::Repeat | OpId::Tile => {
            let mut reps = varargs(&mut a, if id == OpId::Repeat { "repeats" } else { "dims" })?;
            // tile pads its dims with leading 1s up to self's rank, then repeats.
            if id == OpId::Tile && reps.len() < t.ndim() {
                reps.splice(0..0, std::iter::repeat_n(1, t.ndim() - reps.len()));
            }
            let out = reorder::repeat(ctx, t, &reps).at(span)?;
            let shape = t.shape().to_vec();
            let f = BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder::repeat_backward(ctx, g, &shape, &reps)?)]));
            grad::record(it, OpId::Repeat.node(0), &[Some(t)], out, f, &[])
        }
        OpId::RepeatInterleave => return repeat_interleave(it, t, a),
        OpId::TensorSplit => return splits::tensor_split(it, t, a),
        OpId::Ravel => {
            // contiguous().view(-1): a view when self is contiguous.
            a.finish(0)?;
            let c = step(it, t, OpId::Contiguous, vec![], vec![], span)?;
            return step(it, &c, OpId::View, vec![Value::Int(-1)], vec![], span).map(Value::Tensor);
        }
        OpId::Hsplit | OpId::Vsplit | OpId::Dsplit => return splits::hvd_split(it, t, id, a),
        OpId::Triu | OpId::Tril | OpId::Triu_ | OpId::Tril_ => {
            // out= is the function form's (the method has none).
            let out_arg = if a.pos_base > 0 && !name.ends_with('_') { a.take_kw("out") } else { None };
            let d = a.opt_int(0, "diagonal", 0)?;
            if a.pos.len() > 1 {
                return Err(a.err(format!("{name}() takes from 0 to 1 positional arguments but {} were given", a.pos.len())));
            }
            a.finish(1)?;
            let upper = name.starts_with("triu");
            let node = if upper { OpId::Triu.node(0) } else { OpId::Tril.node(0) };
            let f = BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder_tri::tri(ctx, g, upper, d)?)]));
            if name.ends_with('_') {
                reorder_tri::tri_(t, upper, d).at(span)?;
                grad::rebase_node(it, t, node, &[], f, &[]);
                return Ok(Value::Tensor(t.clone()));
            }
            match out_arg {
                None | Some((Value::None, _)) => {}
                Some((Value::Tensor(o), _)) => {
                    let r = reorder_tri::tri(ctx, t, upper, d);
                    return write_out(it, name, t, &o, r, span);
                }
                Some((v, s)) => return Err(EvalError::type_error(format!("{name}(): argument 'out' must be Tensor, not {}", v.type_name()), s)),
            }
            let out = reorder_tri::tri(ctx, t, upper, d).at(span)?;
            grad::record(it, node, &[Some(t)], out, f, &[])
        }
        OpId::Trace => {
            a.finish(0)?;
            if t.ndim() != 2 {
                return Err(EngineError::runtime(format!("trace: expected a matrix, but got tensor with dim {}", t.ndim()))).at(span);
            }
            let dv = t.view_as_layout(layout::diagonal(t.layout(), 0, 0, 1).at(span)?, "trace()");
            let out = if t.device().is_cuda() {
                reduce::reduce(ctx, reduce::ReduceOp::Sum, &dv, None, false, 1.0, None).at(span)?.values
            } else {
                trace_cpu(ctx, &dv).at(span)?
            };
            let shape = t.shape().to_vec();
            let f = BackwardFn::new(move |ctx, _, g| {
                let z = crate::engine::ops::factory::full(ctx, g.device(), &shape, crate::engine::Scalar::Float(0.0), g.dtype, "trace_backward")?;
                let d = z.view_as_layout(layout::diagonal(z.layout(), 0, 0, 1)?, "trace_backward");
                crate::engine::ops::copy::copy_into(&d, g)?;
                Ok(vec![Some(z)])
            });
            grad::record(it, OpId::Trace.node(0), &[Some(t)], out, f, &[])
        }
        OpId::Outer | OpId::Ger => {
            // self.reshape(-1, 1) * vec2 (ViewBackward0 under MulBackward0).
            let v = super::super::methods::tensor_arg(&mut a, 0, "vec2")?;
            a.finish(1)?;
            for (t, which) in [(t, "self"), (&v, "vec2")] {
                if t.ndim() != 1 {
                    return Err(EngineError::runtime(format!("outer: Expected 1-D argument {which}, but got {}-D", t.ndim()))).at(span);
                }
            }
            let col = step(it, t, OpId::Reshape, vec![Value::Int(-1), Value::Int(1)], vec![], span)?;
            return step(it, &col, OpId::Mul, vec![Value::Tensor(v)], vec![], span).map(Value::Tensor);
        }
        OpId::Diff => return diff(it, t, a),
        OpId::Cross => return cross::cross(it, t, a),
        OpId::DiagEmbed => {
            let offset = a.opt_int(0, "offset", 0)?;
            let d1 = a.opt_int(1, "dim1", -2)?;
            let d2 = a.opt_int(2, "dim2", -1)?;
            a.finish(3)?;
            return Ok(Value::tensor(record_diag_embed(it, t, offset, d1, d2, span)?));
        }
        OpId::Diag | OpId::Diagflat => {
            let offset = a.opt_int(0, if id == OpId::Diag { "diagonal" } else { "offset" }, 0)?;
            a.finish(1)?;
            if id == OpId::Diagflat {
                // contiguous().view(-1), then a diag_embed.
                let c = step(it, t, OpId::Contiguous, vec![], vec![], span)?;
                let flat = step(it, &c, OpId::View, vec![Value::Int(-1)], vec![], span)?;
                return Ok(Value::tensor(record_diag_embed(it, &flat, offset, 0, 1, span)?));
            }
            match t.ndim() {
                1 => return Ok(Value::tensor(record_diag_embed(it, t, offset, 0, 1, span)?)),
                2 => {
                    let dv = t.view_as_layout(layout::diagonal(t.layout(), offset, 0, 1).at(span)?, "diag()");
                    let out = crate::engine::ops::copy::copy_to_new(ctx, &dv, &[1], t.dtype, "diag()").at(span)?;
                    let shape = t.shape().to_vec();
                    let f = BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder_tri::diagonal_backward(ctx, g, &shape, offset, 0, 1)?)]));
                    grad::record(it, "DiagonalBackward0_copy", &[Some(t)], out, f, &[])
                }
                n => return Err(EngineError::runtime(format!("diag(): Supports 1D or 2D tensors. Got {n}D"))).at(span),
            }
        }
        OpId::BroadcastTo => {
            let size = varargs(&mut a, "size")?;
            let l = layout::expand(t.layout(), &size, t.dtype.legacy_name()).at(span)?;
            grad::record_view(it, OpId::Expand.node(0), t, t.view_as_layout(l, "broadcast_to()"))
        }
        _ => return Err(a.err(format!("internal: {name} is not a reorder method"))),
    };
    Ok(Value::tensor(out))
}

/// `FlipBackward0`: the gradient flips back over the same dims.
fn record_flip(it: &Interp, t: &Tensor, out: Tensor, dims: Vec<i64>) -> Tensor {
    grad::record(it, OpId::Flip.node(0), &[Some(t)], out, BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder::flip(ctx, g, &dims)?)])), &[])
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

fn function(it: &mut Interp, id: OpId, a: Args, _op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    if matches!(id, OpId::BroadcastTensors | OpId::BroadcastShapes | OpId::Atleast1d | OpId::Atleast2d | OpId::Atleast3d) {
        a.finish(a.pos.len())?;
    }
    match id {
        OpId::BroadcastTensors => {
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
                let l = layout::expand(t.layout(), &sizes, t.dtype.legacy_name()).at(span)?;
                out.push(Value::tensor(grad::record_view(it, OpId::Expand.node(0), t, t.view_as_layout(l, "broadcast_tensors()"))));
            }
            Ok(Value::Tuple(out))
        }
        OpId::BroadcastShapes => broadcast_shapes(&a),
        OpId::Atleast1d | OpId::Atleast2d | OpId::Atleast3d => {
            let n = if id == OpId::Atleast1d { 1 } else if id == OpId::Atleast2d { 2 } else { 3 };
            let one = a.pos.len() == 1 && matches!(a.pos[0].0, Value::Tensor(_));
            let items = match a.pos.as_slice() {
                [(v, _)] if !one => v.seq_items(),
                _ => Some(a.pos.iter().map(|(v, _)| v.clone()).collect()),
            };
            let bad = |v: &Value| {
                let ty = v.type_name();
                let msg = format!("{name}() received an invalid combination of arguments - got ({ty}), but expected one of:\n * (Tensor input)\n      didn't match because some of the arguments have invalid types: (!{ty}!)\n * (tuple of Tensors tensors)\n      didn't match because some of the arguments have invalid types: (!{ty}!)\n");
                EvalError::type_error(msg, span)
            };
            let items = items.ok_or_else(|| bad(&a.pos[0].0))?;
            let ts = tensors_of(&items, span)?;
            let mut out = vec![];
            for t in &ts {
                out.push(Value::Tensor(at_least(it, t, n, span)?));
            }
            Ok(if one { out.remove(0) } else { Value::Tuple(out) })
        }
        OpId::Meshgrid => meshgrid(it, a),
        OpId::UnravelIndex => unravel::unravel_index(it, a),
        OpId::TrilIndices | OpId::TriuIndices => {
            let mut a = a;
            let row = a.int(0, "row")?;
            let col = a.int(1, "col")?;
            let offset = a.opt_int(2, "offset", 0)?;
            let dtype = a.dtype_kw()?.unwrap_or(crate::engine::DType::Int64);
            let dev = a.device_kw()?.map(|d| d.0).unwrap_or(crate::engine::Device::Cpu);
            a.take_kw("layout");
            a.finish(3)?;
            if dtype.is_floating() || dtype == crate::engine::DType::Bool {
                let msg = format!("\"{name}\" not implemented for '{}'", crate::engine::ops::promote::scalar_type_name(dtype));
                return Err(EngineError::new(crate::engine::ErrorKind::NotImplementedError, msg)).at(span);
            }
            for (v, what) in [(row, "row"), (col, "col")] {
                if v < 0 {
                    return Err(EngineError::runtime(format!("{what} must be non-negative, got{v}"))).at(span);
                }
            }
            let upper = id == OpId::TriuIndices;
            let (mut rs, mut cs) = (vec![], vec![]);
            for i in 0..row {
                for j in 0..col {
                    if if upper { j - i >= offset } else { j - i <= offset } {
                        rs.push(crate::engine::Scalar::Int(i));
                        cs.push(crate::engine::Scalar::Int(j));
                    }
                }
            }
            let n = rs.len();
            rs.extend(cs);
            Tensor::from_scalars_on(&it.ctx, dev, &[2, n], dtype, &rs, &format!("{name}()")).map(Value::tensor).at(span)
        }
        OpId::Hstack | OpId::Vstack | OpId::Dstack | OpId::ColumnStack => {
            let mut a = a;
            let (v, vs) = a.get(0, "tensors").ok_or_else(|| a.err(format!("{name}() missing required argument 'tensors'")))?;
            a.finish(1)?;
            let Some(items) = v.seq_items() else {
                return Err(EvalError::type_error(format!("{name}(): argument 'tensors'{} must be tuple of Tensors, not {}", a.position(vs), v.type_name()), vs));
            };
            let ts = tensors_of(&items, vs)?;
            if ts.is_empty() {
                return Err(EngineError::runtime(format!("{name} expects a non-empty TensorList"))).at(span);
            }
            let (n, mut dim) = match id {
                OpId::Vstack => (2, 0),
                OpId::Dstack => (3, 2),
                _ => (1, 1),
            };
            let mut rep = vec![];
            for t in &ts {
                // column_stack makes columns of 0-d and 1-d tensors first.
                let t = if id == OpId::ColumnStack && t.ndim() <= 1 {
                    step(it, t, OpId::Reshape, vec![Value::Int(t.numel() as i64), Value::Int(1)], vec![], span)?
                } else {
                    at_least(it, t, n, span)?
                };
                rep.push(Value::Tensor(t));
            }
            if n == 1 && matches!(&rep[0], Value::Tensor(t) if t.ndim() == 1) {
                dim = 0;
            }
            let args = Args { name: "cat".to_string(), pos: vec![(Value::Tuple(rep), vs)], kw: vec![("dim".to_string(), Value::Int(dim), span)], span, pos_base: 0 };
            super::super::builtins::call_op(it, OpId::Cat, args, &format!("{name}()"))
        }
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

/// `x.method(pos..., kw...)` through the method dispatcher, so the step gets
/// the node PyTorch's composite gives it (`repeat_interleave` and the
/// `nn.functional` composites are built of them).
pub fn step(it: &mut Interp, t: &Rc<Tensor>, id: OpId, pos: Vec<Value>, kw: Vec<(&str, Value)>, span: Span) -> EvalResult<Rc<Tensor>> {
    let name = id.name();
    let a = Args {
        name: name.to_string(),
        pos: pos.into_iter().map(|v| (v, span)).collect(),
        kw: kw.into_iter().map(|(k, v)| (k.to_string(), v, span)).collect(),
        span,
        pos_base: 0,
    };
    match super::super::methods::call_op(it, t, id, a, span, &format!("{name}()"))? {
        Value::Tensor(r) => Ok(r),
        _ => Err(EvalError::type_error(format!("internal: {name}() gave no tensor"), span)),
    }
}

/// `repeat_interleave(repeats, dim=None, *, output_size=None)` as PyTorch
/// composes it: an int repeats is unsqueeze, expand, clone, flatten (their
/// nodes); a tensor of repeats is an index_select (IndexSelectBackward0);
/// `torch.repeat_interleave(repeats)` alone gives the indices.
fn repeat_interleave(it: &mut Interp, t: &Rc<Tensor>, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let reps = a.get(0, "repeats");
    let dim = a.opt_int_or_none(1, "dim")?;
    let output_size = match a.take_kw("output_size") {
        None | Some((Value::None, _)) => None,
        Some((v, s)) => Some(to_int(&v).ok_or_else(|| EvalError::type_error(format!("repeat_interleave(): argument 'output_size' must be int, not {}", v.type_name()), s))?),
    };
    a.finish(2)?;
    let reps = match reps {
        None if a.pos_base > 0 && dim.is_none() => {
            return reorder_index::repeat_indices(&it.ctx, t).map(Value::tensor).at(span);
        }
        None => {
            let msg = "repeat_interleave() received an invalid combination of arguments - got (), but expected one of:\n * (Tensor repeats, int dim = None, *, int output_size = None)\n * (int repeats, int dim = None, *, int output_size = None)\n";
            return Err(a.err(msg));
        }
        Some((v, _)) => v,
    };
    let input = match dim {
        Some(_) => t.clone(),
        None => step(it, t, OpId::Flatten, vec![], vec![], span)?,
    };
    let d = layout::wrap_dim(dim.unwrap_or(0), t.ndim()).at(span)?;
    match reps {
        Value::Tensor(r) if r.ndim() > 1 => Err(EngineError::runtime("repeats must be 0-dim or 1-dim tensor")).at(span),
        Value::Tensor(r) => {
            let len = input.shape().get(d).copied().unwrap_or(1);
            let counts = if r.numel() == 1 {
                let c = r.item().at(span)?.as_i64();
                if c < 0 {
                    return Err(EngineError::runtime("repeats can not be negative")).at(span);
                }
                vec![c; len]
            } else {
                if r.shape()[0] != len {
                    let msg = format!("repeats must have the same size as input along dim, but got repeats.size(0) = {} and input.size({d}) = {len}", r.shape()[0]);
                    return Err(EngineError::runtime(msg)).at(span);
                }
                // Its dtype and sign checks.
                reorder_index::repeat_indices(&it.ctx, &r).at(span)?;
                r.to_scalars().iter().map(|s| s.as_i64()).collect()
            };
            let idx: Vec<usize> = counts.iter().enumerate().flat_map(|(i, &c)| std::iter::repeat_n(i, c as usize)).collect();
            check_output_size(output_size, idx.len(), span)?;
            let out = reorder_index::index_select(&it.ctx, &input, d, &idx).at(span)?;
            let shape = input.shape().to_vec();
            let f = BackwardFn::new(move |ctx, _, g| Ok(vec![Some(reorder_index::index_select_backward(ctx, g, &shape, d, &idx)?)]));
            Ok(Value::tensor(grad::record(it, OpId::IndexSelect.node(0), &[Some(&input)], out, f, &[])))
        }
        v => {
            let Some(r) = to_int(&v) else {
                return Err(a.err(format!("repeat_interleave(): argument 'repeats' (position 1) must be Tensor, not {}", v.type_name())));
            };
            if r < 0 {
                return Err(EngineError::runtime("Repeats must be non-negative")).at(span);
            }
            let u = step(it, &input, OpId::Unsqueeze, vec![Value::Int(d as i64 + 1)], vec![], span)?;
            check_output_size(output_size, input.shape().get(d).copied().unwrap_or(1) * r as usize, span)?;
            let mut sizes: Vec<Value> = u.shape().iter().map(|&x| Value::Int(x as i64)).collect();
            sizes[d + 1] = Value::Int(r);
            let e = step(it, &u, OpId::Expand, vec![Value::Tuple(sizes)], vec![], span)?;
            let c = step(it, &e, OpId::Clone, vec![], vec![("memory_format", Value::MemoryFormat("contiguous_format"))], span)?;
            step(it, &c, OpId::Flatten, vec![Value::Int(d as i64), Value::Int(d as i64 + 1)], vec![], span).map(Value::Tensor)
        }
    }
}

fn check_output_size(given: Option<i64>, expected: usize, span: Span) -> EvalResult<()> {
    match given {
        Some(n) if n != expected as i64 => Err(EngineError::runtime(format!("repeat_interleave: Invalid output_size, expected {expected} but got {n}"))).at(span),
        _ => Ok(()),
    }
}

/// The tensors of a sequence argument, or PyTorch's TypeError naming the first that is not one.
fn tensors_of(items: &[Value], span: Span) -> EvalResult<Vec<Rc<Tensor>>> {
    items
        .iter()
        .enumerate()
        .map(|(i, v)| match v {
            Value::Tensor(t) => Ok(t.clone()),
            v => Err(EvalError::type_error(format!("expected Tensor as element {i} in argument 0, but got {}", v.type_name()), span)),
        })
        .collect()
}

/// `atleast_{n}d(t)` as PyTorch writes it: a 0-d tensor is reshaped, a 1-d
/// one unsqueezed (`(1, k)`, or `(1, k, 1)` for 3), a 2-d one gets a last
/// size-1 dim for 3; one already of rank n or more comes back as itself.
fn at_least(it: &mut Interp, t: &Rc<Tensor>, n: usize, span: Span) -> EvalResult<Rc<Tensor>> {
    match (t.ndim(), n) {
        (0, _) => step(it, t, OpId::Reshape, vec![Value::Tuple(vec![Value::Int(1); n])], vec![], span),
        (1, 2) => step(it, t, OpId::Unsqueeze, vec![Value::Int(0)], vec![], span),
        (1, 3) => {
            let u = step(it, t, OpId::Unsqueeze, vec![Value::Int(0)], vec![], span)?;
            step(it, &u, OpId::Unsqueeze, vec![Value::Int(-1)], vec![], span)
        }
        (2, 3) => step(it, t, OpId::Unsqueeze, vec![Value::Int(-1)], vec![], span),
        _ => Ok(t.clone()),
    }
}

/// `out=`: the result copied into `o` (in `o`'s strides), which is returned.
/// PyTorch's checks: no autograd, the result's dtype; an `o` of another
/// shape is resized (`out::resize_for`).
fn write_out(it: &mut Interp, name: &str, t: &Tensor, o: &Rc<Tensor>, r: crate::engine::error::Result<Tensor>, span: Span) -> EvalResult<Value> {
    if it.grad_enabled && (t.requires_grad() || o.requires_grad()) {
        let msg = format!("{name}(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad.");
        return Err(EngineError::runtime(msg)).at(span);
    }
    if o.dtype != t.dtype {
        let msg = format!("Expected out tensor to have dtype {}, but got {} instead", type_meta_name(t.dtype), type_meta_name(o.dtype));
        return Err(EngineError::runtime(msg)).at(span);
    }
    let r = r.at(span)?;
    super::super::out::resize_for(it, o, &r, span)?;
    crate::engine::ops::copy::copy_into(o, &r).at(span)?;
    Ok(Value::Tensor(o.clone()))
}

/// The C++ type name PyTorch's out= dtype check prints (`float`, `long int`).
fn type_meta_name(d: crate::engine::DType) -> &'static str {
    use crate::engine::DType::*;
    match d {
        Bool => "bool",
        UInt8 => "unsigned char",
        Int8 => "signed char",
        Int16 => "short int",
        Int32 => "int",
        Int64 => "long int",
        Float16 => "c10::Half",
        BFloat16 => "c10::BFloat16",
        Float32 => "float",
        Float64 => "double",
    }
}

/// `torch.meshgrid(*tensors, indexing=None)`: each 0-d or 1-d tensor viewed
/// along its own dim and expanded to the grid (ViewBackward0, then
/// ExpandBackward0); "xy" swaps the first two, as PyTorch does.
fn meshgrid(it: &mut Interp, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let indexing = match a.take_kw("indexing") {
        None | Some((Value::None, _)) => "ij".to_string(),
        Some((Value::Str(s), _)) if s == "ij" || s == "xy" => s,
        Some((v, _)) => {
            let got = match &v {
                Value::Str(s) => s.clone(),
                v => super::super::py::repr::repr(v),
            };
            return Err(EngineError::runtime(format!("torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: {got}"))).at(span);
        }
    };
    a.finish(a.pos.len())?;
    let items = match a.pos.as_slice() {
        [(v, _)] if !matches!(v, Value::Tensor(_)) => v.seq_items().ok_or_else(|| a.err(format!("meshgrid(): argument 'tensors' must be tuple of Tensors, not {}", v.type_name())))?,
        _ => a.pos.iter().map(|(v, _)| v.clone()).collect(),
    };
    let mut ts = tensors_of(&items, span)?;
    if ts.is_empty() {
        return Err(EngineError::runtime("torch.meshgrid: Expected at least one tensor in the tensor list")).at(span);
    }
    for t in &ts {
        if t.ndim() > 1 {
            let msg = format!("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got a {}-D tensor of shape {}", t.ndim(), fmt_list(t.shape()));
            return Err(EngineError::runtime(msg)).at(span);
        }
        if t.dtype != ts[0].dtype {
            return Err(EngineError::runtime("meshgrid expects all tensors to have the same dtype")).at(span);
        }
    }
    let swap = indexing == "xy" && ts.len() >= 2;
    if swap {
        ts.swap(0, 1);
    }
    let shape: Vec<Value> = ts.iter().map(|t| Value::Int(t.numel() as i64)).collect();
    let mut grids = vec![];
    for (i, t) in ts.iter().enumerate() {
        let mut vs = vec![Value::Int(1); ts.len()];
        vs[i] = Value::Int(-1);
        let v = step(it, t, OpId::View, vec![Value::Tuple(vs)], vec![], span)?;
        grids.push(Value::Tensor(step(it, &v, OpId::Expand, vec![Value::Tuple(shape.clone())], vec![], span)?));
    }
    if swap {
        grids.swap(0, 1);
    }
    Ok(Value::Tuple(grids))
}

/// `diff(n=1, dim=-1, prepend=None, append=None)`: `narrow(1..) - narrow(..-1)`
/// (logical_xor for bool) n times, after cat-ing prepend and append on.
fn diff(it: &mut Interp, t: &Rc<Tensor>, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let n = a.opt_int(0, "n", 1)?;
    let dim = a.opt_int(1, "dim", -1)?;
    let mut ends = vec![];
    for (i, k) in [(2, "prepend"), (3, "append")] {
        ends.push(match a.get(i, k) {
            None | Some((Value::None, _)) => None,
            Some((Value::Tensor(e), _)) => Some(e),
            Some((v, s)) => return Err(EvalError::type_error(format!("diff(): argument '{k}' must be Tensor, not {}", v.type_name()), s)),
        });
    }
    a.finish(4)?;
    if t.ndim() == 0 {
        return Err(EngineError::runtime("diff expects input to be at least one-dimensional")).at(span);
    }
    if n < 0 {
        return Err(EngineError::runtime(format!("order must be non-negative but got {n}"))).at(span);
    }
    if ends.iter().flatten().any(|e| e.ndim() != t.ndim()) {
        return Err(EngineError::runtime("diff expects prepend or append to be the same dimension as input")).at(span);
    }
    let d = layout::wrap_dim(dim, t.ndim()).at(span)?;
    let mut x = t.clone();
    if ends.iter().any(|e| e.is_some()) {
        let mut parts = vec![];
        parts.extend(ends[0].clone().map(Value::Tensor));
        parts.push(Value::Tensor(t.clone()));
        parts.extend(ends[1].clone().map(Value::Tensor));
        let args = Args { name: "cat".to_string(), pos: vec![(Value::Tuple(parts), span)], kw: vec![("dim".to_string(), Value::Int(d as i64), span)], span, pos_base: 0 };
        x = match super::super::builtins::call_op(it, OpId::Cat, args, "diff()")? {
            Value::Tensor(c) => c,
            _ => return Err(a.err("internal: cat gave no tensor")),
        };
    }
    for _ in 0..n {
        let len = x.shape()[d] as i64;
        if len == 0 {
            break;
        }
        let hi = step(it, &x, OpId::Narrow, vec![Value::Int(d as i64), Value::Int(1), Value::Int(len - 1)], vec![], span)?;
        let lo = step(it, &x, OpId::Narrow, vec![Value::Int(d as i64), Value::Int(0), Value::Int(len - 1)], vec![], span)?;
        let op = if x.dtype == crate::engine::DType::Bool { OpId::LogicalXor } else { OpId::Sub };
        x = step(it, &hi, op, vec![Value::Tensor(lo)], vec![], span)?;
    }
    Ok(Value::Tensor(x))
}

/// `diag_embed` with its DiagEmbedBackward0 (the gradient's diagonal).
fn record_diag_embed(it: &Interp, t: &Tensor, offset: i64, d1: i64, d2: i64, span: Span) -> EvalResult<Tensor> {
    let out = reorder_tri::diag_embed(&it.ctx, t, offset, d1, d2).at(span)?;
    let nd = out.ndim();
    let (w1, w2) = (layout::wrap_dim(d1, nd).at(span)? as i64, layout::wrap_dim(d2, nd).at(span)? as i64);
    let f = BackwardFn::new(move |ctx, _, g| {
        let d = g.view_as_layout(layout::diagonal(g.layout(), offset, w1, w2)?, "diag_embed_backward");
        Ok(vec![Some(crate::engine::ops::copy::copy_to_new(ctx, &d, &layout::contiguous_strides(d.shape()), g.dtype, "diag_embed_backward")?)])
    });
    Ok(grad::record(it, OpId::DiagEmbed.node(0), &[Some(t)], out, f, &[]))
}

/// ATen's `trace_cpu`: the diagonal `d` added in order in `acc_type`
/// (double for float and double, float for half and bfloat16, int64 for
/// integers, wrapping), the result in self's dtype (int64 for integers);
/// bool is not dispatched.
fn trace_cpu(ctx: &Context, d: &Tensor) -> crate::engine::error::Result<Tensor> {
    use crate::engine::Scalar;
    let vals = d.to_scalars();
    let (sum, dtype) = match d.dtype {
        DType::Bool => return Err(EngineError::new(crate::engine::ErrorKind::NotImplementedError, "\"trace\" not implemented for 'Bool'")),
        DType::Float32 | DType::Float64 => (Scalar::Float(vals.iter().fold(0.0f64, |s, v| s + v.as_f64())), d.dtype),
        DType::Float16 | DType::BFloat16 => (Scalar::Float(vals.iter().fold(0.0f32, |s, v| s + v.as_f64() as f32) as f64), d.dtype),
        _ => (Scalar::Int(vals.iter().fold(0i64, |s, v| s.wrapping_add(v.as_i64()))), DType::Int64),
    };
    Tensor::from_scalars(ctx, &[], dtype, &[sum], "trace")
}

