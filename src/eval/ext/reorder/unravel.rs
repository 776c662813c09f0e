//! `torch.unravel_index(indices, shape)`, as `torch.functional` computes
//! it: one int64 tensor of the coordinates (`floor_divide` by the suffix
//! products, then `%` each size), unbound along its last dim (views).

use std::rc::Rc;

use crate::engine::{DType, ErrorKind, Scalar, Tensor};

use super::super::super::args::{to_int, Args};
use super::super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::super::interp::Interp;
use super::super::super::value::Value;
use crate::eval::registry::OpId;

/// `(3, 4)` / `(4,)`: a shape as Python prints a tuple.
fn tuple_text(xs: &[i64]) -> String {
    match xs {
        [x] => format!("({x},)"),
        _ => format!("({})", xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

pub fn unravel_index(it: &mut Interp, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let (iv, is) = a.get(0, "indices").ok_or_else(|| a.err("unravel_index() missing 2 required positional arguments: 'indices' and 'shape'"))?;
    let (sv, ss) = a.get(1, "shape").ok_or_else(|| a.err("unravel_index() missing 1 required positional argument: 'shape'"))?;
    a.finish(2)?;
    let t = match iv {
        Value::Tensor(t) => t,
        v => return Err(EvalError::new(ErrorKind::AttributeError, format!("'{}' object has no attribute 'is_complex'", v.type_name()), is)),
    };
    if t.dtype.is_floating() || t.dtype == DType::Bool {
        return Err(EvalError::type_error(format!("expected 'indices' to be integer dtype, but got {}", t.dtype), is));
    }
    let items = match &sv {
        Value::Int(n) => vec![Value::Int(*n)],
        Value::Size(xs) => xs.iter().map(|&x| Value::Int(x as i64)).collect(),
        Value::Tuple(_) | Value::List(_) => sv.seq_items().unwrap_or_default(),
        // A str is a sequence too: of one-character strs.
        Value::Str(s) => s.chars().map(|c| Value::Str(c.to_string())).collect(),
        v => return Err(EvalError::type_error(format!("expected 'shape' to be int or sequence of ints, but got <class '{}'>", v.type_name()), ss)),
    };
    let mut shape = vec![];
    for x in &items {
        match (x, to_int(x)) {
            (Value::Int(_) | Value::Bool(_), Some(n)) => shape.push(n),
            _ => return Err(EvalError::type_error(format!("expected 'shape' sequence to only contain ints, but got <class '{}'>", x.type_name()), ss)),
        }
    }
    if shape.iter().any(|&d| d < 0) {
        return Err(EvalError::new(ErrorKind::ValueError, format!("'shape' cannot have negative values, but got {}", tuple_text(&shape)), ss));
    }
    if shape.contains(&0) && t.numel() > 0 {
        let msg = format!("'shape' cannot have zero dimensions when 'indices' is non-empty, but got {}", tuple_text(&shape));
        return Err(EvalError::new(ErrorKind::ValueError, msg, ss));
    }
    // coefs[k]: the product of the sizes after k.
    let mut coefs = vec![1i64; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        coefs[k] = coefs[k + 1] * shape[k + 1];
    }
    let mut vals = Vec::with_capacity(t.numel() * shape.len());
    for v in t.to_scalars() {
        let v = v.as_i64();
        for (&c, &s) in coefs.iter().zip(&shape) {
            vals.push(Scalar::Int(if s == 0 { 0 } else { v.div_euclid(c.max(1)).rem_euclid(s) }));
        }
    }
    let mut out_shape = t.shape().to_vec();
    out_shape.push(shape.len());
    let res = Rc::new(Tensor::from_scalars_on(&it.ctx, t.device(), &out_shape, DType::Int64, &vals, "unravel_index()").at(span)?);
    let args = Args { name: "unbind".to_string(), pos: vec![(Value::Int(-1), span)], kw: vec![], span, pos_base: 0 };
    super::super::super::methods::call_op(it, &res, OpId::Unbind, args, span, "unbind(-1)")
}
