//! `DeviceCachingAllocator`: `malloc`, `free`, best fit, split and merge.
//! The out-of-memory chain and segment release are in `release.rs`.

use std::collections::BTreeMap;

use super::backend::SegmentBackend;
use super::block::{Block, BlockPool, PoolKind, Segment, key_of};
use super::config::AllocatorConfig;
use super::events::AllocEvent;
use super::sizing::{K_MIN_BLOCK_SIZE, K_SMALL_SIZE, ONE_EXA_BYTE, get_allocation_size, round_size};
use super::stats::{DeviceStats, StatType, update};
use crate::engine::error::{EngineError, ErrorKind, Result};

/// PyTorch's caching allocator for one device, over backend `B`.
///
/// Invariants (checked by `check_invariants` in debug builds):
/// - the blocks of a segment tile it exactly, in address order, with no gaps;
/// - no two neighbouring blocks of a segment are both free (free merges);
/// - a block is in its pool's ordered set iff it is free;
/// - every counter's `current` equals what the blocks and segments say.
pub struct CachingAllocator<B: SegmentBackend> {
    pub(super) backend: B,
    pub(super) config: AllocatorConfig,
    /// Device index shown in messages ("GPU 0").
    pub(super) device: i32,
    /// Every live block, free or allocated, by address.
    pub(super) blocks: BTreeMap<u64, Block>,
    /// Every live segment, by base address.
    pub(super) segments: BTreeMap<u64, Segment>,
    pub(super) small: BlockPool,
    pub(super) large: BlockPool,
    pub(super) stats: DeviceStats,
    /// Bytes reserved from the backend (`total_allocated_memory`).
    pub(super) total_allocated_memory: usize,
    /// Set by [`CachingAllocator::set_memory_fraction`].
    pub(super) allowed_memory_maximum: Option<usize>,
    /// The event log while recording.
    pub(super) events: Option<Vec<AllocEvent>>,
}

impl<B: SegmentBackend> CachingAllocator<B> {
    pub fn new(backend: B, config: AllocatorConfig) -> Self {
        let stats = DeviceStats {
            // `static_cast<int64_t>(SIZE_MAX)` is -1.
            max_split_size: config.max_split_size as i64,
            ..DeviceStats::default()
        };
        CachingAllocator {
            backend,
            config,
            device: 0,
            blocks: BTreeMap::new(),
            segments: BTreeMap::new(),
            small: BlockPool::default(),
            large: BlockPool::default(),
            stats,
            total_allocated_memory: 0,
            allowed_memory_maximum: None,
            events: None,
        }
    }

    /// Sets the device index used in messages (default 0).
    pub fn with_device(mut self, device: i32) -> Self {
        self.device = device;
        self
    }

    pub fn backend(&self) -> &B {
        &self.backend
    }

    pub fn backend_mut(&mut self) -> &mut B {
        &mut self.backend
    }

    pub fn config(&self) -> &AllocatorConfig {
        &self.config
    }

    pub fn stats(&self) -> &DeviceStats {
        &self.stats
    }

    /// Turns the event log on or off (turning it off drops unread events).
    pub fn set_recording(&mut self, on: bool) {
        self.events = if on { Some(self.events.take().unwrap_or_default()) } else { None };
    }

    /// The events recorded and not yet taken.
    pub fn pending_events(&self) -> &[AllocEvent] {
        self.events.as_deref().unwrap_or(&[])
    }

    /// Takes the events recorded so far.
    pub fn drain_events(&mut self) -> Vec<AllocEvent> {
        self.events.as_mut().map(std::mem::take).unwrap_or_default()
    }

    pub(super) fn emit(&mut self, e: impl FnOnce() -> AllocEvent) {
        if let Some(log) = self.events.as_mut() {
            log.push(e());
        }
    }

    pub(super) fn pool_mut(&mut self, kind: PoolKind) -> &mut BlockPool {
        match kind {
            PoolKind::Small => &mut self.small,
            PoolKind::Large => &mut self.large,
        }
    }

