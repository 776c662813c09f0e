//! Builtin functions (`arange`, `zeros`, `tensor`, …) and the function forms
//! of tensor methods (`torch.transpose(x, 0, 1)` is `x.transpose(0, 1)`).

use std::rc::Rc;

use crate::engine::ops::{copy, factory};
use crate::engine::{DType, Device, ErrorKind, Scalar, Tensor};

use super::args::{to_number, Args};
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;
use crate::eval::registry::OpId;

/// Attributes of `torch.cuda`.
pub fn module_attr(module: &str, name: &str) -> Option<Value> {
    match module {
        "torch.cuda" if name == "memory" => Some(Value::Module("torch.cuda.memory")),
        // The pinned pool's empty_cache (PyTorch has no torch.cuda name for it).
        "torch._C" if name == "_host_emptyCache" => Some(Value::Function("cuda._host_emptyCache".into())),
        "torch.cuda" | "torch.cuda.memory" if super::memory::FUNCTIONS.contains(&name) => Some(Value::Function(format!("cuda.{name}"))),
        "torch.autograd" if name == "grad" => Some(Value::Function("autograd.grad".into())),
        _ => None,
    }
}

/// A factory's `dtype=` (or `default`) and `device=` (or the CPU).
fn factory_dtype(a: &mut Args, default: DType) -> EvalResult<(DType, Device)> {
    let d = a.dtype_kw()?.unwrap_or(default);
    let dev = a.device_kw()?.map(|(d, _)| d).unwrap_or(Device::Cpu);
    a.take_kw("requires_grad");
    a.take_kw("layout");
    Ok((d, dev))
}

/// A call of the function value named `name`: a torch op (its row's
/// `OpId`), or a function of the numpy or safetensors modules tsr provides.
pub fn call(it: &mut Interp, name: &str, mut a: Args, op: &str) -> EvalResult<Value> {
    if let Some(id) = OpId::function(name) {
        super::registry::binder::numpy_names(id, false, &mut a.kw);
        // A call PyTorch's argument parser refuses is refused before it runs.
        if let Some(m) = super::registry::binder::CallArgs::of(&a).refusal(id, false) {
            return Err(EvalError::type_error(m, a.span));
        }
        super::args::strided_only(&a)?;
        let g = super::generator_value::take(&mut a);
        return super::generator_value::with(it, g, |it| call_op(it, id, a, op));
    }
    if super::files::FUNCTIONS.contains(&name) {
        return super::files::call(it, name, a, op);
    }
    if super::numpy_module::FUNCTIONS.contains(&name) {
        return super::numpy_module::call(it, name, a, op);
    }
    if let Some(u) = name.strip_prefix("numpy.").filter(|n| super::numpy_math::ufunc(n).is_some()) {
        return super::numpy_math::call_ufunc(it, u, a);
    }
    Err(EvalError::new(ErrorKind::AttributeError, format!("module 'torch' has no attribute '{name}'"), a.span))
}

/// A torch op's call; `requires_grad=True` on a factory makes its result a leaf.
pub fn call_op(it: &mut Interp, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let given = super::registry::binder::CallArgs::of(&a);
    let out = super::out::take(id, &mut a);
    let inputs: Vec<Value> = if out.is_some() { a.pos.iter().map(|(v, _)| v.clone()).collect() } else { vec![] };
    super::out::read_in(it, id, &mut a, &out)?;
    let span = a.span;
    let viewed = match out.is_none() && super::view_base::makes_views(id, a.pos.get(1).map(|(v, _)| v)) {
        true => super::view_base::tensors_in(a.pos.iter().map(|(v, _)| v)),
        false => vec![],
    };
    // `out=` of the wrong kind (a tensor for a tuple) is the parser's
    // refusal too, so write's errors are refined with the op's.
    let r = call_bound(it, id, a, op)
        .and_then(|r| match out {
            Some(o) => super::out::write(it, id, &inputs, r, o, span),
            None => Ok(r),
        })
        .map_err(|e| given.refine(e, name, false))?;
    super::view_base::mark(&r, &viewed);
    Ok(r)
}

