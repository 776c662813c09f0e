//! PyTorch's CUDA caching allocator (`c10/cuda/CUDACachingAllocator.cpp`),
//! rule for rule, over a pluggable device backend.
//!
//! The algorithm lives once, in [`CachingAllocator`], generic over a
//! [`SegmentBackend`] that hands out whole segments (`cudaMalloc`/`cudaFree`).
//! [`SimBackend`] is a simulated device whose segments are real host memory at
//! deterministic virtual addresses, so tensors can live in it and every run
//! prints the same pointers.
//!
//! Vocabulary (PyTorch's):
//! - a **segment** is one backend allocation (`cudaMalloc`), 2 MiB for the
//!   small pool, 20 MiB or a 2 MiB multiple for the large pool;
//! - a **block** is a piece of a segment: the blocks of a segment tile it
//!   exactly, in address order, with no gaps and no overlap, linked `prev`/`next`;
//! - a free block is **cached** in its pool (small: requests ≤ 1 MiB; large:
//!   the rest); a free block that does not span its whole segment is an
//!   **inactive split** block ("Non-releasable" in `memory_summary`);
//! - `empty_cache()` returns only cached blocks that span a whole segment.
//!
//! Not modelled (documented departures): CUDA streams' cross-stream events
//! (`record_stream`) — a freed block is reusable at once on its own stream;
//! CUDA graph private pools; expandable segments (`expandable_segments:True`
//! is rejected by the config parser); free-memory callbacks (there are none);
//! the NVML per-process line of the OOM message (NVML is absent, as in
//! PyTorch builds without it, so that part is empty).

mod allocator;
mod backend;
mod block;
mod config;
mod events;
#[cfg(any(test, debug_assertions))]
mod invariants;
mod release;
mod sizing;
mod snapshot;
mod stats;
mod summary;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_more;

pub use allocator::CachingAllocator;
pub use backend::{SIM_DEFAULT_CAPACITY, SIM_DEVICE_BASE, SIM_SEGMENT_ALIGN, SegmentBackend, SimBackend};
pub use block::PoolKind;
pub use config::AllocatorConfig;
pub use events::AllocEvent;
pub use sizing::{
    K_LARGE_BUFFER, K_MIN_BLOCK_SIZE, K_MIN_LARGE_ALLOC, K_ROUND_LARGE, K_SMALL_BUFFER, K_SMALL_SIZE, ONE_EXA_BYTE,
    get_allocation_size, round_size,
};
pub use snapshot::{BlockSnapshot, BlockState, Fragmentation, MemorySnapshot, Releasable, SegmentSnapshot};
pub use stats::{DeviceStats, StatArray, StatType, format_size};
pub use summary::{format_size_exact, render_summary};
