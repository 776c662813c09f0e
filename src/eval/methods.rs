//! Tensor attributes (`x.shape`, `x.T`) and methods (`x.view(3, 4)`).
//! Each method maps to one engine call; views go through `layout.rs`.

use std::rc::Rc;

use crate::engine::ops::division::Rounding;

use crate::engine::layout;
use crate::engine::ops::{copy, join, shape as shape_ops};
use crate::engine::ops::elementwise::UnaryOp;
use crate::engine::{DType, EngineError, ErrorKind, Tensor};
use crate::lang::span::Span;

use super::args::{seq_ints, Args};
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::pieces::{chunk, split, unbind};
use super::value::Value;
use crate::eval::registry::OpId;

pub fn attribute(it: &mut Interp, t: &Rc<Tensor>, name: &str, span: Span) -> EvalResult<Value> {
    Ok(match name {
        "shape" => Value::Size(t.shape().to_vec()),
        "dtype" => Value::DType(t.dtype),
        "device" => Value::Device(t.device().into()),
        "layout" => Value::Layout("strided"),
        "ndim" => Value::Int(t.ndim() as i64),
        "is_leaf" | "grad_fn" | "grad" | "output_nr" => return super::grad::attrs::read(it, t, name, span).map(|v| v.unwrap_or(Value::None)),
        "requires_grad" => Value::Bool(t.requires_grad()),
        "retains_grad" => Value::Bool(crate::engine::autograd::retain::retains_grad(t)),
        "_version" => Value::Int(t.version() as i64),
        "is_cuda" => Value::Bool(t.device().is_cuda()),
        "is_cpu" => Value::Bool(!t.device().is_cuda()),
        // tsr's tensors are dense, strided, unquantized and hold data.
        "is_sparse" | "is_quantized" | "is_meta" | "is_mkldnn" | "is_nested" => Value::Bool(false),
        "itemsize" => Value::Int(t.dtype.size() as i64),
        "nbytes" => Value::Int((t.numel() * t.dtype.size()) as i64),
        "data" => Value::tensor(t.view_as_layout(t.layout().clone(), ".data")),
        "_base" => super::view_base::base(t).map_or(Value::None, Value::Tensor),
        "T" => {
            super::warnings::numpy_t(it, t.ndim(), span);
            let dims: Vec<i64> = (0..t.ndim() as i64).rev().collect();
            let v = t.view_as_layout(layout::permute(t.layout(), &dims).at(span)?, ".T");
            let v = Value::tensor(super::grad::record_view(it, attribute_node("T"), t, v));
            super::view_base::mark(&v, std::slice::from_ref(t));
            v
        }
        // For real tensors the (batched) conjugate transposes are transposes.
        "mT" | "mH" | "H" => {
            if t.ndim() == 0 {
                // PyTorch returns the tensor itself, with a warn-once warning.
                let w = match name {
                    "mT" => super::warnings::MT_0D,
                    "mH" => super::warnings::MH_0D,
                    _ => super::warnings::H_0D,
                };
                it.warn_once(w, span);
                return Ok(Value::Tensor(t.clone()));
            }
            if name == "H" && t.ndim() != 2 {
                let hint = if t.ndim() > 2 { " For batches of matrices, consider using tensor.mH" } else { "" };
                return Err(EvalError::new(ErrorKind::RuntimeError, format!("tensor.H is only supported on matrices (2-D tensors). Got {}-D tensor.{hint}", t.ndim()), span));
            }
            if t.ndim() < 2 {
                return Err(EvalError::new(
                    ErrorKind::RuntimeError,
                    format!("tensor.{name} is only supported on matrices or batches of matrices. Got {}-D tensor.", t.ndim()),
                    span,
                ));
            }
            let v = t.view_as_layout(layout::transpose(t.layout(), -2, -1).at(span)?, if name == "mT" { ".mT" } else if name == "mH" { ".mH" } else { ".H" });
            let v = Value::tensor(super::grad::record_view(it, attribute_node(name), t, v));
            super::view_base::mark(&v, std::slice::from_ref(t));
            v
        }
        _ => {
            let _ = it;
            return Err(unknown_member(name, span));
        }
    })
}

/// The `grad_fn` name of a view attribute, from its row.
fn attribute_node(name: &str) -> &'static str {
    super::registry::attributes::find(name).and_then(|a| a.view).map_or(crate::eval::registry::nodes::NOT_IMPLEMENTED, |(_, node)| node)
}

fn unknown_member(name: &str, span: Span) -> EvalError {
    let err = EvalError::new(ErrorKind::AttributeError, format!("'Tensor' object has no attribute '{name}'"), span);
    match super::names::closest(name, super::registry::method_names().chain(super::registry::attributes::names())) {
        Some(c) => err.with_hint(format!("did you mean `{c}`?")),
        None => err,
    }
}

fn view(t: &Tensor, l: Result<layout::Layout, EngineError>, op: &str, span: Span) -> EvalResult<Value> {
    Ok(Value::tensor(t.view_as_layout(l.at(span)?, op)))
}

