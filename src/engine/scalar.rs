//! One element's value, and reading/writing elements of any dtype from bytes.
//! Casts follow C++/PyTorch conversion: float→int truncates toward zero,
//! int→narrower int wraps, anything→bool is "not zero".

use half::{bf16, f16};

use super::dtype::DType;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scalar {
    Bool(bool),
    Int(i64),
    Float(f64),
}

impl Scalar {
    pub fn as_f64(self) -> f64 {
        match self {
            Scalar::Bool(b) => b as i64 as f64,
            Scalar::Int(i) => i as f64,
            Scalar::Float(f) => f,
        }
    }
    pub fn as_i64(self) -> i64 {
        match self {
            Scalar::Bool(b) => b as i64,
            Scalar::Int(i) => i,
            Scalar::Float(f) => f as i64,
        }
    }
    /// The value as C++ gives it to `c10::Half`/`c10::BFloat16`, whose
    /// constructors take a float: a double or an int64 converts to float
    /// first (rounded once from the int), then to the 16-bit type. (The
    /// `half` crate's `from_f64` rounds bfloat16 from the top 32 bits of a
    /// double, losing the sticky bits: 0.3f * -175.625f + 27.625f became
    /// -25.0 where PyTorch gives -25.125.)
    pub fn as_f32(self) -> f32 {
        match self {
            Scalar::Bool(b) => b as u8 as f32,
            Scalar::Int(i) => i as f32,
            Scalar::Float(f) => f as f32,
        }
    }
    pub fn as_bool(self) -> bool {
        match self {
            Scalar::Bool(b) => b,
            Scalar::Int(i) => i != 0,
            Scalar::Float(f) => f != 0.0,
        }
    }

    /// The value converted to what a `dtype` element can hold.
    pub fn cast(self, dtype: DType) -> Scalar {
        match dtype {
            DType::Bool => Scalar::Bool(self.as_bool()),
            DType::UInt8 => Scalar::Int(self.to_int_bits(false) as u8 as i64),
            DType::Int8 => Scalar::Int(self.to_int_bits(false) as i8 as i64),
            DType::Int16 => Scalar::Int(self.to_int_bits(false) as i16 as i64),
            DType::Int32 => Scalar::Int(self.to_int_bits(false) as i32 as i64),
            DType::Int64 => Scalar::Int(self.to_int_bits(true)),
            DType::Float16 => Scalar::Float(f16::from_f32(self.as_f32()).to_f64()),
            DType::BFloat16 => Scalar::Float(bf16::from_f32(self.as_f32()).to_f64()),
            // int64 → float32 rounds once, directly (as C++'s static_cast).
            DType::Float32 => Scalar::Float(match self {
                Scalar::Int(i) => i as f32 as f64,
                other => other.as_f64() as f32 as f64,
            }),
            DType::Float64 => Scalar::Float(self.as_f64()),
        }
    }

    /// Integer bits as x86 conversion gives them: a float converts through
    /// int32 (int64 for `wide`), and out-of-range or NaN becomes the minimum.
    fn to_int_bits(self, wide: bool) -> i64 {
        match self {
            Scalar::Float(f) => {
                let t = f.trunc();
                if wide {
                    // [-2^63, 2^63): both bounds are exact in f64.
                    if (i64::MIN as f64..-(i64::MIN as f64)).contains(&t) { t as i64 } else { i64::MIN }
                } else if (-2147483648.0..2147483648.0).contains(&t) {
                    t as i64
                } else {
                    i32::MIN as i64
                }
            }
            other => other.as_i64(),
        }
    }

    /// PyTorch's `checked_convert`: an error message when `self` does not fit
    /// `dtype`. `literal` selects the type names `tensor(...)` uses ("int8")
    /// over the C++ names scalar arguments use ("int8_t").
    ///
    /// The rule is c10's `overflows`: a float overflows an integer type when
    /// it is below the lowest value, at or above max + 1, or not finite; an
    /// integer overflows when above max or below lowest (for unsigned types,
    /// below -max: `-1` wraps to 255 for uint8).
    pub fn overflow_check(self, dtype: DType, literal: bool) -> Option<String> {
        let (lo, hi, cname, lname): (f64, f64, &str, &str) = match dtype {
            DType::Int8 => (-128.0, 127.0, "int8_t", "int8"),
            DType::UInt8 => (0.0, 255.0, "uint8_t", "uint8"),
            DType::Int16 => (-32768.0, 32767.0, "int16_t", "int16"),
            DType::Int32 => (-2147483648.0, 2147483647.0, "int", "int32"),
            // i64::MAX rounds to 2^63 as f64, like c10's cast of the limit.
            DType::Int64 => (i64::MIN as f64, i64::MAX as f64, "int64_t", "int64"),
            DType::Float16 if !literal => (-65504.0, 65504.0, "c10::Half", ""),
            DType::BFloat16 if !literal => (-3.3895313892515355e38, 3.3895313892515355e38, "c10::BFloat16", ""),
            DType::Float32 if !literal => (f32::MIN as f64, f32::MAX as f64, "float", ""),
            _ => return None,
        };
        let bad = match self {
            Scalar::Bool(_) => false,
            Scalar::Int(i) => {
                if dtype.is_floating() || dtype == DType::Int64 {
                    false
                } else {
                    let low = if dtype == DType::UInt8 { -hi } else { lo };
                    (i as f64) < low || (i as f64) > hi
                }
            }
            Scalar::Float(f) => {
                if dtype.is_floating() {
                    f.is_finite() && (f < lo || f > hi)
                } else {
                    !f.is_finite() || f < lo || f >= hi + 1.0
                }
            }
        };
        bad.then(|| format!("value cannot be converted to type {} without overflow", if literal { lname } else { cname }))
    }
}

