//! Recording the views that pick elements by index with PyTorch's
//! index-based backward (`Formula::IndexView`) and PyTorch's graph:
//!
//! - View methods (`narrow`, `select`, `diagonal`, `unfold`, `split`,
//!   `chunk`, `unbind`): the method is replayed on a contiguous header of the
//!   input's shape ([`Replay`]); the replayed layouts are the index maps.
//! - Indexing (`x[1:, 0, None]`): one node per step, as PyTorch's
//!   `applySlicing` (a lone index uses `get_item`'s single-index forms; in
//!   a tuple a slice of the whole dim is skipped; no step at all is `alias`).

use std::rc::Rc;

use crate::engine::layout::{self, Layout};
use crate::engine::ops::index::IndexSpec;
use crate::engine::Tensor;

use super::super::args::Args;
use super::super::interp::Interp;
use super::super::value::Value;
use crate::eval::registry::{nodes, OpId, Teach};

/// A view method call to replay on a contiguous header of the input's
/// shape (the window views, whose backward is index-based in PyTorch).
pub struct Replay {
    args: Args,
}

impl Replay {
    /// The replay of `t.name(a)`, when its node needs index maps.
    pub fn prepare(it: &Interp, t: &Tensor, id: OpId, a: &Args) -> Option<Replay> {
        if id.row().teaches() != Teach::Window || !it.grad_enabled || !t.dtype.is_floating() || !t.requires_grad() {
            return None;
        }
        let args = Args { name: a.name.clone(), pos: a.pos.clone(), kw: a.kw.clone(), span: a.span, pos_base: a.pos_base };
        Some(Replay { args })
    }

    /// Runs the method (`call`, given the same arguments) on a contiguous
    /// header of `t`'s shape: the layouts of its outputs, in order. Views
    /// never read or write their storage, so the header may claim more
    /// elements than `t`'s storage holds.
    pub fn maps<E>(self, t: &Tensor, call: impl FnOnce(&Rc<Tensor>, Args) -> Result<Value, E>) -> Option<Vec<Layout>> {
        let mut shadow = t.view_as_layout(Layout::contiguous(t.shape()), "index map");
        shadow.lineage = std::cell::RefCell::new(None);
        let v = call(&Rc::new(shadow), self.args).ok()?;
        match v {
            Value::Tensor(r) => Some(vec![r.layout().clone()]),
            Value::Tuple(xs) => xs.iter().map(|x| if let Value::Tensor(r) = x { Some(r.layout().clone()) } else { None }).collect(),
            _ => None,
        }
    }
}

enum Step {
    Select { dim: usize, index: i64 },
    Slice { dim: usize, start: Option<i64>, stop: Option<i64>, step: i64 },
    Unsqueeze { dim: usize },
}

impl Step {
    fn apply(&self, l: &Layout) -> crate::engine::error::Result<Layout> {
        match *self {
            Step::Select { dim, index } => layout::index_int(l, dim, index),
            Step::Slice { dim, start, stop, step } => layout::slice(l, dim, start, stop, step),
            Step::Unsqueeze { dim } => layout::unsqueeze(l, dim as i64),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Step::Select { .. } => OpId::Select.node(0),
            Step::Slice { .. } => nodes::SLICE,
            Step::Unsqueeze { .. } => OpId::Unsqueeze.node(0),
        }
    }
}

/// `x[specs]`'s view ops in PyTorch's order. `tuple`: the index was a tuple
/// (several items, a trailing comma, or a tuple value), which goes through
/// `applySlicing`; a lone item goes through `get_item`'s shortcuts.
fn steps(shape: &[usize], specs: &[IndexSpec], tuple: bool) -> Vec<Step> {
    if !tuple && specs.len() == 1 {
        return match specs[0] {
            IndexSpec::Int(index) => vec![Step::Select { dim: 0, index }],
            IndexSpec::Slice { start, stop, step } => vec![Step::Slice { dim: 0, start, stop, step: step.unwrap_or(1) }],
            IndexSpec::NewAxis => vec![Step::Unsqueeze { dim: 0 }],
            IndexSpec::Ellipsis => vec![],
        };
    }
    let consuming = specs.iter().filter(|s| matches!(s, IndexSpec::Int(_) | IndexSpec::Slice { .. })).count();
    let mut shape = shape.to_vec();
    let ndim = shape.len();
    let (mut dim, mut out) = (0usize, vec![]);
    for s in specs {
        match *s {
            IndexSpec::Int(index) => {
                out.push(Step::Select { dim, index });
                if dim < shape.len() {
                    shape.remove(dim);
                }
            }
            IndexSpec::Slice { start, stop, step } => {
                let len = shape.get(dim).copied().unwrap_or(0) as i64;
                // applySlice: a slice from 0 past the end with step 1 is no op.
                let whole = start.unwrap_or(0) == 0 && step.unwrap_or(1) == 1 && stop.is_none_or(|e| e >= len);
                if !whole {
                    out.push(Step::Slice { dim, start, stop, step: step.unwrap_or(1) });
                    let l = Layout::contiguous(&shape);
                    if let Ok(n) = layout::slice(&l, dim, start, stop, step.unwrap_or(1)) {
                        shape = n.shape;
                    }
                }
                dim += 1;
            }
            IndexSpec::NewAxis => {
                out.push(Step::Unsqueeze { dim });
                shape.insert(dim.min(shape.len()), 1);
                dim += 1;
            }
            IndexSpec::Ellipsis => dim += ndim.saturating_sub(consuming),
        }
    }
    out
}