fn dtype_method(name: &str) -> Option<DType> {
    Some(match name {
        "float" => DType::Float32,
        "double" => DType::Float64,
        "half" => DType::Float16,
        "bfloat16" => DType::BFloat16,
        "int" => DType::Int32,
        "long" => DType::Int64,
        "short" => DType::Int16,
        "bool" => DType::Bool,
        "byte" => DType::UInt8,
        "char" => DType::Int8,
        _ => return None,
    })
}

pub(super) fn same(t: &Rc<Tensor>) -> Value {
    Value::Tensor(t.clone())
}

fn ints_tuple(xs: &[usize]) -> Value {
    Value::Tuple(xs.iter().map(|&x| Value::Int(x as i64)).collect())
}

/// A tensor method call, with autograd: in-place methods are checked
/// against leaves that require grad, and results get their backward node.
pub fn call(it: &mut Interp, t: &Rc<Tensor>, name: &str, mut a: Args, nspan: Span, op: &str) -> EvalResult<Value> {
    let Some(id) = OpId::method(name) else { return Err(unknown_member(name, nspan)) };
    super::registry::binder::numpy_names(id, true, &mut a.kw);
    // A call PyTorch's argument parser refuses is refused before it runs.
    if a.pos_base == 0
        && let Some(m) = super::registry::binder::CallArgs::of(&a).refusal(id, true)
    {
        return Err(EvalError::type_error(m, a.span));
    }
    super::args::strided_only(&a)?;
    let g = super::generator_value::take(&mut a);
    super::generator_value::with(it, g, |it| call_op(it, t, id, a, nspan, op))
}

/// The tensor method `id` (or its function form, `a.pos_base` 1).
pub fn call_op(it: &mut Interp, t: &Rc<Tensor>, id: OpId, a: Args, nspan: Span, op: &str) -> EvalResult<Value> {
    let name = id.name();
    // A function form (`torch.NAME(x, ...)`, `pos_base` 1) is explained by
    // the function's signatures, in `builtins::call`.
    let method = a.pos_base == 0;
    let given = super::registry::binder::CallArgs::of(&a);
    let views = super::view_base::makes_views(id, a.pos.first().map(|(v, _)| v));
    let r = call_bound(it, t, id, a, nspan, op).map_err(|e| if method { given.refine(e, name, true) } else { e })?;
    if views {
        super::view_base::mark(&r, std::slice::from_ref(t));
    }
    Ok(r)
}

fn call_bound(it: &mut Interp, t: &Rc<Tensor>, id: OpId, a: Args, nspan: Span, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    match id {
        OpId::RequiresGrad_ => {
            let mut a = a;
            let on = a.opt_bool(0, "requires_grad", true)?;
            a.finish(1)?;
            super::grad::make_leaf(t, on, false, span)?;
            return Ok(same(t));
        }
        OpId::Backward => return backward(it, t, a),
        OpId::RegisterHook => return super::hooks::register(it, t, a),
        // Before the in-place check: a leaf gets resize_'s own message.
        OpId::Resize_ => return super::ext::header::resize(it, t, a, op),
        OpId::RetainGrad => {
            a.finish(0)?;
            super::grad::retain_grad(t, span)?;
            return Ok(Value::None);
        }
        _ => {}
    }
    let inplace = name.ends_with('_');
    if inplace {
        super::grad::check_inplace(it, t, span)?;
    }
    let replay = super::grad::index_views::Replay::prepare(it, t, id, &a);
    // The overload names the node (`squeeze(1)`: `SqueezeBackward1`).
    let overload = if t.requires_grad() && id.row().backward.len() > 1 { super::registry::binder::CallArgs::of(&a).overload(id, true) } else { 0 };
    // view(dtype) is not differentiable: its result never requires grad.
    let dtype_view = super::view_base::is_dtype_view(id, a.pos.first().map(|(v, _)| v));
    let result = call_inner(it, t, id, a, nspan, op)?;
    let maps = replay.and_then(|r| r.maps(t, |s, a| call_inner(it, s, id, a, nspan, op)));
    if inplace || dtype_view || !t.requires_grad() || matches!(id, OpId::Detach | OpId::Item | OpId::Tolist | OpId::Histc) {
        return Ok(result);
    }
    if !it.grad_enabled {
        // Only views matter under no_grad: they still require grad (PyTorch).
        return Ok(match result {
            Value::Tensor(r) if !Rc::ptr_eq(&r, t) && r.same_storage(t) && !r.requires_grad() => {
                Value::tensor(super::grad::record_view(it, OpId::View.node(0), t, (*r).clone()))
            }
            Value::Tuple(xs) if matches!(id, OpId::Split | OpId::Chunk | OpId::Unbind) => super::grad::multi::attach(it, t, id.node(overload), &xs, None),
            other => other,
        });
    }
    Ok(super::method_grad::attach(it, t, id, overload, result, maps))
}

/// `y.backward(gradient=None, retain_graph=False)`.
fn backward(it: &mut Interp, t: &Rc<Tensor>, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let gradient = match a.get(0, "gradient") {
        None | Some((Value::None, _)) => None,
        Some((Value::Tensor(g), _)) => Some((*g).clone()),
        Some((v, s)) => return Err(EvalError::type_error(format!("backward(): argument 'gradient' must be Tensor, not {}", v.type_name()), s)),
    };
    let retain = a.opt_bool(1, "retain_graph", false)?;
    a.take_kw("create_graph");
    a.finish(2)?;
    super::hooks::run_backward(it, t, gradient, retain, span)?;
    Ok(Value::None)
}