    pub(super) fn pool(&self, kind: PoolKind) -> &BlockPool {
        match kind {
            PoolKind::Small => &self.small,
            PoolKind::Large => &self.large,
        }
    }

    pub(super) fn gc_enabled(&self) -> bool {
        self.allowed_memory_maximum.is_some() && self.config.garbage_collection_threshold > 0.0
    }

    /// `malloc(size, stream)` with no owner tag.
    pub fn malloc(&mut self, size: usize, stream: u64) -> Result<u64> {
        self.malloc_tagged(size, stream, None)
    }

    /// Allocates `orig_size` bytes usable on `stream` and returns the device
    /// address (0 for a 0-byte request, which never reaches the allocator).
    /// `tag` names the owner in snapshots and events.
    pub fn malloc_tagged(&mut self, orig_size: usize, stream: u64, tag: Option<&str>) -> Result<u64> {
        if orig_size >= ONE_EXA_BYTE {
            return Err(EngineError::new(
                ErrorKind::OutOfMemoryError,
                "CUDA out of memory. Tried to allocate more than 1EB memory.",
            ));
        }
        if orig_size == 0 {
            return Ok(0);
        }
        let size = round_size(orig_size, &self.config);
        let pool = if size <= K_SMALL_SIZE { PoolKind::Small } else { PoolKind::Large };
        let alloc_size = get_allocation_size(size);

        let mut found = self.get_free_block(pool, stream, size);
        if found.is_none() {
            if self.gc_enabled() {
                self.garbage_collect_cached_blocks();
            }
            found = self.alloc_block(pool, stream, alloc_size, false);
            if found.is_none() && self.release_available_cached_blocks(pool, stream, size) {
                found = self.alloc_block(pool, stream, alloc_size, false);
            }
            if found.is_none() && self.release_cached_blocks() {
                found = self.alloc_block(pool, stream, alloc_size, true);
            }
        }
        let Some(addr) = found else {
            return Err(self.out_of_memory(size, alloc_size));
        };
        let split = self.should_split(addr, size);
        self.alloc_found_block(addr, size, orig_size, split, tag)
    }

    /// `get_free_block`: best fit on the same stream, with the
    /// `max_split_size` rules; removes the block from its pool.
    fn get_free_block(&mut self, kind: PoolKind, stream: u64, size: usize) -> Option<u64> {
        let gc = self.gc_enabled();
        let max_split = self.config.max_split_size;
        let rounding = self.config.max_non_split_rounding_size;
        let pool = self.pool_mut(kind);
        if gc {
            pool.get_free_blocks_call_count += 1;
        }
        let key = pool.lower_bound(stream, size)?;
        // Do not return an oversize block for a request below max_split_size,
        if size < max_split && key.1 >= max_split {
            return None;
        }
        // and let an oversize request round up only within the limit.
        if size >= max_split && key.1 >= size.saturating_add(rounding) {
            return None;
        }
        pool.blocks.remove(&key);
        self.emit(|| AllocEvent::Reuse { addr: key.2, size: key.1, pool: kind });
        Some(key.2)
    }

    /// `should_split`: small pool when at least 512 bytes remain; large pool
    /// when the request is below `max_split_size` and more than 1 MiB remains.
    fn should_split(&self, addr: u64, size: usize) -> bool {
        let Some(b) = self.blocks.get(&addr) else { return false };
        let remaining = b.size.saturating_sub(size);
        match b.pool {
            PoolKind::Small => remaining >= K_MIN_BLOCK_SIZE,
            PoolKind::Large => size < self.config.max_split_size && remaining > K_SMALL_SIZE,
        }
    }

