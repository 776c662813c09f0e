//! Blocks, the two pools, and the ordered set each pool keeps of its cached blocks.

use std::collections::BTreeSet;

use super::stats::StatType;

/// Which pool a block belongs to: small (blocks ≤ 1 MiB, 2 MiB segments) or large.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolKind {
    Small,
    Large,
}

impl PoolKind {
    pub fn stat_type(self) -> StatType {
        match self {
            PoolKind::Small => StatType::SmallPool,
            PoolKind::Large => StatType::LargePool,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PoolKind::Small => "small_pool",
            PoolKind::Large => "large_pool",
        }
    }
}

/// A piece of a segment. Blocks are keyed by their address, which is unique
/// among live blocks because the blocks of a segment tile it exactly, in
/// address order, with no gaps; `prev`/`next` are the neighbours' addresses
/// inside the same segment (`None` at the segment's ends).
#[derive(Debug, Clone)]
pub(crate) struct Block {
    pub addr: u64,
    pub size: usize,
    /// The caller's size before rounding (0 while free).
    pub requested: usize,
    pub allocated: bool,
    pub stream: u64,
    pub pool: PoolKind,
    /// Base address of the segment this block lies in.
    pub segment: u64,
    pub prev: Option<u64>,
    pub next: Option<u64>,
    /// The pool's `get_free_blocks_call_count` when the block was cached
    /// (garbage collection ages blocks by it).
    pub gc_count_base: u64,
    /// Owner tag given at malloc (cleared on free).
    pub tag: Option<String>,
}

impl Block {
    pub fn is_split(&self) -> bool {
        self.prev.is_some() || self.next.is_some()
    }

    #[cfg(any(test, debug_assertions))]
    pub fn end(&self) -> u64 {
        self.addr + self.size as u64
    }
}

/// A pool's key for a cached block: `(stream, size, address)`, so that
/// `lower_bound((stream, size))` is best fit, lowest address winning ties.
pub(crate) type PoolKey = (u64, usize, u64);

/// The cached (free) blocks of one pool, ordered by [`PoolKey`].
/// Invariant: a block is in its pool's set iff it is free.
#[derive(Debug, Default)]
pub(crate) struct BlockPool {
    pub blocks: BTreeSet<PoolKey>,
    /// `get_free_blocks_call_count`, counted only while garbage collection is on.
    pub get_free_blocks_call_count: u64,
}

impl BlockPool {
    /// The smallest cached block on `stream` with `size >=` the request,
    /// lowest address first; `None` when the first candidate is on another stream.
    pub fn lower_bound(&self, stream: u64, size: usize) -> Option<PoolKey> {
        self.blocks.range((stream, size, 0)..).next().copied().filter(|k| k.0 == stream)
    }

    /// The last key strictly below `key` (C++'s `--it`).
    pub fn before(&self, key: PoolKey) -> Option<PoolKey> {
        self.blocks.range(..key).next_back().copied()
    }
}

pub(crate) fn key_of(b: &Block) -> PoolKey {
    (b.stream, b.size, b.addr)
}

/// One backend allocation, as the allocator remembers it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Segment {
    pub size: usize,
    pub pool: PoolKind,
    pub stream: u64,
}
