//! `bytes x`: a hex dump of the bytes each element of x occupies, with the
//! decoded value and, for floats, the IEEE 754 sign / exponent / mantissa.
//! `bytes x.untyped_storage()` dumps the whole storage, 16 bytes a row,
//! undecoded (a storage has no dtype).

use serde::Serialize;

use crate::engine::storage::Storage;
use crate::engine::strided::flat_to_storage;
use crate::engine::{scalar, DType, Tensor};
use crate::report::pyfloat::{py_float, scalar_text};
use crate::report::values::scalar_json;

/// Tensors with more elements show the first `HEAD_ELEMENTS` and last `TAIL_ELEMENTS`.
pub const MAX_ELEMENTS: usize = 32;
const HEAD_ELEMENTS: usize = 24;
const TAIL_ELEMENTS: usize = 8;
/// Storages larger than this show the first `HEAD_ROWS` and last `TAIL_ROWS` rows.
pub const MAX_STORAGE_BYTES: usize = 512;
const HEAD_ROWS: usize = 16;
const TAIL_ROWS: usize = 4;
pub const ROW_BYTES: usize = 16;

#[derive(Debug, Clone, Serialize)]
pub struct BytesReport {
    pub name: String,
    /// `tensor` (x's elements, in logical order) or `storage` (all bytes).
    pub scope: String,
    pub storage: u64,
    pub dtype: Option<String>,
    pub element_size: Option<usize>,
    pub byte_order: String,
    /// The storage's first byte.
    pub storage_data_ptr: u64,
    /// Bytes covered: numel · element_size, or the storage's nbytes.
    pub total_bytes: usize,
    /// Elements (tensor scope) or rows (storage scope) in all.
    pub total: usize,
    /// How many of them are left out of `elements` / `rows` (from the middle).
    pub omitted: usize,
    /// Where in `elements` / `rows` the left-out ones would be.
    pub omitted_at: usize,
    pub elements: Vec<ByteElement>,
    pub rows: Vec<ByteRow>,
}

/// One element of the tensor and its bytes, lowest address first.
#[derive(Debug, Clone, Serialize)]
pub struct ByteElement {
    pub index: Vec<usize>,
    /// Storage element index (in x's dtype).
    pub storage_index: usize,
    pub address: u64,
    pub bytes: Vec<u8>,
    pub value: serde_json::Value,
    pub value_text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ieee: Option<Ieee>,
}

/// IEEE 754 fields of a floating-point element.
#[derive(Debug, Clone, Serialize)]
pub struct Ieee {
    pub sign: u8,
    /// Exponent and mantissa bits, most significant first.
    pub exponent_bits: String,
    pub mantissa_bits: String,
    /// The stored (biased) exponent and the bias.
    pub exponent: u32,
    pub bias: i32,
    /// `normal`, `subnormal`, `zero`, `inf` or `nan`.
    pub class: String,
    /// How the fields give the value: `+1 × 2^(128-127) × 1.5 = 3.0`.
    pub formula: String,
}

/// 16 bytes of an untyped storage.
#[derive(Debug, Clone, Serialize)]
pub struct ByteRow {
    /// Byte offset from the storage start.
    pub offset: usize,
    pub address: u64,
    pub bytes: Vec<u8>,
}

/// Sign, exponent and mantissa widths of a float dtype.
fn float_fields(d: DType) -> Option<(u32, u32)> {
    match d {
        DType::Float16 => Some((5, 10)),
        DType::BFloat16 => Some((8, 7)),
        DType::Float32 => Some((8, 23)),
        DType::Float64 => Some((11, 52)),
        _ => None,
    }
}

/// Splits the little-endian bytes of a float into its IEEE 754 fields.
pub fn ieee(d: DType, bytes: &[u8]) -> Option<Ieee> {
    let (ebits, mbits) = float_fields(d)?;
    let mut raw: u64 = 0;
    for (i, &b) in bytes.iter().enumerate().take(8) {
        raw |= (b as u64) << (8 * i);
    }
    let width = 1 + ebits + mbits;
    let sign = ((raw >> (width - 1)) & 1) as u8;
    let exponent = ((raw >> mbits) & ((1 << ebits) - 1)) as u32;
    let mantissa = raw & ((1u64 << mbits) - 1);
    let bias = (1i32 << (ebits - 1)) - 1;
    let max_e = (1u32 << ebits) - 1;
    let s = if sign == 1 { "-1" } else { "+1" };
    let frac = mantissa as f64 / (1u64 << mbits) as f64;
    let (class, formula) = if exponent == max_e {
        if mantissa == 0 {
            ("inf", format!("exponent all ones, mantissa 0: {}inf", if sign == 1 { "-" } else { "" }))
        } else {
            ("nan", "exponent all ones, mantissa not 0: nan".to_string())
        }
    } else if exponent == 0 {
        if mantissa == 0 {
            ("zero", format!("exponent and mantissa 0: {}0.0", if sign == 1 { "-" } else { "" }))
        } else {
            let v = (if sign == 1 { -1.0 } else { 1.0 }) * frac * 2f64.powi(1 - bias);
            ("subnormal", format!("{s} × 2^(1-{bias}) × {} = {} (subnormal: 0.mantissa)", py_float(frac), py_float(v)))
        }
    } else {
        let m = 1.0 + frac;
        let v = (if sign == 1 { -1.0 } else { 1.0 }) * m * 2f64.powi(exponent as i32 - bias);
        ("normal", format!("{s} × 2^({exponent}-{bias}) × {} = {}", py_float(m), py_float(v)))
    };
    Some(Ieee {
        sign,
        exponent_bits: format!("{:0w$b}", exponent, w = ebits as usize),
        mantissa_bits: format!("{:0w$b}", mantissa, w = mbits as usize),
        exponent,
        bias,
        class: class.to_string(),
        formula,
    })
}

