//! JSON forms of values: tensors' `values` as nested lists (NaN and infinities
//! as strings), and Python values as JSON (tuples as arrays, dtypes as names).

use serde_json::{json, Value as Json};

use crate::engine::{Scalar, Tensor};

pub fn scalar_json(s: Scalar) -> Json {
    match s {
        Scalar::Bool(b) => json!(b),
        Scalar::Int(i) => json!(i),
        Scalar::Float(f) if f.is_nan() => json!("nan"),
        Scalar::Float(f) if f.is_infinite() => json!(if f > 0.0 { "inf" } else { "-inf" }),
        Scalar::Float(f) => json!(f),
    }
}

/// The tensor's elements as a nested list (a bare number for 0-dim); `null`
/// when that would not be small (see [`values_are_small`]).
pub fn tensor_values(t: &Tensor) -> Json {
    if !values_are_small(t.shape()) {
        return Json::Null;
    }
    let flat = t.to_scalars();
    nest(&flat, t.shape())
}

/// Whether a tensor of `shape` has at most `VALUES_LIMIT` elements and a
/// bounded number of nested lists: `zeros(10**9, 0)` has no elements but
/// 10^9 empty lists, and a huge expanded view inside a tuple has 10^12
/// elements; neither may be dumped.
pub fn values_are_small(shape: &[usize]) -> bool {
    const MAX_LISTS: u128 = 1 << 12;
    let (elements, lists) = elements_and_lists(shape);
    elements <= super::inspect::VALUES_LIMIT as u128 && lists <= MAX_LISTS
}

/// Elements and nested lists of a tensor of `shape` written as lists.
fn elements_and_lists(shape: &[usize]) -> (u128, u128) {
    let mut elements = 1u128;
    let mut lists = 0u128;
    for &d in shape {
        lists = lists.saturating_add(elements);
        elements = elements.saturating_mul(d as u128);
    }
    (elements, lists)
}

/// JSON nodes a tensor's values take (nothing when they are left out).
pub fn values_cost(shape: &[usize]) -> u128 {
    if !values_are_small(shape) {
        return 0;
    }
    let (elements, lists) = elements_and_lists(shape);
    elements + lists + 1
}

fn nest(flat: &[Scalar], shape: &[usize]) -> Json {
    match shape.split_first() {
        None => flat.first().map(|s| scalar_json(*s)).unwrap_or(Json::Null),
        Some((&n, rest)) => {
            let chunk: usize = rest.iter().product();
            Json::Array(
                (0..n)
                    .map(|i| nest(flat.get(i * chunk..(i + 1) * chunk).unwrap_or(&[]), rest))
                    .collect(),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nests_by_shape() {
        let flat: Vec<Scalar> = (0..6).map(Scalar::Int).collect();
        assert_eq!(nest(&flat, &[2, 3]), json!([[0, 1, 2], [3, 4, 5]]));
        assert_eq!(nest(&flat[..1], &[]), json!(0));
        assert_eq!(nest(&[], &[0, 3]), json!([]));
        assert_eq!(scalar_json(Scalar::Float(f64::NAN)), json!("nan"));
    }
}
