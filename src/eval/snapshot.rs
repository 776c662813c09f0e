//! CUDA memory snapshots, both ways:
//! `torch.cuda.memory._record_memory_history()`, `_snapshot()` and
//! `_dump_snapshot(path)` give PyTorch's snapshot dict (and pickle) of the
//! caching allocator; `mem load PATH` shows a snapshot from a real run as
//! tsr's `mem` report. The layout is PyTorch's (`torch/cuda/memory.py`'s
//! `_Segment`, `_Block`, `_TraceEntry`); `docs/reference/serialization.md`
//! records it, and what `torch.cuda._memory_viz` reads.

use crate::engine::alloc::caching::{AllocEvent, BlockState, PoolKind};
use crate::engine::alloc::cuda::CudaDevice;
use crate::engine::ErrorKind;
use crate::lang::span::Span;
use crate::report::memory::{BlockReport, MemoryReport, SegmentReport};

use super::args::Args;
use super::error::{EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

/// Moves the allocator's recorded events into the history (when on).
pub fn keep_history(dev: &CudaDevice) {
    if dev.history.borrow().is_none() {
        return;
    }
    let Ok(mut a) = dev.alloc.try_borrow_mut() else { return };
    let drained = a.drain_events();
    if let Some(h) = dev.history.borrow_mut().as_mut() {
        h.extend(drained);
    }
}

fn int(v: u64) -> Value {
    Value::Int(v as i64)
}

fn pairs(items: Vec<(&str, Value)>) -> Value {
    Value::dict_from_pairs(items.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// A trace entry for an allocator event (`time_us` counts events, so a
/// snapshot is deterministic); events PyTorch does not trace give none.
fn trace_entry(e: &AllocEvent, t: u64) -> Vec<Value> {
    let entry = |action: &str, addr: u64, size: usize, stream: u64| {
        pairs(vec![
            ("action", Value::str(action)),
            ("addr", int(addr)),
            ("size", int(size as u64)),
            ("stream", int(stream)),
            ("time_us", int(t)),
            ("frames", Value::list(vec![])),
        ])
    };
    match e {
        AllocEvent::Alloc { addr, size, stream, .. } => vec![entry("alloc", *addr, *size, *stream)],
        // The caching allocator frees at once when no other stream used the block.
        AllocEvent::Free { addr, size, .. } => vec![entry("free_requested", *addr, *size, 0), entry("free_completed", *addr, *size, 0)],
        AllocEvent::SegmentAlloc { addr, size, stream, .. } => vec![entry("segment_alloc", *addr, *size, *stream)],
        AllocEvent::SegmentFree { addr, size, stream, .. } => vec![entry("segment_free", *addr, *size, *stream)],
        AllocEvent::Oom { size, device_free, .. } => vec![pairs(vec![
            ("action", Value::str("oom")),
            ("device_free", int(*device_free)),
            ("size", int(*size as u64)),
            ("stream", int(0)),
            ("time_us", int(t)),
            ("frames", Value::list(vec![])),
        ])],
        _ => vec![],
    }
}

/// `torch.cuda.memory._snapshot()` of `dev`.
fn snapshot_value(dev: &CudaDevice) -> Value {
    let a = dev.alloc.borrow();
    let snap = a.snapshot();
    let segments = snap
        .segments
        .iter()
        .map(|s| {
            let mut off = s.address;
            let blocks = s
                .blocks
                .iter()
                .map(|b| {
                    let v = pairs(vec![
                        ("address", int(off)),
                        ("size", int(b.size as u64)),
                        ("requested_size", int(b.requested_size as u64)),
                        ("state", Value::str(if b.state == BlockState::Allocated { "active_allocated" } else { "inactive" })),
                        ("frames", Value::list(vec![])),
                    ]);
                    off += b.size as u64;
                    v
                })
                .collect();
            pairs(vec![
                ("device", int(0)),
                ("address", int(s.address)),
                ("total_size", int(s.size as u64)),
                ("allocated_size", int(s.allocated_size as u64)),
                ("active_size", int(s.allocated_size as u64)),
                ("requested_size", int(s.requested_size as u64)),
                ("stream", int(s.stream)),
                ("segment_type", Value::str(if s.pool == PoolKind::Small { "small" } else { "large" })),
                ("segment_pool_id", Value::Tuple(vec![int(0), int(0)])),
                ("is_expandable", Value::Bool(false)),
                ("frames", Value::list(vec![])),
                ("blocks", Value::list(blocks)),
            ])
        })
        .collect();
    let history = dev.history.borrow();
    let events = history.iter().flatten().chain(a.pending_events().iter().filter(|_| history.is_some()));
    let mut traces = vec![];
    for (t, e) in events.enumerate() {
        traces.extend(trace_entry(e, t as u64 + 1));
    }
    pairs(vec![
        ("segments", Value::list(segments)),
        ("device_traces", Value::list(vec![Value::list(traces)])),
        ("allocator_settings", pairs(vec![])),
        ("external_annotations", Value::list(vec![])),
    ])
}

pub fn call(it: &mut Interp, name: &str, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let dev = it.ctx.cuda_device(0).map_err(|e| EvalError::from_engine(e, span))?;
    match name {
        "_record_memory_history" => {
            // enabled="all" (default), "state", or None to stop.
            let on = !matches!(a.get(0, "enabled"), Some((Value::None, _)));
            for k in ["context", "stacks", "max_entries", "device", "clear_history", "compile_context", "global_record_annotations"] {
                a.take_kw(k);
            }
            a.finish(1)?;
            keep_history(&dev);
            *dev.history.borrow_mut() = on.then(Vec::new);
            let mut al = dev.alloc.borrow_mut();
            al.set_recording(on || dev.tracing.get());
            Ok(Value::None)
        }
        "_snapshot" => {
            a.finish(1)?;
            Ok(snapshot_value(&dev))
        }
        _ => {
            let (path, _) = super::files::path_arg(&mut a, 0, "filename")?;
            a.finish(1)?;
            let v = snapshot_value(&dev);
            super::files::save_pickle(&v, &path, span)?;
            Ok(Value::None)
        }
    }
}

/// `mem load PATH`: a snapshot file as a `mem` report.
pub fn load_report(path: &str, span: Span) -> EvalResult<MemoryReport> {
    let snap = crate::io::snapshot::read(path).map_err(|e| super::files::io_err(e, span))?;
    let mut segments: Vec<SegmentReport> = snap
        .segments
        .iter()
        .map(|s| {
            use crate::io::snapshot::BlockKind;
            let single = s.blocks.len() == 1;
            SegmentReport {
                address: s.address,
                size: s.total_size as usize,
                pool: if s.small { "small" } else { "large" },
                blocks: s
                    .blocks
                    .iter()
                    .map(|b| BlockReport {
                        address: b.address,
                        size: b.size as usize,
                        requested: b.requested_size as usize,
                        state: match b.state {
                            BlockKind::Allocated => "allocated",
                            BlockKind::PendingFree => "pending_free",
                            BlockKind::Inactive if single => "free",
                            BlockKind::Inactive => "inactive_split",
                        },
                        owner: vec![],
                    })
                    .collect(),
            }
        })
        .collect();
    segments.sort_by_key(|s| s.address);
    let reserved: u64 = snap.segments.iter().map(|s| s.total_size).sum();
    use crate::io::snapshot::BlockKind;
    // The and _memory_viz's rule: allocated is the active_allocated blocks.
    let allocated: u64 = snap.segments.iter().flat_map(|s| &s.blocks).filter(|b| b.state == BlockKind::Allocated).map(|b| b.size).sum();
    let free: Vec<u64> = snap.segments.iter().flat_map(|s| &s.blocks).filter(|b| b.state == BlockKind::Inactive).map(|b| b.size).collect();
    let whole_free: Vec<u64> = snap.segments.iter().filter(|s| s.blocks.iter().all(|b| b.state == BlockKind::Inactive)).map(|s| s.total_size).collect();
    let stats = [
        ("allocated_bytes.all.current", allocated),
        ("allocated_bytes.all.peak", allocated),
        ("reserved_bytes.all.current", reserved),
        ("reserved_bytes.all.peak", reserved),
        ("segment.all.current", snap.segments.len() as u64),
    ];
    Ok(MemoryReport {
        device: format!("cuda:0 (snapshot {path})"),
        simulated: false,
        device_name: None,
        stats: stats.iter().map(|(k, v)| (k.to_string(), serde_json::json!(v))).collect(),
        segments,
        largest_free_block: free.iter().copied().max().unwrap_or(0) as usize,
        total_free: free.iter().sum::<u64>() as usize,
        releasable_segments: whole_free.len(),
        releasable_bytes: whole_free.iter().sum::<u64>() as usize,
    })
}

pub fn require_string(v: Value, span: Span) -> EvalResult<String> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(EvalError::new(ErrorKind::TypeError, format!("mem load expects a path (str), not {}", other.type_name()), span)),
    }
}
