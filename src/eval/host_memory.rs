//! Host memory a tensor can move to: PyTorch's pinned pool
//! (`pin_memory()`; the pool is `engine/alloc/pinned.rs`) and shared
//! memory (`share_memory_()`, `Storage::share`).

use std::rc::Rc;

use crate::engine::ops::copy;
use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

/// `t.pin_memory()`: `t` itself when pinned already, else a copy in the
/// pinned pool with the same strides and offset 0 (PyTorch's `_pin_memory`).
pub fn pin_memory(it: &mut Interp, t: &Rc<Tensor>, op: &str, span: Span) -> EvalResult<Value> {
    if t.storage.pinned() {
        return Ok(Value::Tensor(t.clone()));
    }
    if t.device().is_cuda() {
        return Err(EvalError::new(ErrorKind::RuntimeError, format!("cannot pin '{}' only dense CPU tensors can be pinned", cuda_type_name(t.dtype)), span));
    }
    let stride = t.stride().to_vec();
    let l = crate::engine::layout::Layout { shape: t.shape().to_vec(), stride: stride.clone(), offset: 0 };
    let nbytes = l.footprint().map(|(_, hi)| (hi + 1) * t.dtype.size()).unwrap_or(0);
    let st = crate::engine::storage::Storage::allocate_pinned(&it.ctx, nbytes).at(span)?;
    let p = Tensor::on_storage(st, l, t.dtype, op).at(span)?;
    copy::copy_into(&p, t).at(span)?;
    Ok(Value::tensor(p))
}

fn cuda_type_name(d: crate::engine::DType) -> String {
    format!("CUDA{}Type", d.legacy_name().trim_end_matches("Tensor"))
}
