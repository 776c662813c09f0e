//! `split`, `chunk` and `unbind`: views of consecutive pieces along a dim,
//! with PyTorch's checks (a cap on how many pieces one call may make).

use crate::engine::layout;
use crate::engine::{EngineError, ErrorKind, Tensor};
use crate::lang::span::Span;

use super::args::seq_ints;
use super::error::{AtSpan, EvalError, EvalResult};
use super::value::Value;

/// Splits along `dim` into pieces of the given lengths (views).
fn pieces(t: &Tensor, dim: i64, lens: &[usize], what: &str) -> Result<Vec<Value>, EngineError> {
    let d = layout::wrap_dim(dim, t.ndim())?;
    let mut start = 0i64;
    let mut out = vec![];
    for &len in lens {
        let l = layout::narrow(t.layout(), d as i64, start, len as i64)?;
        out.push(Value::tensor(t.view_as_layout(l, what)));
        start += len as i64;
    }
    Ok(out)
}

/// `unbind(dim)`: `select(dim, i)` for every i.
pub fn unbind(t: &Tensor, dim: i64) -> Result<Vec<Value>, EngineError> {
    if t.ndim() == 0 {
        return Err(EngineError::index("Dimension specified as 0 but tensor has no dimensions"));
    }
    let d = layout::wrap_dim(dim, t.ndim())?;
    check_pieces("unbind", t.shape()[d])?;
    (0..t.shape()[d])
        .map(|i| layout::select(t.layout(), d as i64, i as i64).map(|l| Value::tensor(t.view_as_layout(l, &format!("unbind({dim})[{i}]")))))
        .collect()
}

pub fn split(t: &Tensor, sv: &Value, dim: i64, span: Span, op: &str) -> EvalResult<Value> {
    if t.ndim() == 0 {
        return Err(EvalError::new(ErrorKind::RuntimeError, "split expects at least a 1-dimensional tensor", span));
    }
    let d = layout::wrap_dim(dim, t.ndim()).at(span)?;
    let size = t.shape().get(d).copied().unwrap_or(0);
    let lens: Vec<usize> = match sv {
        Value::Int(n) => {
            let n = *n;
            if n < 0 {
                return Err(EvalError::new(ErrorKind::RuntimeError, format!("split expects split_size be non-negative, but got split_size={n}"), span));
            }
            if n == 0 {
                if size != 0 {
                    return Err(EvalError::new(ErrorKind::RuntimeError, format!("split_size can only be 0 if dimension size is 0, but got dimension size of {size}"), span));
                }
                vec![0]
            } else {
                let n = usize::try_from(n).unwrap_or(usize::MAX);
                let num = size.div_ceil(n).max(1);
                check_pieces("split", num).at(span)?;
                (0..num).map(|i| n.min(size.saturating_sub(i * n))).collect()
            }
        }
        other => {
            let xs = seq_ints(other).ok_or_else(|| EvalError::type_error("split(): argument 'split_size' must be int or tuple of ints", span))?;
            let total: i64 = xs.iter().sum();
            if xs.iter().any(|&x| x < 0) {
                let msg = format!("split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes={}", crate::engine::error::fmt_list(&xs));
                return Err(EvalError::new(ErrorKind::RuntimeError, msg, span));
            }
            // The dim as given (not wrapped), as ATen prints it.
            if total != size as i64 {
                return Err(EvalError::new(
                    ErrorKind::RuntimeError,
                    format!(
                        "split_with_sizes expects split_sizes to sum exactly to {} (input tensor's size at dimension {}), but got split_sizes={}",
                        size,
                        dim,
                        crate::engine::error::fmt_list(&xs)
                    ),
                    span,
                ));
            }
            xs.iter().map(|&x| x as usize).collect()
        }
    };
    pieces(t, d as i64, &lens, op).map(Value::Tuple).at(span)
}

pub fn chunk(t: &Tensor, k: i64, dim: i64, op: &str) -> Result<Value, EngineError> {
    if t.ndim() == 0 {
        return Err(EngineError::runtime("chunk expects at least a 1-dimensional tensor"));
    }
    if k <= 0 {
        return Err(EngineError::runtime(format!("chunk expects `chunks` to be greater than 0, got: {k}")));
    }
    let d = layout::wrap_dim(dim, t.ndim())?;
    let size = t.shape().get(d).copied().unwrap_or(0);
    let n = size.div_ceil(k as usize);
    check_pieces("chunk", if n == 0 { k as usize } else { size.div_ceil(n) })?;
    let lens: Vec<usize> = if n == 0 {
        vec![0; k as usize]
    } else {
        (0..size.div_ceil(n)).map(|i| n.min(size - i * n)).collect()
    };
    pieces(t, d as i64, &lens, op).map(Value::Tuple)
}

/// Most views one `split`/`chunk`/`unbind` returns: each is a tensor header
/// plus a Python value, so 10^12 pieces of a huge expanded view must be an
/// error before any is made.
const MAX_PIECES: usize = 1 << 18;

pub fn check_pieces(what: &str, n: usize) -> Result<(), EngineError> {
    if n > MAX_PIECES {
        return Err(EngineError::runtime(format!("{what} would return {n} tensors; tsr returns at most {MAX_PIECES} from one call"))
            .with_hint("split into fewer, larger pieces (a huge expanded view has as many rows as it claims)"));
    }
    Ok(())
}

