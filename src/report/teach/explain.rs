//! `explain EXPR`: for each operation in an expression, whether it made a
//! view or a copy, and why. `eval::teach::explain` walks the expression and
//! evaluates each operation; this module holds the report and the rules that
//! turn "what happened" (storages and layouts before and after) into a
//! sentence.

use serde::Serialize;

use crate::engine::layout::contiguous_strides;
use crate::engine::Tensor;

use super::chunks::ChunkAnalysis;

#[derive(Debug, Clone, Serialize)]
pub struct ExplainReport {
    pub expr: String,
    /// One entry per operation, innermost (evaluated first) first.
    pub steps: Vec<ExplainStep>,
    /// The error that stopped the evaluation, if any (the failing op is the
    /// last step).
    pub error: Option<ExplainError>,
    /// One line: what the whole expression gave.
    pub summary: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct ExplainStep {
    /// The expression up to and including this op (`x.t()`).
    pub expr: String,
    /// The op as written (`.t()`, `[1:]`, `x`, `+`).
    pub op: String,
    /// `binding`, `new`, `view`, `copy`, `same` (returns its input itself),
    /// `in-place`, `value` (not a tensor) or `error`.
    pub kind: String,
    /// True when the result lives in a new storage.
    pub copied: bool,
    /// The tensor the op was applied to.
    pub input: Option<TensorState>,
    /// The tensor it gave (`None` for non-tensor results and errors).
    pub output: Option<TensorState>,
    /// Python's repr of a non-tensor result.
    pub value: Option<String>,
    pub why: String,
    /// For `view`, `reshape` and `flatten`: the chunk analysis behind the answer.
    pub chunks: Option<ChunkAnalysis>,
    /// Bytes written into the new storage (0 for views).
    pub bytes_copied: usize,
}

/// A tensor's header at one point of the expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TensorState {
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub offset: usize,
    pub storage: u64,
    pub dtype: String,
    pub device: String,
    pub contiguous: bool,
    /// `numel · element_size`.
    pub nbytes: usize,
}

