//! Allocator behaviour: the reference's worked examples, best fit, reuse,
//! merging, empty_cache, fragmentation, max_split_size, OOM recovery, stats.
//! Every helper checks all invariants after every operation.

use super::*;
use crate::engine::error::ErrorKind;

pub(super) const KIB: usize = 1024;
pub(super) const MIB: usize = 1024 * 1024;
pub(super) const B0: u64 = SIM_DEVICE_BASE;

/// An allocator over a small simulated device that checks its invariants
/// after every operation.
pub(super) struct H {
    pub a: CachingAllocator<SimBackend>,
}

impl H {
    pub fn new(capacity: usize, conf: &str) -> H {
        let config = AllocatorConfig::parse(conf).unwrap();
        H { a: CachingAllocator::new(SimBackend::new(capacity as u64), config) }
    }
    pub fn check(&self) {
        if let Err(e) = self.a.check_invariants() {
            panic!("invariant broken: {e}\n{:#?}", self.a.snapshot());
        }
    }
    pub fn m(&mut self, size: usize) -> u64 {
        self.ms(size, 0)
    }
    pub fn ms(&mut self, size: usize, stream: u64) -> u64 {
        let p = self.a.malloc(size, stream).unwrap_or_else(|e| panic!("malloc({size}) failed: {}", e.message));
        self.check();
        p
    }
    pub fn try_m(&mut self, size: usize) -> Result<u64, crate::engine::EngineError> {
        let r = self.a.malloc(size, 0);
        self.check();
        r
    }
    pub fn f(&mut self, p: u64) {
        self.a.free(p).unwrap();
        self.check();
    }
    pub fn empty(&mut self) {
        self.a.empty_cache();
        self.check();
    }
    pub fn stat(&self, key: &str) -> i64 {
        let stats = self.a.memory_stats();
        match stats.iter().find(|(k, _)| k == key) {
            Some((_, v)) => *v,
            None => panic!("no stat {key}"),
        }
    }
    pub fn stats_are(&self, want: &[(&str, i64)]) {
        for (k, v) in want {
            assert_eq!(self.stat(k), *v, "stat {k}");
        }
    }
}

#[test]
fn round_size_and_allocation_size_tables() {
    let default = AllocatorConfig::default();
    for (req, want) in [(1, 512), (511, 512), (512, 512), (513, 1024), (1000, 1024), (1200, 1536), (MIB + 1, MIB + 512)]
    {
        assert_eq!(round_size(req, &default), want, "round_size({req})");
    }
    let four = AllocatorConfig::parse("roundup_power2_divisions:4").unwrap();
    // 1200 is not above 512*4, so the plain rule applies; above it, quarter steps.
    for (req, want) in [(1200, 1536), (MIB + 1, MIB + 256 * KIB), (3 * MIB, 3 * MIB), (5 * MIB + 1, 6 * MIB)] {
        assert_eq!(round_size(req, &four), want, "round_size({req}) with 4 divisions");
    }
    assert_eq!(sizing::roundup_power2_next_division(1200, 4), 1280);
    let list = AllocatorConfig::parse("roundup_power2_divisions:[64:8,256:4,>:1]").unwrap();
    for (req, want) in [
        (100 * MIB + 1, 104 * MIB),         // bucket of 64 MB: 8 steps of 8 MiB
        (2 * MIB + 1, 2 * MIB + 256 * KIB), // buckets below the first bound take its value
        (200 * MIB + 1, 200 * MIB + 512),   // 128 MB bucket was never set: plain rounding
        (300 * MIB + 1, 320 * MIB),         // 256 MB bucket: 4 steps
        (600 * MIB + 1, 600 * MIB + 512),   // `>` sets 1: plain rounding
    ] {
        assert_eq!(round_size(req, &list), want, "round_size({req}) with the list");
    }
    for (size, want) in [
        (512, 2 * MIB),
        (MIB, 2 * MIB),
        (MIB + 512, 20 * MIB),
        (10 * MIB - 512, 20 * MIB),
        (10 * MIB, 10 * MIB),
        (12 * MIB, 12 * MIB),
        (19 * MIB + 512 * KIB, 20 * MIB),
        (21 * MIB, 22 * MIB),
    ] {
        assert_eq!(get_allocation_size(size), want, "get_allocation_size({size})");
    }
}

