//! Element types. Names follow PyTorch (`float32`, `int64`, …) without the
//! `torch.` prefix; the promotion lattice is PyTorch's `promoteTypes`.

use serde::Serialize;

thread_local! {
    /// `torch.get_default_dtype()`. Per thread, as a session's interpreter
    /// runs on one thread (the test suite runs sessions side by side).
    static DEFAULT_FLOAT: std::cell::Cell<DType> = const { std::cell::Cell::new(DType::Float32) };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DType {
    Bool,
    UInt8,
    Int8,
    Int16,
    Int32,
    Int64,
    Float16,
    BFloat16,
    Float32,
    Float64,
}

/// The three categories that drive promotion: bool < integer < floating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    Bool,
    Integer,
    Floating,
}

impl DType {
    pub const ALL: [DType; 10] = [
        DType::Bool,
        DType::UInt8,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
    ];

    /// The default floating dtype (`torch.get_default_dtype()`): float32
    /// until `torch.set_default_dtype` changes it for this thread's session.
    pub fn default_float() -> DType {
        DEFAULT_FLOAT.with(|d| d.get())
    }

    /// `torch.set_default_dtype(d)`: `d` must be floating (the caller checks).
    pub fn set_default_float(d: DType) {
        DEFAULT_FLOAT.with(|c| c.set(d));
    }
    /// The dtype of Python ints in tensors.
    pub const DEFAULT_INT: DType = DType::Int64;

    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::UInt8 => "uint8",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
        }
    }

    /// Parses a dtype name, including PyTorch's aliases (`float`, `half`, `long`, …).
    pub fn from_name(name: &str) -> Option<DType> {
        Some(match name {
            "bool" => DType::Bool,
            "uint8" => DType::UInt8,
            "int8" => DType::Int8,
            "int16" | "short" => DType::Int16,
            "int32" | "int" => DType::Int32,
            "int64" | "long" => DType::Int64,
            "float16" | "half" => DType::Float16,
            "bfloat16" => DType::BFloat16,
            "float32" | "float" => DType::Float32,
            "float64" | "double" => DType::Float64,
            _ => return None,
        })
    }

    /// Bytes per element (`element_size()`).
    pub fn size(self) -> usize {
        match self {
            DType::Bool | DType::UInt8 | DType::Int8 => 1,
            DType::Int16 | DType::Float16 | DType::BFloat16 => 2,
            DType::Int32 | DType::Float32 => 4,
            DType::Int64 | DType::Float64 => 8,
        }
    }

    pub fn category(self) -> Category {
        match self {
            DType::Bool => Category::Bool,
            DType::UInt8 | DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => {
                Category::Integer
            }
            _ => Category::Floating,
        }
    }

    pub fn is_floating(self) -> bool {
        self.category() == Category::Floating
    }

    /// The legacy type name PyTorch uses in some messages (`torch.FloatTensor`).
    pub fn legacy_name(self) -> &'static str {
        match self {
            DType::Bool => "BoolTensor",
            DType::UInt8 => "ByteTensor",
            DType::Int8 => "CharTensor",
            DType::Int16 => "ShortTensor",
            DType::Int32 => "IntTensor",
            DType::Int64 => "LongTensor",
            DType::Float16 => "HalfTensor",
            DType::BFloat16 => "BFloat16Tensor",
            DType::Float32 => "FloatTensor",
            DType::Float64 => "DoubleTensor",
        }
    }

    /// PyTorch's `promoteTypes(a, b)` for the dtypes tsr supports.
    pub fn promote(a: DType, b: DType) -> DType {
        use DType::*;
        if a == b {
            return a;
        }
        if a == Bool {
            return b;
        }
        if b == Bool {
            return a;
        }
        match (a.category(), b.category()) {
            (Category::Floating, Category::Floating) => {
                if matches!((a, b), (Float16, BFloat16) | (BFloat16, Float16)) {
                    Float32
                } else if a.size() >= b.size() {
                    a
                } else {
                    b
                }
            }
            (Category::Floating, _) => a,
            (_, Category::Floating) => b,
            _ => {
                // Both integers. uint8 with a signed type needs a wider signed type.
                match (a, b) {
                    (UInt8, Int8) | (Int8, UInt8) => Int16,
                    (UInt8, x) | (x, UInt8) => x,
                    _ => {
                        if a.size() >= b.size() {
                            a
                        } else {
                            b
                        }
                    }
                }
            }
        }
    }
}

impl std::fmt::Display for DType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "torch.{}", self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::DType::*;
    use super::*;

    #[test]
    fn promotion_matches_pytorch_table() {
        assert_eq!(DType::promote(UInt8, Int8), Int16);
        assert_eq!(DType::promote(Int8, UInt8), Int16);
        assert_eq!(DType::promote(UInt8, Int64), Int64);
        assert_eq!(DType::promote(Bool, Int32), Int32);
        assert_eq!(DType::promote(Float16, BFloat16), Float32);
        assert_eq!(DType::promote(Int64, Float16), Float16);
        assert_eq!(DType::promote(Float32, Float64), Float64);
        assert_eq!(DType::promote(Int16, Int32), Int32);
        for a in DType::ALL {
            for b in DType::ALL {
                assert_eq!(DType::promote(a, b), DType::promote(b, a), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for d in DType::ALL {
            assert_eq!(DType::from_name(d.name()), Some(d));
        }
        assert_eq!(DType::from_name("half"), Some(Float16));
        assert_eq!(DType::from_name("complex64"), None);
    }
}