pub(crate) fn call_inner(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, nspan: Span, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let ctx = &it.ctx;
    if let Some(d) = dtype_method(name) {
        a.finish(0)?;
        return Ok(match copy::to_dtype(ctx, t, d).at(span)? {
            Some(n) => Value::tensor(n),
            None => same(t),
        });
    }
    match id {
        OpId::View => {
            if let Some((Value::DType(d), _)) = a.pos.first().cloned() {
                a.finish(1)?;
                let names = |d: crate::engine::DType| crate::engine::ops::promote::scalar_type_name(d);
                let what = format!("{} as {}", names(t.dtype), names(d));
                let l = layout::view_dtype(t.layout(), t.dtype.size(), d.size(), &what).at(span)?;
                let mut v = t.view_as_layout(l, op);
                v.dtype = d;
                return Ok(Value::tensor(v));
            }
            if a.pos.is_empty() && a.kw.is_empty() {
                return Err(a.err("view() received an invalid combination of arguments - got (), but expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n"));
            }
            let s = a.sizes(0, "size")?;
            view(t, layout::view(t.layout(), &s), op, span)
        }
        OpId::Reshape => {
            let s = a.required_sizes(0, "shape")?;
            let (r, _) = shape_ops::reshape(ctx, t, &s, op).at(span)?;
            Ok(Value::tensor(r))
        }
        OpId::ViewAs | OpId::ReshapeAs | OpId::ExpandAs => {
            let other = tensor_arg(&mut a, 0, "other")?;
            let sizes: Vec<i64> = other.shape().iter().map(|&x| x as i64).collect();
            a.finish(1)?;
            match id {
                OpId::ViewAs => view(t, layout::view(t.layout(), &sizes), op, span),
                OpId::ReshapeAs => Ok(Value::tensor(shape_ops::reshape(ctx, t, &sizes, op).at(span)?.0)),
                _ => view(t, layout::expand(t.layout(), &sizes, t.dtype.legacy_name()), op, span),
            }
        }
        OpId::T => {
            a.finish(0)?;
            view(t, layout::t(t.layout()), op, span)
        }
        OpId::Transpose | OpId::Swapaxes | OpId::Swapdims => {
            let d0 = a.int(0, "dim0")?;
            let d1 = a.int(1, "dim1")?;
            a.finish(2)?;
            view(t, layout::transpose(t.layout(), d0, d1), op, span)
        }
        OpId::Permute => {
            let dims = a.required_sizes(0, "dims")?;
            view(t, layout::permute(t.layout(), &dims), op, span)
        }
        OpId::Movedim | OpId::Moveaxis => {
            let (src, _) = a.get(0, "source").ok_or_else(|| a.err("movedim() missing required argument 'source'"))?;
            let (dst, _) = a.get(1, "destination").ok_or_else(|| a.err("movedim() missing required argument 'destination'"))?;
            a.finish(2)?;
            let (s, d) = (seq_ints(&src).unwrap_or_default(), seq_ints(&dst).unwrap_or_default());
            view(t, layout::movedim(t.layout(), &s, &d), op, span)
        }
        OpId::Narrow => {
            let d = a.int(0, "dim")?;
            let s = a.int(1, "start")?;
            let l = a.int(2, "length")?;
            a.finish(3)?;
            view(t, layout::narrow(t.layout(), d, s, l), op, span)
        }
        OpId::Select => {
            let d = a.int(0, "dim")?;
            let i = a.int(1, "index")?;
            a.finish(2)?;
            view(t, layout::select(t.layout(), d, i), op, span)
        }
        OpId::Unsqueeze => {
            let d = a.int(0, "dim")?;
            a.finish(1)?;
            view(t, layout::unsqueeze(t.layout(), d), op, span)
        }
        OpId::Squeeze => {
            let dims = match a.get(0, "dim") {
                None | Some((Value::None, _)) => None,
                Some((v, s)) => Some(seq_ints(&v).ok_or_else(|| EvalError::type_error(format!("squeeze(): argument 'dim' must be int or tuple of ints, not {}", v.type_name()), s))?),
            };
            a.finish(1)?;
            view(t, layout::squeeze_dims(t.layout(), dims.as_deref()), op, span)
        }
        OpId::Expand => {
            let s = a.required_sizes(0, "size")?;
            view(t, layout::expand(t.layout(), &s, t.dtype.legacy_name()), op, span)
        }
        OpId::Flatten => {
            let s = a.opt_int(0, "start_dim", 0)?;
            let e = a.opt_int(1, "end_dim", -1)?;
            a.finish(2)?;
            if t.ndim() > 0 {
                let (ws, we) = (layout::wrap_dim(s, t.ndim()).at(span)?, layout::wrap_dim(e, t.ndim()).at(span)?);
                if ws == we {
                    return Ok(same(t));
                }
            }
            shape_ops::flatten(ctx, t, s, e, op).map(Value::tensor).at(span)
        }
        OpId::Unflatten => {
            let d = a.int(0, "dim")?;
            let (sv, ss) = a.get(1, "sizes").ok_or_else(|| a.err("unflatten() missing required argument 'sizes'"))?;
            a.finish(2)?;
            let sizes = seq_ints(&sv).ok_or_else(|| EvalError::type_error("unflatten(): argument 'sizes' must be tuple of ints", ss))?;
            unflatten(t, d, &sizes, op).at(span)
        }
        OpId::Diagonal => {
            let o = a.opt_int(0, "offset", 0)?;
            let d1 = a.opt_int(1, "dim1", 0)?;
            let d2 = a.opt_int(2, "dim2", 1)?;
            a.finish(3)?;
            view(t, layout::diagonal(t.layout(), o, d1, d2), op, span)
        }
        OpId::Unfold => {
            let d = a.int(0, "dimension")?;
            let s = a.int(1, "size")?;
            let st = a.int(2, "step")?;
            a.finish(3)?;
            view(t, layout::unfold(t.layout(), d, s, st), op, span)
        }
        OpId::AsStrided => {
            let (sv, _) = a.get(0, "size").ok_or_else(|| a.err("as_strided() missing required argument 'size'"))?;
            let (stv, _) = a.get(1, "stride").ok_or_else(|| a.err("as_strided() missing required argument 'stride'"))?;
            let off = a.opt_int(2, "storage_offset", t.layout().offset as i64)?;
            a.finish(3)?;
            let size = seq_ints(&sv).ok_or_else(|| a.err("as_strided(): argument 'size' must be tuple of ints"))?;
            let stride = seq_ints(&stv).ok_or_else(|| a.err("as_strided(): argument 'stride' must be tuple of ints"))?;
            view(t, layout::as_strided(&size, &stride, off, t.dtype.size(), t.storage.nbytes()), op, span)
        }
        OpId::Split => {
            let (sv, ss) = a.get(0, "split_size").ok_or_else(|| a.err("split() missing required argument 'split_size'"))?;
            let dim = a.opt_int(1, "dim", 0)?;
            a.finish(2)?;
            split(t, &sv, dim, ss, op)
        }
        OpId::Chunk => {
            let k = a.int(0, "chunks")?;
            let dim = a.opt_int(1, "dim", 0)?;
            a.finish(2)?;
            chunk(t, k, dim, op).at(span)
        }
        OpId::Unbind => {
            let d = a.opt_int(0, "dim", 0)?;
            a.finish(1)?;
            unbind(t, d).map(Value::Tuple).at(span)
        }
        OpId::Contiguous => {
            let fmt = a.get(0, "memory_format");
            a.finish(1)?;
            super::conversion::contiguous(it, t, fmt.map(|f| f.0), span)
        }
        OpId::Clone => {
            let fmt = a.take_kw("memory_format").map(|f| f.0);
            a.finish(0)?;
            let strides = match fmt {
                None | Some(Value::MemoryFormat("preserve_format")) => copy::preserve_strides(t),
                Some(Value::MemoryFormat("contiguous_format")) => layout::contiguous_strides(t.shape()),
                Some(Value::MemoryFormat(f)) => layout::named_channels_last_strides(f, t.shape()).at(span)?,
                Some(v) => return Err(EvalError::type_error(format!("clone(): argument 'memory_format' must be torch.memory_format, not {}", v.type_name()), span)),
            };
            copy::copy_to_new(ctx, t, &strides, t.dtype, "clone()").map(Value::tensor).at(span)
        }
        OpId::Detach => {
            a.finish(0)?;
            // A new header on the same storage, outside the graph.
            Ok(Value::tensor(t.view_as_layout(t.layout().clone(), op)))
        }
        OpId::To => super::conversion::to(it, t, a, span),
        OpId::Cuda | OpId::Cpu => {
            let target = if id == OpId::Cpu {
                crate::engine::Device::Cpu
            } else {
                match a.get(0, "device") {
                    None | Some((Value::None, _)) => crate::engine::Device::Cuda(0),
                    Some((v, s)) => super::args::to_device(&v).ok_or_else(|| EvalError::type_error("cuda(): invalid device", s))?,
                }
            };
            a.take_kw("non_blocking");
            a.finish(1)?;
            if t.device() == target {
                return Ok(same(t));
            }
            copy::copy_to_device(ctx, t, target, &copy::preserve_strides(t), t.dtype, op).map(Value::tensor).at(span)
        }
        OpId::Type => match a.get(0, "dtype") {
            None => Ok(Value::Str(format!("torch.{}", t.dtype.legacy_name()))),
            Some((Value::DType(d), _)) => Ok(copy::to_dtype(ctx, t, d).at(span)?.map(Value::tensor).unwrap_or_else(|| same(t))),
            // A legacy type name: `x.type("torch.DoubleTensor")`, `"torch.cuda.FloatTensor"`.
            Some((Value::Str(name), s)) => {
                let (cuda, class) = match name.strip_prefix("torch.cuda.") {
                    Some(c) => (true, c),
                    None => (false, name.strip_prefix("torch.").unwrap_or("")),
                };
                let Some(d) = crate::engine::DType::ALL.into_iter().find(|d| d.legacy_name() == class) else {
                    return Err(EvalError::new(ErrorKind::ValueError, format!("invalid type: '{name}'"), s));
                };
                let dev = if cuda { crate::engine::Device::Cuda(0) } else { crate::engine::Device::Cpu };
                if d == t.dtype && dev == t.device() {
                    return Ok(same(t));
                }
                copy::copy_to_device(ctx, t, dev, &copy::preserve_strides(t), d, op).map(Value::tensor).at(span)
            }
            Some((_, s)) => Err(EvalError::type_error("dtype must be a type, str, or dtype object", s)),
        },
        OpId::Item => {
            a.finish(0)?;
            t.item().map(Value::from_scalar).at(span)
        }
        OpId::Tolist => {
            a.finish(0)?;
            // One Python value per element and per nested list: host memory
            // that must fit under the cap (a huge expanded view would abort).
            it.ctx.cpu.check_host(super::conversion::tolist_values(t.shape()).saturating_mul(std::mem::size_of::<Value>() as u128)).at(span)?;
            Ok(super::conversion::tolist(t))
        }
        OpId::Size => {
            let d = a.opt_int_or_none(0, "dim")?;
            a.finish(1)?;
            match d {
                None => Ok(Value::Size(t.shape().to_vec())),
                Some(d) => {
                    let d = layout::wrap_dim(d, t.ndim()).at(span)?;
                    Ok(Value::Int(t.shape().get(d).copied().unwrap_or(1) as i64))
                }
            }
        }
        OpId::Stride => {
            let d = a.opt_int_or_none(0, "dim")?;
            a.finish(1)?;
            match d {
                None => Ok(ints_tuple(t.stride())),
                Some(d) => {
                    let d = layout::wrap_dim(d, t.ndim()).at(span)?;
                    Ok(Value::Int(t.stride().get(d).copied().unwrap_or(1) as i64))
                }
            }
        }
        OpId::Dim | OpId::Ndimension => Ok(Value::Int(t.ndim() as i64)),
        OpId::Numel | OpId::Nelement => Ok(Value::Int(t.numel() as i64)),
        OpId::ElementSize => Ok(Value::Int(t.dtype.size() as i64)),
        OpId::StorageOffset => Ok(Value::Int(t.layout().offset as i64)),
        OpId::DataPtr => Ok(Value::Int(t.data_ptr() as i64)),
        OpId::IsFloatingPoint => Ok(Value::Bool(t.dtype.is_floating())),
        // The dtype's facts, as `torch.uint8.is_signed` answers them.
        OpId::IsComplex | OpId::IsSigned => Ok(super::typeinfo::dtype_attr(t.dtype, if id == OpId::IsComplex { "is_complex" } else { "is_signed" }).unwrap_or(Value::Bool(false))),
        OpId::IsView => {
            a.finish(0)?;
            Ok(Value::Bool(super::view_base::base(t).is_some()))
        }
        OpId::IsContiguous => {
            let fmt = a.get(0, "memory_format").map(|f| f.0);
            a.finish(1)?;
            Ok(Value::Bool(match fmt {
                None | Some(Value::MemoryFormat("contiguous_format")) => t.is_contiguous(),
                Some(Value::MemoryFormat("channels_last")) => layout::is_channels_last(t.shape(), t.stride()),
                Some(Value::MemoryFormat("channels_last_3d")) => layout::is_channels_last_3d(t.shape(), t.stride()),
                Some(_) => return Err(EvalError::new(ErrorKind::RuntimeError, "is_contiguous: unsupported memory format", span)),
            }))
        }
        OpId::UntypedStorage => {
            a.finish(0)?;
            Ok(Value::Storage(t.storage.clone()))
        }
        OpId::PinMemory => {
            a.finish(0)?;
            super::host_memory::pin_memory(it, t, op, span)
        }
        OpId::IsPinned => {
            a.finish(0)?;
            Ok(Value::Bool(t.storage.pinned()))
        }
        OpId::ShareMemory_ => {
            a.finish(0)?;
            t.storage.share(&it.ctx).at(span)?;
            Ok(Value::Tensor(t.clone()))
        }
        OpId::IsShared => {
            a.finish(0)?;
            Ok(Value::Bool(t.storage.shared() || t.device().is_cuda()))
        }
        OpId::Numpy => {
            a.take_kw("force");
            a.finish(0)?;
            super::ndarray::check_numpy(t, span)?;
            Ok(Value::NdArray(Rc::new(super::ndarray::NdArray::of_tensor(t))))
        }
        OpId::Storage => {
            a.finish(0)?;
            Ok(super::typed_storage::of(it, &t.storage, t.dtype, span))
        }
        OpId::Fill_ => {
            let value = match a.pos.first().map(|(v, _)| v).or_else(|| a.kw.iter().find(|(k, _, _)| k == "value").map(|(_, v, _)| v)) {
                Some(Value::Tensor(vt)) => Some(vt.clone()),
                _ => None,
            };
            let v = match a.get(0, "value") {
                Some((Value::Tensor(vt), s)) if vt.ndim() != 0 => {
                    return Err(EvalError::new(
                        ErrorKind::RuntimeError,
                        format!("fill_ only supports 0-dimension value tensor but got tensor with {} dimensions.", vt.ndim()),
                        s,
                    ))
                }
                _ => a.number(0, "value")?,
            };
            a.finish(1)?;
            super::grad::inplace::check_inplace_with(it, t, value.as_deref(), span)?;
            if value.is_some() {
                copy::check_no_internal_overlap(t).at(span)?;
            }
            copy::fill(t, v).at(span)?;
            match &value {
                Some(vt) => super::grad::rebase_node(it, t, OpId::Fill_.node(0), &[Some(vt)], crate::engine::autograd::Formula::Fill, &[]),
                None => super::grad::rebase_node(it, t, OpId::Fill_.node(1), &[], crate::engine::autograd::Formula::Fill, &[]),
            }
            Ok(same(t))
        }
        OpId::Zero_ => {
            a.finish(0)?;
            copy::fill(t, crate::engine::Scalar::Int(0)).at(span)?;
            super::grad::rebase_node(it, t, OpId::Zero_.node(0), &[], crate::engine::autograd::Formula::Fill, &[]);
            Ok(same(t))
        }
        OpId::Copy_ => {
            let src = number_or_tensor_arg(it, &mut a, 0, "src")?;
            a.finish(1)?;
            // TensorIterator checks overlap before it broadcasts.
            copy::check_no_internal_overlap(t).at(span)?;
            copy::check_no_partial_overlap(t, &src).at(span)?;
            let shape = crate::engine::ops::iter_layout::broadcast_shapes(t.shape(), src.shape()).at(span)?;
            if shape != t.shape() {
                return Err(EvalError::new(
                    ErrorKind::RuntimeError,
                    format!(
                        "output with shape {} doesn't match the broadcast shape {}",
                        crate::engine::error::fmt_list(t.shape()),
                        crate::engine::error::fmt_list(&shape)
                    ),
                    span,
                ));
            }
            super::grad::inplace::check_inplace_with(it, t, Some(&src), span)?;
            copy::copy_into(t, &src).at(span)?;
            super::grad::record_copy(it, t, &src);
            Ok(same(t))
        }
        OpId::Add_ | OpId::Sub_ | OpId::Mul_ | OpId::Div_ => {
            let (v, _) = a.get(0, "other").ok_or_else(|| a.err(format!("{name}() missing required argument 'other'")))?;
            let rounding = if id == OpId::Div_ { super::ops::rounding_kw(&mut a)? } else { Rounding::True };
            let alpha = if matches!(id, OpId::Add_ | OpId::Sub_) { super::ops::alpha_kw(&mut a)? } else { None };
            a.finish(1)?;
            if rounding != Rounding::True {
                super::ops::div_rounding_(it, t, &v, rounding, span)?;
                return Ok(same(t));
            }
            if let Some(alpha) = alpha {
                super::ops::add_alpha_(it, t, &v, id == OpId::Sub_, alpha, span)?;
                return Ok(same(t));
            }
            let op = match id {
                OpId::Add_ => crate::lang::ast::BinOp::Add,
                OpId::Sub_ => crate::lang::ast::BinOp::Sub,
                OpId::Mul_ => crate::lang::ast::BinOp::Mul,
                _ => crate::lang::ast::BinOp::Div,
            };
            super::ops::inplace(it, t, op, &v, span)?;
            Ok(same(t))
        }
        OpId::Add | OpId::Sub | OpId::Mul | OpId::Div | OpId::Pow | OpId::Remainder | OpId::FloorDivide => {
            let (v, _) = a.get(0, "other").ok_or_else(|| a.err(format!("{name}() missing required argument 'other'")))?;
            let rounding = if id == OpId::Div { super::ops::rounding_kw(&mut a)? } else { Rounding::True };
            let alpha = if matches!(id, OpId::Add | OpId::Sub) { super::ops::alpha_kw(&mut a)? } else { None };
            a.finish(1)?;
            if rounding != Rounding::True {
                return super::ops::div_rounding(it, &Value::Tensor(t.clone()), &v, rounding, span);
            }
            if let Some(alpha) = alpha {
                return super::ops::add_alpha(it, &Value::Tensor(t.clone()), &v, id == OpId::Sub, alpha, span);
            }
            let op = match id {
                OpId::Add => crate::lang::ast::BinOp::Add,
                OpId::Sub => crate::lang::ast::BinOp::Sub,
                OpId::Mul => crate::lang::ast::BinOp::Mul,
                OpId::Pow => crate::lang::ast::BinOp::Pow,
                OpId::Remainder => crate::lang::ast::BinOp::Mod,
                OpId::FloorDivide => crate::lang::ast::BinOp::FloorDiv,
                _ => crate::lang::ast::BinOp::Div,
            };
            super::ops::binop(it, op, &Value::Tensor(t.clone()), &v, span)
        }
        OpId::Abs | OpId::Neg | OpId::Sqrt | OpId::Exp | OpId::Log | OpId::Sin | OpId::Cos | OpId::Tanh | OpId::Sigmoid | OpId::Relu => {
            a.finish(0)?;
            super::ops::tensor_unary(it, unary_op(name), t, span)
        }
        OpId::Sum | OpId::Mean | OpId::Prod | OpId::Max | OpId::Min | OpId::Argmax | OpId::Argmin | OpId::Std | OpId::Var | OpId::All | OpId::Any => {
            super::reductions::call(it, t, id, a, op)
        }
        OpId::Matmul | OpId::Mm | OpId::Bmm | OpId::Dot | OpId::Vdot | OpId::Mv => {
            let other = tensor_arg(&mut a, 0, "other")?;
            a.finish(1)?;
            Ok(Value::tensor(super::matmul::call(it, name, t, &other).at(span)?))
        }
        OpId::Sort => {
            let d = a.opt_int(0, "dim", -1)?;
            let desc = a.opt_bool(1, "descending", false)?;
            let stable = a.take_kw("stable");
            // `stable=` given at all binds sort.stable (SortBackward1), as in PyTorch.
            let node = OpId::Sort.node(stable.is_none() as usize);
            let stable = matches!(stable, Some((Value::Bool(true), _)));
            a.finish(2)?;
            let (v, i) = join::sort(&it.ctx, t, d, desc, stable).at(span)?;
            let sd = layout::wrap_dim(d, t.ndim()).unwrap_or(0);
            let v = super::grad::record(it, node, &[Some(t)], v, crate::engine::autograd::Formula::Sort { dim: sd }, &[&i]);
            Ok(Value::NamedTuple("sort", vec![("values", Value::tensor(v)), ("indices", Value::tensor(i))]))
        }
        OpId::Clamp | OpId::Clip => {
            let lo = a.get(0, "min");
            let hi = a.get(1, "max");
            a.finish(2)?;
            // Tensor bounds: element-wise maximum/minimum with broadcasting.
            if matches!(lo, Some((Value::Tensor(_), _))) || matches!(hi, Some((Value::Tensor(_), _))) {
                let bound = |it: &mut Interp, b: Option<(Value, Span)>| -> EvalResult<Option<Rc<Tensor>>> {
                    match b.filter(|(v, _)| !matches!(v, Value::None)) {
                        Some((v, s)) => super::ops::to_tensor_arg(it, &v, t.dtype, s).map(|b| Some(Rc::new(b))),
                        None => Ok(None),
                    }
                };
                let (lo, hi) = (bound(it, lo)?, bound(it, hi)?);
                return super::ext::math::clamp_tensors(it, t, id, lo, hi, span);
            }
            let num = |x: Option<(Value, Span)>| -> EvalResult<Option<crate::engine::Scalar>> {
                match x {
                    None | Some((Value::None, _)) => Ok(None),
                    Some((v, s)) => super::args::to_number(&v).map(Some).ok_or_else(|| EvalError::type_error(format!("clamp(): argument 'min' must be Number, not {}", v.type_name()), s)),
                }
            };
            let (lo, hi) = (num(lo)?, num(hi)?);
            let out = join::clamp(&it.ctx, t, lo, hi).at(span)?;
            let f = crate::engine::autograd::Formula::Clamp { min: lo.map(|s| s.as_f64()), max: hi.map(|s| s.as_f64()) };
            Ok(Value::tensor(super::grad::record(it, id.node(1), &[Some(t)], out, f, &[t])))
        }
        OpId::LogicalNot => {
            a.finish(0)?;
            let z = Value::Int(0);
            super::ops::compare(it, crate::lang::ast::CmpOp::Eq, &Value::Tensor(t.clone()), &z, span)
        }
        OpId::LogicalAnd | OpId::LogicalOr | OpId::LogicalXor => {
            let other = tensor_arg(&mut a, 0, "other")?;
            a.finish(1)?;
            let z = Value::Int(0);
            let x = super::ops::compare(it, crate::lang::ast::CmpOp::Ne, &Value::Tensor(t.clone()), &z, span)?;
            let y = super::ops::compare(it, crate::lang::ast::CmpOp::Ne, &Value::Tensor(other), &z, span)?;
            let op = match id {
                OpId::LogicalAnd => crate::lang::ast::BinOp::BitAnd,
                OpId::LogicalOr => crate::lang::ast::BinOp::BitOr,
                _ => crate::lang::ast::BinOp::BitXor,
            };
            super::ops::binop(it, op, &x, &y, span)
        }
        OpId::Eq | OpId::Ne | OpId::Lt | OpId::Le | OpId::Gt | OpId::Ge => {
            let (v, _) = a.get(0, "other").ok_or_else(|| a.err(format!("{name}() missing required argument 'other'")))?;
            a.finish(1)?;
            use crate::lang::ast::CmpOp;
            let op = match id {
                OpId::Eq => CmpOp::Eq,
                OpId::Ne => CmpOp::Ne,
                OpId::Lt => CmpOp::Lt,
                OpId::Le => CmpOp::Le,
                OpId::Gt => CmpOp::Gt,
                _ => CmpOp::Ge,
            };
            super::ops::compare(it, op, &Value::Tensor(t.clone()), &v, span)
        }
        OpId::Where => {
            let cond = tensor_arg(&mut a, 0, "condition")?;
            let (y, ys) = a.get(1, "other").ok_or_else(|| a.err("where() missing required argument 'other'"))?;
            a.finish(2)?;
            where_values(it, &cond, &Value::Tensor(t.clone()), span, &y, ys, span)
        }
        OpId::Maximum | OpId::Minimum => {
            let other = tensor_arg(&mut a, 0, "other")?;
            a.finish(1)?;
            super::ext::math::maximum(it, t, &other, id == OpId::Maximum, span)
        }
        _ => match super::ext::method_family(id) {
            Some(f) => (f.method)(it, t, id, a, nspan, op),
            None => Err(unknown_member(name, nspan)),
        },
    }
}