    /// `alloc_found_block`: splits off `[addr, addr+size)` when asked, marks it
    /// allocated and does the stats bookkeeping. The block is not in its pool.
    fn alloc_found_block(
        &mut self,
        addr: u64,
        size: usize,
        orig_size: usize,
        split: bool,
        tag: Option<&str>,
    ) -> Result<u64> {
        let mut block = self.blocks.remove(&addr).ok_or_else(|| internal("found block vanished"))?;
        let kind = block.pool;
        let st = kind.stat_type();
        let already_split = block.is_split();
        if split {
            let rem_addr = addr + size as u64;
            let remaining = Block {
                addr: rem_addr,
                size: block.size - size,
                requested: 0,
                allocated: false,
                stream: block.stream,
                pool: kind,
                segment: block.segment,
                prev: Some(addr),
                next: block.next,
                gc_count_base: self.pool(kind).get_free_blocks_call_count,
                tag: None,
            };
            if let Some(n) = block.next.and_then(|n| self.blocks.get_mut(&n)) {
                n.prev = Some(rem_addr);
            }
            block.next = Some(rem_addr);
            block.size = size;
            let rem_size = remaining.size;
            self.pool_mut(kind).blocks.insert(key_of(&remaining));
            self.blocks.insert(rem_addr, remaining);
            if already_split {
                // An already-split inactive block is being shrunk by size bytes.
                update(&mut self.stats.inactive_split_bytes, st, |s| s.decrease(size as u64));
            } else {
                // A new inactive split block is created from an unsplit one.
                update(&mut self.stats.inactive_split_bytes, st, |s| s.increase(rem_size as u64));
                update(&mut self.stats.inactive_split, st, |s| s.increase(1));
            }
            self.emit(|| AllocEvent::Split {
                addr,
                size,
                remainder_addr: rem_addr,
                remainder_size: rem_size,
                pool: kind,
            });
        } else if already_split {
            // An already-split block is becoming active.
            let n = block.size as u64;
            update(&mut self.stats.inactive_split_bytes, st, |s| s.decrease(n));
            update(&mut self.stats.inactive_split, st, |s| s.decrease(1));
        }
        block.allocated = true;
        block.requested = orig_size;
        block.tag = tag.map(str::to_string);
        let (bsize, req) = (block.size as u64, orig_size as u64);
        let s = &mut self.stats;
        update(&mut s.allocation, st, |x| x.increase(1));
        update(&mut s.allocated_bytes, st, |x| x.increase(bsize));
        update(&mut s.active, st, |x| x.increase(1));
        update(&mut s.active_bytes, st, |x| x.increase(bsize));
        update(&mut s.requested_bytes, st, |x| x.increase(req));
        if block.size >= self.config.max_split_size {
            s.oversize_allocations.increase(1);
        }
        let (stream, bsz, t) = (block.stream, block.size, block.tag.clone());
        self.blocks.insert(addr, block);
        self.emit(|| AllocEvent::Alloc { addr, size: bsz, requested: orig_size, stream, pool: kind, tag: t });
        Ok(addr)
    }

    /// Returns the block at `ptr` to its pool, merging it with free
    /// neighbours. Memory is never returned to the backend here.
    /// `ptr == 0` is a no-op; any other address not handed out by `malloc`
    /// is an error (`invalid device pointer`).
    pub fn free(&mut self, ptr: u64) -> Result<()> {
        if ptr == 0 {
            return Ok(());
        }
        let max_split = self.config.max_split_size;
        let Some(b) = self.blocks.get_mut(&ptr).filter(|b| b.allocated) else {
            return Err(EngineError::runtime(format!("invalid device pointer: 0x{ptr:x}")));
        };
        b.allocated = false;
        let (size, requested, kind) = (b.size, b.requested, b.pool);
        let st = kind.stat_type();
        update(&mut self.stats.allocation, st, |s| s.decrease(1));
        update(&mut self.stats.allocated_bytes, st, |s| s.decrease(size as u64));
        if size >= max_split {
            self.stats.oversize_allocations.decrease(1);
        }
        self.emit(|| AllocEvent::Free { addr: ptr, size, requested, pool: kind });
        self.free_block(ptr)
    }

