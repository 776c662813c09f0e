//! New segments, giving segments back, garbage collection, and the
//! out-of-memory error: `alloc_block`, `release_available_cached_blocks`,
//! `release_cached_blocks` (= `empty_cache`), `release_block`,
//! `garbage_collect_cached_blocks`, and the `OutOfMemoryError` text.

use super::allocator::CachingAllocator;
use super::backend::SegmentBackend;
use super::block::{Block, PoolKey, PoolKind, Segment, key_of};
use super::events::AllocEvent;
use super::stats::{StatType, format_size, update};
use crate::engine::error::{EngineError, ErrorKind, Result};

impl<B: SegmentBackend> CachingAllocator<B> {
    /// `alloc_block`: reserves a new segment of `alloc_size` bytes (one free
    /// block spanning it, not yet in the pool). `is_retry` counts
    /// `num_alloc_retries`. Fails without asking the backend when a memory
    /// fraction is set and the segment would exceed it.
    pub(super) fn alloc_block(
        &mut self,
        pool: PoolKind,
        stream: u64,
        alloc_size: usize,
        is_retry: bool,
    ) -> Option<u64> {
        if is_retry {
            self.stats.num_alloc_retries += 1;
            self.emit(|| AllocEvent::Retry { alloc_size });
        }
        if let Some(allowed) = self.allowed_memory_maximum
            && self.total_allocated_memory.saturating_add(alloc_size) > allowed
        {
            return None;
        }
        let addr = self.backend.alloc_segment(alloc_size).ok()?;
        self.total_allocated_memory += alloc_size;
        self.segments.insert(addr, Segment { size: alloc_size, pool, stream });
        self.blocks.insert(
            addr,
            Block {
                addr,
                size: alloc_size,
                requested: 0,
                allocated: false,
                stream,
                pool,
                segment: addr,
                prev: None,
                next: None,
                gc_count_base: 0,
                tag: None,
            },
        );
        let st = pool.stat_type();
        update(&mut self.stats.segment, st, |s| s.increase(1));
        update(&mut self.stats.reserved_bytes, st, |s| s.increase(alloc_size as u64));
        if alloc_size >= self.config.max_split_size {
            self.stats.oversize_segments.increase(1);
        }
        self.stats.num_device_alloc += 1;
        self.emit(|| AllocEvent::SegmentAlloc { addr, size: alloc_size, pool, stream });
        Some(addr)
    }

    /// `release_block`: gives a cached whole-segment block back to the backend.
    pub(super) fn release_block(&mut self, addr: u64) {
        let whole_free = self.blocks.get(&addr).is_some_and(|b| !b.allocated && !b.is_split());
        debug_assert!(whole_free, "release_block on a block that is not a whole free segment");
        if !whole_free {
            return;
        }
        let Some(b) = self.blocks.remove(&addr) else { return };
        self.pool_mut(b.pool).blocks.remove(&key_of(&b));
        self.segments.remove(&addr);
        self.stats.num_device_free += 1;
        let (size, pool, stream) = (b.size, b.pool, b.stream);
        self.emit(|| AllocEvent::SegmentFree { addr, size, pool, stream });
        self.backend.free_segment(addr, size);
        self.total_allocated_memory -= size;
        let st = pool.stat_type();
        update(&mut self.stats.segment, st, |s| s.decrease(1));
        update(&mut self.stats.reserved_bytes, st, |s| s.decrease(size as u64));
        if size >= self.config.max_split_size {
            self.stats.oversize_segments.decrease(1);
        }
    }

    /// `release_available_cached_blocks` (only with `max_split_size` set):
    /// frees the smallest cached oversize block on this stream of at least
    /// `max(size, max_split_size)`; failing that, frees oversize blocks from
    /// the largest down until that many bytes are released.
    pub(super) fn release_available_cached_blocks(&mut self, kind: PoolKind, stream: u64, size: usize) -> bool {
        if !self.config.has_max_split_size() {
            return false;
        }
        let max_split = self.config.max_split_size;
        let key_size = size.max(max_split);
        let search: PoolKey = (stream, key_size, 0);
        let pool = self.pool(kind);
        if let Some(k) = pool.blocks.range(search..).next().copied()
            && k.0 == stream
        {
            self.release_block(k.2);
            return true;
        }
        // No single block is large enough: free oversize blocks, largest first.
        let mut cur = pool.before(search);
        if cur.is_none() {
            return false;
        }
        let mut released = 0usize;
        while let Some(k) = cur {
            if !(released < key_size && k.1 >= max_split && k.0 == stream) {
                break;
            }
            released += k.1;
            cur = self.pool(kind).before(k);
            self.release_block(k.2);
        }
        released >= key_size
    }

