//! Python's number conversions: `int()`, `float()` and `round()`.

use crate::engine::{ErrorKind, Scalar};
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::Value;
use super::builtins::{Call, int_arg};
use crate::eval::registry::OpId;

pub fn round(it: &mut Interp, mut c: Call) -> EvalResult<Value> {
    let nd = c.kw("ndigits");
    if c.pos.is_empty() {
        return Err(c.err("round() missing required argument 'number' (pos 1)"));
    }
    let nd = nd.or_else(|| c.pos.get(1).cloned()).filter(|v| !matches!(v, Value::None));
    match (&c.pos[0], nd) {
        (Value::Int(i), None) => Ok(Value::Int(*i)),
        (Value::Bool(b), None) => Ok(Value::Int(*b as i64)),
        (Value::Int(i), Some(n)) => {
            let n = int_arg(&c, &n)?;
            if n >= 0 {
                return Ok(Value::Int(*i));
            }
            let p = 10i64.checked_pow((-n) as u32).unwrap_or(i64::MAX);
            let r = (*i as f64 / p as f64).round_ties_even() as i64 * p;
            Ok(Value::Int(r))
        }
        (Value::Float(f), None) => {
            if !f.is_finite() {
                let what = if f.is_nan() { "cannot convert float NaN to integer" } else { "cannot convert float infinity to integer" };
                return Err(EvalError::new(if f.is_nan() { ErrorKind::ValueError } else { ErrorKind::OverflowError }, what, c.span));
            }
            float_to_int(f.round_ties_even(), c.span)
        }
        (Value::Float(f), Some(n)) => {
            let n = int_arg(&c, &n)?;
            Ok(Value::Float(round_float(*f, n)))
        }
        (Value::Tensor(t), nd) => {
            let mut a = super::super::args::Args { name: "round".into(), pos: vec![], kw: vec![], span: c.span, pos_base: 0 };
            if let Some(n) = nd {
                a.kw.push(("decimals".into(), n, c.span));
            }
            super::super::methods::call_op(it, t, OpId::Round, a, c.span, "round()")
        }
        (other, _) => Err(c.err(format!("type {} doesn't define __round__ method", other.type_name()))),
    }
}

/// Python's correctly rounded `round(x, n)`: round the exact decimal
/// expansion half to even (through the shortest-repr digits of x).
fn round_float(x: f64, n: i64) -> f64 {
    if !x.is_finite() || n > 300 {
        return x;
    }
    if n < -308 {
        return 0.0 * x;
    }
    // `format!` with a precision rounds the exact binary value correctly,
    // half to even, as CPython's round does.
    if n >= 0 {
        return format!("{:.*}", n as usize, x).parse().unwrap_or(x);
    }
    let p = 10f64.powi((-n) as i32);
    (x / p).round_ties_even() * p
}

fn parse_int(s: &str, base: u32, span: Span) -> EvalResult<i64> {
    let t = s.trim();
    let bad = || EvalError::new(ErrorKind::ValueError, format!("invalid literal for int() with base {base}: {}", super::repr::str_repr(s)), span);
    let (neg, digits) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let digits = if base == 16 { digits.trim_start_matches("0x").trim_start_matches("0X") } else if base == 2 { digits.trim_start_matches("0b") } else if base == 8 { digits.trim_start_matches("0o") } else { digits };
    if digits.is_empty() || digits.starts_with('_') || digits.ends_with('_') || digits.contains("__") {
        return Err(bad());
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    let v = i64::from_str_radix(&clean, base).map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
            EvalError::new(ErrorKind::OverflowError, "integer overflow (tsr ints are 64-bit)", span)
        }
        _ => bad(),
    })?;
    Ok(if neg { -v } else { v })
}