/// Row-major index of flat position `flat` in `shape`.
fn unravel(shape: &[usize], mut flat: usize) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        let s = shape[d].max(1);
        idx[d] = flat % s;
        flat /= s;
    }
    idx
}

/// Which of `total` items to show: all, or a head and a tail.
fn shown(total: usize, max: usize, head: usize, tail: usize) -> (Vec<usize>, usize) {
    if total <= max {
        return ((0..total).collect(), 0);
    }
    ((0..head).chain(total - tail..total).collect(), total - head - tail)
}

pub fn build_tensor(name: &str, t: &Tensor) -> BytesReport {
    let size = t.dtype.size();
    let base = t.storage.data_ptr();
    let (flats, omitted) = shown(t.numel(), MAX_ELEMENTS, HEAD_ELEMENTS, TAIL_ELEMENTS);
    let buf = t.storage.bytes();
    let all = buf.bytes();
    let elements = flats
        .into_iter()
        .map(|flat| {
            let si = flat_to_storage(t.layout(), flat);
            let bytes = all.get(si * size..si * size + size).unwrap_or(&[]).to_vec();
            let v = scalar::read(t.dtype, all, si);
            ByteElement {
                index: unravel(t.shape(), flat),
                storage_index: si,
                address: base + (si * size) as u64,
                ieee: ieee(t.dtype, &bytes),
                bytes,
                value: v.map(scalar_json).unwrap_or(serde_json::Value::Null),
                value_text: v.map(scalar_text).unwrap_or_else(|| "?".into()),
            }
        })
        .collect();
    BytesReport {
        name: name.to_string(),
        scope: "tensor".into(),
        storage: t.storage.id,
        dtype: Some(t.dtype.name().to_string()),
        element_size: Some(size),
        byte_order: super::byte_order().into(),
        storage_data_ptr: base,
        total_bytes: t.numel().saturating_mul(size),
        total: t.numel(),
        omitted,
        omitted_at: HEAD_ELEMENTS,
        elements,
        rows: vec![],
    }
}

pub fn build_storage(name: &str, s: &Storage) -> BytesReport {
    let n = s.nbytes();
    let nrows = n.div_ceil(ROW_BYTES);
    let max_rows = MAX_STORAGE_BYTES / ROW_BYTES;
    let (rows_shown, omitted) = shown(nrows, max_rows, HEAD_ROWS, TAIL_ROWS);
    let buf = s.bytes();
    let all = buf.bytes();
    let rows = rows_shown
        .into_iter()
        .map(|r| {
            let start = r * ROW_BYTES;
            ByteRow {
                offset: start,
                address: s.data_ptr() + start as u64,
                bytes: all.get(start..(start + ROW_BYTES).min(n)).unwrap_or(&[]).to_vec(),
            }
        })
        .collect();
    BytesReport {
        name: name.to_string(),
        scope: "storage".into(),
        storage: s.id,
        dtype: None,
        element_size: None,
        byte_order: super::byte_order().into(),
        storage_data_ptr: s.data_ptr(),
        total_bytes: n,
        total: nrows,
        omitted,
        omitted_at: HEAD_ROWS,
        elements: vec![],
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float32_one_is_sign_0_exponent_127_mantissa_0() {
        let Some(f) = ieee(DType::Float32, &1.0f32.to_le_bytes()) else { panic!() };
        assert_eq!((f.sign, f.exponent, f.bias), (0, 127, 127));
        assert_eq!(f.exponent_bits, "01111111");
        assert_eq!(f.mantissa_bits, "0".repeat(23));
        assert_eq!(f.formula, "+1 × 2^(127-127) × 1.0 = 1.0");
        let Some(g) = ieee(DType::Float32, &(-3.0f32).to_le_bytes()) else { panic!() };
        assert_eq!((g.sign, g.exponent, g.class.as_str()), (1, 128, "normal"));
        assert!(g.formula.ends_with("× 1.5 = -3.0"), "{}", g.formula);
    }

    #[test]
    fn special_values_and_small_types() {
        let c = |d, b: &[u8]| ieee(d, b).map(|f| f.class).unwrap_or_default();
        assert_eq!(c(DType::Float32, &f32::NAN.to_le_bytes()), "nan");
        assert_eq!(c(DType::Float64, &f64::NEG_INFINITY.to_le_bytes()), "inf");
        assert_eq!(c(DType::Float32, &1e-45f32.to_le_bytes()), "subnormal");
        assert_eq!(c(DType::Float16, &half::f16::from_f32(0.0).to_le_bytes()), "zero");
        let Some(h) = ieee(DType::BFloat16, &half::bf16::from_f32(2.0).to_le_bytes()) else { panic!() };
        assert_eq!((h.exponent, h.bias, h.mantissa_bits.len()), (128, 127, 7));
        assert!(ieee(DType::Int32, &[0, 0, 0, 0]).is_none());
    }

    #[test]
    fn long_tensors_show_head_and_tail() {
        assert_eq!(shown(5, 32, 24, 8), ((0..5).collect(), 0));
        let (v, o) = shown(100, 32, 24, 8);
        assert_eq!((v.len(), o, v[24]), (32, 68, 92));
        assert_eq!(unravel(&[2, 3], 4), vec![1, 1]);
    }
}
