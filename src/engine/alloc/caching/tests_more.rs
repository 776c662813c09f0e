//! memory_summary text, config parsing, the simulated backend, the event
//! log, memory fraction and garbage collection, and random operation sequences.

use proptest::prelude::*;

use super::summary::{format_count_cell, format_size_cell};
use super::tests::{B0, H, KIB, MIB};
use super::*;
use crate::engine::alloc::cpu::Stat;
use crate::engine::error::ErrorKind;

fn st(current: u64, peak: u64, allocated: u64, freed: u64) -> Stat {
    Stat { current, peak, allocated, freed }
}

/// The reference's rendering of made-up stats through the real `memory.py`.
#[test]
fn summary_matches_pytorchs_rendering_of_the_reference_stats() {
    let k = 1024;
    let zero = Stat::default();
    let s = DeviceStats {
        allocated_bytes: [
            st(4096 * k, 8192 * k, 125_952 * k, 121_856 * k),
            st(1024 * k, 2048 * k, 31_488 * k, 30_464 * k),
            st(3072 * k, 6144 * k, 94_464 * k, 91_392 * k),
        ],
        active_bytes: [st(3, 5, 1000, 997), zero, zero],
        allocation: [st(3, 5, 1000, 997), st(0, 1, 250, 249), st(3, 4, 750, 748)],
        ..DeviceStats::default()
    };
    let text = render_summary(&s, 0, false);
    let lines: Vec<&str> = text.lines().collect();
    let want_head = [
        "|===========================================================================|",
        "|                  PyTorch CUDA memory summary, device ID 0                 |",
        "|---------------------------------------------------------------------------|",
        "|            CUDA OOMs: 0            |        cudaMalloc retries: 0         |",
        "|===========================================================================|",
        "|        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  |",
        "|---------------------------------------------------------------------------|",
        "| Allocated memory      |   4096 KiB |   8192 KiB | 125952 KiB | 121856 KiB |",
        "|       from large pool |   3072 KiB |   6144 KiB |  94464 KiB |  91392 KiB |",
        "|       from small pool |   1024 KiB |   2048 KiB |  31488 KiB |  30464 KiB |",
        "|---------------------------------------------------------------------------|",
        "| Active memory         |      3 B   |      5 B   |   1000 B   |    997 B   |",
    ];
    assert_eq!(lines[..want_head.len()], want_head);
    let alloc_at = lines.iter().position(|l| l.starts_with("| Allocations ")).unwrap();
    assert_eq!(
        lines[alloc_at..alloc_at + 3],
        [
            "| Allocations           |       3    |       5    |    1000    |     997    |",
            "|       from large pool |       3    |       4    |     750    |     748    |",
            "|       from small pool |       0    |       1    |     250    |     249    |",
        ]
    );
    assert_eq!(
        lines[lines.len() - 5..],
        [
            "|---------------------------------------------------------------------------|",
            "| Oversize allocations  |       0    |       0    |       0    |       0    |",
            "|---------------------------------------------------------------------------|",
            "| Oversize GPU segments |       0    |       0    |       0    |       0    |",
            "|===========================================================================|",
        ]
    );
    // 6 header lines, 9 metrics of rule + 3 rows, 2 oversize of rule + row, closing rule.
    assert_eq!(lines.len(), 6 + 9 * 4 + 2 * 2 + 1);
    assert!(lines.iter().all(|l| l.chars().count() == 77), "every line is 75 characters between borders");
    assert!(text.ends_with("|\n"));
    let abbreviated = render_summary(&s, 3, true);
    assert_eq!(abbreviated.lines().count(), 6 + 9 * 2 + 2 * 2 + 1);
    assert!(abbreviated.contains("device ID 3                 |"));
}

