//! Binding call arguments: positional and keyword values with their spans,
//! and typed accessors that produce PyTorch-style TypeErrors.

use crate::engine::{DType, Device, Scalar};
use crate::lang::span::Span;

use super::error::{EvalError, EvalResult};
use super::value::Value;

pub struct Args {
    /// The function or method name, for messages (`view`).
    pub name: String,
    pub pos: Vec<(Value, Span)>,
    pub kw: Vec<(String, Value, Span)>,
    /// Span of the whole call.
    pub span: Span,
    /// Positional arguments taken off the front (1 when a function form
    /// passes its tensor on as `self`), for PyTorch's "(position N)".
    pub pos_base: usize,
}

impl Args {
    /// Removes and returns keyword `k`.
    pub fn take_kw(&mut self, k: &str) -> Option<(Value, Span)> {
        let i = self.kw.iter().position(|(n, _, _)| n == k)?;
        let (_, v, s) = self.kw.remove(i);
        Some((v, s))
    }

    /// Positional `i`, or keyword `k`, left in place.
    pub fn peek(&self, i: usize, k: &str) -> Option<&Value> {
        self.kw.iter().find(|(n, _, _)| n == k).map(|(_, v, _)| v).or_else(|| self.pos.get(i).map(|(v, _)| v))
    }

    /// Positional `i`, or keyword `k`.
    pub fn get(&mut self, i: usize, k: &str) -> Option<(Value, Span)> {
        if let Some(v) = self.take_kw(k) {
            return Some(v);
        }
        self.pos.get(i).cloned()
    }

    pub fn err(&self, msg: impl Into<String>) -> EvalError {
        EvalError::type_error(msg, self.span)
    }

    fn arg_err(&self, k: &str, want: &str, v: &Value, span: Span) -> EvalError {
        EvalError::type_error(
            format!("{}(): argument '{}'{} must be {}, not {}", self.name, k, self.position(span), want, v.type_name()),
            span,
        )
    }

    /// ` (position N)` when the argument at `span` was passed positionally,
    /// as PyTorch's argument parser says (counting from 1, `self` excluded).
    pub fn position(&self, span: Span) -> String {
        match self.pos.iter().position(|(_, s)| *s == span) {
            Some(i) => format!(" (position {})", i + 1 + self.pos_base),
            None => String::new(),
        }
    }

    pub fn int(&mut self, i: usize, k: &str) -> EvalResult<i64> {
        match self.get(i, k) {
            Some((v, s)) => to_int(&v).ok_or_else(|| self.arg_err(k, "int", &v, s)),
            None => Err(self.err(format!("{}() missing required argument '{}' (pos {})", self.name, k, i + 1))),
        }
    }

    pub fn opt_int(&mut self, i: usize, k: &str, default: i64) -> EvalResult<i64> {
        match self.get(i, k) {
            Some((Value::None, _)) | None => Ok(default),
            Some((v, s)) => to_int(&v).ok_or_else(|| self.arg_err(k, "int", &v, s)),
        }
    }

    pub fn opt_int_or_none(&mut self, i: usize, k: &str) -> EvalResult<Option<i64>> {
        match self.get(i, k) {
            Some((Value::None, _)) | None => Ok(None),
            Some((v, s)) => to_int(&v).map(Some).ok_or_else(|| self.arg_err(k, "int", &v, s)),
        }
    }

    pub fn number(&mut self, i: usize, k: &str) -> EvalResult<Scalar> {
        match self.get(i, k) {
            Some((v, s)) => to_number(&v).ok_or_else(|| self.arg_err(k, "Number", &v, s)),
            None => Err(self.err(format!("{}() missing required argument '{}' (pos {})", self.name, k, i + 1))),
        }
    }

    pub fn opt_bool(&mut self, i: usize, k: &str, default: bool) -> EvalResult<bool> {
        match self.get(i, k) {
            None | Some((Value::None, _)) => Ok(default),
            Some((Value::Bool(b), _)) => Ok(b),
            Some((v, s)) => Err(self.arg_err(k, "bool", &v, s)),
        }
    }

    /// Keyword `dtype=`.
    pub fn dtype_kw(&mut self) -> EvalResult<Option<DType>> {
        match self.take_kw("dtype") {
            None | Some((Value::None, _)) => Ok(None),
            Some((Value::DType(d), _)) => Ok(Some(d)),
            Some((v, s)) => Err(self.arg_err("dtype", "torch.dtype", &v, s)),
        }
    }

