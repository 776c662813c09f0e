//! `mem [device]` and `memtrace`: the memory pools as plain data.
//! JSON kinds `memory` and `memtrace`.

use serde::Serialize;

use crate::engine::alloc::caching::{AllocEvent, MemorySnapshot, PoolKind};
use crate::engine::alloc::cpu::CpuStats;
use crate::engine::gpu::runtime::GpuEvent;

/// One block of a segment, with the bindings whose storage it holds.
#[derive(Debug, Clone, Serialize)]
pub struct BlockReport {
    pub address: u64,
    pub size: usize,
    pub requested: usize,
    /// `allocated`, `inactive_split` (free, not releasable), `free` (a whole
    /// free segment), or `pending_free` (a loaded snapshot's
    /// `active_pending_free`: freed, its stream's work not yet done).
    pub state: &'static str,
    /// Bindings viewing this block's storage (empty for free blocks, or a
    /// temporary still alive elsewhere).
    pub owner: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SegmentReport {
    pub address: u64,
    pub size: usize,
    /// `small` or `large` (CUDA); `cpu` for CPU allocations.
    pub pool: &'static str,
    pub blocks: Vec<BlockReport>,
}

#[derive(Debug, Clone, Serialize)]
pub struct MemoryReport {
    pub device: String,
    pub simulated: bool,
    /// A real GPU's name (`torch.cuda.get_device_name()`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_name: Option<String>,
    /// PyTorch's `memory_stats()` key names, sorted.
    pub stats: serde_json::Map<String, serde_json::Value>,
    /// Every segment in address order (CPU: one per live allocation).
    pub segments: Vec<SegmentReport>,
    pub largest_free_block: usize,
    pub total_free: usize,
    /// What `empty_cache()` would give back now.
    pub releasable_segments: usize,
    pub releasable_bytes: usize,
}

/// Builds the CUDA report from the allocator's snapshot and stats; `owner`
/// names the bindings on the storage at a block address.
pub fn cuda_report(device: &str, simulated: bool, snap: &MemorySnapshot, stats: &[(String, i64)], owner: &dyn Fn(u64) -> Vec<String>) -> MemoryReport {
    use crate::engine::alloc::caching::BlockState;
    let segments = snap
        .segments
        .iter()
        .map(|s| SegmentReport {
            address: s.address,
            size: s.size,
            pool: match s.pool {
                PoolKind::Small => "small",
                PoolKind::Large => "large",
            },
            blocks: s
                .blocks
                .iter()
                .map(|b| BlockReport {
                    address: b.address,
                    size: b.size,
                    requested: b.requested_size,
                    state: match b.state {
                        BlockState::Allocated => "allocated",
                        BlockState::InactiveSplit => "inactive_split",
                        BlockState::WholeFree => "free",
                    },
                    owner: if b.state == BlockState::Allocated { owner(b.address) } else { vec![] },
                })
                .collect(),
        })
        .collect();
    MemoryReport {
        device: device.to_string(),
        simulated,
        device_name: None,
        stats: stats.iter().map(|(k, v)| (k.clone(), serde_json::json!(v))).collect(),
        segments,
        largest_free_block: snap.fragmentation.largest_free_block,
        total_free: snap.fragmentation.total_free,
        releasable_segments: snap.releasable.segments,
        releasable_bytes: snap.releasable.bytes,
    }
}

/// Allocator events caused by one statement.
#[derive(Debug, Clone, Serialize)]
pub struct MemTraceReport {
    pub statement: String,
    pub events: Vec<TraceEvent>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TraceEvent {
    /// `alloc`, `split`, `reuse`, `free`, `merge`, `segment_alloc`, `segment_free`, `retry`, `oom`;
    /// on a real GPU also `kernel`, `h2d` and `d2h` (listed after the allocator's events).
    pub event: &'static str,
    pub address: Option<u64>,
    pub size: Option<usize>,
    pub detail: String,
}

/// A GPU kernel launch or host/device copy as a trace line.
pub fn gpu_trace_event(e: &GpuEvent) -> TraceEvent {
    use crate::engine::alloc::caching::format_size_exact as fs;
    match e {
        GpuEvent::Kernel { name, n, grid } => TraceEvent {
            event: "kernel",
            address: None,
            size: None,
            detail: format!("{name} over {n} elements ({grid} blocks of {} threads)", crate::engine::gpu::runtime::BLOCK),
        },
        GpuEvent::Upload { addr, bytes } => TraceEvent { event: "h2d", address: Some(*addr), size: Some(*bytes), detail: format!("host-to-device copy of {}", fs(*bytes as u64)) },
        GpuEvent::Download { addr, bytes } => TraceEvent { event: "d2h", address: Some(*addr), size: Some(*bytes), detail: format!("device-to-host copy of {}", fs(*bytes as u64)) },
    }
}

pub fn trace_event(e: &AllocEvent) -> TraceEvent {
    use crate::engine::alloc::caching::format_size_exact as fs;
    let (event, address, size, detail) = match e {
        AllocEvent::Alloc { addr, size, requested, pool, tag, .. } => (
            "alloc",
            Some(*addr),
            Some(*size),
            format!("{} block for a {} request{} ({})", fs(*size as u64), fs(*requested as u64), tag.as_ref().map(|t| format!(" by `{t}`")).unwrap_or_default(), pool.name()),
        ),
        AllocEvent::Split { addr, size, remainder_addr, remainder_size, .. } => (
            "split",
            Some(*addr),
            Some(*size),
            format!("kept {} at 0x{:x}; {} at 0x{:x} stays cached", fs(*size as u64), addr, fs(*remainder_size as u64), remainder_addr),
        ),
        AllocEvent::Reuse { addr, size, .. } => ("reuse", Some(*addr), Some(*size), format!("cached block of {} reused (no cudaMalloc)", fs(*size as u64))),
        AllocEvent::Free { addr, size, .. } => ("free", Some(*addr), Some(*size), format!("{} back to the pool (not to the device)", fs(*size as u64))),
        AllocEvent::Merge { addr, size, absorbed_addr, absorbed_size, .. } => (
            "merge",
            Some(*addr),
            Some(*size),
            format!("absorbed the free neighbour at 0x{:x} ({}): now {}", absorbed_addr, fs(*absorbed_size as u64), fs(*size as u64)),
        ),
        AllocEvent::SegmentAlloc { addr, size, pool, .. } => ("segment_alloc", Some(*addr), Some(*size), format!("cudaMalloc of a {} segment ({})", fs(*size as u64), pool.name())),
        AllocEvent::SegmentFree { addr, size, .. } => ("segment_free", Some(*addr), Some(*size), format!("cudaFree of a {} segment", fs(*size as u64))),
        AllocEvent::Retry { alloc_size } => ("retry", None, Some(*alloc_size), format!("released cached segments and retried cudaMalloc({})", fs(*alloc_size as u64))),
        AllocEvent::Oom { size, alloc_size, device_free } => (
            "oom",
            None,
            Some(*size),
            format!("out of memory: needed a {} segment, {} free on the device", fs(*alloc_size as u64), fs(*device_free)),
        ),
    };
    TraceEvent { event, address, size, detail }
}

/// PyTorch-named statistics for the CPU allocator. It does not cache, so
/// reserved equals allocated and every allocation is its own segment.
pub fn cpu_stats(s: &CpuStats) -> Vec<(String, i64)> {
    let mut out = vec![];
    for (name, st) in [
        ("allocated_bytes", &s.bytes),
        ("allocation", &s.allocations),
        ("reserved_bytes", &s.bytes),
        ("segment", &s.allocations),
        ("active_bytes", &s.bytes),
        ("active", &s.allocations),
    ] {
        for (k, v) in [("allocated", st.allocated), ("current", st.current), ("freed", st.freed), ("peak", st.peak)] {
            out.push((format!("{name}.all.{k}"), v.min(i64::MAX as u64) as i64));
        }
    }
    out.push(("num_alloc_retries".into(), 0));
    out.push(("num_ooms".into(), s.ooms.min(i64::MAX as u64) as i64));
    out.sort();
    out
}

/// The CPU report: one segment per live allocation, in address order.
/// The pinned host pool (`CachingHostAllocator`): each block its own
/// segment (blocks are never split), in use or cached. `stats` holds
/// PyTorch's `host_memory_stats()` keys, and the `allocated`/`reserved`
/// totals under the names the other reports use.
pub fn pinned_report(blocks: &[(u64, usize, usize, &'static str, Vec<String>)], stats: &[(String, i64)]) -> MemoryReport {
    let get = |k: &str| stats.iter().find(|(n, _)| n == k).map_or(0, |(_, v)| *v);
    let mut map: serde_json::Map<String, serde_json::Value> = stats.iter().map(|(k, v)| (k.clone(), serde_json::json!(v))).collect();
    map.insert("allocated_bytes.all.current".into(), serde_json::json!(get("active_bytes.current")));
    map.insert("allocated_bytes.all.peak".into(), serde_json::json!(get("active_bytes.peak")));
    map.insert("reserved_bytes.all.current".into(), serde_json::json!(get("allocated_bytes.current")));
    map.insert("reserved_bytes.all.peak".into(), serde_json::json!(get("allocated_bytes.peak")));
    let cached: Vec<usize> = blocks.iter().filter(|b| b.3 == "free").map(|b| b.1).collect();
    MemoryReport {
        device: "pinned host memory".into(),
        simulated: true,
        device_name: None,
        stats: map,
        segments: blocks
            .iter()
            .map(|(addr, size, requested, state, owner)| SegmentReport {
                address: *addr,
                size: *size,
                pool: "pinned",
                blocks: vec![BlockReport { address: *addr, size: *size, requested: *requested, state, owner: owner.clone() }],
            })
            .collect(),
        largest_free_block: cached.iter().copied().max().unwrap_or(0),
        total_free: cached.iter().sum(),
        releasable_segments: cached.len(),
        releasable_bytes: cached.iter().sum(),
    }
}

pub fn cpu_report(s: &CpuStats, live: &[(u64, usize, Vec<String>)]) -> MemoryReport {
    let mut live = live.to_vec();
    live.sort_by_key(|l| l.0);
    MemoryReport {
        device: "cpu".into(),
        simulated: false,
        device_name: None,
        stats: cpu_stats(s).into_iter().map(|(k, v)| (k, serde_json::json!(v))).collect(),
        segments: live
            .into_iter()
            .map(|(addr, size, owner)| SegmentReport {
                address: addr,
                size,
                pool: "cpu",
                blocks: vec![BlockReport { address: addr, size, requested: size, state: "allocated", owner }],
            })
            .collect(),
        largest_free_block: 0,
        total_free: 0,
        releasable_segments: 0,
        releasable_bytes: 0,
    }
}