/// `where(cond, x, y)` where x and y may be tensors or Python numbers.
pub fn where_values(it: &mut Interp, cond: &Tensor, x: &Value, xs: Span, y: &Value, ys: Span, span: Span) -> EvalResult<Value> {
    use crate::engine::ops::elementwise::Arg as EArg;
    fn arg(v: &Value, s: Span) -> EvalResult<EArg<'_>> {
        match v {
            Value::Tensor(t) => Ok(EArg::T(t)),
            other => other.as_scalar().map(EArg::S).ok_or_else(|| {
                EvalError::type_error(format!("where(): argument 'other' must be Tensor or Number, not {}", other.type_name()), s)
            }),
        }
    }
    let (ax, ay) = (arg(x, xs)?, arg(y, ys)?);
    let out = join::where_args(&it.ctx, cond, ax, ay).at(span)?;
    fn t(v: &Value) -> Option<&Tensor> {
        match v {
            Value::Tensor(t) => Some(t.as_ref()),
            _ => None,
        }
    }
    let shape = |v: &Value| t(v).map(|t| t.shape().to_vec()).unwrap_or_default();
    let f = crate::engine::autograd::Formula::Where { shapes: [shape(x), shape(y)] };
    Ok(Value::tensor(super::grad::record(it, OpId::Where.node(0), &[t(x), t(y)], out, f, &[cond])))
}

