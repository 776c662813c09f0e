//! Allocators: where storages get their bytes, and what addresses they show.
pub mod addr;
pub mod caching;
pub mod cpu;
pub mod cuda;
pub mod host;
pub mod pinned;
