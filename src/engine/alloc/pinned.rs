//! PyTorch's pinned host memory pool (`CachingHostAllocator`), as
//! `docs/reference/pinned-memory.md` records it from PyTorch's source:
//!
//! - every request is rounded up to a power of two (no minimum; 0 bytes
//!   makes no block) and lands in bucket `log2` of that size;
//! - a freed block is cached on its bucket's free list at once, unless a
//!   stream used it (`.to('cuda', non_blocking=True)`): then it waits for
//!   that work, which the next pinned allocation or `empty_cache` finds
//!   done (tsr's device finishes its work at once);
//! - reuse is an exact size match, most recently freed first; blocks are
//!   never split or merged;
//! - `empty_cache` releases every cached block; in-use blocks stay.
//!
//! The memory behind a pinned storage is tsr's own host buffer; the pool
//! holds the addresses, blocks and statistics PyTorch's would.

use std::collections::{BTreeMap, VecDeque};

/// Where pinned blocks start in the address space.
pub const PINNED_BASE: u64 = 0x7e00_0000_0000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinnedState {
    /// Handed out to a storage.
    Allocated,
    /// Freed, but a stream's work on it was recorded and not yet seen done.
    PendingEvent,
    /// On its bucket's free list.
    Cached,
}

#[derive(Debug, Clone)]
pub struct PinnedBlock {
    pub size: usize,
    pub requested: usize,
    pub state: PinnedState,
    /// A stream used it (`non_blocking` copy) since it was handed out.
    pub streams: bool,
}

/// PyTorch's `HostStats` counters (`current`, `peak`, `allocated`, `freed`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counter {
    pub current: i64,
    pub peak: i64,
    pub allocated: i64,
    pub freed: i64,
}

impl Counter {
    fn add(&mut self, n: i64) {
        self.current += n;
        self.allocated += n;
        self.peak = self.peak.max(self.current);
    }
    fn sub(&mut self, n: i64) {
        self.current -= n;
        self.freed += n;
    }
}

#[derive(Debug, Default)]
pub struct PinnedPool {
    pub blocks: BTreeMap<u64, PinnedBlock>,
    /// Per bucket, addresses of cached blocks (the back is reused first).
    free_lists: Vec<Vec<u64>>,
    /// Freed blocks waiting on their streams, oldest at the back.
    events: VecDeque<u64>,
    next_addr: u64,
    /// `allocations` / `allocated_bytes`: blocks that exist (in use or cached).
    pub allocations: Counter,
    pub allocated_bytes: Counter,
    /// `active_requests` / `active_bytes`: blocks in use (or awaiting events).
    pub active_requests: Counter,
    pub active_bytes: Counter,
}

/// `PowerOf2Ceil`.
pub fn round_size(n: usize) -> usize {
    if n == 0 { 0 } else { n.next_power_of_two() }
}

/// The bucket of a rounded size (`Log2_64_Ceil`).
pub fn bucket(n: usize) -> usize {
    if n <= 1 { 0 } else { (usize::BITS - (n - 1).leading_zeros()) as usize }
}

impl PinnedPool {
    pub fn new() -> Self {
        PinnedPool { free_lists: vec![vec![]; 65], next_addr: PINNED_BASE, ..Default::default() }
    }

    /// Blocks whose streams are done go to their free lists (tsr's device
    /// has finished all work by the time the host looks).
    fn process_events(&mut self) {
        while let Some(addr) = self.events.pop_back() {
            if let Some(b) = self.blocks.get_mut(&addr) {
                b.state = PinnedState::Cached;
                b.streams = false;
                let size = b.size;
                self.active_requests.sub(1);
                self.active_bytes.sub(size as i64);
                self.free_lists[bucket(size)].push(addr);
            }
        }
    }

    /// A block for `nbytes` (0 for an empty request, which makes none).
    pub fn allocate(&mut self, nbytes: usize) -> u64 {
        self.process_events();
        if nbytes == 0 {
            return 0;
        }
        let size = round_size(nbytes);
        let list = &mut self.free_lists[bucket(size)];
        let addr = match list.iter().rposition(|a| self.blocks.get(a).is_some_and(|b| b.size >= size)) {
            Some(i) => list.remove(i),
            None => {
                let addr = self.next_addr;
                // Keep blocks apart and aligned, as real pinned allocations are.
                self.next_addr += (size as u64).max(4096).next_multiple_of(4096);
                self.blocks.insert(addr, PinnedBlock { size, requested: nbytes, state: PinnedState::Cached, streams: false });
                self.allocations.add(1);
                self.allocated_bytes.add(size as i64);
                addr
            }
        };
        let b = self.blocks.get_mut(&addr).expect("block exists");
        b.state = PinnedState::Allocated;
        b.requested = nbytes;
        b.streams = false;
        self.active_requests.add(1);
        self.active_bytes.add(size as i64);
        addr
    }