fn call_bound(it: &mut Interp, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    // `pin_memory=True` on a factory: the result lands in the pinned pool.
    let pin = match a.take_kw("pin_memory") {
        Some((Value::Bool(b), _)) => b,
        Some((v, s)) => return Err(EvalError::type_error(format!("{name}(): argument 'pin_memory' must be bool, not {}", v.type_name()), s)),
        None => false,
    };
    if pin {
        let v = call_op(it, id, a, op)?;
        let Value::Tensor(t) = &v else { return Ok(v) };
        let pinned = super::host_memory::pin_memory(it, t, op, span)?;
        if let Value::Tensor(p) = &pinned {
            p.storage.reset_version();
        }
        return Ok(pinned);
    }
    let requires = match a.take_kw("requires_grad") {
        Some((Value::Bool(b), _)) => Some(b),
        Some((v, s)) => return Err(EvalError::type_error(format!("{name}(): argument 'requires_grad' must be bool, not {}", v.type_name()), s)),
        None => None,
    };
    if id == OpId::Asarray {
        return super::numpy_module::torch_asarray(it, a, op, requires);
    }
    let wants_grad = requires == Some(true);
    let v = call_inner(it, id, a, op)?;
    if wants_grad && let Value::Tensor(t) = &v {
        super::grad::make_leaf(t, true, true, span)?;
    }
    Ok(v)
}