    /// `release_cached_blocks` (what `empty_cache` runs): counts a
    /// `num_sync_all_streams`, then frees every cached block that spans a
    /// whole segment, large pool first, each pool in (stream, size, address) order.
    pub(super) fn release_cached_blocks(&mut self) -> bool {
        self.stats.num_sync_all_streams += 1;
        for kind in [PoolKind::Large, PoolKind::Small] {
            let whole: Vec<u64> = self
                .pool(kind)
                .blocks
                .iter()
                .filter(|k| self.blocks.get(&k.2).is_some_and(|b| !b.is_split()))
                .map(|k| k.2)
                .collect();
            for addr in whole {
                self.release_block(addr);
            }
        }
        true
    }

    /// `emptyCache()`: returns every wholly free segment to the backend.
    /// Segments holding any live allocation stay reserved in full.
    pub fn empty_cache(&mut self) {
        self.release_cached_blocks();
    }

    /// `garbage_collect_cached_blocks`: with a memory fraction and a
    /// `garbage_collection_threshold`, frees unsplit large cached blocks whose
    /// age (pool lookups since they were cached) is at least the average,
    /// until usage falls below `threshold * allowed`.
    pub(super) fn garbage_collect_cached_blocks(&mut self) {
        let Some(allowed) = self.allowed_memory_maximum else { return };
        let gc_threshold = (self.config.garbage_collection_threshold * allowed as f64) as usize;
        if self.total_allocated_memory <= gc_threshold {
            return;
        }
        let target = self.total_allocated_memory - gc_threshold;
        let now = self.large.get_free_blocks_call_count;
        let age = |b: &Block| now.saturating_sub(b.gc_count_base);
        let freeable: Vec<(u64, u64)> = self
            .large
            .blocks
            .iter()
            .filter_map(|k| self.blocks.get(&k.2))
            .filter(|b| !b.is_split())
            .map(|b| (b.addr, age(b)))
            .collect();
        let mut total_age: u64 = freeable.iter().map(|f| f.1).sum();
        let mut count = freeable.len() as u64;
        let mut reclaimed = 0usize;
        let mut freed = true;
        while reclaimed < target && freed && count > 0 {
            let threshold = total_age as f64 / count as f64;
            freed = false;
            let keys: Vec<PoolKey> = self.large.blocks.iter().copied().collect();
            for k in keys {
                let Some(b) = self.blocks.get(&k.2) else { continue };
                let a = age(b);
                if !b.is_split() && a as f64 >= threshold {
                    freed = true;
                    reclaimed += b.size;
                    total_age = total_age.saturating_sub(a);
                    count -= 1;
                    self.release_block(k.2);
                }
            }
        }
    }

    /// `setMemoryFraction`: caps reserved memory at `fraction * total_memory`
    /// and turns on the early out-of-memory check (and garbage collection,
    /// when a threshold is configured).
    pub fn set_memory_fraction(&mut self, fraction: f64) -> Result<()> {
        if !(0.0..=1.0).contains(&fraction) {
            let shown = if fraction.fract() == 0.0 { format!("{fraction:.1}") } else { format!("{fraction}") };
            return Err(EngineError::value(format!("Invalid fraction value: {shown}. Allowed range: 0~1")));
        }
        self.allowed_memory_maximum = Some((fraction * self.backend.total_memory() as f64) as usize);
        Ok(())
    }

    /// The error after the whole recovery chain failed; counts `num_ooms`.
    pub(super) fn out_of_memory(&mut self, size: usize, alloc_size: usize) -> EngineError {
        let device_free = self.backend.free_memory();
        let device_total = self.backend.total_memory();
        // `reportProcessMemoryInfo`: this process first named as PyTorch names it.
        let me = std::process::id();
        let proc_info: String = self
            .backend
            .running_processes()
            .iter()
            .map(|&(pid, used)| {
                let who = if pid == me { "Including non-PyTorch memory, this process".to_string() } else { format!("Process {pid}") };
                format!("{who} has {} memory in use. ", format_size(used))
            })
            .collect();
        let allowed_info = match self.allowed_memory_maximum {
            Some(a) => format!("{} allowed; ", format_size(a as u64)),
            None => String::new(),
        };
        self.emit(|| AllocEvent::Oom { size, alloc_size, device_free });
        self.stats.num_ooms += 1;
        let allocated = self.stats.allocated_bytes[StatType::All as usize].current;
        let reserved = self.stats.reserved_bytes[StatType::All as usize].current;
        EngineError::new(
            ErrorKind::OutOfMemoryError,
            format!(
                "CUDA out of memory. Tried to allocate {}. GPU {} has a total capacity of {} of which {} is free. \
                 {}{}Of the allocated memory {} is allocated by PyTorch, and {} is reserved by PyTorch but unallocated. \
                 If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True \
                 to avoid fragmentation.  See documentation for Memory Management  \
                 (https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)",
                format_size(alloc_size as u64),
                self.device,
                format_size(device_total),
                format_size(device_free),
                proc_info,
                allowed_info,
                format_size(allocated),
                format_size(reserved.saturating_sub(allocated)),
            ),
        )
    }
}
