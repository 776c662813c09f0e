//! Fast typed kernels for the hot paths (strided copies, element-wise
//! arithmetic on dense inputs, full reductions). Each takes byte slices and
//! layouts, checks that every index it will touch is in bounds once, up
//! front, and then runs tight loops split across threads with rayon.
//! Callers fall back to the generic element-by-element code when a kernel
//! returns `false` (unsupported dtype or layout).
pub mod copy;
pub mod binary;
pub mod cast;
pub mod sum;
pub mod unary;

/// Below this many elements, kernels run on one thread.
pub const PAR_THRESHOLD: usize = 1 << 16;
