//! `addr x[i, j, …]`: the offset formula worked out with the real numbers,
//! the byte address it gives, and the value stored there.

use serde::Serialize;

use crate::engine::error::{EngineError, Result};
use crate::engine::{scalar, Tensor};

use crate::report::pyfloat::scalar_text;
use crate::report::values::scalar_json;

#[derive(Debug, Clone, Serialize)]
pub struct AddrReport {
    /// The tensor expression (`x` in `addr x[1, 2]`).
    pub name: String,
    /// The indices as written (negative ones included).
    pub index: Vec<i64>,
    /// The indices after Python's wrap-around (`-1` → `size - 1`).
    pub wrapped: Vec<usize>,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub storage_offset: usize,
    /// One `index · stride` term per dim.
    pub terms: Vec<AddrTerm>,
    /// `storage_offset + Σ index·stride`: elements from the storage start.
    pub offset: usize,
    pub dtype: String,
    pub element_size: usize,
    pub storage: u64,
    pub storage_data_ptr: u64,
    /// `x.data_ptr()`: the storage address plus `storage_offset` elements.
    pub data_ptr: u64,
    /// `offset · element_size`.
    pub byte_offset: usize,
    /// `storage_data_ptr + byte_offset`.
    pub address: u64,
    pub value: serde_json::Value,
    /// Python's repr of the value.
    pub value_text: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct AddrTerm {
    pub index: usize,
    pub stride: usize,
    pub product: usize,
}

/// Wraps `index` into `0..size` as Python indexing does, or PyTorch's
/// IndexError.
pub fn wrap_index(index: i64, dim: usize, size: usize) -> Result<usize> {
    let n = size as i64;
    if index < -n || index >= n {
        return Err(EngineError::index(format!("index {index} is out of bounds for dimension {dim} with size {size}")));
    }
    Ok(if index < 0 { (index + n) as usize } else { index as usize })
}

pub fn build(name: &str, t: &Tensor, index: &[i64]) -> Result<AddrReport> {
    let n = t.ndim();
    if index.len() > n {
        return Err(EngineError::index(format!("too many indices for tensor of dimension {n}")));
    }
    if index.len() < n {
        return Err(EngineError::index(format!(
            "addr needs one index per dimension: {name} has {n} dimension{}, got {}",
            if n == 1 { "" } else { "s" },
            index.len()
        ))
        .with_hint(format!("write all {n} indices, e.g. addr {}", super::index_text(name, &vec![0; n]))));
    }
    let wrapped: Vec<usize> = index
        .iter()
        .enumerate()
        .map(|(d, &i)| wrap_index(i, d, t.shape()[d]))
        .collect::<Result<_>>()?;
    let terms: Vec<AddrTerm> = wrapped
        .iter()
        .zip(t.stride())
        .map(|(&i, &s)| AddrTerm { index: i, stride: s, product: i * s })
        .collect();
    let offset = t.layout().offset + terms.iter().map(|x| x.product).sum::<usize>();
    let size = t.dtype.size();
    let byte_offset = offset * size;
    let base = t.storage.data_ptr();
    let value = {
        let buf = t.storage.bytes();
        scalar::read(t.dtype, buf.bytes(), offset)
    };
    let value = value.ok_or_else(|| EngineError::runtime(format!("storage element {offset} is outside storage S{}", t.storage.id)))?;
    Ok(AddrReport {
        name: name.to_string(),
        index: index.to_vec(),
        wrapped,
        shape: t.shape().to_vec(),
        stride: t.stride().to_vec(),
        storage_offset: t.layout().offset,
        terms,
        offset,
        dtype: t.dtype.name().to_string(),
        element_size: size,
        storage: t.storage.id,
        storage_data_ptr: base,
        data_ptr: t.data_ptr(),
        byte_offset,
        address: base + byte_offset as u64,
        value: scalar_json(value),
        value_text: scalar_text(value),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::layout::Layout;
    use crate::engine::{Context, DType, EngineConfig};

    fn ctx() -> Context {
        Context::new(&EngineConfig { stable_addrs: true, ..EngineConfig::default() })
    }

    #[test]
    fn worked_formula_for_the_seed_example() {
        // size (2, 3, 4), stride (12, 4, 1), storage_offset 5 over 29 float32 elements.
        let c = ctx();
        let Ok(base) = Tensor::alloc(&c, &[29], DType::Float32, "zeros(29)") else { panic!() };
        let t = base.view_as_layout(Layout { shape: vec![2, 3, 4], stride: vec![12, 4, 1], offset: 5 }, "as_strided");
        let Ok(r) = build("x", &t, &[1, 2, 3]) else { panic!() };
        assert_eq!(r.offset, 5 + 12 + 8 + 3);
        assert_eq!(r.byte_offset, 28 * 4);
        assert_eq!(r.address, r.storage_data_ptr + 112);
        assert_eq!(r.data_ptr, r.storage_data_ptr + 20);
        assert_eq!(r.terms.iter().map(|t| t.product).collect::<Vec<_>>(), vec![12, 8, 3]);
    }

    #[test]
    fn negative_indices_wrap_and_out_of_range_is_pytorchs_index_error() {
        let c = ctx();
        let Ok(t) = Tensor::alloc(&c, &[3, 4], DType::Int64, "zeros(3, 4)") else { panic!() };
        let Ok(r) = build("x", &t, &[-1, -4]) else { panic!() };
        assert_eq!((r.wrapped.clone(), r.offset), (vec![2, 0], 8));
        let e = build("x", &t, &[3, 0]).err().map(|e| e.message).unwrap_or_default();
        assert_eq!(e, "index 3 is out of bounds for dimension 0 with size 3");
        let e = build("x", &t, &[0, -5]).err().map(|e| e.message).unwrap_or_default();
        assert_eq!(e, "index -5 is out of bounds for dimension 1 with size 4");
        let e = build("x", &t, &[0, 0, 0]).err().map(|e| e.message).unwrap_or_default();
        assert_eq!(e, "too many indices for tensor of dimension 2");
        assert!(build("x", &t, &[0]).is_err());
    }
}
