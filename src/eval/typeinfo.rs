//! What a dtype is: the attributes of a `torch.dtype` value
//! (`torch.uint8.is_signed`) and `torch.finfo`/`torch.iinfo`, the limits
//! of a floating or integer dtype, with PyTorch's attributes, errors and
//! repr (`torch/csrc/TypeInfo.cpp`: each limit printed with C's `%g`).

use crate::engine::{DType, ErrorKind};
use crate::lang::span::Span;

use super::error::{EvalError, EvalResult};
use super::value::Value;

/// `torch.dtype`'s attributes, or `None` for a name it lacks.
pub fn dtype_attr(d: DType, name: &str) -> Option<Value> {
    Some(match name {
        "is_floating_point" => Value::Bool(d.is_floating()),
        "is_complex" => Value::Bool(false),
        // `uint8` and `bool` are unsigned (c10's `isSignedType`).
        "is_signed" => Value::Bool(!matches!(d, DType::UInt8 | DType::Bool)),
        "itemsize" => Value::Int(d.size() as i64),
        _ => return None,
    })
}

/// `torch.finfo(d)` / `torch.iinfo(d)`: the value, or PyTorch's TypeError.
pub fn new(kind: &str, d: DType, span: Span) -> EvalResult<Value> {
    let ok = match kind {
        "finfo" => d.is_floating(),
        _ => !d.is_floating() && d != DType::Bool,
    };
    if ok {
        return Ok(Value::TypeInfo(d));
    }
    let msg = match (kind, d) {
        ("iinfo", DType::Bool) => "torch.bool is not supported by torch.iinfo".to_string(),
        ("finfo", _) => "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'".to_string(),
        _ => "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'".to_string(),
    };
    Err(EvalError::type_error(msg, span))
}

/// `torch.finfo` or `torch.iinfo`: which one a dtype's limits are.
pub fn type_name(d: DType) -> &'static str {
    if d.is_floating() { "torch.finfo" } else { "torch.iinfo" }
}

/// (bits, eps, max, tiny, resolution) of a floating dtype.
fn float_limits(d: DType) -> (i64, f64, f64, f64, f64) {
    match d {
        DType::Float16 => (16, 2f64.powi(-10), 65504.0, 2f64.powi(-14), 1e-3),
        DType::BFloat16 => (16, 2f64.powi(-7), f32::from_bits(0x7f7f_0000) as f64, f32::MIN_POSITIVE as f64, 1e-2),
        DType::Float32 => (32, f32::EPSILON as f64, f32::MAX as f64, f32::MIN_POSITIVE as f64, 1e-6),
        _ => (64, f64::EPSILON, f64::MAX, f64::MIN_POSITIVE, 1e-15),
    }
}

/// (min, max) of an integer dtype.
pub fn int_limits(d: DType) -> (i64, i64) {
    match d {
        DType::UInt8 => (0, 255),
        DType::Int8 => (-128, 127),
        DType::Int16 => (i16::MIN as i64, i16::MAX as i64),
        DType::Int32 => (i32::MIN as i64, i32::MAX as i64),
        _ => (i64::MIN, i64::MAX),
    }
}

/// An attribute of `finfo(d)`/`iinfo(d)`, or an AttributeError.
pub fn attr(d: DType, name: &str, span: Span) -> EvalResult<Value> {
    let v = match (name, d.is_floating()) {
        ("dtype", _) => Some(Value::Str(d.name().to_string())),
        (_, true) => {
            let (bits, eps, max, tiny, resolution) = float_limits(d);
            match name {
                "bits" => Some(Value::Int(bits)),
                "eps" => Some(Value::Float(eps)),
                "max" => Some(Value::Float(max)),
                "min" => Some(Value::Float(-max)),
                "tiny" | "smallest_normal" => Some(Value::Float(tiny)),
                "resolution" => Some(Value::Float(resolution)),
                _ => None,
            }
        }
        (_, false) => {
            let (min, max) = int_limits(d);
            match name {
                "bits" => Some(Value::Int(d.size() as i64 * 8)),
                "max" => Some(Value::Int(max)),
                "min" => Some(Value::Int(min)),
                _ => None,
            }
        }
    };
    v.ok_or_else(|| EvalError::new(ErrorKind::AttributeError, format!("'{}' object has no attribute '{name}'", type_name(d)), span))
}

/// C's `%g`, as `TypeInfo.cpp` prints each limit.
fn g(x: f64) -> String {
    super::py::format::format_value(&Value::Float(x), "g", Span::default()).unwrap_or_else(|_| x.to_string())
}

/// `finfo(resolution=1e-06, min=-3.40282e+38, …, dtype=float32)`.
pub fn repr(d: DType) -> String {
    if d.is_floating() {
        let (_, eps, max, tiny, resolution) = float_limits(d);
        format!(
            "finfo(resolution={}, min={}, max={}, eps={}, smallest_normal={}, tiny={}, dtype={})",
            g(resolution),
            g(-max),
            g(max),
            g(eps),
            g(tiny),
            g(tiny),
            d.name()
        )
    } else {
        // `iinfo`'s repr prints its limits as doubles with `%g` too.
        let (min, max) = int_limits(d);
        format!("iinfo(min={}, max={}, dtype={})", g(min as f64), g(max as f64), d.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_print_as_pytorch_prints_them() {
        assert_eq!(repr(DType::Float16), "finfo(resolution=0.001, min=-65504, max=65504, eps=0.000976562, smallest_normal=6.10352e-05, tiny=6.10352e-05, dtype=float16)");
        assert_eq!(repr(DType::BFloat16), "finfo(resolution=0.01, min=-3.38953e+38, max=3.38953e+38, eps=0.0078125, smallest_normal=1.17549e-38, tiny=1.17549e-38, dtype=bfloat16)");
        assert_eq!(repr(DType::Int32), "iinfo(min=-2.14748e+09, max=2.14748e+09, dtype=int32)");
        assert_eq!(repr(DType::UInt8), "iinfo(min=0, max=255, dtype=uint8)");
    }

    #[test]
    fn finfo_refuses_integers_and_iinfo_bool() {
        assert!(new("finfo", DType::Int32, Span::default()).is_err());
        assert!(new("iinfo", DType::Bool, Span::default()).unwrap_err().message.contains("torch.bool is not supported"));
        assert!(new("iinfo", DType::Int8, Span::default()).is_ok());
    }
}