pub fn unary_op(name: &str) -> UnaryOp {
    match name {
        "abs" => UnaryOp::Abs,
        "neg" => UnaryOp::Neg,
        "sqrt" => UnaryOp::Sqrt,
        "exp" => UnaryOp::Exp,
        "log" => UnaryOp::Log,
        "sin" => UnaryOp::Sin,
        "cos" => UnaryOp::Cos,
        "tanh" => UnaryOp::Tanh,
        "sigmoid" => UnaryOp::Sigmoid,
        _ => UnaryOp::Relu,
    }
}

/// A tensor argument that PyTorch's parser also takes as a Python number
/// (wrapped as a 0-dim int64, float64 or bool tensor), as `copy_(3)`.
fn number_or_tensor_arg(it: &Interp, a: &mut Args, i: usize, k: &str) -> EvalResult<Rc<Tensor>> {
    use crate::engine::{DType, Scalar};
    let peek = a.kw.iter().find(|(n, _, _)| n == k).map(|(_, v, _)| v).or_else(|| a.pos.get(i).map(|(v, _)| v));
    let Some(s) = peek.filter(|v| !matches!(v, Value::Tensor(_))).and_then(|v| v.as_scalar()) else {
        return tensor_arg(a, i, k);
    };
    a.take_kw(k);
    let dtype = match s {
        Scalar::Bool(_) => DType::Bool,
        Scalar::Int(_) => DType::Int64,
        Scalar::Float(_) => DType::Float64,
    };
    Ok(Rc::new(Tensor::from_scalars(&it.ctx, &[], dtype, &[s], "scalar").at(a.span)?))
}

