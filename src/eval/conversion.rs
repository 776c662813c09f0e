//! Conversions of a whole tensor: `contiguous(memory_format=)`, `to(dtype,
//! device)` and `tolist()`. Each returns the tensor itself when nothing
//! changes, as PyTorch does, and a real copy otherwise.

use std::rc::Rc;

use crate::engine::layout;
use crate::engine::ops::copy;
use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::args::Args;
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::methods::same;
use super::value::Value;

pub(super) fn contiguous(it: &Interp, t: &Rc<Tensor>, fmt: Option<Value>, span: Span) -> EvalResult<Value> {
    match fmt {
        None | Some(Value::MemoryFormat("contiguous_format")) => Ok(match copy::contiguous(&it.ctx, t).at(span)? {
            Some(n) => Value::tensor(n),
            None => same(t),
        }),
        Some(Value::MemoryFormat("channels_last")) | Some(Value::MemoryFormat("channels_last_3d")) => {
            let cl3 = matches!(fmt, Some(Value::MemoryFormat("channels_last_3d")));
            let ok = if cl3 { layout::is_channels_last_3d(t.shape(), t.stride()) } else { layout::is_channels_last(t.shape(), t.stride()) };
            if ok {
                return Ok(same(t));
            }
            let rank_ok = if cl3 { t.ndim() == 5 } else { t.ndim() == 4 };
            if !rank_ok {
                let msg = if cl3 { "required rank 5 tensor to use channels_last_3d format" } else { "required rank 4 tensor to use channels_last format" };
                return Err(EvalError::new(ErrorKind::RuntimeError, msg, span));
            }
            let strides = layout::channels_last_strides(t.shape()).at(span)?;
            copy::copy_to_new(&it.ctx, t, &strides, t.dtype, "contiguous(memory_format=channels_last)").map(Value::tensor).at(span)
        }
        Some(Value::MemoryFormat("preserve_format")) => {
            if t.is_contiguous() {
                return Ok(same(t));
            }
            Err(EvalError::new(ErrorKind::RuntimeError, "preserve memory format is unsupported by the contiguous operator", span))
        }
        Some(v) => Err(EvalError::type_error(format!("contiguous(): argument 'memory_format' must be torch.memory_format, not {}", v.type_name()), span)),
    }
}

pub(super) fn to(it: &mut Interp, t: &Rc<Tensor>, mut a: Args, span: Span) -> EvalResult<Value> {
    let mut dtype = a.dtype_kw()?;
    let device = a.device_kw()?;
    let force_copy = matches!(a.take_kw("copy"), Some((Value::Bool(true), _)));
    let non_blocking = matches!(a.take_kw("non_blocking"), Some((Value::Bool(true), _)));
    let format = match a.take_kw("memory_format") {
        None | Some((Value::None, _)) => "preserve_format",
        Some((Value::MemoryFormat(f), _)) => f,
        Some((v, s)) => return Err(EvalError::type_error(format!("to(): argument 'memory_format' must be torch.memory_format, not {}", v.type_name()), s)),
    };
    let mut dev = device;
    for (v, s) in a.pos.clone() {
        match v {
            Value::DType(d) => dtype = Some(d),
            Value::Tensor(o) => dtype = Some(o.dtype),
            other => match super::args::to_device(&other) {
                Some(d) => dev = Some((d, s)),
                None => return Err(EvalError::type_error(format!("to() received an invalid combination of arguments - got ({})", other.type_name()), s)),
            },
        }
    }
    a.pos.clear();
    a.finish(0)?;
    let d = dtype.unwrap_or(t.dtype);
    let target = dev.map(|(d, _)| d).unwrap_or(t.device());
    // ATen's `to_will_alias`: nothing to change, and the memory format
    // asked for is the one the strides already suggest.
    let format_kept = format == "preserve_format" || layout::suggest_memory_format(t.shape(), t.stride()) == format;
    if !force_copy && d == t.dtype && target == t.device() && format_kept {
        return Ok(same(t));
    }
    let strides = copy::format_strides(t, format).at(span)?;
    let op = span.text(&it.src).to_string();
    let op = op.find('.').map(|i| op[i + 1..].to_string()).unwrap_or(op);
    // A non-blocking copy out of pinned memory runs on a stream; the pinned
    // block is not reused until that work is done.
    if non_blocking && t.storage.pinned() && target.is_cuda() {
        t.storage.record_stream();
    }
    copy::copy_to_device(&it.ctx, t, target, &strides, d, &op).map(Value::tensor).at(span)
}

/// `t` on `device` (itself when already there): a real copy across devices.
pub fn to_device(it: &mut Interp, t: Tensor, device: crate::engine::Device, span: Span) -> EvalResult<Tensor> {
    if t.device() == device {
        return Ok(t);
    }
    copy::copy_to_device(&it.ctx, &t, device, &copy::preserve_strides(&t), t.dtype, "to(device)").at(span)
}

/// How many values `tolist` creates: every element plus every nested list.
pub(super) fn tolist_values(shape: &[usize]) -> u128 {
    let mut lists = 0u128;
    let mut prefix = 1u128;
    for &d in shape {
        lists = lists.saturating_add(prefix);
        prefix = prefix.saturating_mul(d as u128);
    }
    lists.saturating_add(prefix)
}

pub(super) fn tolist(t: &Tensor) -> Value {
    fn nest(vals: &[crate::engine::Scalar], shape: &[usize]) -> Value {
        match shape.split_first() {
            None => vals.first().map(|s| Value::from_scalar(*s)).unwrap_or(Value::None),
            Some((&n, rest)) => {
                let c: usize = rest.iter().product();
                Value::list((0..n).map(|i| nest(vals.get(i * c..(i + 1) * c).unwrap_or(&[]), rest)).collect())
            }
        }
    }
    nest(&t.to_scalars(), t.shape())
}
