//! Python's `math` module: constants and the functions a tensor snippet uses.

use crate::engine::ErrorKind;
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::value::Value;

pub const FUNCTIONS: &[&str] = &[
    "math.copysign", "math.degrees", "math.radians", "math.acos", "math.asin", "math.atan", "math.fsum", "math.isqrt",
    "math.lcm", "math.fmod", "math.log1p", "math.expm1", "math.sinh", "math.cosh", "math.asinh", "math.acosh", "math.atanh",
    "math.dist", "math.remainder",
    "math.sqrt", "math.prod", "math.ceil", "math.floor", "math.log", "math.log2", "math.log10", "math.exp", "math.isclose", "math.isnan",
    "math.isinf", "math.isfinite", "math.fabs", "math.pow", "math.sin", "math.cos", "math.tan", "math.atan2", "math.gcd", "math.factorial",
    "math.hypot", "math.trunc", "math.tanh", "math.comb",
];

pub fn attr(name: &str) -> Option<Value> {
    Some(match name {
        "pi" => Value::Float(std::f64::consts::PI),
        "e" => Value::Float(std::f64::consts::E),
        "tau" => Value::Float(std::f64::consts::TAU),
        "inf" => Value::Float(f64::INFINITY),
        "nan" => Value::Float(f64::NAN),
        n => return FUNCTIONS.iter().find(|f| f.strip_prefix("math.") == Some(n)).map(|f| Value::Builtin(f)),
    })
}

fn num(v: &Value, span: Span) -> EvalResult<f64> {
    match v {
        Value::Tensor(t) if t.numel() == 1 => t.item().map(|s| s.as_f64()).map_err(|e| EvalError::from_engine(e, span)),
        v => v.as_scalar().map(|s| s.as_f64()).ok_or_else(|| EvalError::type_error(format!("must be real number, not {}", v.type_name()), span)),
    }
}

fn int(v: &Value, span: Span) -> EvalResult<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(*b as i64),
        other => Err(EvalError::type_error(format!("'{}' object cannot be interpreted as an integer", other.type_name()), span)),
    }
}

fn domain(span: Span) -> EvalError {
    EvalError::new(ErrorKind::ValueError, "math domain error", span)
}

