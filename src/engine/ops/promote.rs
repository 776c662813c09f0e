//! PyTorch's `result_type`: dimensioned tensors over zero-dim tensors over
//! Python scalars ("wrapped numbers"), combined by category.

use crate::engine::dtype::{Category, DType};
use crate::engine::scalar::Scalar;

/// One operand as promotion sees it.
#[derive(Debug, Clone, Copy)]
pub enum Operand {
    /// A tensor with `ndim` dims.
    Tensor { dtype: DType, ndim: usize },
    /// A Python number.
    Wrapped(Scalar),
}

fn wrapped_dtype(s: Scalar) -> DType {
    match s {
        Scalar::Bool(_) => DType::Bool,
        Scalar::Int(_) => DType::Int64,
        Scalar::Float(_) => DType::default_float(),
    }
}

fn fold(acc: Option<DType>, d: DType) -> Option<DType> {
    Some(match acc {
        None => d,
        Some(a) => DType::promote(a, d),
    })
}

fn combine(higher: Option<DType>, lower: Option<DType>) -> Option<DType> {
    match (higher, lower) {
        (None, l) => l,
        (h, None) => h,
        (Some(h), Some(l)) => {
            if h.category() == Category::Floating {
                Some(h)
            } else if h == DType::Bool || l.category() == Category::Floating || l.category() > h.category() {
                Some(DType::promote(h, l))
            } else {
                Some(h)
            }
        }
    }
}

/// The dtype an element-wise op computes in and returns.
pub fn result_type(ops: &[Operand]) -> DType {
    let (mut dim, mut zero, mut wrapped) = (None, None, None);
    for op in ops {
        match *op {
            Operand::Tensor { dtype, ndim } if ndim > 0 => dim = fold(dim, dtype),
            Operand::Tensor { dtype, .. } => zero = fold(zero, dtype),
            Operand::Wrapped(s) => wrapped = fold(wrapped, wrapped_dtype(s)),
        }
    }
    combine(dim, combine(zero, wrapped)).unwrap_or(DType::default_float())
}

/// PyTorch's `canCast(from, to)` for in-place results.
pub fn can_cast(from: DType, to: DType) -> bool {
    if from.is_floating() && !to.is_floating() {
        return false;
    }
    !(from != DType::Bool && to == DType::Bool)
}

/// The capitalised scalar-type name used in some messages (`Float`, `Long`).
pub fn scalar_type_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "Bool",
        DType::UInt8 => "Byte",
        DType::Int8 => "Char",
        DType::Int16 => "Short",
        DType::Int32 => "Int",
        DType::Int64 => "Long",
        DType::Float16 => "Half",
        DType::BFloat16 => "BFloat16",
        DType::Float32 => "Float",
        DType::Float64 => "Double",
    }
}

/// c10's `TypeMeta` name of a dtype's element type (`float`, `long int`,
/// `c10::Half`), as PyTorch's C++ messages print it.
pub fn type_meta_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "bool",
        DType::UInt8 => "unsigned char",
        DType::Int8 => "signed char",
        DType::Int16 => "short int",
        DType::Int32 => "int",
        DType::Int64 => "long int",
        DType::Float16 => "c10::Half",
        DType::BFloat16 => "c10::BFloat16",
        DType::Float32 => "float",
        DType::Float64 => "double",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DType::*;

    fn t(dtype: DType, ndim: usize) -> Operand {
        Operand::Tensor { dtype, ndim }
    }

    #[test]
    fn verified_promotions() {
        assert_eq!(result_type(&[t(Int32, 1), Operand::Wrapped(Scalar::Float(2.5))]), Float32);
        assert_eq!(result_type(&[t(Int32, 1), Operand::Wrapped(Scalar::Int(2))]), Int32);
        assert_eq!(result_type(&[t(UInt8, 1), t(Int64, 0)]), UInt8);
        assert_eq!(result_type(&[t(UInt8, 1), t(Int64, 1)]), Int64);
        assert_eq!(result_type(&[t(Float16, 1), t(Float64, 0)]), Float16);
        assert_eq!(result_type(&[t(Int64, 1), t(Float64, 0)]), Float64);
        assert_eq!(result_type(&[t(Bool, 1), Operand::Wrapped(Scalar::Int(1))]), Int64);
        assert_eq!(result_type(&[t(Int8, 0), Operand::Wrapped(Scalar::Float(1.5))]), Float32);
    }
}