    /// Keyword `device=`.
    pub fn device_kw(&mut self) -> EvalResult<Option<(Device, Span)>> {
        match self.take_kw("device") {
            None | Some((Value::None, _)) => Ok(None),
            Some((v, s)) => to_device(&v).map(|d| Some((d, s))).ok_or_else(|| {
                let msg = match &v {
                    Value::Str(text) => super::device_value::PyDevice::parse(text).err().unwrap_or_default(),
                    other => format!("Expected one of cpu, cuda device type at start of device string: {}", other.type_name()),
                };
                EvalError::new(crate::engine::ErrorKind::RuntimeError, msg, s)
            }),
        }
    }

    /// Sizes given as varargs (`view(3, 4)`) or one sequence (`view((3, 4))`),
    /// starting at positional `from`.
    /// [`Args::sizes`] where PyTorch requires at least one (`permute()`).
    pub fn required_sizes(&mut self, from: usize, k: &str) -> EvalResult<Vec<i64>> {
        if self.pos.len() <= from && !self.kw.iter().any(|(n, _, _)| n == k) {
            return Err(self.err(format!("{}() missing 1 required positional arguments: \"{k}\"", self.name)));
        }
        self.sizes(from, k)
    }

    pub fn sizes(&mut self, from: usize, k: &str) -> EvalResult<Vec<i64>> {
        if let Some((v, s)) = self.take_kw(k) {
            return seq_ints(&v).ok_or_else(|| self.arg_err(k, "tuple of ints", &v, s));
        }
        let rest: Vec<(Value, Span)> = self.pos.iter().skip(from).cloned().collect();
        if rest.len() == 1
            && let Some(v) = seq_ints(&rest[0].0)
            && !matches!(rest[0].0, Value::Int(_))
        {
            return Ok(v);
        }
        rest.iter()
            .enumerate()
            .map(|(i, (v, s))| {
                to_int(v).ok_or_else(|| {
                    EvalError::type_error(
                        format!(
                            "{}(): argument '{}' must be tuple of ints, but found element of type {} at pos {}",
                            self.name,
                            k,
                            v.type_name(),
                            i
                        ),
                        *s,
                    )
                })
            })
            .collect()
    }

    /// Fails on keyword arguments nobody took, or on more than `max` positionals.
    pub fn finish(&self, max: usize) -> EvalResult<()> {
        if let Some((k, _, s)) = self.kw.first() {
            return Err(EvalError::type_error(
                format!("{}() got an unexpected keyword argument '{}'", self.name, k),
                *s,
            ));
        }
        if self.pos.len() > max {
            let s = self.pos[max].1;
            return Err(EvalError::type_error(
                format!("{}() takes at most {} positional argument{} ({} given)", self.name, max, if max == 1 { "" } else { "s" }, self.pos.len()),
                s,
            ));
        }
        Ok(())
    }
}

/// `layout=`: tsr's tensors are all strided, so another layout
/// (`torch.sparse_coo`) is refused rather than ignored.
pub fn strided_only(a: &Args) -> EvalResult<()> {
    match a.kw.iter().find(|(k, _, _)| k == "layout") {
        Some((_, Value::Layout(l), s)) if *l != "strided" => Err(EvalError::new(
            crate::engine::ErrorKind::NotImplementedError,
            format!("tsr's tensors are strided only: layout=torch.{l} is not supported"),
            *s,
        )),
        _ => Ok(()),
    }
}

pub fn to_int(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(*b as i64),
        Value::NpScalar(_, crate::engine::Scalar::Int(i)) => Some(*i),
        Value::NpScalar(_, crate::engine::Scalar::Bool(b)) => Some(*b as i64),
        Value::Tensor(t) if t.numel() == 1 && !t.dtype.is_floating() => t.item().ok().map(|s| s.as_i64()),
        _ => None,
    }
}

pub fn to_number(v: &Value) -> Option<Scalar> {
    match v {
        Value::Tensor(t) if t.numel() == 1 => t.item().ok(),
        other => other.as_scalar(),
    }
}

pub fn seq_ints(v: &Value) -> Option<Vec<i64>> {
    match v {
        Value::Tuple(xs) => xs.iter().map(to_int).collect(),
        Value::List(xs) => xs.borrow().iter().map(to_int).collect(),
        Value::Size(xs) => Some(xs.iter().map(|&x| x as i64).collect()),
        Value::Int(i) => Some(vec![*i]),
        _ => None,
    }
}

pub fn to_device(v: &Value) -> Option<Device> {
    match v {
        Value::Device(d) => Some(d.device()),
        Value::Str(s) => super::device_value::PyDevice::parse(s).ok().map(|d| d.device()),
        Value::Int(i) if *i >= 0 => Some(Device::Cuda(*i as u32)),
        _ => None,
    }
}
