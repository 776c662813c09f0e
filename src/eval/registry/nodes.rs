//! The autograd nodes of ATen's internal ops: the ones PyTorch records for
//! an op tsr's users reach without a `torch.` name of its own (`x[...]` is
//! `alias`, `slice` or `index`; a non-contiguous `reshape` is
//! `_reshape_alias`; `5 - x` is `rsub`). Every other node is named by its
//! op's row (`Op::backward`, through `OpId::node`); together they are every
//! node name tsr prints, and `tests/registry.rs` fails on a name typed
//! anywhere else.

use super::OpId;
use crate::engine::autograd::view_formulas::ViewKind;

/// `x[...]` and `x[()]`: `alias`.
pub const ALIAS: &str = "AliasBackward0";
/// A basic slice `x[1:3]`: `slice.Tensor`.
pub const SLICE: &str = "SliceBackward0";
/// Advanced indexing `x[[0, 2]]`: `index.Tensor`.
pub const INDEX: &str = "IndexBackward0";
/// Assignment through advanced indices: `index_put_`.
pub const INDEX_PUT: &str = "IndexPutBackward0";
/// `reshape` of a tensor that needs no copy but is not contiguous.
pub const RESHAPE_ALIAS: &str = "ReshapeAliasBackward0";
/// The reshape after a copy (`reshape`, `matmul`, `einsum`, `linear`).
pub const UNSAFE_VIEW: &str = "UnsafeViewBackward0";
/// A Python number minus a tensor: `rsub.Scalar`.
pub const RSUB_SCALAR: &str = "RsubBackward1";
/// `clamp_min` (`F.normalize`'s clamp of the norms).
pub const CLAMP_MIN: &str = "ClampMinBackward0";

/// An in-place write into a view: the base's node (autograd's own, in the
/// `torch::autograd` namespace, as the next two).
pub const COPY_SLICES: &str = "CopySlices";
/// `copy_` of a tensor that needs a gradient into one that does not.
pub const COPY_BACKWARDS: &str = "CopyBackwards";
/// An op with no derivative formula: backward fails on it.
pub const NOT_IMPLEMENTED: &str = "NotImplemented";

/// Which shape view a view node is, when its gradient is a view of the
/// incoming one (`engine::autograd::view_formulas`).
pub fn view_kind(node: &str) -> Option<ViewKind> {
    let is = |ids: &[OpId]| ids.iter().any(|id| id.row().backward.contains(&node));
    Some(if is(&[OpId::T, OpId::Transpose, OpId::Permute]) {
        ViewKind::Permute
    } else if node == RESHAPE_ALIAS || node == OpId::View.node(0) {
        ViewKind::Reshape
    } else if node == OpId::Unsqueeze.node(0) {
        ViewKind::Unsqueeze
    } else if is(&[OpId::Squeeze]) {
        ViewKind::Squeeze
    } else if node == OpId::Expand.node(0) {
        ViewKind::Expand
    } else {
        return None;
    })
}

/// Whether a view node takes `as_strided_backward` (`as_strided` itself).
pub fn is_as_strided(node: &str) -> bool {
    node == OpId::AsStrided.node(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_kinds_are_the_rows_nodes() {
        assert_eq!(view_kind("TransposeBackward0"), Some(ViewKind::Permute));
        assert_eq!(view_kind("TBackward0"), Some(ViewKind::Permute));
        assert_eq!(view_kind("ViewBackward0"), Some(ViewKind::Reshape));
        assert_eq!(view_kind("ReshapeAliasBackward0"), Some(ViewKind::Reshape));
        assert_eq!(view_kind("SqueezeBackward2"), Some(ViewKind::Squeeze));
        assert_eq!(view_kind("ExpandBackward0"), Some(ViewKind::Expand));
        assert_eq!(view_kind("SliceBackward0"), None);
        assert!(is_as_strided("AsStridedBackward0"));
    }
}