#[test]
fn summary_cells_step_units_on_the_all_row_value() {
    for (sz, pref, want) in [
        (786_431, 786_431, "786431 B  "),
        (786_432, 786_432, "   768 KiB"),
        (1000, 786_432, "     0 KiB"), // a sub-row shares the "all" row's unit
        (4 * MIB as u64, 4 * MIB as u64, "  4096 KiB"),
        (768 * MIB as u64, 768 * MIB as u64, "   768 MiB"),
        (5 << 40, 5 << 40, "  5120 GiB"),
    ] {
        assert_eq!(format_size_cell(sz, pref), want, "size cell {sz}/{pref}");
    }
    for (n, pref, want) in
        [(749_999, 749_999, " 749999   "), (750_000, 750_000, "    750 K "), (2, 800_000, "      0 K ")]
    {
        assert_eq!(format_count_cell(n, pref), want, "count cell {n}/{pref}");
    }
}

#[test]
fn summary_golden_for_a_small_scenario() {
    let mut h = H::new(1 << 30, "");
    let a = h.m(1000);
    let b = h.m(3 * MIB / 2);
    let c = h.m(12 * MIB);
    assert_eq!(c, b + (3 * MIB / 2) as u64);
    h.f(a);
    // 1.5 MiB takes a 20 MiB segment; 12 MiB then fits its 18.5 MiB remainder.
    // Each column picks its unit from the "all" row: 1024 B freed stays in bytes.
    let want = "\
|===========================================================================|
|                  PyTorch CUDA memory summary, device ID 0                 |
|---------------------------------------------------------------------------|
|            CUDA OOMs: 0            |        cudaMalloc retries: 0         |
|===========================================================================|
|        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  |
|---------------------------------------------------------------------------|
| Allocated memory      |  13824 KiB |  13825 KiB |  13825 KiB |   1024 B   |
|       from large pool |  13824 KiB |  13824 KiB |  13824 KiB |      0 B   |
|       from small pool |      0 KiB |      1 KiB |      1 KiB |   1024 B   |
|---------------------------------------------------------------------------|
| Active memory         |  13824 KiB |  13825 KiB |  13825 KiB |   1024 B   |
|       from large pool |  13824 KiB |  13824 KiB |  13824 KiB |      0 B   |
|       from small pool |      0 KiB |      1 KiB |      1 KiB |   1024 B   |
|---------------------------------------------------------------------------|
| Requested memory      |  13824 KiB |  13824 KiB |  13824 KiB |   1000 B   |
|       from large pool |  13824 KiB |  13824 KiB |  13824 KiB |      0 B   |
|       from small pool |      0 KiB |      0 KiB |      0 KiB |   1000 B   |
|---------------------------------------------------------------------------|
| GPU reserved memory   |  22528 KiB |  22528 KiB |  22528 KiB |      0 B   |
|       from large pool |  20480 KiB |  20480 KiB |  20480 KiB |      0 B   |
|       from small pool |   2048 KiB |   2048 KiB |   2048 KiB |      0 B   |
|---------------------------------------------------------------------------|
| Non-releasable memory |   6656 KiB |  20991 KiB |  20991 KiB |  14335 KiB |
|       from large pool |   6656 KiB |  18944 KiB |  18944 KiB |  12288 KiB |
|       from small pool |      0 KiB |   2047 KiB |   2047 KiB |   2047 KiB |
|---------------------------------------------------------------------------|
| Allocations           |       2    |       3    |       3    |       1    |
|       from large pool |       2    |       2    |       2    |       0    |
|       from small pool |       0    |       1    |       1    |       1    |
|---------------------------------------------------------------------------|
| Active allocs         |       2    |       3    |       3    |       1    |
|       from large pool |       2    |       2    |       2    |       0    |
|       from small pool |       0    |       1    |       1    |       1    |
|---------------------------------------------------------------------------|
| GPU reserved segments |       2    |       2    |       2    |       0    |
|       from large pool |       1    |       1    |       1    |       0    |
|       from small pool |       1    |       1    |       1    |       0    |
|---------------------------------------------------------------------------|
| Non-releasable allocs |       1    |       2    |       2    |       1    |
|       from large pool |       1    |       1    |       1    |       0    |
|       from small pool |       0    |       1    |       1    |       1    |
|---------------------------------------------------------------------------|
| Oversize allocations  |       0    |       0    |       0    |       0    |
|---------------------------------------------------------------------------|
| Oversize GPU segments |       0    |       0    |       0    |       0    |
|===========================================================================|
";
    assert_eq!(h.a.memory_summary(0, false), want);
}