    /// `free_block`: merge with `prev` then `next`, re-cache, adjust stats.
    fn free_block(&mut self, addr: u64) -> Result<()> {
        let mut block = self.blocks.remove(&addr).ok_or_else(|| internal("freed block vanished"))?;
        let (orig_size, requested) = (block.size as u64, block.requested as u64);
        block.requested = 0;
        block.tag = None;
        let mut net_blocks: i64 = 0;
        let mut net_bytes: i64 = 0;
        for candidate in [block.prev, block.next] {
            let subsumed = candidate.map_or(0, |c| self.try_merge_blocks(&mut block, c));
            if subsumed > 0 {
                net_blocks -= 1;
                net_bytes -= subsumed as i64;
            }
        }
        let kind = block.pool;
        block.gc_count_base = self.pool(kind).get_free_blocks_call_count;
        self.pool_mut(kind).blocks.insert(key_of(&block));
        if block.is_split() {
            net_blocks += 1;
            net_bytes += block.size as i64;
        }
        self.blocks.insert(block.addr, block);
        let st = kind.stat_type();
        let s = &mut self.stats;
        apply_net(&mut s.inactive_split, st, net_blocks);
        apply_net(&mut s.inactive_split_bytes, st, net_bytes);
        update(&mut s.active, st, |x| x.decrease(1));
        update(&mut s.active_bytes, st, |x| x.decrease(orig_size));
        update(&mut s.requested_bytes, st, |x| x.decrease(requested));
        Ok(())
    }

    /// `try_merge_blocks`: absorbs the free neighbour at `src` into `dst`
    /// (which is out of the map); returns the absorbed size, 0 if none.
    fn try_merge_blocks(&mut self, dst: &mut Block, src: u64) -> usize {
        if self.blocks.get(&src).is_none_or(|b| b.allocated) {
            return 0;
        }
        let Some(src) = self.blocks.remove(&src) else { return 0 };
        self.pool_mut(src.pool).blocks.remove(&key_of(&src));
        if dst.prev == Some(src.addr) {
            // [src dst]: dst moves down to src's address.
            dst.addr = src.addr;
            dst.prev = src.prev;
            if let Some(n) = dst.next.and_then(|n| self.blocks.get_mut(&n)) {
                n.prev = Some(src.addr);
            }
        } else {
            // [dst src]
            dst.next = src.next;
            if let Some(n) = src.next.and_then(|n| self.blocks.get_mut(&n)) {
                n.prev = Some(dst.addr);
            }
        }
        dst.size += src.size;
        let (addr, size, pool) = (dst.addr, dst.size, dst.pool);
        self.emit(|| AllocEvent::Merge { addr, size, absorbed_addr: src.addr, absorbed_size: src.size, pool });
        src.size
    }

    /// The block size behind an allocated pointer.
    pub fn block_size(&self, ptr: u64) -> Option<usize> {
        self.blocks.get(&ptr).filter(|b| b.allocated).map(|b| b.size)
    }

    /// `torch.cuda.memory_stats()`: flattened, sorted.
    pub fn memory_stats(&self) -> Vec<(String, i64)> {
        self.stats.flatten()
    }

    pub fn reset_peak_memory_stats(&mut self) {
        self.stats.reset_peak();
    }

    pub fn reset_accumulated_memory_stats(&mut self) {
        self.stats.reset_accumulated();
    }

    /// `allocated_bytes.all.current`.
    pub fn memory_allocated(&self) -> u64 {
        self.stats.allocated_bytes[StatType::All as usize].current
    }

    /// `allocated_bytes.all.peak`.
    pub fn max_memory_allocated(&self) -> u64 {
        self.stats.allocated_bytes[StatType::All as usize].peak
    }

    /// `reserved_bytes.all.current`.
    pub fn memory_reserved(&self) -> u64 {
        self.stats.reserved_bytes[StatType::All as usize].current
    }

    /// `reserved_bytes.all.peak`.
    pub fn max_memory_reserved(&self) -> u64 {
        self.stats.reserved_bytes[StatType::All as usize].peak
    }
}

fn apply_net(arr: &mut super::stats::StatArray, st: StatType, net: i64) {
    if net > 0 {
        update(arr, st, |s| s.increase(net as u64));
    } else if net < 0 {
        update(arr, st, |s| s.decrease(net.unsigned_abs()));
    }
}

pub(super) fn internal(what: &str) -> EngineError {
    EngineError::runtime(format!("caching allocator internal error: {what}"))
}