fn call_inner(it: &mut Interp, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let ctx = &it.ctx;
    if let Some(rest) = name.strip_prefix("cuda.") {
        return super::memory::call(it, rest, a);
    }
    if id == OpId::AutogradGrad {
        return super::grad::functional::grad(it, a);
    }
    if super::files::FUNCTIONS.contains(&name) {
        return super::files::call(it, name, a, op);
    }
    match id {
        OpId::Tensor => {
            let (data, dspan) = a.get(0, "data").ok_or_else(|| a.err("tensor() missing required argument 'data'"))?;
            let dtype = a.dtype_kw()?;
            let (_, dev) = factory_dtype(&mut a, DType::Float32)?;
            a.finish(1)?;
            let t = super::literal::tensor_from_value(it, &data, dtype, dspan)?;
            super::conversion::to_device(it, t, dev, span).map(Value::tensor)
        }
        OpId::Zeros | OpId::Ones | OpId::Empty => {
            if a.pos.is_empty() && !a.kw.iter().any(|(k, _, _)| k == "size") {
                return Err(a.err(format!("{name}() missing 1 required positional arguments: \"size\"")));
            }
            let sizes = a.sizes(0, "size")?;
            let (d, dev) = factory_dtype(&mut a, DType::default_float())?;
            a.finish(usize::MAX)?;
            if id == OpId::Zeros && sizes.iter().any(|&s| s < 0) {
                return Err(EvalError::new(ErrorKind::RuntimeError, "zeros: Dimension size must be non-negative.", span));
            }
            let shape = factory::sizes(&sizes).at(span)?;
            let v = if id == OpId::Ones { Scalar::Int(1) } else { Scalar::Int(0) };
            factory::full(ctx, dev, &shape, v, d, op).map(Value::tensor).at(span)
        }
        OpId::Full => {
            let (sv, ss) = a.get(0, "size").ok_or_else(|| a.err("full() missing required argument 'size'"))?;
            let v = a.number(1, "fill_value")?;
            let (d, dev) = factory_dtype(&mut a, factory::dtype_of_value(v))?;
            a.finish(2)?;
            let sizes = super::args::seq_ints(&sv).ok_or_else(|| EvalError::type_error("full(): argument 'size' must be tuple of ints", ss))?;
            let shape = factory::sizes(&sizes).at(span)?;
            factory::full(ctx, dev, &shape, v, d, op).map(Value::tensor).at(span)
        }
        OpId::Arange => {
            let nums: Vec<Scalar> = a
                .pos
                .iter()
                .map(|(v, s)| to_number(v).ok_or_else(|| EvalError::type_error(format!("arange(): argument 'end' must be Number, not {}", v.type_name()), *s)))
                .collect::<EvalResult<_>>()?;
            let end_kw = a.take_kw("end").and_then(|(v, _)| to_number(&v));
            let start_kw = a.take_kw("start").and_then(|(v, _)| to_number(&v));
            let step_kw = a.take_kw("step").and_then(|(v, _)| to_number(&v));
            let (start, end, step) = match nums.as_slice() {
                [] => (start_kw.unwrap_or(Scalar::Int(0)), end_kw.ok_or_else(|| a.err("arange() missing required argument 'end'"))?, step_kw.unwrap_or(Scalar::Int(1))),
                [e] if end_kw.is_none() => (start_kw.unwrap_or(Scalar::Int(0)), *e, step_kw.unwrap_or(Scalar::Int(1))),
                [s, e] => (*s, *e, step_kw.unwrap_or(Scalar::Int(1))),
                [s, e, st] => (*s, *e, *st),
                _ => return Err(a.err("arange() takes at most 3 positional arguments")),
            };
            let d = a.dtype_kw()?;
            let (_, dev) = factory_dtype(&mut a, DType::Float32)?;
            a.pos.clear();
            a.finish(0)?;
            crate::engine::ops::ranges::arange(ctx, dev, start, end, step, d, op).map(Value::tensor).at(span)
        }
        OpId::Linspace => {
            let s = a.number(0, "start")?;
            let e = a.number(1, "end")?;
            let n = a.int(2, "steps")?;
            let (d, dev) = factory_dtype(&mut a, DType::default_float())?;
            a.finish(3)?;
            crate::engine::ops::ranges::linspace(ctx, dev, (s, e), n, d, op).map(Value::tensor).at(span)
        }
        OpId::Eye => {
            let n = a.int(0, "n")?;
            let m = a.opt_int(1, "m", n)?;
            let (d, dev) = factory_dtype(&mut a, DType::default_float())?;
            a.finish(2)?;
            factory::eye(ctx, dev, n, m, d, op).map(Value::tensor).at(span)
        }
        OpId::ZerosLike | OpId::OnesLike | OpId::EmptyLike | OpId::FullLike => {
            let t = tensor_arg(&mut a, 0, "input")?;
            let v = match id {
                OpId::OnesLike => Scalar::Int(1),
                OpId::FullLike => a.number(1, "fill_value")?,
                _ => Scalar::Int(0),
            };
            let out = alloc_like(ctx, &mut a, &t, if id == OpId::FullLike { 2 } else { 1 }, op)?;
            if v.as_f64() != 0.0 {
                copy::fill_unchecked(&out, v);
                out.storage.reset_version();
            }
            Ok(Value::Tensor(out))
        }
        OpId::EmptyStrided => {
            let (sv, _) = a.get(0, "size").ok_or_else(|| a.err("empty_strided() missing required argument 'size'"))?;
            let (stv, _) = a.get(1, "stride").ok_or_else(|| a.err("empty_strided() missing required argument 'stride'"))?;
            let (d, dev) = factory_dtype(&mut a, DType::default_float())?;
            a.finish(2)?;
            let size = super::args::seq_ints(&sv).ok_or_else(|| a.err("empty_strided(): argument 'size' must be tuple of ints"))?;
            let stride = super::args::seq_ints(&stv).ok_or_else(|| a.err("empty_strided(): argument 'stride' must be tuple of ints"))?;
            let shape = factory::sizes(&size).at(span)?;
            if size.len() != stride.len() {
                return Err(EvalError::new(
                    ErrorKind::RuntimeError,
                    format!("dimensionality of sizes ({}) must match dimensionality of strides ({})", size.len(), stride.len()),
                    span,
                ));
            }
            if stride.iter().any(|&s| s < 0) {
                return Err(EvalError::new(ErrorKind::RuntimeError, format!("as_strided: Negative strides are not supported at the moment, got strides: {}", crate::engine::error::fmt_list(&stride)), span));
            }
            let st: Vec<usize> = stride.iter().map(|&s| s as usize).collect();
            Tensor::alloc_strided_on(ctx, dev, &shape, &st, d, op).map(Value::tensor).at(span)
        }
        OpId::AsTensor | OpId::Asarray => super::numpy_module::torch_as_tensor(it, a, op),
        OpId::Device => super::device_value::construct(&mut a),
        OpId::Generator => super::generator_value::construct(&mut a),
        OpId::PromoteTypes => {
            let (x, _) = a.get(0, "type1").ok_or_else(|| a.err("promote_types() missing required argument 'type1'"))?;
            let (y, _) = a.get(1, "type2").ok_or_else(|| a.err("promote_types() missing required argument 'type2'"))?;
            match (x, y) {
                (Value::DType(x), Value::DType(y)) => Ok(Value::DType(DType::promote(x, y))),
                _ => Err(a.err("promote_types(): arguments must be torch.dtype")),
            }
        }
        OpId::ResultType => {
            use crate::engine::ops::promote::{result_type, Operand};
            let mut ops = vec![];
            for (i, k) in [(0, "tensor"), (1, "other")] {
                let (v, s) = a.get(i, k).ok_or_else(|| a.err(format!("result_type() missing required argument '{k}'")))?;
                ops.push(match v {
                    Value::Tensor(t) => Operand::Tensor { dtype: t.dtype, ndim: t.ndim() },
                    other => Operand::Wrapped(to_number(&other).ok_or_else(|| EvalError::type_error(format!("result_type(): argument '{k}' must be Tensor or Number, not {}", other.type_name()), s))?),
                });
            }
            a.finish(2)?;
            Ok(Value::DType(result_type(&ops)))
        }
        OpId::CanCast => {
            let mut ds = vec![];
            for (i, k) in [(0, "from_"), (1, "to")] {
                match a.get(i, k) {
                    Some((Value::DType(d), _)) => ds.push(d),
                    Some((v, s)) => return Err(EvalError::type_error(format!("can_cast(): argument '{k}' (position {}) must be torch.dtype, not {}", i + 1, v.type_name()), s)),
                    None => return Err(a.err(format!("can_cast() missing required argument '{k}' (pos {})", i + 1))),
                }
            }
            a.finish(2)?;
            Ok(Value::Bool(crate::engine::ops::promote::can_cast(ds[0], ds[1])))
        }
        OpId::NoGrad => Ok(Value::None),
        OpId::Cat | OpId::Concat | OpId::Concatenate | OpId::Stack => {
            let (lv, ls) = a.get(0, "tensors").ok_or_else(|| a.err(format!("{name}() missing required argument 'tensors'")))?;
            let dim = a.opt_int(1, "dim", 0)?;
            a.finish(2)?;
            let ts: Vec<Rc<Tensor>> = match lv.seq_items() {
                Some(xs) => xs
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| match v {
                        Value::Tensor(t) => Ok(t),
                        other => Err(EvalError::type_error(format!("expected Tensor as element {} in argument 0, but got {}", i, other.type_name()), ls)),
                    })
                    .collect::<EvalResult<_>>()?,
                None => return Err(EvalError::type_error(format!("{name}(): argument 'tensors' must be tuple of Tensors, not {}", lv.type_name()), ls)),
            };
            let refs: Vec<&Tensor> = ts.iter().map(|t| t.as_ref()).collect();
            if refs.is_empty() && id != OpId::Stack {
                return Err(EvalError::new(ErrorKind::ValueError, "torch.cat(): expected a non-empty list of Tensors", span));
            }
            let r = if id == OpId::Stack { crate::engine::ops::join::stack(ctx, &refs, dim) } else { crate::engine::ops::join::cat(ctx, &refs, dim) };
            let out = r.at(span)?;
            let inputs: Vec<Option<&Tensor>> = refs.iter().map(|t| Some(*t)).collect();
            let f = if id == OpId::Stack {
                crate::engine::autograd::Formula::Stack { dim: crate::engine::layout::wrap_dim(dim, out.ndim()).unwrap_or(0), count: refs.len() }
            } else {
                let nd = refs.iter().find(|t| !(t.ndim() == 1 && t.numel() == 0)).map(|t| t.ndim()).unwrap_or(1);
                crate::engine::autograd::Formula::Cat { dim: crate::engine::layout::wrap_dim(dim, nd).unwrap_or(0), shapes: refs.iter().map(|t| t.shape().to_vec()).collect() }
            };
            let node = if id == OpId::Stack { OpId::Stack.node(0) } else { OpId::Cat.node(0) };
            Ok(Value::tensor(super::grad::record(it, node, &inputs, out, f, &[])))
        }
        OpId::Where if a.pos.len() == 1 && a.kw.is_empty()  => super::ext::index::where_one(it, a, op),
        OpId::Where if a.pos.len() == 3  => {
            let cond = super::methods::tensor_arg(&mut a, 0, "condition")?;
            let (xv, xs) = a.pos[1].clone();
            let (yv, ys) = a.pos[2].clone();
            super::methods::where_values(it, &cond, &xv, xs, &yv, ys, span)
        }
        OpId::Pow if a.pos.first().is_some_and(|(v, _)| v.as_scalar().is_some())  => {
            let (base, _) = a.pos[0].clone();
            let (e, _) = a.get(1, "exponent").ok_or_else(|| a.err("pow() missing required argument 'exponent'"))?;
            super::ops::binop(it, crate::lang::ast::BinOp::Pow, &base, &e, span)
        }
        OpId::SetPrintoptions => super::printopts::set(a),
        OpId::ManualSeed => {
            let seed = a.int(0, "seed")?;
            a.finish(1)?;
            it.ctx.rng.borrow_mut().seed(seed as u64);
            Ok(Value::Generator(it.default_generator.clone()))
        }
        OpId::Rand | OpId::Randn => {
            let sizes = a.sizes(0, "size")?;
            let (d, dev) = factory_dtype(&mut a, DType::default_float())?;
            a.take_kw("generator");
            a.finish(usize::MAX)?;
            let shape = factory::sizes(&sizes).at(span)?;
            crate::engine::ops::random::fill_random(ctx, dev, &shape, d, id == OpId::Randn, op).map(Value::tensor).at(span)
        }
        OpId::Randint => {
            let (low, high, size) = match a.pos.len() {
                2 => (0, a.int(0, "high")?, a.pos[1].0.clone()),
                3 => (a.int(0, "low")?, a.int(1, "high")?, a.pos[2].0.clone()),
                _ => {
                    let high = a.int(0, "high")?;
                    let size = a.take_kw("size").map(|v| v.0).ok_or_else(|| a.err("randint() missing required argument 'size'"))?;
                    (0, high, size)
                }
            };
            let (d, dev) = factory_dtype(&mut a, DType::Int64)?;
            a.take_kw("low");
            a.take_kw("high");
            a.take_kw("generator");
            a.pos.clear();
            a.finish(0)?;
            let sizes = super::args::seq_ints(&size).ok_or_else(|| a.err("randint(): argument 'size' must be tuple of ints"))?;
            let shape = factory::sizes(&sizes).at(span)?;
            let (t, warnings) = crate::engine::ops::random_int::randint(&it.ctx, dev, &shape, low, high, d, op).at(span)?;
            for w in warnings {
                it.warn(&w, span);
            }
            Ok(Value::tensor(t))
        }
        _ => {
            if let Some(f) = super::ext::function_family(id) {
                return (f.function)(it, id, a, op);
            }
            // Function form of a tensor method: first argument is the tensor.
            if a.pos.is_empty() {
                return Err(a.err(format!("{name}() missing required argument 'input'")));
            }
            let (first, fspan) = a.pos.remove(0);
            a.pos_base += 1;
            if id == OpId::Div && !matches!(first, Value::Tensor(_)) && a.kw.iter().any(|(k, _, _)| k == "rounding_mode") {
                let rounding = super::ops::rounding_kw(&mut a)?;
                let (other, _) = a.get(0, "other").ok_or_else(|| a.err("div() missing required argument 'other'"))?;
                a.finish(1)?;
                if rounding != crate::engine::ops::division::Rounding::True {
                    return super::ops::div_rounding(it, &first, &other, rounding, span);
                }
                return super::ops::binop(it, crate::lang::ast::BinOp::Div, &first, &other, span);
            }
            if matches!(id, OpId::Add | OpId::Sub) && !matches!(first, Value::Tensor(_)) && a.kw.iter().any(|(k, _, _)| k == "alpha") {
                let alpha = super::ops::alpha_kw(&mut a)?;
                let (other, _) = a.get(0, "other").ok_or_else(|| a.err(format!("{name}() missing required argument 'other'")))?;
                a.finish(1)?;
                let sub = id == OpId::Sub;
                return match alpha {
                    Some(alpha) => super::ops::add_alpha(it, &first, &other, sub, alpha, span),
                    None => super::ops::binop(it, if sub { crate::lang::ast::BinOp::Sub } else { crate::lang::ast::BinOp::Add }, &first, &other, span),
                };
            }
            if let Some(r) = number_input(it, id, &first, &a, fspan)? {
                return Ok(r);
            }
            match first {
                Value::Tensor(t) => {
                    let t: Rc<Tensor> = t;
                    super::methods::call_op(it, &t, id, a, fspan, op)
                }
                other => Err(EvalError::type_error(format!("{}(): argument 'input' (position 1) must be Tensor, not {}", name, other.type_name()), fspan)),
            }
        }
    }
}

