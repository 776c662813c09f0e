//! A picture of the allocator for visualisation (`torch.cuda.memory_snapshot`,
//! simplified): segments with their blocks, fragmentation, and what
//! `empty_cache()` would give back.

use super::allocator::CachingAllocator;
use super::backend::SegmentBackend;
use super::block::PoolKind;

/// What a block is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockState {
    /// Handed out by `malloc`.
    Allocated,
    /// Free, in a segment that also holds other blocks: cached but not
    /// releasable ("Non-releasable" / `inactive_split`).
    InactiveSplit,
    /// Free and spanning its whole segment: `empty_cache()` would release it.
    WholeFree,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BlockSnapshot {
    pub address: u64,
    pub size: usize,
    /// The caller's size before rounding; 0 for free blocks.
    pub requested_size: usize,
    pub state: BlockState,
    /// The owner tag given at malloc (allocated blocks only).
    pub tag: Option<String>,
}

/// One segment; `blocks` tile `[address, address + size)` in address order.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SegmentSnapshot {
    pub address: u64,
    pub size: usize,
    pub pool: PoolKind,
    pub stream: u64,
    pub allocated_size: usize,
    pub requested_size: usize,
    pub blocks: Vec<BlockSnapshot>,
}

/// Largest cached free block against all cached free bytes.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Fragmentation {
    pub largest_free_block: usize,
    pub total_free: usize,
    /// `1 - largest / total` (0 when nothing is free): 0 means one contiguous
    /// free block, near 1 means free memory is scattered in small pieces.
    pub ratio: f64,
}

/// What `empty_cache()` would return to the device now.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Releasable {
    pub segments: usize,
    pub bytes: usize,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MemorySnapshot {
    /// In address order.
    pub segments: Vec<SegmentSnapshot>,
    pub fragmentation: Fragmentation,
    pub releasable: Releasable,
    pub allocated_bytes: u64,
    pub reserved_bytes: u64,
}

impl<B: SegmentBackend> CachingAllocator<B> {
    /// Every segment with its blocks, in address order.
    pub fn snapshot(&self) -> MemorySnapshot {
        let mut segments = Vec::with_capacity(self.segments.len());
        let (mut largest, mut total_free) = (0usize, 0usize);
        let mut releasable = Releasable { segments: 0, bytes: 0 };
        for (&base, seg) in &self.segments {
            let end = base + seg.size as u64;
            let mut blocks = Vec::new();
            let (mut allocated_size, mut requested_size) = (0, 0);
            for b in self.blocks.range(base..end).map(|(_, b)| b) {
                let state = if b.allocated {
                    allocated_size += b.size;
                    requested_size += b.requested;
                    BlockState::Allocated
                } else {
                    largest = largest.max(b.size);
                    total_free += b.size;
                    if b.is_split() {
                        BlockState::InactiveSplit
                    } else {
                        releasable.segments += 1;
                        releasable.bytes += b.size;
                        BlockState::WholeFree
                    }
                };
                blocks.push(BlockSnapshot {
                    address: b.addr,
                    size: b.size,
                    requested_size: b.requested,
                    state,
                    tag: b.tag.clone(),
                });
            }
            segments.push(SegmentSnapshot {
                address: base,
                size: seg.size,
                pool: seg.pool,
                stream: seg.stream,
                allocated_size,
                requested_size,
                blocks,
            });
        }
        let ratio = if total_free == 0 { 0.0 } else { 1.0 - largest as f64 / total_free as f64 };
        MemorySnapshot {
            segments,
            fragmentation: Fragmentation { largest_free_block: largest, total_free, ratio },
            releasable,
            allocated_bytes: self.memory_allocated(),
            reserved_bytes: self.memory_reserved(),
        }
    }
}
