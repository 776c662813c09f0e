//! Operations on tensors. Views are layout functions (`layout.rs`) applied
//! with `Tensor::view_as_layout`; everything here that allocates says so.
pub mod advanced;
pub mod copy;
pub mod elementwise;
pub mod factory;
pub mod gather;
pub mod gather_scatter;
pub mod index;
pub mod iter_layout;
pub mod join;
pub mod linalg;
pub mod pointwise;
pub mod pointwise_ext;
pub mod promote;
pub mod random;
pub mod random_more;
pub mod reduce;
pub mod scan;
pub mod scan_dense;
pub mod search;
pub mod reorder;
pub mod reorder_cross;
pub mod reorder_index;
pub mod reorder_tri;
pub mod shape;
pub mod softmax;
pub mod functional;