#[test]
fn config_parsing() {
    let d = AllocatorConfig::default();
    let ok: [(&str, AllocatorConfig); 7] = [
        ("", d.clone()),
        ("max_split_size_mb:128", AllocatorConfig { max_split_size: 128 * MIB, ..d.clone() }),
        (" max_split_size_mb : 20 ,", AllocatorConfig { max_split_size: 20 * MIB, ..d.clone() }),
        (
            "garbage_collection_threshold:0.6,max_non_split_rounding_mb:64",
            AllocatorConfig { garbage_collection_threshold: 0.6, max_non_split_rounding_size: 64 * MIB, ..d.clone() },
        ),
        ("roundup_power2_divisions:4", AllocatorConfig { roundup_power2_divisions: [4; 16], ..d.clone() }),
        (
            "roundup_power2_divisions:[64:8,256:4,>:1]",
            AllocatorConfig { roundup_power2_divisions: [8, 8, 8, 8, 8, 8, 8, 0, 4, 1, 1, 1, 1, 1, 1, 1], ..d.clone() },
        ),
        (
            "expandable_segments:False,backend:native,release_lock_on_cudamalloc:True",
            AllocatorConfig { release_lock_on_cudamalloc: true, ..d.clone() },
        ),
    ];
    for (text, want) in ok {
        assert_eq!(AllocatorConfig::parse(text).unwrap(), want, "{text:?}");
    }
    let bad: [(&str, ErrorKind, &str); 14] = [
        (
            "max_split_size_mb:19",
            ErrorKind::RuntimeError,
            "CachingAllocator option max_split_size_mb too small, must be >= 20",
        ),
        (
            "max_non_split_rounding_mb:8",
            ErrorKind::RuntimeError,
            "CachingAllocator option max_non_split_rounding_mb too small, must be >= 20",
        ),
        ("foo:1", ErrorKind::RuntimeError, "Unrecognized CachingAllocator option: foo"),
        ("max_split_size_mb", ErrorKind::RuntimeError, "Error parsing CachingAllocator settings, expected :"),
        ("max_split_size_mb:", ErrorKind::RuntimeError, "Error, expecting max_split_size_mb value"),
        (
            "max_split_size_mb:128;x",
            ErrorKind::RuntimeError,
            "Error parsing CachingAllocator settings, expected a non-negative integer for max_split_size_mb but got '128;x'",
        ),
        ("max_split_size_mb:128:", ErrorKind::RuntimeError, "Error parsing CachingAllocator settings, expected ,"),
        (
            "garbage_collection_threshold:0",
            ErrorKind::RuntimeError,
            "garbage_collect_threshold too small, set it 0.0~1.0",
        ),
        (
            "garbage_collection_threshold:1.0",
            ErrorKind::RuntimeError,
            "garbage_collect_threshold too big, set it 0.0~1.0",
        ),
        ("roundup_power2_divisions:3", ErrorKind::RuntimeError, "For roundups, the divisions has to be power of 2 "),
        (
            "roundup_power2_divisions:[100:8]",
            ErrorKind::RuntimeError,
            "For roundups, the intervals have to be power of 2 ",
        ),
        (
            "roundup_power2_divisions:[64:8",
            ErrorKind::RuntimeError,
            "Expected closing bracket ']' in ConfigTokenizer but reached end of config",
        ),
        (
            "expandable_segments:yes",
            ErrorKind::RuntimeError,
            "Expected a single True/False argument for expandable_segments",
        ),
        (
            "expandable_segments:True",
            ErrorKind::NotImplementedError,
            "expandable_segments:True is not supported by tsr's caching allocator",
        ),
    ];
    for (text, kind, msg) in bad {
        let e = AllocatorConfig::parse(text).unwrap_err();
        assert_eq!((e.kind, e.message.as_str()), (kind, msg), "{text:?}");
    }
    let e = AllocatorConfig::parse("backend:tpu").unwrap_err();
    assert_eq!(e.message, "Unknown allocator backend, options are native and cudaMallocAsync");
}