pub fn tensor_arg(a: &mut Args, i: usize, k: &str) -> EvalResult<Rc<Tensor>> {
    match a.get(i, k) {
        Some((Value::Tensor(t), _)) => Ok(t),
        Some((v, s)) => Err(EvalError::type_error(format!("{}(): argument '{}'{} must be Tensor, not {}", a.name, k, a.position(s), v.type_name()), s)),
        None => Err(a.err(format!("{}() missing required argument '{}'", a.name, k))),
    }
}

fn unflatten(t: &Tensor, dim: i64, sizes: &[i64], op: &str) -> Result<Value, EngineError> {
    let d = layout::wrap_dim(dim, t.ndim())?;
    if sizes.is_empty() {
        return Err(EngineError::runtime("unflatten: sizes must be non-empty"));
    }
    // A 0-dim tensor wraps dim 0 but has no size to unflatten (PyTorch's
    // `self.size(0)` raises this); slicing its shape below would panic.
    if t.ndim() == 0 {
        return Err(EngineError::index("Dimension specified as 0 but tensor has no dimensions"));
    }
    let dsize = t.shape().get(d).copied().unwrap_or(1);
    let inferred = layout::infer_size(sizes, dsize).map_err(|_| {
        EngineError::runtime(format!(
            "unflatten: Provided sizes {} don't multiply up to the size of dim {} ({}) in the input tensor",
            crate::engine::error::fmt_list(sizes),
            dim,
            dsize
        ))
    })?;
    let mut shape: Vec<i64> = t.shape()[..d].iter().map(|&x| x as i64).collect();
    shape.extend(inferred.iter().map(|&x| x as i64));
    shape.extend(t.shape()[d + 1..].iter().map(|&x| x as i64));
    let l = layout::view(t.layout(), &shape)?;
    Ok(Value::tensor(t.view_as_layout(l, op)))
}
