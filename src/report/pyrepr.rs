//! Python's `repr()` of language values, and the suffix rules that decide
//! which `dtype=`/`device=`/`grad_fn=` parts a tensor repr shows.

use crate::engine::{DType, Device, Scalar, Tensor};
use crate::eval::value::Value;
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

/// Python's `repr()` of any value.
pub fn value_text(v: &Value) -> String {
    match v {
        Value::None => "None".into(),
        Value::Bool(b) => scalar_text(Scalar::Bool(*b)),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => py_float(*f),
        Value::Str(s) => format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'")),
        Value::Tuple(xs) => {
            let items: Vec<String> = xs.iter().map(value_text).collect();
            if items.len() == 1 { format!("({},)", items[0]) } else { format!("({})", items.join(", ")) }
        }
        Value::List(xs) => format!("[{}]", xs.iter().map(value_text).collect::<Vec<_>>().join(", ")),
        Value::Size(xs) => format!(
            "torch.Size([{}])",
            xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
        ),
        Value::DType(d) => d.to_string(),
        Value::Device(Device::Cpu) => "device(type='cpu')".into(),
        Value::Device(Device::Cuda(i)) => format!("device(type='cuda', index={i})"),
        Value::MemoryFormat(m) => format!("torch.{m}"),
        Value::Dict(kv) => format!(
            "{{{}}}",
            kv.iter().map(|(k, v)| format!("'{}': {}", k, value_text(v))).collect::<Vec<_>>().join(", ")
        ),
        Value::Tensor(t) => tensor_text(t),
        Value::Module(m) => format!("<module '{m}'>"),
        Value::Function(f) => format!("<built-in method {f} of type object>"),
        Value::Ellipsis => "Ellipsis".into(),
        Value::NamedTuple(name, fields) => format!(
            "torch.return_types.{}(\n{})",
            name,
            fields.iter().map(|(k, v)| format!("{}={}", k, value_text(v))).collect::<Vec<_>>().join(",\n")
        ),
        Value::GradFn(n) => format!("<{} object>", n.name),
        Value::AccumulateGrad(_) => "<AccumulateGrad object>".to_string(),
        Value::Storage(s) => {
            let n = s.nbytes();
            format!("<UntypedStorage S{} of {} bytes at 0x{:x} on {}>", s.id, n, s.data_ptr(), s.device)
        }
    }
}

/// Python's `str()`: like `repr()` but strings print bare and devices as
/// `cuda:0` (`str(torch.device("cuda", 0))`).
pub fn value_str(v: &Value) -> String {
    match v {
        Value::Str(s) => s.clone(),
        Value::Device(d) => d.to_string(),
        other => value_text(other),
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
        assert_eq!(value_str(&Value::Device(Device::Cuda(0))), "cuda:0");
        assert_eq!(value_text(&Value::Device(Device::Cuda(0))), "device(type='cuda', index=0)");
        assert_eq!(value_str(&Value::Device(Device::Cpu)), "cpu");
        assert_eq!(py_float(-0.0), "-0.0");
        assert_eq!(py_float(123456.5), "123456.5");
    }

    #[test]
    fn containers_print_like_python() {
        assert_eq!(value_text(&Value::Tuple(vec![Value::Int(4)])), "(4,)");
        assert_eq!(value_text(&Value::Size(vec![3, 4])), "torch.Size([3, 4])");
        assert_eq!(value_text(&Value::Str("a'b".into())), "'a\\'b'");
    }
}