pub fn call(name: &str, pos: &[Value], kw: &[(String, Value)], span: Span) -> EvalResult<Value> {
    let allowed: &[&str] = if name == "isclose" { &["rel_tol", "abs_tol"] } else { &[] };
    if let Some((k, _)) = kw.iter().find(|(k, _)| !allowed.contains(&k.as_str())) {
        return Err(EvalError::type_error(format!("{name}() got an unexpected keyword argument '{k}'"), span));
    }
    let kwf = |k: &str, d: f64| -> EvalResult<f64> {
        match kw.iter().find(|(n, _)| n == k) {
            Some((_, v)) => num(v, span),
            None => Ok(d),
        }
    };
    let a = |i: usize| pos.get(i).ok_or_else(|| EvalError::type_error(format!("{name}() missing a required argument"), span));
    let x = || num(a(0)?, span);
    Ok(match name {
        "sqrt" => {
            let v = x()?;
            if v < 0.0 {
                return Err(domain(span));
            }
            Value::Float(v.sqrt())
        }
        "exp" => {
            let r = x()?.exp();
            if r.is_infinite() && x()?.is_finite() {
                return Err(EvalError::new(ErrorKind::OverflowError, "math range error", span));
            }
            Value::Float(r)
        }
        "log" => {
            let v = x()?;
            if v <= 0.0 {
                return Err(domain(span));
            }
            match pos.get(1) {
                Some(b) => Value::Float(v.ln() / num(b, span)?.ln()),
                None => Value::Float(v.ln()),
            }
        }
        "log2" | "log10" => {
            let v = x()?;
            if v <= 0.0 {
                return Err(domain(span));
            }
            Value::Float(if name == "log2" { v.log2() } else { v.log10() })
        }
        "copysign" => Value::Float(x()?.copysign(num(a(1)?, span)?)),
        "degrees" => Value::Float(x()?.to_degrees()),
        "radians" => Value::Float(x()?.to_radians()),
        "acos" | "asin" => {
            let v = x()?;
            if !(-1.0..=1.0).contains(&v) {
                return Err(domain(span));
            }
            Value::Float(if name == "acos" { v.acos() } else { v.asin() })
        }
        "atan" => Value::Float(x()?.atan()),
        "sinh" => Value::Float(x()?.sinh()),
        "cosh" => Value::Float(x()?.cosh()),
        "asinh" => Value::Float(x()?.asinh()),
        "acosh" => {
            let v = x()?;
            if v < 1.0 {
                return Err(domain(span));
            }
            Value::Float(v.acosh())
        }
        "atanh" => {
            let v = x()?;
            if v <= -1.0 || v >= 1.0 {
                return Err(domain(span));
            }
            Value::Float(v.atanh())
        }
        "log1p" => {
            let v = x()?;
            if v <= -1.0 {
                return Err(domain(span));
            }
            Value::Float(v.ln_1p())
        }
        "expm1" => Value::Float(x()?.exp_m1()),
        "fmod" => {
            let (p, q) = (x()?, num(a(1)?, span)?);
            if q == 0.0 && p.is_finite() {
                return Err(domain(span));
            }
            Value::Float(p % q)
        }
        "remainder" => {
            let (p, q) = (x()?, num(a(1)?, span)?);
            if q == 0.0 {
                return Err(domain(span));
            }
            // IEEE remainder: p - n*q with n the nearest integer to p/q (ties to even).
            let n = (p / q).round_ties_even();
            Value::Float(p - n * q)
        }
        "isqrt" => {
            let n = int(a(0)?, span)?;
            if n < 0 {
                return Err(EvalError::new(ErrorKind::ValueError, "isqrt() argument must be nonnegative", span));
            }
            let mut r = (n as f64).sqrt() as i64;
            while r * r > n {
                r -= 1;
            }
            while (r + 1) * (r + 1) <= n {
                r += 1;
            }
            Value::Int(r)
        }
        "lcm" => {
            let mut acc: i64 = 1;
            for v in pos {
                let n = int(v, span)?.abs();
                if n == 0 {
                    return Ok(Value::Int(0));
                }
                let (mut p, mut q) = (acc, n);
                while q != 0 {
                    (p, q) = (q, p % q);
                }
                acc = (acc / p).checked_mul(n).ok_or_else(|| EvalError::new(ErrorKind::OverflowError, "integer overflow (tsr ints are 64-bit)", span))?;
            }
            Value::Int(acc)
        }
        "fsum" => {
            // Shewchuk's exact partial sums, as CPython's fsum.
            let items = match a(0)? {
                Value::List(l) => l.borrow().clone(),
                Value::Tuple(t) => t.clone(),
                other => return Err(EvalError::type_error(format!("'{}' object is not iterable", other.type_name()), span)),
            };
            let mut partials: Vec<f64> = Vec::new();
            for v in &items {
                let mut x = num(v, span)?;
                let mut i = 0;
                for j in 0..partials.len() {
                    let mut y = partials[j];
                    if x.abs() < y.abs() {
                        std::mem::swap(&mut x, &mut y);
                    }
                    let hi = x + y;
                    let lo = y - (hi - x);
                    if lo != 0.0 {
                        partials[i] = lo;
                        i += 1;
                    }
                    x = hi;
                }
                partials.truncate(i);
                partials.push(x);
            }
            // Round the exact sum once, as CPython does.
            let mut hi = 0.0;
            if let Some(mut n) = partials.len().checked_sub(1) {
                hi = partials[n];
                let mut lo = 0.0;
                while n > 0 {
                    n -= 1;
                    let x = hi;
                    let y = partials[n];
                    hi = x + y;
                    let yr = hi - x;
                    lo = y - yr;
                    if lo != 0.0 {
                        break;
                    }
                }
                if n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0)) {
                    let y = lo * 2.0;
                    let x = hi + y;
                    if y == x - hi {
                        hi = x;
                    }
                }
            }
            Value::Float(hi)
        }
        "dist" => {
            let (p, q) = (a(0)?, a(1)?);
            let (Some(p), Some(q)) = (p.seq_items(), q.seq_items()) else {
                return Err(EvalError::type_error("dist(): arguments must be sequences", span));
            };
            if p.len() != q.len() {
                return Err(EvalError::new(ErrorKind::ValueError, "both points must have the same number of dimensions", span));
            }
            let mut s = 0.0;
            for (x, y) in p.iter().zip(&q) {
                let d = num(x, span)? - num(y, span)?;
                s += d * d;
            }
            Value::Float(s.sqrt())
        }
        "sin" => Value::Float(x()?.sin()),
        "cos" => Value::Float(x()?.cos()),
        "tan" => Value::Float(x()?.tan()),
        "tanh" => Value::Float(x()?.tanh()),
        "atan2" => Value::Float(x()?.atan2(num(a(1)?, span)?)),
        "hypot" => Value::Float(pos.iter().map(|v| num(v, span)).collect::<EvalResult<Vec<_>>>()?.iter().map(|v| v * v).sum::<f64>().sqrt()),
        "fabs" => Value::Float(x()?.abs()),
        "pow" => {
            let (b, e) = (x()?, num(a(1)?, span)?);
            if b == 0.0 && e < 0.0 {
                return Err(domain(span));
            }
            let r = b.powf(e);
            if r.is_infinite() && b.is_finite() && e.is_finite() {
                return Err(EvalError::new(ErrorKind::OverflowError, "math range error", span));
            }
            Value::Float(r)
        }
        "ceil" => match a(0)? {
            Value::Int(i) => Value::Int(*i),
            _ => super::numbers::float_to_int(x()?.ceil(), span)?,
        },
        "floor" => match a(0)? {
            Value::Int(i) => Value::Int(*i),
            _ => super::numbers::float_to_int(x()?.floor(), span)?,
        },
        "trunc" => super::numbers::float_to_int(x()?.trunc(), span)?,
        "isnan" => Value::Bool(x()?.is_nan()),
        "isinf" => Value::Bool(x()?.is_infinite()),
        "isfinite" => Value::Bool(x()?.is_finite()),
        "isclose" => {
            let (p, q) = (x()?, num(a(1)?, span)?);
            let (rel, abs) = (kwf("rel_tol", 1e-9)?, kwf("abs_tol", 0.0)?);
            if rel < 0.0 || abs < 0.0 {
                return Err(EvalError::new(ErrorKind::ValueError, "tolerances must be non-negative", span));
            }
            let close = p == q || (p.is_finite() && q.is_finite() && (p - q).abs() <= (rel * p.abs().max(q.abs())).max(abs));
            Value::Bool(close)
        }
        "gcd" => {
            let (mut p, mut q) = (int(a(0)?, span)?.unsigned_abs(), int(a(1)?, span)?.unsigned_abs());
            while q != 0 {
                (p, q) = (q, p % q);
            }
            Value::Int(p as i64)
        }
        "factorial" => {
            let n = int(a(0)?, span)?;
            if n < 0 {
                return Err(EvalError::new(ErrorKind::ValueError, "factorial() not defined for negative values", span));
            }
            let mut r: i64 = 1;
            for k in 2..=n {
                r = r.checked_mul(k).ok_or_else(|| EvalError::new(ErrorKind::OverflowError, "integer overflow (tsr ints are 64-bit)", span))?;
            }
            Value::Int(r)
        }
        "comb" => {
            let (n, k) = (int(a(0)?, span)?, int(a(1)?, span)?);
            if n < 0 || k < 0 {
                return Err(EvalError::new(ErrorKind::ValueError, "n must be a non-negative integer", span));
            }
            if k > n {
                return Ok(Value::Int(0));
            }
            let mut r: i128 = 1;
            for i in 0..k.min(n - k) {
                r = r * (n - i) as i128 / (i + 1) as i128;
                if r > i64::MAX as i128 {
                    return Err(EvalError::new(ErrorKind::OverflowError, "integer overflow (tsr ints are 64-bit)", span));
                }
            }
            Value::Int(r as i64)
        }
        "prod" => {
            let items = match a(0)? {
                Value::List(l) => l.borrow().clone(),
                Value::Tuple(t) => t.clone(),
                Value::Size(s) => s.iter().map(|&x| Value::Int(x as i64)).collect(),
                other => return Err(EvalError::type_error(format!("'{}' object is not iterable", other.type_name()), span)),
            };
            let mut acc = Value::Int(1);
            for v in items {
                acc = match (&acc, &v) {
                    (Value::Int(p), Value::Int(q)) => Value::Int(p.checked_mul(*q).ok_or_else(|| EvalError::new(ErrorKind::OverflowError, "integer overflow (tsr ints are 64-bit)", span))?),
                    _ => Value::Float(num(&acc, span)? * num(&v, span)?),
                };
            }
            acc
        }
        other => return Err(EvalError::new(ErrorKind::AttributeError, format!("module 'math' has no attribute '{other}'"), span)),
    })
}
