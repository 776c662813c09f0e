//! Python basic indexing (`x[1, ::2, None, ...]`): always a view.

use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{self, Layout};

#[derive(Debug, Clone, PartialEq)]
pub enum IndexSpec {
    Int(i64),
    Slice { start: Option<i64>, stop: Option<i64>, step: Option<i64> },
    NewAxis,
    Ellipsis,
}

/// The layout `x[items]` views, following `applySlicing`.
pub fn index_layout(l: &Layout, items: &[IndexSpec]) -> Result<Layout> {
    let consuming = items
        .iter()
        .filter(|i| matches!(i, IndexSpec::Int(_) | IndexSpec::Slice { .. }))
        .count();
    // A lone int or slice takes PyTorch's `applySelect`/`applySlice`
    // directly (a tuple is counted first, below). tsr's syntax tree does
    // not tell `x[0]` from `x[0,]`: one item is taken as the lone form.
    if l.ndim() == 0 && items.len() == 1 {
        match items[0] {
            IndexSpec::Int(0) => {
                return Err(EngineError::index(
                    "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number",
                ))
            }
            IndexSpec::Int(i) => return Err(EngineError::index(format!("index {i} is out of bounds for dimension 0 with size 0"))),
            IndexSpec::Slice { step: Some(0), .. } => return Err(EngineError::value("slice step cannot be zero")),
            IndexSpec::Slice { step: Some(s), .. } if s < 0 => return Err(EngineError::value("step must be greater than zero")),
            IndexSpec::Slice { .. } => return Err(EngineError::index("slice() cannot be applied to a 0-dim tensor.")),
            _ => {}
        }
    }
    if consuming > l.ndim() {
        return Err(EngineError::index(format!("too many indices for tensor of dimension {}", l.ndim())));
    }
    // PyTorch 2.15 accepts several ellipses: each skips the unindexed dims.
    // `dim` can then pass the last dim; every use below checks it.
    let mut out = l.clone();
    let mut dim = 0usize;
    for (real_dim, item) in items.iter().enumerate() {
        match item {
            IndexSpec::Int(i) => {
                let Some(&size) = out.shape.get(dim) else {
                    return Err(EngineError::index(format!("too many indices for tensor of dimension {}", l.ndim())));
                };
                let size = size as i64;
                if *i < -size || *i >= size {
                    return Err(EngineError::index(format!(
                        "index {} is out of bounds for dimension {} with size {}",
                        i, real_dim, size
                    ))
                    .with_hint(format!("valid indices are {} to {}", -size, size - 1)));
                }
                out = layout::index_int(&out, dim, *i)?;
            }
            IndexSpec::Slice { start, stop, step } => {
                if dim >= out.ndim() {
                    return Err(EngineError::index(format!("too many indices for tensor of dimension {}", l.ndim())));
                }
                out = layout::slice(&out, dim, *start, *stop, step.unwrap_or(1))?;
                dim += 1;
            }
            IndexSpec::NewAxis => {
                out = layout::unsqueeze(&out, dim.min(out.ndim()) as i64)?;
                dim += 1;
            }
            IndexSpec::Ellipsis => dim += l.ndim() - consuming,
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_ints_and_newaxis() {
        let l = Layout::contiguous(&[3, 4]);
        let r = index_layout(&l, &[IndexSpec::Int(1), IndexSpec::Slice { start: Some(1), stop: None, step: Some(2) }]).unwrap();
        assert_eq!((r.shape, r.stride, r.offset), (vec![2], vec![2], 5));
        let r = index_layout(&l, &[IndexSpec::Ellipsis, IndexSpec::NewAxis]).unwrap();
        assert_eq!((r.shape, r.stride), (vec![3, 4, 1], vec![4, 1, 1]));
        let r = index_layout(&l, &[IndexSpec::NewAxis, IndexSpec::Int(2)]).unwrap();
        assert_eq!((r.shape, r.offset), (vec![1, 4], 8));
    }

    #[test]
    fn errors() {
        let l = Layout::contiguous(&[3]);
        assert_eq!(
            index_layout(&l, &[IndexSpec::Int(5)]).unwrap_err().message,
            "index 5 is out of bounds for dimension 0 with size 3"
        );
        assert_eq!(
            index_layout(&l, &[IndexSpec::Int(0), IndexSpec::Int(0)]).unwrap_err().message,
            "too many indices for tensor of dimension 1"
        );
        let s = index_layout(&l, &[IndexSpec::Slice { start: None, stop: None, step: Some(0) }]);
        assert_eq!(s.unwrap_err().message, "slice step cannot be zero");
    }
}