#[test]
fn format_size_table() {
    for (n, want) in [
        (0u64, "0 bytes"),
        (1024, "1024 bytes"),
        (1025, "1.00 KiB"),
        (1152, "1.12 KiB"), // exact tie rounds to even, as printf
        (1_048_576, "1024.00 KiB"),
        (1_048_577, "1.00 MiB"),
        (20 * MIB as u64, "20.00 MiB"),
        (1 << 30, "1024.00 MiB"),
        ((1 << 30) + 1, "1.00 GiB"),
        (24 << 30, "24.00 GiB"),
    ] {
        assert_eq!(format_size(n), want, "format_size({n})");
    }
}

/// The reference's worked examples, each on a fresh allocator:
/// (request, block size, segment size, pool, inactive_split_bytes, inactive_split).
#[test]
fn worked_examples() {
    let cases: [(usize, usize, usize, &str, i64, i64); 7] = [
        (1000, 1024, 2 * MIB, "small_pool", 2_096_128, 1),
        (MIB, MIB, 2 * MIB, "small_pool", MIB as i64, 1), // 1 MiB itself is small
        (3 * MIB / 2, 3 * MIB / 2, 20 * MIB, "large_pool", (37 * MIB / 2) as i64, 1),
        (39 * MIB / 2, 20 * MIB, 20 * MIB, "large_pool", 0, 0),
        (12 * MIB, 12 * MIB, 12 * MIB, "large_pool", 0, 0),
        // Boundaries of should_split in the large pool: more than 1 MiB must remain.
        (19 * MIB, 20 * MIB, 20 * MIB, "large_pool", 0, 0),
        (19 * MIB - 512, 19 * MIB - 512, 20 * MIB, "large_pool", (MIB + 512) as i64, 1),
    ];
    for (req, block, segment, pool, isb, is) in cases {
        let mut h = H::new(1 << 30, "");
        let p = h.m(req);
        assert_eq!(p, B0, "first block starts the first segment");
        assert_eq!(h.a.block_size(p), Some(block), "block size for {req}");
        for scope in ["all", pool] {
            h.stats_are(&[
                (&format!("allocated_bytes.{scope}.current"), block as i64),
                (&format!("requested_bytes.{scope}.current"), req as i64),
                (&format!("reserved_bytes.{scope}.current"), segment as i64),
                (&format!("inactive_split_bytes.{scope}.current"), isb),
                (&format!("inactive_split.{scope}.current"), is),
                (&format!("segment.{scope}.current"), 1),
                (&format!("allocation.{scope}.current"), 1),
                (&format!("active_bytes.{scope}.current"), block as i64),
            ]);
        }
        let other = if pool == "small_pool" { "large_pool" } else { "small_pool" };
        h.stats_are(&[(&format!("reserved_bytes.{other}.current"), 0), ("num_device_alloc", 1)]);
    }
}

#[test]
fn best_fit_prefers_smaller_block_then_lower_address() {
    let mut h = H::new(1 << 30, "");
    let a = h.m(12 * MIB); // segments of exactly 12, 14 and 12 MiB
    let b = h.m(14 * MIB);
    let c = h.m(12 * MIB);
    assert_eq!((a, b, c), (B0, B0 + 12 * MIB as u64, B0 + 26 * MIB as u64));
    for p in [a, b, c] {
        h.f(p);
    }
    // 11 MiB fits all three; the 12 MiB blocks are smaller than 14, and the lower one wins.
    assert_eq!(h.m(11 * MIB), a);
    // Next: the other 12 MiB block, although the 14 MiB block has a lower address.
    assert_eq!(h.m(11 * MIB), c);
    assert_eq!(h.m(13 * MIB), b);
    h.stats_are(&[("num_device_alloc", 3), ("allocated_bytes.all.current", 38 * MIB as i64)]);
}