/// Gives `out` (the view `t[specs]`) its autograd history: a chain of
/// `SelectBackward0`/`SliceBackward0`/`UnsqueezeBackward0` nodes (or
/// `AliasBackward0`), each slice and select with its index map.
pub fn record_index(it: &Interp, t: &Tensor, specs: &[IndexSpec], tuple: bool, out: Tensor) -> Tensor {
    if !(it.grad_enabled && t.dtype.is_floating() && t.requires_grad()) {
        return super::record_view(it, nodes::ALIAS, t, out);
    }
    let steps = steps(t.shape(), specs, tuple);
    let Some((last, init)) = steps.split_last() else {
        return super::record_view(it, nodes::ALIAS, t, out);
    };
    let mut cur = t.clone();
    for s in init {
        let (Ok(l), Ok(map)) = (s.apply(cur.layout()), s.apply(&Layout::contiguous(cur.shape()))) else {
            return super::record_view(it, last.name(), t, out);
        };
        let next = cur.view_as_layout(l, "index");
        let map = (!matches!(s, Step::Unsqueeze { .. })).then_some(map);
        cur = super::record_view_map(it, s.name(), &cur, next, None, map);
    }
    let map = s_map(last, &cur);
    if last.apply(cur.layout()).ok().as_ref() != Some(out.layout()) {
        // Never expected: the chain must end where index_layout did.
        return super::record_view(it, last.name(), t, out);
    }
    super::record_view_map(it, last.name(), &cur, out, None, map)
}

fn s_map(s: &Step, input: &Tensor) -> Option<Layout> {
    if matches!(s, Step::Unsqueeze { .. }) {
        return None;
    }
    s.apply(&Layout::contiguous(input.shape())).ok()
}

/// True when the text of `x[...]` has a trailing comma inside its brackets
/// (`x[1:,]` is a tuple index).
pub fn trailing_comma(text: &str) -> bool {
    text.trim_end().strip_suffix(']').is_some_and(|s| s.trim_end().ends_with(','))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(shape: &[usize], specs: &[IndexSpec], tuple: bool) -> Vec<&'static str> {
        steps(shape, specs, tuple).iter().map(|s| s.name()).collect()
    }

    fn sl(start: Option<i64>, stop: Option<i64>) -> IndexSpec {
        IndexSpec::Slice { start, stop, step: None }
    }

    #[test]
    fn pytorch_chains() {
        let sh = [2, 3];
        assert_eq!(names(&sh, &[sl(None, None)], false), ["SliceBackward0"]);
        assert!(names(&sh, &[sl(None, None)], true).is_empty());
        assert_eq!(names(&sh, &[sl(Some(0), Some(5)), IndexSpec::Int(0)], true), ["SelectBackward0"]);
        assert_eq!(names(&sh, &[sl(Some(-2), None), IndexSpec::Int(0)], true), ["SliceBackward0", "SelectBackward0"]);
        assert_eq!(names(&sh, &[sl(None, None), IndexSpec::NewAxis, IndexSpec::Int(0)], true), ["UnsqueezeBackward0", "SelectBackward0"]);
        assert_eq!(names(&sh, &[IndexSpec::NewAxis, IndexSpec::Ellipsis, IndexSpec::NewAxis], true), ["UnsqueezeBackward0", "UnsqueezeBackward0"]);
        assert_eq!(names(&sh, &[sl(None, Some(0))], true), ["SliceBackward0"]);
        assert!(names(&sh, &[IndexSpec::Ellipsis], false).is_empty());
        assert!(trailing_comma("x[1:, ]") && trailing_comma("[:,]") && !trailing_comma("x[1:]"));
    }
}