/// The new tensor of a `*_like` factory (`zeros_like`, `rand_like`, …):
/// `t`'s shape, its dtype and device unless `dtype=`/`device=` say
/// otherwise, and `memory_format=`'s strides (`preserve_format`: `t`'s
/// own when dense, as `empty_like`). Takes the keywords and checks that at
/// most `max_pos` positionals were given.
pub(super) fn alloc_like(ctx: &crate::engine::context::Context, a: &mut Args, t: &Tensor, max_pos: usize, op: &str) -> EvalResult<Rc<Tensor>> {
    let has_device = a.kw.iter().any(|(k, _, _)| k == "device");
    let (d, dev) = factory_dtype(a, t.dtype)?;
    let dev = if has_device { dev } else { t.device() };
    let fmt = a.take_kw("memory_format");
    a.take_kw("pin_memory");
    a.finish(max_pos)?;
    let strides = match fmt {
        None => copy::preserve_strides(t),
        Some((Value::MemoryFormat(f), s)) => copy::format_strides(t, f).at(s)?,
        Some((v, s)) => return Err(EvalError::type_error(format!("{}(): argument 'memory_format' must be torch.memory_format, not {}", a.name, v.type_name()), s)),
    };
    Tensor::alloc_strided_on(ctx, dev, t.shape(), &strides, d, op).map(Rc::new).at(a.span)
}