#[test]
fn freed_block_is_reused_without_a_new_segment() {
    let mut h = H::new(1 << 30, "");
    let p = h.m(1000);
    h.f(p);
    h.stats_are(&[("inactive_split.all.current", 0), ("reserved_bytes.all.current", 2 * MIB as i64)]);
    assert_eq!(h.m(700), p);
    h.stats_are(&[("num_device_alloc", 1), ("segment.all.current", 1), ("requested_bytes.all.current", 700)]);
}

#[test]
fn small_pool_splits_when_512_bytes_remain() {
    let mut h = H::new(1 << 30, "");
    let (a, _b) = (h.m(1024), h.m(1000));
    h.f(a); // a free 1024-byte block between the start and b
    assert_eq!(h.m(512), a, "best fit: the 1024-byte block, not the big remainder");
    h.stats_are(&[
        ("inactive_split.small_pool.current", 2),
        ("inactive_split_bytes.small_pool.current", (2 * MIB - 2048 + 512) as i64),
    ]);
    assert_eq!(h.a.snapshot().segments[0].blocks[1].size, 512);
}

#[test]
fn blocks_on_another_stream_are_not_reused() {
    let mut h = H::new(1 << 30, "");
    let p = h.ms(1000, 0);
    h.f(p);
    let q = h.ms(1000, 7);
    assert_ne!(p, q);
    assert_eq!(h.stat("num_device_alloc"), 2);
    assert_eq!(h.a.snapshot().segments[1].stream, 7);
}

#[test]
fn free_merges_with_free_neighbours() {
    let mut h = H::new(1 << 30, "");
    h.a.set_recording(true);
    let (a, b, c) = (h.m(1000), h.m(1000), h.m(1000));
    assert_eq!((b - a, c - b), (1024, 1024));
    let rest = (2 * MIB - 3 * KIB) as i64;
    h.stats_are(&[("inactive_split.all.current", 1), ("inactive_split_bytes.all.current", rest)]);
    h.a.drain_events();
    h.f(b); // both neighbours allocated: no merge
    h.stats_are(&[("inactive_split.all.current", 2), ("inactive_split_bytes.all.current", rest + 1024)]);
    h.f(a); // merges with b
    h.stats_are(&[("inactive_split.all.current", 2), ("inactive_split_bytes.all.current", rest + 2048)]);
    h.f(c); // merges with [a b] and with the remainder: the whole segment
    h.stats_are(&[("inactive_split.all.current", 0), ("inactive_split_bytes.all.current", 0)]);
    let merges: Vec<_> = h.a.drain_events().into_iter().filter(|e| matches!(e, AllocEvent::Merge { .. })).collect();
    assert_eq!(
        merges,
        vec![
            AllocEvent::Merge { addr: a, size: 2048, absorbed_addr: b, absorbed_size: 1024, pool: PoolKind::Small },
            AllocEvent::Merge { addr: a, size: 3072, absorbed_addr: a, absorbed_size: 2048, pool: PoolKind::Small },
            AllocEvent::Merge {
                addr: a,
                size: 2 * MIB,
                absorbed_addr: c + 1024,
                absorbed_size: 2 * MIB - 3 * KIB,
                pool: PoolKind::Small
            },
        ]
    );
    let snap = h.a.snapshot();
    assert_eq!(snap.segments[0].blocks.len(), 1);
    assert_eq!(snap.segments[0].blocks[0].state, BlockState::WholeFree);
}

