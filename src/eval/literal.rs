//! `tensor(data)`: nested lists of numbers to a tensor, with PyTorch's dtype
//! inference (bool < int64 < default float) and ragged-list errors.

use crate::engine::{DType, ErrorKind, Scalar, Tensor};
use crate::lang::span::Span;

use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

/// Shape and row-major scalars of nested data, or an error naming the problem.
pub fn flatten_data(v: &Value, span: Span) -> EvalResult<(Vec<usize>, Vec<Scalar>)> {
    let mut shape = vec![];
    let mut cur = v.clone();
    // Shape from the first element at each level.
    while let Some(xs) = cur.seq_items() {
        shape.push(xs.len());
        let Some(x) = xs.into_iter().next() else { break };
        cur = x;
        if shape.len() > 64 {
            return Err(EvalError::new(ErrorKind::ValueError, "too many dimensions (tsr allows at most 64)", span));
        }
    }
    let mut out = Vec::new();
    walk(v, 0, &shape, &mut out, span)?;
    Ok((shape, out))
}

fn walk(v: &Value, depth: usize, shape: &[usize], out: &mut Vec<Scalar>, span: Span) -> EvalResult<()> {
    if let Value::List(l) = v {
        let xs = l.borrow().clone();
        return walk(&Value::Tuple(xs), depth, shape, out, span);
    }
    match v {
        Value::Tuple(xs) => {
            if depth >= shape.len() || xs.len() != shape[depth] {
                return Err(EvalError::new(
                    ErrorKind::ValueError,
                    format!(
                        "expected sequence of length {} at dim {} (got {})",
                        shape.get(depth).copied().unwrap_or(0),
                        depth,
                        xs.len()
                    ),
                    span,
                ));
            }
            xs.iter().try_for_each(|x| walk(x, depth + 1, shape, out, span))
        }
        Value::Tensor(t) if t.numel() == 1 && depth == shape.len() => {
            out.push(t.item().at(span)?);
            Ok(())
        }
        other => {
            if depth != shape.len() {
                return Err(EvalError::type_error("not a sequence", span));
            }
            match other.as_scalar() {
                Some(s) => {
                    out.push(s);
                    Ok(())
                }
                None => Err(EvalError::type_error(
                    format!("new(): invalid data type '{}'", other.type_name()),
                    span,
                )),
            }
        }
    }
}

/// The dtype PyTorch infers for `tensor(data)`.
pub fn infer_dtype(vals: &[Scalar]) -> DType {
    if vals.iter().any(|s| matches!(s, Scalar::Float(_))) {
        DType::default_float()
    } else if vals.iter().any(|s| matches!(s, Scalar::Int(_))) {
        DType::Int64
    } else if vals.is_empty() {
        DType::default_float()
    } else {
        DType::Bool
    }
}

pub fn tensor_from_value(it: &mut Interp, v: &Value, dtype: Option<DType>, span: Span) -> EvalResult<Tensor> {
    let t = match v {
        Value::Tensor(t) => Some(t.clone()),
        // `torch.tensor(ndarray)` copies the array's elements.
        Value::NdArray(a) => Some(super::numpy_module::as_tensor(a)),
        _ => None,
    };
    if let Some(t) = t {
        let d = dtype.unwrap_or(t.dtype);
        return crate::engine::ops::copy::copy_to_new(&it.ctx, &t, &crate::engine::layout::contiguous_strides(t.shape()), d, "tensor()").at(span);
    }
    let (shape, vals) = flatten_data(v, span)?;
    let d = dtype.unwrap_or_else(|| infer_dtype(&vals));
    if dtype.is_some()
        && let Some(msg) = vals.iter().find_map(|s| s.overflow_check(d, true))
    {
        return Err(EvalError::new(ErrorKind::RuntimeError, msg, span));
    }
    Tensor::from_scalars(&it.ctx, &shape, d, &vals, "tensor()").at(span)
}