#[test]
fn sim_backend_addresses_capacity_and_host_memory() {
    let mut b = SimBackend::new(8 * MIB as u64);
    assert_eq!(SimBackend::default().total_memory(), SIM_DEFAULT_CAPACITY);
    let s1 = b.alloc_segment(1000).unwrap();
    let s2 = b.alloc_segment(3 * MIB).unwrap();
    assert_eq!((s1, s2), (B0, B0 + SIM_SEGMENT_ALIGN));
    assert_eq!(b.free_memory(), (8 * MIB - 3 * MIB - 1000) as u64);
    assert!(b.alloc_segment(5 * MIB).is_err(), "over capacity");
    b.bytes_mut(s2 + 10, 3).unwrap().copy_from_slice(&[1, 2, 3]);
    assert_eq!(b.bytes(s2 + 10, 3).unwrap(), &[1, 2, 3]);
    assert!(b.bytes(s2 + 3 * MIB as u64 - 1, 2).is_none(), "crosses the segment's end");
    assert!(b.host_ptr(s1 + 1000).is_none(), "past the end of the first segment");
    let p = b.host_ptr(s2).unwrap();
    // SAFETY: p points into the live 3 MiB segment.
    assert_eq!(unsafe { *p.add(11) }, 2);
    assert!(b.bytes(s1, 1000).unwrap().iter().all(|&x| x == 0), "segments start zeroed");
    b.free_segment(s1, 1000);
    let s3 = b.alloc_segment(1000).unwrap();
    assert_eq!(s3, B0 + 6 * MIB as u64, "addresses are never reused");
    assert_eq!(b.segments(), vec![(s2, 3 * MIB), (s3, 1000)]);
}

#[test]
fn event_log_records_each_step() {
    let mut h = H::new(1 << 30, "");
    let p = h.m(1000);
    assert!(h.a.drain_events().is_empty(), "not recording by default");
    h.f(p);
    h.a.set_recording(true);
    let p = h.a.malloc_tagged(1000, 0, Some("x")).unwrap();
    h.f(p);
    let sm = PoolKind::Small;
    let rest = 2 * MIB - KIB;
    assert_eq!(
        h.a.drain_events(),
        vec![
            AllocEvent::Reuse { addr: B0, size: 2 * MIB, pool: sm },
            AllocEvent::Split { addr: B0, size: 1024, remainder_addr: B0 + 1024, remainder_size: rest, pool: sm },
            AllocEvent::Alloc { addr: B0, size: 1024, requested: 1000, stream: 0, pool: sm, tag: Some("x".into()) },
            AllocEvent::Free { addr: B0, size: 1024, requested: 1000, pool: sm },
            AllocEvent::Merge { addr: B0, size: 2 * MIB, absorbed_addr: B0 + 1024, absorbed_size: rest, pool: sm },
        ]
    );
    h.empty();
    assert_eq!(h.a.drain_events(), vec![AllocEvent::SegmentFree { addr: B0, size: 2 * MIB, pool: sm, stream: 0 }]);
}

#[test]
fn snapshot_lists_blocks_in_address_order_with_states_and_tags() {
    let mut h = H::new(1 << 30, "");
    let a = h.a.malloc_tagged(1000, 0, Some("a")).unwrap();
    let b = h.a.malloc_tagged(5000, 0, Some("b")).unwrap();
    h.f(a);
    let snap = h.a.snapshot();
    let seg = &snap.segments[0];
    assert_eq!(
        (seg.address, seg.size, seg.pool, seg.allocated_size, seg.requested_size),
        (B0, 2 * MIB, PoolKind::Small, 5120, 5000)
    );
    let got: Vec<(u64, usize, usize, BlockState, Option<&str>)> =
        seg.blocks.iter().map(|x| (x.address, x.size, x.requested_size, x.state, x.tag.as_deref())).collect();
    assert_eq!(
        got,
        vec![
            (a, 1024, 0, BlockState::InactiveSplit, None),
            (b, 5120, 5000, BlockState::Allocated, Some("b")),
            (b + 5120, 2 * MIB - 6144, 0, BlockState::InactiveSplit, None),
        ]
    );
    assert_eq!(snap.releasable, Releasable { segments: 0, bytes: 0 });
    assert_eq!(snap.fragmentation.largest_free_block, 2 * MIB - 6144);
}