#[test]
fn empty_cache_releases_only_wholly_free_segments() {
    let mut h = H::new(1 << 30, "");
    let x = h.m(1000); // small segment, stays live
    let z = h.m(12 * MIB); // 12 MiB segment (before y: y's remainder would fit it)
    let y = h.m(3 * MIB / 2); // 20 MiB segment
    let w = h.m(3 * MIB); // same 20 MiB segment as y
    h.f(y);
    h.f(z);
    let before = h.a.snapshot().releasable;
    assert_eq!(before, Releasable { segments: 1, bytes: 12 * MIB });
    h.empty();
    h.stats_are(&[
        ("num_device_free", 1),
        ("num_sync_all_streams", 1),
        ("segment.all.current", 2),
        ("reserved_bytes.all.current", 22 * MIB as i64),
        ("reserved_bytes.large_pool.current", 20 * MIB as i64),
    ]);
    h.f(w); // the 20 MiB segment is now wholly free
    h.f(x);
    h.empty();
    h.stats_are(&[("num_device_free", 3), ("segment.all.current", 0), ("reserved_bytes.all.current", 0)]);
    assert_eq!(h.a.backend().used(), 0);
    assert_eq!(h.a.snapshot().segments.len(), 0);
}

#[test]
fn fragmentation_forces_a_new_segment() {
    let mut h = H::new(1 << 30, "");
    let ps: Vec<u64> = (0..8).map(|_| h.m(256 * KIB)).collect(); // fills one 2 MiB segment exactly
    assert_eq!(h.stat("inactive_split.all.current"), 0);
    for p in ps.iter().step_by(2) {
        h.f(*p);
    }
    let frag = h.a.snapshot().fragmentation;
    assert_eq!((frag.largest_free_block, frag.total_free), (256 * KIB, MIB));
    assert_eq!(frag.ratio, 0.75);
    // 1 MiB is free in total, but no 512 KiB piece: a new segment is reserved.
    let q = h.m(512 * KIB);
    assert_eq!(q, B0 + 2 * MIB as u64);
    h.stats_are(&[("num_device_alloc", 2), ("inactive_split.small_pool.current", 5)]);
}

#[test]
fn max_split_size_rules() {
    let mut h = H::new(1 << 30, "max_split_size_mb:40");
    h.stats_are(&[("max_split_size", 40 * MIB as i64)]);
    let big = h.m(50 * MIB);
    h.stats_are(&[("oversize_segments.current", 1), ("oversize_allocations.current", 1)]);
    h.f(big);
    // An oversize request takes a cached oversize block below request + 20 MiB, unsplit.
    assert_eq!(h.m(45 * MIB), big);
    h.stats_are(&[("allocated_bytes.all.current", 50 * MIB as i64), ("inactive_split.all.current", 0)]);
    h.f(big);
    // A request below max_split_size may not take an oversize block.
    let mid = h.m(30 * MIB);
    assert_ne!(mid, big);
    h.stats_are(&[("num_device_alloc", 2), ("oversize_allocations.current", 0), ("oversize_segments.current", 1)]);
    // A large request below 10 MiB still splits its 20 MiB segment.
    let small = h.m(5 * MIB);
    assert_eq!(h.a.block_size(small), Some(5 * MIB));
    h.f(mid);
    h.f(small);
    let big2 = h.m(66 * MIB);
    h.f(big2);
    // Cached: 20, 30, 50 (oversize) and 66 MiB (oversize).
    let n = h.stat("num_device_alloc");
    assert_eq!(h.m(45 * MIB), big, "50 MiB < 45 + 20: taken, not split");
    let q = h.m(46 * MIB);
    assert_ne!(q, big2, "66 MiB >= 46 + 20: refused");
    assert_eq!(h.stat("num_device_alloc"), n + 1);
    assert_eq!(h.a.block_size(q), Some(46 * MIB));
}

#[test]
fn default_max_split_size_is_minus_one() {
    let h = H::new(1 << 30, "");
    h.stats_are(&[("max_split_size", -1)]);
}