/// Reads element `i` (in elements, not bytes) of a `dtype` buffer.
/// Returns `None` when `i` is outside `bytes`.
pub fn read(dtype: DType, bytes: &[u8], i: usize) -> Option<Scalar> {
    let n = dtype.size();
    let b = bytes.get(i.checked_mul(n)?..i.checked_mul(n)?.checked_add(n)?)?;
    Some(match dtype {
        DType::Bool => Scalar::Bool(b[0] != 0),
        DType::UInt8 => Scalar::Int(b[0] as i64),
        DType::Int8 => Scalar::Int(b[0] as i8 as i64),
        DType::Int16 => Scalar::Int(i16::from_ne_bytes([b[0], b[1]]) as i64),
        DType::Int32 => Scalar::Int(i32::from_ne_bytes(b.try_into().ok()?) as i64),
        DType::Int64 => Scalar::Int(i64::from_ne_bytes(b.try_into().ok()?)),
        DType::Float16 => Scalar::Float(f16::from_ne_bytes([b[0], b[1]]).to_f64()),
        DType::BFloat16 => Scalar::Float(bf16::from_ne_bytes([b[0], b[1]]).to_f64()),
        DType::Float32 => Scalar::Float(f32::from_ne_bytes(b.try_into().ok()?) as f64),
        DType::Float64 => Scalar::Float(f64::from_ne_bytes(b.try_into().ok()?)),
    })
}

/// Writes `v` (cast to `dtype`) into element `i`. Returns false when out of range.
pub fn write(dtype: DType, bytes: &mut [u8], i: usize, v: Scalar) -> bool {
    let n = dtype.size();
    let Some(start) = i.checked_mul(n) else { return false };
    let Some(b) = bytes.get_mut(start..start + n) else { return false };
    let v = v.cast(dtype);
    match dtype {
        DType::Bool => b[0] = v.as_bool() as u8,
        DType::UInt8 | DType::Int8 => b[0] = v.as_i64() as u8,
        DType::Int16 => b.copy_from_slice(&(v.as_i64() as i16).to_ne_bytes()),
        DType::Int32 => b.copy_from_slice(&(v.as_i64() as i32).to_ne_bytes()),
        DType::Int64 => b.copy_from_slice(&v.as_i64().to_ne_bytes()),
        DType::Float16 => b.copy_from_slice(&f16::from_f32(v.as_f32()).to_ne_bytes()),
        DType::BFloat16 => b.copy_from_slice(&bf16::from_f32(v.as_f32()).to_ne_bytes()),
        DType::Float32 => b.copy_from_slice(&(v.as_f64() as f32).to_ne_bytes()),
        DType::Float64 => b.copy_from_slice(&v.as_f64().to_ne_bytes()),
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_dtype() {
        for d in DType::ALL {
            let mut buf = vec![0u8; 3 * d.size()];
            assert!(write(d, &mut buf, 2, Scalar::Int(1)));
            assert_eq!(read(d, &buf, 2).unwrap().as_f64(), 1.0, "{d:?}");
            assert!(!write(d, &mut buf, 3, Scalar::Int(1)));
            assert_eq!(read(d, &buf, 3), None);
        }
    }

    #[test]
    fn casts_wrap_and_truncate_like_cpp() {
        assert_eq!(Scalar::Int(300).cast(DType::UInt8), Scalar::Int(44));
        assert_eq!(Scalar::Int(-1).cast(DType::UInt8), Scalar::Int(255));
        assert_eq!(Scalar::Float(-2.7).cast(DType::Int32), Scalar::Int(-2));
        assert_eq!(Scalar::Float(0.1).cast(DType::Float16), Scalar::Float(0.0999755859375));
        assert_eq!(Scalar::Float(0.5).cast(DType::Bool), Scalar::Bool(true));
    }
}
