//! The allocator's event log (PyTorch's `TraceEntry` stream, simplified) for
//! `memtrace`. Recording is off by default; the caller drains the events.

use super::block::PoolKind;

/// One allocator action. Addresses are device addresses, sizes in bytes.
///
/// Order within one `malloc`: any `Retry`/`SegmentFree` of the out-of-memory
/// recovery, then `SegmentAlloc` (new segment) or `Reuse` (cached block),
/// then `Split` (when the block is split), then `Alloc`; or `Oom` alone.
/// Within one `free`: `Free`, then one `Merge` per absorbed neighbour
/// (previous first).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum AllocEvent {
    /// A block was handed out: `size` is the block size, `requested` the caller's size.
    Alloc { addr: u64, size: usize, requested: usize, stream: u64, pool: PoolKind, tag: Option<String> },
    /// A block of `size` at `addr` was carved off the front of a free block;
    /// the remainder `[remainder_addr, +remainder_size)` stays cached.
    Split { addr: u64, size: usize, remainder_addr: u64, remainder_size: usize, pool: PoolKind },
    /// A cached block was taken from the pool (best fit) instead of a new segment.
    Reuse { addr: u64, size: usize, pool: PoolKind },
    /// A block was returned to its pool.
    Free { addr: u64, size: usize, requested: usize, pool: PoolKind },
    /// A freed block absorbed a free neighbour; `addr`/`size` are the result.
    Merge { addr: u64, size: usize, absorbed_addr: u64, absorbed_size: usize, pool: PoolKind },
    /// A new segment was reserved from the backend (`cudaMalloc`).
    SegmentAlloc { addr: u64, size: usize, pool: PoolKind, stream: u64 },
    /// A whole free segment was returned to the backend (`cudaFree`).
    SegmentFree { addr: u64, size: usize, pool: PoolKind, stream: u64 },
    /// The last `cudaMalloc` attempt after releasing every cached segment
    /// (counts `num_alloc_retries`).
    Retry { alloc_size: usize },
    /// The request failed: `size` is the rounded request, `alloc_size` the segment asked for.
    Oom { size: usize, alloc_size: usize, device_free: u64 },
}