#[test]
fn memory_fraction_limits_reservation_and_shows_in_the_message() {
    let mut h = H::new(100 * MIB, "");
    assert_eq!(h.a.set_memory_fraction(1.5).unwrap_err().message, "Invalid fraction value: 1.5. Allowed range: 0~1");
    h.a.set_memory_fraction(0.5).unwrap();
    let _a = h.m(40 * MIB);
    let e = h.try_m(12 * MIB).unwrap_err();
    assert!(
        e.message.contains("of which 60.00 MiB is free. 50.00 MiB allowed; Of the allocated memory 40.00 MiB"),
        "{}",
        e.message
    );
    h.stats_are(&[("num_ooms", 1), ("num_alloc_retries", 1), ("num_device_alloc", 1)]);
}

#[test]
fn garbage_collection_frees_old_cached_blocks_before_a_new_segment() {
    let mut h = H::new(100 * MIB, "garbage_collection_threshold:0.5");
    h.a.set_memory_fraction(0.5).unwrap(); // allowed 50 MiB, collect above 25 MiB
    let (a, b) = (h.m(12 * MIB), h.m(14 * MIB));
    h.f(a);
    h.f(b);
    h.m(16 * MIB); // no cached block fits; 26 MiB reserved > 25: both cached blocks go
    h.stats_are(&[("num_device_free", 2), ("num_alloc_retries", 0), ("num_sync_all_streams", 0)]);
    assert_eq!(h.a.memory_reserved(), 16 * MIB as u64);
}

#[derive(Debug, Clone)]
enum Op {
    Alloc(usize, u64),
    Free(usize),
    Empty,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (1usize..4096, 0u64..2).prop_map(|(s, t)| Op::Alloc(s, t)),
        3 => (4096usize..(MIB + 1), 0u64..2).prop_map(|(s, t)| Op::Alloc(s, t)),
        2 => ((MIB + 1)..(30 * MIB), 0u64..2).prop_map(|(s, t)| Op::Alloc(s, t)),
        6 => any::<usize>().prop_map(Op::Free),
        1 => Just(Op::Empty),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Random malloc/free/empty_cache sequences on a tight device keep every
    /// invariant; freeing everything and emptying the cache returns all memory.
    #[test]
    fn random_sequences_keep_invariants(
        ops in proptest::collection::vec(op(), 1..80),
        conf in prop_oneof![Just(""), Just("max_split_size_mb:20"), Just("roundup_power2_divisions:[2:4,>:2]")],
    ) {
        let mut h = H::new(64 * MIB, conf);
        let mut live: Vec<u64> = Vec::new();
        for o in ops {
            match o {
                Op::Alloc(s, t) => match h.a.malloc(s, t) {
                    Ok(p) => live.push(p),
                    Err(e) => prop_assert_eq!(e.kind, ErrorKind::OutOfMemoryError),
                },
                Op::Free(i) if !live.is_empty() => {
                    let p = live.swap_remove(i % live.len());
                    h.a.free(p).unwrap();
                }
                Op::Free(_) => {}
                Op::Empty => h.a.empty_cache(),
            }
            if let Err(e) = h.a.check_invariants() {
                return Err(TestCaseError::fail(e));
            }
        }
        for p in live {
            h.a.free(p).unwrap();
        }
        h.a.empty_cache();
        prop_assert_eq!(h.a.memory_reserved(), 0);
        prop_assert_eq!(h.a.backend().used(), 0);
        prop_assert_eq!(h.stat("inactive_split.all.current"), 0);
    }
}
