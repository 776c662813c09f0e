//! `torch.device` values. PyTorch keeps whether an index was given:
//! `torch.device("cuda")` prints `cuda`, has `index` None and is not equal
//! to `torch.device("cuda:0")`, while a tensor's `.device` always names
//! its CUDA device's index. An op given an index-less CUDA device uses
//! the current device (tsr has one, `cuda:0`).

use crate::engine::{Device, ErrorKind};
use crate::lang::span::Span;

use super::args::Args;
use super::error::{EvalError, EvalResult};
use super::value::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PyDevice {
    pub cuda: bool,
    pub index: Option<u32>,
}

impl From<Device> for PyDevice {
    /// A tensor's or storage's device.
    fn from(d: Device) -> PyDevice {
        match d {
            Device::Cpu => PyDevice { cuda: false, index: None },
            Device::Cuda(i) => PyDevice { cuda: true, index: Some(i) },
        }
    }
}

impl PyDevice {
    /// The device an op runs on.
    pub fn device(self) -> Device {
        if self.cuda { Device::Cuda(self.index.unwrap_or(0)) } else { Device::Cpu }
    }

    pub fn type_name(self) -> &'static str {
        if self.cuda { "cuda" } else { "cpu" }
    }

    /// `cpu`, `cuda`, `cuda:1`: a device string as PyTorch parses it
    /// (`c10::Device(const std::string&)`), or its error.
    pub fn parse(s: &str) -> Result<PyDevice, String> {
        let (ty, index) = match s.split_once(':') {
            Some((t, i)) => (t, Some(i)),
            None => (s, None),
        };
        let cuda = match ty {
            "cpu" => false,
            "cuda" => true,
            _ => return Err(format!("Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device string: {s}")),
        };
        let index = match index {
            None => None,
            // c10 reads the digits itself: no sign, no leading zero.
            Some(i) if !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()) && (i == "0" || !i.starts_with('0')) => {
                let n = i.parse::<i64>().map_err(|_| format!("Could not parse device index '{i}' in device string '{s}'"))?;
                Some(device_index(n)?)
            }
            Some(_) => return Err(format!("Invalid device string: '{s}'")),
        };
        Ok(PyDevice { cuda, index })
    }

    /// `repr()`: `device(type='cuda', index=0)`.
    pub fn repr(self) -> String {
        match self.index {
            Some(i) => format!("device(type='{}', index={i})", self.type_name()),
            None => format!("device(type='{}')", self.type_name()),
        }
    }

    /// `d.type`, `d.index`.
    pub fn attr(self, name: &str) -> Option<Value> {
        match name {
            "type" => Some(Value::Str(self.type_name().into())),
            "index" => Some(self.index.map_or(Value::None, |i| Value::Int(i as i64))),
            _ => None,
        }
    }
}

impl std::fmt::Display for PyDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.index {
            Some(i) => write!(f, "{}:{i}", self.type_name()),
            None => f.write_str(self.type_name()),
        }
    }
}

/// A device index as c10 keeps it (8 bits): PyTorch wraps larger ones
/// into nonsense (`torch.device("cuda", 200)` prints index 65480), which
/// tsr refuses instead.
fn device_index(i: i64) -> Result<u32, String> {
    match i {
        i if i < 0 => Err("Device index must not be negative".into()),
        0..=127 => Ok(i as u32),
        _ => Err(format!("device index {i} is out of range: PyTorch's device indices are 8-bit (at most 127)")),
    }
}

/// `torch.device("cuda:0")`, `torch.device("cuda", 1)`, `torch.device(0)`,
/// `torch.device(type=…, index=…)`, `torch.device(d)`.
pub fn construct(a: &mut Args) -> EvalResult<Value> {
    let (v, s) = a.get(0, "type").ok_or_else(|| a.err("device() missing 1 required positional arguments: \"type\""))?;
    let index = a.get(1, "index");
    a.finish(2)?;
    let rt = |m: String, s: Span| EvalError::new(ErrorKind::RuntimeError, m, s);
    let d = match v {
        Value::Device(d) if index.is_none() => d,
        // A bare index is a CUDA device.
        Value::Int(i) if index.is_none() => PyDevice { cuda: true, index: Some(device_index(i).map_err(|m| rt(m, s))?) },
        Value::Str(text) => PyDevice::parse(&text).map_err(|m| rt(m, s))?,
        other => return Err(EvalError::type_error(format!("device(): argument 'type' (position 1) must be str, not {}", other.type_name()), s)),
    };
    match index {
        None | Some((Value::None, _)) => Ok(Value::Device(d)),
        Some((Value::Int(i), is)) => {
            if d.index.is_some() {
                return Err(rt(format!("type (string) must not include an index because index was passed explicitly: {d}"), is));
            }
            let i = device_index(i).map_err(|m| rt(m, is))?;
            Ok(Value::Device(PyDevice { index: Some(i), ..d }))
        }
        Some((other, is)) => Err(EvalError::type_error(format!("device(): argument 'index' (position 2) must be int, not {}", other.type_name()), is)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_parse_as_c10_parses_them() {
        assert_eq!(PyDevice::parse("cuda").unwrap().to_string(), "cuda");
        assert_eq!(PyDevice::parse("cuda:1").unwrap().repr(), "device(type='cuda', index=1)");
        assert_eq!(PyDevice::parse("cpu:0").unwrap().device(), Device::Cpu);
        assert!(PyDevice::parse("cuda:01").is_err());
        assert!(PyDevice::parse("cuda:-1").is_err());
        assert!(PyDevice::parse("gpu").unwrap_err().contains("at start of device string: gpu"));
        assert_eq!(PyDevice::parse("cuda").unwrap().device(), Device::Cuda(0));
    }
}