#[test]
fn oom_chain_frees_cached_segments_then_counts_retries_and_ooms() {
    let mut h = H::new(24 * MIB, "");
    h.a.set_recording(true);
    let a = h.m(12 * MIB);
    let _b = h.m(1000);
    h.f(a);
    h.a.drain_events();
    // 14 MiB reserved + 16 > 24: release_cached_blocks frees `a`'s segment, the retry succeeds.
    let c = h.m(16 * MIB);
    h.stats_are(&[("num_alloc_retries", 1), ("num_ooms", 0), ("num_sync_all_streams", 1), ("num_device_free", 1)]);
    let ev = h.a.drain_events();
    assert!(matches!(ev[0], AllocEvent::SegmentFree { addr, size, .. } if addr == a && size == 12 * MIB));
    assert_eq!(ev[1], AllocEvent::Retry { alloc_size: 16 * MIB });
    assert!(matches!(ev[2], AllocEvent::SegmentAlloc { addr, .. } if addr == c));
    // Nothing left to release: out of memory.
    let err = h.try_m(16 * MIB).unwrap_err();
    assert_eq!(err.kind, ErrorKind::OutOfMemoryError);
    assert_eq!(
        err.message,
        "CUDA out of memory. Tried to allocate 16.00 MiB. GPU 0 has a total capacity of 24.00 MiB of which \
         6.00 MiB is free. Of the allocated memory 16.00 MiB is allocated by PyTorch, and 2.00 MiB is reserved \
         by PyTorch but unallocated. If reserved but unallocated memory is large try setting \
         PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory \
         Management  (https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)"
    );
    h.stats_are(&[("num_alloc_retries", 2), ("num_ooms", 1), ("num_sync_all_streams", 2)]);
    let ev = h.a.drain_events();
    assert_eq!(
        ev,
        vec![
            AllocEvent::Retry { alloc_size: 16 * MIB },
            AllocEvent::Oom { size: 16 * MIB, alloc_size: 16 * MIB, device_free: 6 * MIB as u64 },
        ]
    );
    // "Tried to allocate" reports the segment size, not the request.
    let err = h.try_m(3 * MIB).unwrap_err();
    assert!(err.message.starts_with("CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 "), "{}", err.message);
    assert_eq!(h.stat("num_ooms"), 2);
}

#[test]
fn release_available_cached_blocks_with_max_split_size() {
    // Single block: a 15 MiB request may not take a cached 30 MiB oversize block,
    // so on OOM the smallest oversize block >= max(size, max_split) is freed.
    let mut h = H::new(70 * MIB, "max_split_size_mb:20");
    let (a, b) = (h.m(30 * MIB), h.m(30 * MIB));
    h.f(a);
    h.f(b);
    h.m(15 * MIB);
    h.stats_are(&[("num_device_free", 1), ("num_alloc_retries", 0), ("num_sync_all_streams", 0)]);
    assert_eq!(h.a.snapshot().segments[0].address, b, "the lower-addressed 30 MiB segment went");

    // Several blocks: none is >= 40 MiB, so the largest are freed until 40 MiB are.
    let mut h = H::new(80 * MIB, "max_split_size_mb:20");
    let ps: Vec<u64> = [22, 30, 26].iter().map(|&m| h.m(m * MIB)).collect();
    for p in &ps {
        h.f(*p);
    }
    h.m(40 * MIB);
    h.stats_are(&[("num_device_free", 2), ("num_alloc_retries", 0), ("oversize_segments.current", 2)]);
    let left: Vec<usize> = h.a.snapshot().segments.iter().map(|s| s.size).collect();
    assert_eq!(left, vec![22 * MIB, 40 * MIB]);
}

#[test]
fn peaks_and_resets() {
    let mut h = H::new(1 << 30, "");
    let a = h.m(1000);
    let _b = h.m(1000);
    h.f(a);
    assert_eq!((h.a.memory_allocated(), h.a.max_memory_allocated()), (1024, 2048));
    assert_eq!((h.a.memory_reserved(), h.a.max_memory_reserved()), (2 * MIB as u64, 2 * MIB as u64));
    h.stats_are(&[("allocation.all.allocated", 2), ("allocation.all.freed", 1), ("allocation.all.peak", 2)]);
    h.a.reset_peak_memory_stats();
    h.check();
    assert_eq!(h.a.max_memory_allocated(), 1024);
    h.stats_are(&[("allocation.all.peak", 1), ("allocation.all.allocated", 2)]);
    h.m(3000);
    assert_eq!(h.a.max_memory_allocated(), 1024 + 3072);
    h.a.reset_accumulated_memory_stats();
    h.check();
    h.stats_are(&[
        ("allocation.all.allocated", 0),
        ("allocation.all.freed", 0),
        ("allocation.all.current", 2),
        ("num_device_alloc", 0),
        ("allocated_bytes.all.peak", 4096),
    ]);
}

