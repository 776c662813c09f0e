//! Debug-only consistency check of the whole allocator state. Tests call it
//! after every operation.

use super::allocator::CachingAllocator;
use super::backend::SegmentBackend;
use super::block::{PoolKind, key_of};
use super::sizing::{K_MIN_BLOCK_SIZE, K_SMALL_BUFFER};
use super::stats::{DeviceStats, StatArray};
use crate::engine::alloc::cpu::Stat;

/// Per-pool totals recomputed from the blocks: index 0 all, 1 small, 2 large.
#[derive(Default)]
struct Tally {
    allocation: [u64; 3],
    allocated_bytes: [u64; 3],
    requested: [u64; 3],
    inactive_split: [u64; 3],
    inactive_split_bytes: [u64; 3],
    segment: [u64; 3],
    reserved: [u64; 3],
    oversize_allocations: u64,
    oversize_segments: u64,
}

fn add(arr: &mut [u64; 3], pool: PoolKind, n: u64) {
    arr[0] += n;
    arr[pool.stat_type() as usize] += n;
}

fn same(name: &str, got: &StatArray, want: &[u64; 3]) -> Result<(), String> {
    for i in 0..3 {
        if got[i].current != want[i] {
            return Err(format!("{name}[{i}].current is {} but the blocks say {}", got[i].current, want[i]));
        }
        check_stat(name, &got[i])?;
    }
    Ok(())
}

fn check_stat(name: &str, s: &Stat) -> Result<(), String> {
    if s.peak < s.current {
        return Err(format!("{name}: peak {} below current {}", s.peak, s.current));
    }
    Ok(())
}

impl<B: SegmentBackend> CachingAllocator<B> {
    /// Checks every invariant; `Err` names the first one broken:
    /// segments tiled exactly by address-ordered, correctly linked blocks;
    /// no two free neighbours; pool sets hold exactly the free blocks, in the
    /// right pool; sizes are multiples of 512; and every stat's `current`
    /// matches the blocks and segments.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut t = Tally::default();
        let max_split = self.config.max_split_size;
        let mut seen = 0usize;
        for (&base, seg) in &self.segments {
            if seg.pool == PoolKind::Small && seg.size != K_SMALL_BUFFER {
                return Err(format!("small segment {base:#x} has size {}", seg.size));
            }
            add(&mut t.segment, seg.pool, 1);
            add(&mut t.reserved, seg.pool, seg.size as u64);
            if seg.size >= max_split {
                t.oversize_segments += 1;
            }
            let mut expect_addr = base;
            let mut prev: Option<u64> = None;
            let mut prev_free = false;
            let end = base + seg.size as u64;
            while expect_addr < end {
                let b = self.blocks.get(&expect_addr).ok_or(format!("gap at {expect_addr:#x} in segment {base:#x}"))?;
                seen += 1;
                if b.segment != base || b.pool != seg.pool || b.stream != seg.stream {
                    return Err(format!("block {:#x} disagrees with its segment {base:#x}", b.addr));
                }
                if b.prev != prev {
                    return Err(format!("block {:#x} prev is {:?}, expected {prev:?}", b.addr, b.prev));
                }
                if b.size == 0 || b.size % K_MIN_BLOCK_SIZE != 0 {
                    return Err(format!("block {:#x} has size {}", b.addr, b.size));
                }
                let want_next = (b.end() < end).then_some(b.end());
                if b.next != want_next {
                    return Err(format!("block {:#x} next is {:?}, expected {want_next:?}", b.addr, b.next));
                }
                let in_pool = self.pool(b.pool).blocks.contains(&key_of(b));
                if b.allocated {
                    if in_pool {
                        return Err(format!("allocated block {:#x} is in its pool", b.addr));
                    }
                    add(&mut t.allocation, b.pool, 1);
                    add(&mut t.allocated_bytes, b.pool, b.size as u64);
                    add(&mut t.requested, b.pool, b.requested as u64);
                    if b.size >= max_split {
                        t.oversize_allocations += 1;
                    }
                } else {
                    if !in_pool {
                        return Err(format!("free block {:#x} is not in its pool", b.addr));
                    }
                    if prev_free {
                        return Err(format!("free block {:#x} follows a free block (missed merge)", b.addr));
                    }
                    if b.is_split() {
                        add(&mut t.inactive_split, b.pool, 1);
                        add(&mut t.inactive_split_bytes, b.pool, b.size as u64);
                    }
                }
                prev_free = !b.allocated;
                prev = Some(b.addr);
                expect_addr = b.end();
            }
            if expect_addr != end {
                return Err(format!("segment {base:#x} blocks overrun its end"));
            }
        }
        if seen != self.blocks.len() {
            return Err(format!("{} blocks lie outside every segment", self.blocks.len() - seen));
        }
        let pooled = self.small.blocks.len() + self.large.blocks.len();
        let free = self.blocks.values().filter(|b| !b.allocated).count();
        if pooled != free {
            return Err(format!("pools hold {pooled} blocks but {free} blocks are free"));
        }
        for (kind, pool) in [(PoolKind::Small, &self.small), (PoolKind::Large, &self.large)] {
            for k in &pool.blocks {
                if self.blocks.get(&k.2).is_none_or(|b| b.pool != kind || key_of(b) != *k) {
                    return Err(format!("pool key {k:?} does not match a block"));
                }
            }
        }
        self.check_stats(&t)
    }

    fn check_stats(&self, t: &Tally) -> Result<(), String> {
        let s: &DeviceStats = &self.stats;
        same("allocation", &s.allocation, &t.allocation)?;
        same("active", &s.active, &t.allocation)?;
        same("allocated_bytes", &s.allocated_bytes, &t.allocated_bytes)?;
        same("active_bytes", &s.active_bytes, &t.allocated_bytes)?;
        same("requested_bytes", &s.requested_bytes, &t.requested)?;
        same("inactive_split", &s.inactive_split, &t.inactive_split)?;
        same("inactive_split_bytes", &s.inactive_split_bytes, &t.inactive_split_bytes)?;
        same("segment", &s.segment, &t.segment)?;
        same("reserved_bytes", &s.reserved_bytes, &t.reserved)?;
        if s.oversize_allocations.current != t.oversize_allocations {
            return Err("oversize_allocations.current disagrees with the blocks".into());
        }
        if s.oversize_segments.current != t.oversize_segments {
            return Err("oversize_segments.current disagrees with the segments".into());
        }
        if self.total_allocated_memory as u64 != t.reserved[0] {
            return Err("total_allocated_memory disagrees with the segments".into());
        }
        if self.backend.total_memory() - self.backend.free_memory() < t.reserved[0] {
            return Err("the backend reports less memory in use than the segments hold".into());
        }
        Ok(())
    }
}