pub fn int(_: &mut Interp, mut c: Call) -> EvalResult<Value> {
    let base = c.kw("base");
    if c.pos.is_empty() && base.is_none() {
        return Ok(Value::Int(0));
    }
    if let Some(b) = base.or_else(|| c.pos.get(1).cloned()) {
        let b = int_arg(&c, &b)?;
        let Some(Value::Str(s)) = c.pos.first() else {
            return Err(c.err("int() can't convert non-string with explicit base"));
        };
        if b == 0 {
            let t = s.trim().trim_start_matches(['+', '-']).to_ascii_lowercase();
            let base = if t.starts_with("0x") { 16 } else if t.starts_with("0o") { 8 } else if t.starts_with("0b") { 2 } else { 10 };
            if base == 10 && t.len() > 1 && t.starts_with('0') && t.trim_start_matches('0').chars().any(|ch| ch != '_') {
                return Err(EvalError::new(ErrorKind::ValueError, format!("invalid literal for int() with base 0: {}", super::repr::str_repr(s)), c.span));
            }
            return parse_int(s, base, c.span).map(Value::Int).map_err(|e| EvalError { message: e.message.replace(&format!("base {base}:"), "base 0:"), ..e });
        }
        if !(2..=36).contains(&b) {
            return Err(EvalError::new(ErrorKind::ValueError, "int() base must be >= 2 and <= 36, or 0", c.span));
        }
        return parse_int(s, b as u32, c.span).map(Value::Int);
    }
    c.arity(1, 1)?;
    match &c.pos[0] {
        Value::Int(i) => Ok(Value::Int(*i)),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        Value::Float(f) => float_to_int(*f, c.span),
        Value::Str(s) => parse_int(s, 10, c.span).map(Value::Int),
        Value::Tensor(t) => {
            let s = tensor_scalar(t, c.span)?;
            match s {
                Scalar::Float(f) => float_to_int(f, c.span),
                s => Ok(Value::Int(s.as_i64())),
            }
        }
        other => Err(c.err(format!("int() argument must be a string, a bytes-like object or a real number, not '{}'", other.type_name()))),
    }
}

pub(super) fn float_to_int(f: f64, span: Span) -> EvalResult<Value> {
    if f.is_nan() {
        return Err(EvalError::new(ErrorKind::ValueError, "cannot convert float NaN to integer", span));
    }
    if f.is_infinite() {
        return Err(EvalError::new(ErrorKind::OverflowError, "cannot convert float infinity to integer", span));
    }
    if f.trunc().abs() >= 9.223_372_036_854_776e18 {
        return Err(EvalError::new(ErrorKind::OverflowError, "integer overflow (tsr ints are 64-bit)", span));
    }
    Ok(Value::Int(f.trunc() as i64))
}

/// The item of a one-element tensor, with PyTorch's error otherwise.
fn tensor_scalar(t: &crate::engine::Tensor, span: Span) -> EvalResult<Scalar> {
    if t.numel() != 1 {
        return Err(EvalError::new(ErrorKind::ValueError, "only one element tensors can be converted to Python scalars", span));
    }
    t.item().map_err(|e| EvalError::from_engine(e, span))
}

pub fn float(_: &mut Interp, c: Call) -> EvalResult<Value> {
    if c.pos.is_empty() {
        return Ok(Value::Float(0.0));
    }
    c.arity(1, 1)?;
    match &c.pos[0] {
        Value::Int(i) => Ok(Value::Float(*i as f64)),
        Value::Bool(b) => Ok(Value::Float(*b as i64 as f64)),
        Value::Float(f) => Ok(Value::Float(*f)),
        Value::Str(s) => {
            // Underscores only between digits ('1_000.5'), as Python's float().
            let raw = s.trim().to_ascii_lowercase();
            let b = raw.as_bytes();
            let bad_underscore = b.iter().enumerate().any(|(i, &ch)| {
                ch == b'_' && !(i > 0 && b[i - 1].is_ascii_digit() && b.get(i + 1).is_some_and(|n| n.is_ascii_digit()))
            });
            let t = if bad_underscore { String::from("!") } else { raw.replace('_', "") };
            let v = match t.trim_start_matches(['+', '-']) {
                "nan" => Some(f64::NAN),
                "inf" | "infinity" => Some(if t.starts_with('-') { f64::NEG_INFINITY } else { f64::INFINITY }),
                _ => t.parse::<f64>().ok().filter(|_| !t.is_empty() && !t.contains("inf") && !t.contains("nan")),
            };
            v.map(Value::Float).ok_or_else(|| EvalError::new(ErrorKind::ValueError, format!("could not convert string to float: {}", super::repr::str_repr(s)), c.span))
        }
        Value::Tensor(t) => Ok(Value::Float(tensor_scalar(t, c.span)?.as_f64())),
        other => Err(c.err(format!("float() argument must be a string or a real number, not '{}'", other.type_name()))),
    }
}