impl TensorState {
    pub fn of(t: &Tensor) -> TensorState {
        TensorState {
            shape: t.shape().to_vec(),
            stride: t.stride().to_vec(),
            offset: t.layout().offset,
            storage: t.storage.id,
            dtype: t.dtype.name().to_string(),
            device: t.device().to_string(),
            contiguous: t.is_contiguous(),
            nbytes: t.numel().saturating_mul(t.dtype.size()),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExplainError {
    #[serde(rename = "type")]
    pub error_type: String,
    pub message: String,
    pub hint: Option<String>,
    /// The cheapest way out (for a failing `view`: `reshape`).
    pub fix: Option<String>,
}

/// What kind of operation a method, attribute or operator is (each
/// registry row says which: `eval/registry`'s `teaches`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpClass {
    /// transpose, permute, t, T, mT, movedim: reorder dims.
    Reorder,
    /// indexing, narrow, select, split, chunk, unbind, diagonal: a window.
    Window,
    /// expand: stride 0.
    Expand,
    /// unsqueeze, squeeze: size-1 dims.
    Dims,
    /// view, view_as, unflatten: new shape over the same strides, or an error.
    ViewShape,
    /// detach, data: same layout, cut from autograd.
    Detach,
    AsStrided,
    /// reshape, reshape_as, flatten: a view when the chunks allow, else a copy.
    Reshape,
    Contiguous,
    Clone,
    /// to, cpu, cuda, float, double, …: a copy only when dtype or device changes.
    Convert,
    /// fill_, add_, copy_, …
    InPlace,
    /// t_, transpose_, squeeze_, unsqueeze_, resize_: the tensor's own header changes.
    InPlaceHeader,
    /// positive: returns self itself.
    Alias,
    /// Anything else that yields a tensor: arithmetic, reductions, …
    Compute,
}

/// `(3, 4)`, `(12,)`, `()`.
pub fn tuple(xs: &[usize]) -> String {
    match xs.len() {
        1 => format!("({},)", xs[0]),
        _ => format!("({})", xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// `N B` for byte counts.
pub fn bytes(n: usize) -> String {
    format!("{n} B")
}

/// What changed between two layouts: `stride (4, 1) → (1, 4)`, ….
fn changes(a: &TensorState, b: &TensorState) -> String {
    let mut v = vec![];
    if a.shape != b.shape {
        v.push(format!("shape {} → {}", tuple(&a.shape), tuple(&b.shape)));
    }
    if a.stride != b.stride {
        v.push(format!("stride {} → {}", tuple(&a.stride), tuple(&b.stride)));
    }
    if a.offset != b.offset {
        v.push(format!("storage_offset {} → {}", a.offset, b.offset));
    }
    if v.is_empty() { "shape, stride and offset unchanged".to_string() } else { v.join(", ") }
}

/// Why the chunks of `recv` cannot hold the requested shape:
/// `dims 0 and 1 cannot merge because stride[0] = 1 ≠ size[1] · stride[1] = 12`.
pub fn blocking_break(c: &ChunkAnalysis) -> Option<String> {
    let s = c.spanning.as_ref()?;
    let b = c.breaks.get(s.chunk.checked_sub(1)?)?;
    let big: Vec<usize> = b.inner.iter().copied().filter(|&d| c.shape.get(d).is_some_and(|&n| n != 1)).collect();
    let rhs = match big.as_slice() {
        [d] if c.stride.get(*d) == Some(&b.base_stride) => format!("size[{d}] · stride[{d}] = {}", b.needed),
        _ => format!("{} elements of dims {:?} · step {} = {}", b.inner_numel, b.inner, b.base_stride, b.needed),
    };
    let inner = big.first().or(b.inner.first()).copied().unwrap_or(b.outer + 1);
    Some(format!("dims {} and {inner} cannot merge because stride[{}] = {} ≠ {rhs}", b.outer, b.outer, b.outer_stride))
}

/// The chunks as text: `A = dim 0 (4 elements, step 1), B = dim 1 (3 elements, step 4)`.
pub fn chunk_list(c: &ChunkAnalysis) -> String {
    c.chunks
        .iter()
        .enumerate()
        .map(|(i, ch)| {
            let dims = match ch.dims.as_slice() {
                [d] => format!("dim {d}"),
                ds => format!("dims {}–{}", ds.first().copied().unwrap_or(0), ds.last().copied().unwrap_or(0)),
            };
            format!("{} = {dims} ({} elements, step {})", chunk_name(i), ch.numel, ch.base_stride)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `A`, `B`, … for chunk `i`.
pub fn chunk_name(i: usize) -> String {
    char::from_u32('A' as u32 + (i % 26) as u32).map(String::from).unwrap_or_default()
}

/// The step's kind and reason, from what happened. `same_object`: the op
/// returned its input itself.
pub fn describe(class: OpClass, op: &str, recv: &str, a: &TensorState, b: &TensorState, same_object: bool, chunks: Option<&ChunkAnalysis>) -> (String, String) {
    let moved = changes(a, b);
    let s = b.storage;
    if same_object {
        let why = match class {
            OpClass::Contiguous => format!("{recv} is already contiguous, so contiguous() returns {recv} itself: no copy"),
            OpClass::Convert => format!("{recv} is already {} on {}, so {op} returns {recv} itself: no copy", a.dtype, a.device),
            OpClass::InPlace => format!("writes in place into storage S{s} and returns {recv} itself: no new memory, the version counter goes up"),
            OpClass::InPlaceHeader if b.nbytes > a.nbytes => format!(
                "changes {recv}'s own header in place ({moved}) and returns {recv} itself: it now covers {}, and a storage smaller than that moves to a new, larger allocation (a new data_ptr for every view of it); the version counter goes up",
                bytes(b.nbytes)
            ),
            OpClass::InPlaceHeader => format!("changes {recv}'s own header in place ({moved}) and returns {recv} itself: same storage S{s}, no data moves, the version counter goes up"),
            _ => format!("returns {recv} itself: no new tensor, no copy"),
        };
        return (if matches!(class, OpClass::InPlace | OpClass::InPlaceHeader) { "in-place" } else { "same" }.into(), why);
    }
    if a.storage == b.storage {
        let why = match class {
            OpClass::Reorder => format!("only reorders the dims ({moved}): same storage S{s}, the data does not move"),
            OpClass::Window => format!("picks a window of {recv} ({moved}): same storage S{s}, no data moves"),
            OpClass::Expand => format!("repeats elements with stride 0 ({moved}): same storage S{s}, nothing is copied, and writing through it would be ambiguous"),
            OpClass::Dims => format!("adds or removes size-1 dims ({moved}): same storage S{s}"),
            OpClass::ViewShape if a.dtype != b.dtype => {
                format!("reinterprets the same bytes as {} (no conversion, {moved}): same storage S{s}", b.dtype)
            }
            OpClass::ViewShape => match chunks {
                Some(c) if !c.chunks.is_empty() => format!(
                    "the new shape fits the chunks of {recv} ({}), so view reuses storage S{s} with stride {}",
                    chunk_list(c),
                    tuple(&b.stride)
                ),
                _ => format!("a view: {moved}; same storage S{s}"),
            },
            OpClass::Detach => format!("same storage S{s} and the same layout, detached from autograd"),
            OpClass::AsStrided => format!("sets the layout directly ({moved}): same storage S{s}"),
            OpClass::Reshape if a.contiguous => format!("{recv} is contiguous, so reshape is just a view ({moved}): same storage S{s}"),
            OpClass::Reshape => format!(
                "{recv} is not contiguous, but its chunks ({}) fit the new shape, so reshape still returns a view ({moved}): same storage S{s}",
                chunks.map(chunk_list).unwrap_or_default()
            ),
            OpClass::InPlace => format!("writes in place into storage S{s}: no new memory, the version counter goes up"),
            _ => format!("a view of storage S{s} ({moved})"),
        };
        let kind = if class == OpClass::InPlace { "in-place" } else { "view" };
        return (kind.into(), why);
    }
    let n = bytes(b.nbytes);
    let why = match class {
        OpClass::Reshape => match chunks.and_then(blocking_break) {
            Some(reason) => format!(
                "{recv} has strides {}; {reason}, so reshape copies {n} into a new storage S{s}",
                tuple(&a.stride)
            ),
            None => format!("no view fits, so reshape copies {n} into a new storage S{s}"),
        },
        OpClass::Contiguous => format!(
            "{recv} is not contiguous (stride {}; row-major would be {}), so contiguous() copies {n} into a new storage S{s}",
            tuple(&a.stride),
            tuple(&contiguous_strides(&a.shape))
        ),
        OpClass::Clone => format!("clone() always copies: {n} into a new storage S{s} with strides {}", tuple(&b.stride)),
        OpClass::Convert if a.device != b.device => {
            format!("device {} → {}: {n} are copied into a new storage S{s} on {}", a.device, b.device, b.device)
        }
        OpClass::Convert if a.dtype != b.dtype => {
            format!("dtype {} → {}: every element is converted into a new storage S{s} ({n})", a.dtype, b.dtype)
        }
        OpClass::Convert => format!("copies {n} into a new storage S{s}"),
        // A window op that did not return a view: `x[idx]`, `x[mask]`.
        OpClass::Window => format!("advanced indexing copies {n} into new storage S{s}; slicing is a view"),
        _ => format!("computes a new tensor into a new storage S{s} ({n})"),
    };
    let kind = match class {
        OpClass::Reshape | OpClass::Contiguous | OpClass::Clone | OpClass::Convert | OpClass::Window => "copy",
        _ => "new",
    };
    (kind.into(), why)
}

#[cfg(test)]
mod tests {
    use super::super::chunks::analyze;
    use super::*;

    fn state(shape: &[usize], stride: &[usize], storage: u64) -> TensorState {
        TensorState { shape: shape.to_vec(), stride: stride.to_vec(), offset: 0, storage, dtype: "int64".into(), device: "cpu".into(), contiguous: false, nbytes: 96 }
    }

    #[test]
    fn reshape_of_a_transpose_names_the_dims_that_cannot_merge() {
        let c = analyze(&[4, 3], &[1, 4], &[12]);
        assert_eq!(blocking_break(&c).as_deref(), Some("dims 0 and 1 cannot merge because stride[0] = 1 ≠ size[1] · stride[1] = 12"));
        let (kind, why) = describe(OpClass::Reshape, "reshape(12)", "x.t()", &state(&[4, 3], &[1, 4], 1), &state(&[12], &[1], 2), false, Some(&c));
        assert_eq!(kind, "copy");
        assert_eq!(why, "x.t() has strides (1, 4); dims 0 and 1 cannot merge because stride[0] = 1 ≠ size[1] · stride[1] = 12, so reshape copies 96 B into a new storage S2");
    }

    #[test]
    fn views_and_returning_self() {
        let (kind, why) = describe(OpClass::Reorder, "t()", "x", &state(&[3, 4], &[4, 1], 1), &state(&[4, 3], &[1, 4], 1), false, None);
        assert_eq!(kind, "view");
        assert!(why.contains("stride (4, 1) → (1, 4)"), "{why}");
        let (kind, _) = describe(OpClass::Contiguous, "contiguous()", "x", &state(&[3], &[1], 1), &state(&[3], &[1], 1), true, None);
        assert_eq!(kind, "same");
        assert_eq!(chunk_list(&analyze(&[4, 3], &[1, 4], &[12])), "A = dim 0 (4 elements, step 1), B = dim 1 (3 elements, step 4)");
    }
}
