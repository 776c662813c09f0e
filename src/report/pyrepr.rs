//! Python's `repr()` of language values, and the suffix rules that decide
//! which `dtype=`/`device=`/`grad_fn=` parts a tensor repr shows.

use crate::engine::{DType, Device, Scalar, Tensor};
use crate::render::repr::{tensor_repr, PrintOptions, ReprKind, ReprSource};

struct TensorSource<'a>(&'a Tensor);

impl ReprSource for TensorSource<'_> {
    fn shape(&self) -> &[usize] {
        self.0.shape()
    }
    fn kind(&self) -> ReprKind {
        match self.0.dtype {
            DType::Bool => ReprKind::Bool,
            d if d.is_floating() => ReprKind::Float,
            _ => ReprKind::Int,
        }
    }
    fn get_f64(&self, flat: usize) -> f64 {
        self.0.get_flat(flat).as_f64()
    }
    fn get_i64(&self, flat: usize) -> i64 {
        self.0.get_flat(flat).as_i64()
    }
    fn get_bool(&self, flat: usize) -> bool {
        self.0.get_flat(flat).as_bool()
    }
}

/// PyTorch's `repr(tensor)`.
pub fn tensor_text(t: &Tensor) -> String {
    let mut suffixes = Vec::new();
    if let Device::Cuda(i) = t.device() {
        suffixes.push(format!("device='cuda:{i}'"));
    }
    let empty = t.numel() == 0;
    let default_dtype = matches!(t.dtype, DType::Float32 | DType::Int64 | DType::Bool);
    if (empty && t.dtype != DType::DEFAULT_FLOAT) || (!empty && !default_dtype) {
        suffixes.push(format!("dtype={}", t.dtype));
    }
    if let Some(g) = t.grad_fn() {
        suffixes.push(format!("grad_fn=<{g}>"));
    } else if t.requires_grad() {
        suffixes.push("requires_grad=True".to_string());
    }
    tensor_repr(&TensorSource(t), &suffixes, &PrintOptions::default())
}

/// Python's `repr(float)`: shortest round-trip digits, `1.0`, `1e+20`, `inf`.
pub fn py_float(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let abs = f.abs();
    if abs != 0.0 && !(1e-4..1e16).contains(&abs) {
        // Python switches to exponent form here: 1e+16, 1.5e-05.
        let s = format!("{:e}", f);
        let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{}e{}{:02}", mant, sign, exp.abs());
    }
    let s = format!("{}", f);
    if s.contains('.') { s } else { format!("{s}.0") }
}

pub fn scalar_text(s: Scalar) -> String {
    match s {
        Scalar::Bool(b) => if b { "True" } else { "False" }.into(),
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(f) => py_float(f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_python() {
        assert_eq!(py_float(1.0), "1.0");
        assert_eq!(py_float(0.1), "0.1");
        assert_eq!(py_float(1e20), "1e+20");
        assert_eq!(py_float(1.5e-5), "1.5e-05");
        assert_eq!(py_float(-0.0), "-0.0");
        assert_eq!(py_float(123456.5), "123456.5");
    }
}