#[test]
fn memory_stats_keys_are_pytorchs_sorted() {
    let h = H::new(1 << 30, "");
    let keys: Vec<String> = h.a.memory_stats().into_iter().map(|(k, _)| k).collect();
    assert_eq!(keys.len(), 9 * 3 * 4 + 2 * 4 + 6);
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    assert_eq!(
        &keys[..5],
        [
            "active.all.allocated",
            "active.all.current",
            "active.all.freed",
            "active.all.peak",
            "active.large_pool.allocated"
        ]
    );
    for k in [
        "allocation.small_pool.freed",
        "requested_bytes.large_pool.peak",
        "inactive_split_bytes.all.current",
        "oversize_allocations.peak",
        "oversize_segments.allocated",
        "num_alloc_retries",
        "num_ooms",
        "num_device_alloc",
        "num_device_free",
        "num_sync_all_streams",
        "max_split_size",
        "segment.all.current",
        "reserved_bytes.all.peak",
    ] {
        assert!(keys.iter().any(|x| x == k), "missing {k}");
    }
    assert_eq!(keys.last().map(String::as_str), Some("segment.small_pool.peak"));
}

#[test]
fn zero_size_one_exabyte_and_bad_pointers() {
    let mut h = H::new(1 << 30, "");
    assert_eq!(h.m(0), 0);
    h.f(0);
    assert_eq!(h.stat("num_device_alloc"), 0);
    let err = h.try_m(ONE_EXA_BYTE).unwrap_err();
    assert_eq!(err.kind, ErrorKind::OutOfMemoryError);
    assert_eq!(err.message, "CUDA out of memory. Tried to allocate more than 1EB memory.");
    assert_eq!(h.stat("num_ooms"), 0);
    let p = h.m(1000);
    let err = h.a.free(p + 512).unwrap_err();
    assert_eq!(err.message, format!("invalid device pointer: 0x{:x}", p + 512));
    h.f(p);
    assert!(h.a.free(p).is_err(), "double free is refused");
    h.check();
}

/// A simulated device that also reports NVML's process list, as a real GPU does.
struct WithProcesses(SimBackend, Vec<(u32, u64)>);

impl SegmentBackend for WithProcesses {
    fn alloc_segment(&mut self, size: usize) -> Result<u64, ()> {
        self.0.alloc_segment(size)
    }
    fn free_segment(&mut self, addr: u64, size: usize) {
        self.0.free_segment(addr, size)
    }
    fn total_memory(&self) -> u64 {
        self.0.total_memory()
    }
    fn free_memory(&self) -> u64 {
        self.0.free_memory()
    }
    fn running_processes(&self) -> Vec<(u32, u64)> {
        self.1.clone()
    }
}

#[test]
fn oom_names_the_processes_holding_the_device_as_pytorch_does() {
    // `reportProcessMemoryInfo`: each process in NVML's order, this one as
    // "Including non-PyTorch memory, this process", before "Of the allocated memory".
    let me = std::process::id();
    let procs = vec![(me.wrapping_add(1), 522 * MIB as u64), (me, 518 * MIB as u64)];
    let mut a = CachingAllocator::new(WithProcesses(SimBackend::new(8 * MIB as u64), procs), AllocatorConfig::parse("").unwrap());
    let err = a.malloc(20 * MIB, 0).unwrap_err();
    let want = format!(
        "of which 8.00 MiB is free. Process {} has 522.00 MiB memory in use. Including non-PyTorch memory, this process has \
         518.00 MiB memory in use. Of the allocated memory 0 bytes is allocated",
        me.wrapping_add(1)
    );
    assert!(err.message.contains(&want), "{}", err.message);
}