    /// A stream used the block at `addr` (`record_event` of a non-blocking copy).
    pub fn record_stream(&mut self, addr: u64) {
        if let Some(b) = self.blocks.get_mut(&addr) {
            b.streams = true;
        }
    }

    pub fn free(&mut self, addr: u64) {
        let Some(b) = self.blocks.get_mut(&addr) else { return };
        if b.streams {
            b.state = PinnedState::PendingEvent;
            self.events.push_front(addr);
            return;
        }
        b.state = PinnedState::Cached;
        let size = b.size;
        self.active_requests.sub(1);
        self.active_bytes.sub(size as i64);
        self.free_lists[bucket(size)].push(addr);
    }

    /// `torch._C._host_emptyCache()`: releases every cached block.
    pub fn empty_cache(&mut self) {
        self.process_events();
        for list in &mut self.free_lists {
            for addr in list.drain(..) {
                if let Some(b) = self.blocks.remove(&addr) {
                    self.allocations.sub(1);
                    self.allocated_bytes.sub(b.size as i64);
                }
            }
        }
    }

    /// `torch.cuda.host_memory_stats()`: PyTorch's 28 keys, sorted.
    pub fn stats(&self) -> Vec<(String, i64)> {
        let mut out = vec![];
        for (name, c) in [("active_bytes", self.active_bytes), ("active_requests", self.active_requests), ("allocated_bytes", self.allocated_bytes), ("allocations", self.allocations)] {
            out.push((format!("{name}.allocated"), c.allocated));
            out.push((format!("{name}.current"), c.current));
            out.push((format!("{name}.freed"), c.freed));
            out.push((format!("{name}.peak"), c.peak));
        }
        for t in ["host_alloc_time", "host_free_time"] {
            for k in ["avg", "count", "max", "min", "total"] {
                let v = if k == "count" { if t == "host_alloc_time" { self.allocations.allocated } else { self.allocations.freed } } else { 0 };
                out.push((format!("{t}.{k}"), v));
            }
        }
        out.push(("num_host_alloc".into(), self.allocations.allocated));
        out.push(("num_host_free".into(), self.allocations.freed));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_pytorchs_worked_trajectory() {
        // docs/reference/pinned-memory.md §5.
        let mut p = PinnedPool::new();
        let a = p.allocate(12);
        assert_eq!((p.allocations.current, p.allocated_bytes.current, p.active_bytes.current), (1, 16, 16));
        p.free(a);
        assert_eq!((p.allocations.current, p.active_requests.current, p.active_requests.freed), (1, 0, 1));
        let b = p.allocate(16);
        assert_eq!(b, a, "an exact-size cached block comes back");
        let c = p.allocate(20);
        assert_ne!(c, a);
        assert_eq!((p.allocations.current, p.allocated_bytes.current, p.active_requests.allocated), (2, 48, 3));
        p.free(b);
        p.free(c);
        p.empty_cache();
        assert_eq!((p.allocations.current, p.allocations.freed, p.allocated_bytes.current), (0, 2, 0));
        assert_eq!(p.active_requests.freed, 3);
    }

    #[test]
    fn a_block_a_stream_used_waits_for_the_next_allocation() {
        let mut p = PinnedPool::new();
        let a = p.allocate(100);
        p.record_stream(a);
        p.free(a);
        assert_eq!(p.blocks[&a].state, PinnedState::PendingEvent);
        assert_eq!(p.active_requests.current, 1);
        let b = p.allocate(128);
        assert_eq!(b, a, "processed at the start of the allocation, then reused");
    }

    #[test]
    fn no_best_fit_across_buckets() {
        let mut p = PinnedPool::new();
        let a = p.allocate(64);
        p.free(a);
        let b = p.allocate(16);
        assert_ne!(a, b);
        assert_eq!(round_size(1), 1);
        assert_eq!(round_size(4097), 8192);
        assert_eq!(bucket(16), 4);
        assert_eq!(bucket(32), 5);
    }
}
