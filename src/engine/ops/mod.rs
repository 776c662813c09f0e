//! Operations on tensors. Views are layout functions (`layout.rs`) applied
//! with `Tensor::view_as_layout`; everything here that allocates says so.
pub mod advanced;
pub mod copy;
pub mod elementwise;
pub mod factory;
pub mod index;
pub mod iter_layout;
pub mod join;
pub mod linalg;
pub mod promote;
pub mod random;
pub mod reduce;
pub mod reorder;
pub mod reorder_cross;
pub mod reorder_index;
pub mod reorder_tri;
pub mod shape;