fn tensor_arg(a: &mut Args, i: usize, k: &str) -> EvalResult<Rc<Tensor>> {
    match a.get(i, k) {
        Some((Value::Tensor(t), _)) => Ok(t),
        Some((v, s)) => Err(EvalError::type_error(
            format!("{}(): argument '{}' (position {}) must be Tensor, not {}", a.name, k, i + 1, v.type_name()),
            s,
        )),
        None => Err(a.err(format!("{}() missing required argument '{}'", a.name, k))),
    }
}

/// `torch.add(2, x)`, `torch.sub(1.5, x)`, …: the arithmetic functions
/// whose `input` PyTorch also takes as a number (`None` for the others).
fn number_input(it: &Interp, id: OpId, first: &Value, a: &Args, span: crate::lang::span::Span) -> EvalResult<Option<Value>> {
    let name = id.name();
    use crate::engine::ops::elementwise::BinaryOp;
    let op = match id {
        OpId::Add => BinaryOp::Add,
        OpId::Sub => BinaryOp::Sub,
        OpId::Mul => BinaryOp::Mul,
        OpId::Div => BinaryOp::Div,
        OpId::Remainder => BinaryOp::Mod,
        OpId::FloorDivide => BinaryOp::FloorDiv,
        OpId::Eq | OpId::Ne | OpId::Lt | OpId::Le | OpId::Gt | OpId::Ge if first.as_scalar().is_some() && !matches!(first, Value::Tensor(_)) && a.kw.is_empty() && a.pos.len() == 1  => {
            // No overload takes a number as `input`: the parser's message.
            return Err(EvalError::type_error(
                format!(
                    "{name}() received an invalid combination of arguments - got ({}, {}), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
                    first.type_name(),
                    a.pos[0].0.type_name()
                ),
                span,
            ));
        }
        _ => return Ok(None),
    };
    let Some(s) = first.as_scalar().filter(|_| !matches!(first, Value::Tensor(_))) else { return Ok(None) };
    if let ("remainder", [(other, _)]) = (name, a.pos.as_slice())
        && !matches!(other, Value::Tensor(_))
        && other.as_scalar().is_some()
    {
        // `remainder` has no (Number, Number) overload, unlike add/sub/….
        let (t1, t2) = (first.type_name(), other.type_name());
        return Err(EvalError::type_error(
            format!("remainder() received an invalid combination of arguments - got ({t1}, {t2}), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)\n      didn't match because some of the arguments have invalid types: (!{t1}!, !{t2}!)\n * (Tensor input, Number other, *, Tensor out = None)\n"),
            span,
        ));
    }
    match (a.pos.as_slice(), a.kw.as_slice()) {
        ([(other, _)], []) => super::ops::number_first(it, op, s, other, span),
        _ => Ok(None),
    }
}
