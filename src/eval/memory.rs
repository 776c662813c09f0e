//! Memory statements and functions: `mem [device]`, `memtrace on|off`, and
//! `torch.cuda.memory_stats()` & co. (also callable bare or as `cuda.…`;
//! with `device="cpu"` they report the CPU allocator's figures).

use crate::engine::{Device, ErrorKind};
use crate::lang::ast::{Expr, ExprKind};
use crate::lang::span::Span;
use crate::report::memory::{cpu_report, cpu_stats, cuda_report, gpu_trace_event, trace_event, MemTraceReport, MemoryReport};
use crate::report::Report;

use super::args::{to_device, Args};
use super::error::{EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

/// Memory functions, by their name after `cuda.`.
pub const FUNCTIONS: &[&str] = &[
    "is_available", "device_count", "current_device", "synchronize", "memory_allocated",
    "max_memory_allocated", "memory_reserved", "max_memory_reserved", "memory_stats",
    "memory_summary", "empty_cache", "reset_peak_memory_stats", "reset_accumulated_memory_stats",
    "get_device_name", "_record_memory_history", "_snapshot", "_dump_snapshot", "host_memory_stats",
];

fn owners(it: &Interp, device: Device, key: u64, by_addr: bool) -> Vec<String> {
    it.tensor_bindings()
        .filter(|(_, t)| t.device() == device && if by_addr { t.storage.data_ptr() == key } else { t.storage.id == key })
        .map(|(n, _)| n.to_string())
        .collect()
}

/// The report for one device.
pub fn memory_report(it: &Interp, device: Device, span: Span) -> EvalResult<MemoryReport> {
    match device {
        Device::Cpu => {
            let stats = it.ctx.cpu.stats.borrow().clone();
            let live: Vec<(u64, usize, Vec<String>)> = it
                .ctx
                .cpu
                .live
                .borrow()
                .iter()
                .map(|(&id, &(addr, size))| (addr, size, owners(it, Device::Cpu, id, false)))
                .collect();
            Ok(cpu_report(&stats, &live))
        }
        Device::Cuda(i) => {
            let dev = it.ctx.cuda_device(i).map_err(|e| EvalError::from_engine(e, span))?;
            let a = dev.alloc.borrow();
            let snap = a.snapshot();
            let stats = a.memory_stats();
            let mut r = cuda_report(&device.to_string(), dev.simulated, &snap, &stats, &|addr| owners(it, device, addr, true));
            r.device_name = dev.gpu.as_ref().map(|g| g.name.clone());
            Ok(r)
        }
    }
}

/// The pinned host pool's report, when CUDA is up and the pool has blocks.
fn pinned_report(it: &Interp) -> Option<MemoryReport> {
    use crate::engine::alloc::pinned::PinnedState;
    let dev = it.ctx.cuda_if_ready()?;
    let pool = dev.pinned.borrow();
    if pool.blocks.is_empty() {
        return None;
    }
    let blocks: Vec<(u64, usize, usize, &'static str, Vec<String>)> = pool
        .blocks
        .iter()
        .map(|(&addr, b)| {
            let state = match b.state {
                PinnedState::Allocated => "allocated",
                PinnedState::PendingEvent => "pending_free",
                PinnedState::Cached => "free",
            };
            let owner = if b.state == PinnedState::Allocated { owners(it, Device::Cpu, addr, true) } else { vec![] };
            (addr, b.size, b.requested, state, owner)
        })
        .collect();
    Some(crate::report::memory::pinned_report(&blocks, &pool.stats()))
}

/// `mem` (every device) or `mem DEVICE`.
pub fn mem(it: &mut Interp, args: &[Expr], kspan: Span) -> EvalResult<Vec<Report>> {
    let devices: Vec<(Device, Span)> = match args {
        [] => {
            let mut v = vec![(Device::Cpu, kspan)];
            if it.ctx.cuda_if_ready().is_some() {
                v.push((Device::Cuda(0), kspan));
            }
            v
        }
        [l, p] if matches!(&l.kind, ExprKind::Name(n) if n == "load") => {
            let path = super::snapshot::require_string(it.eval(p)?, p.span)?;
            return Ok(vec![Report::Memory(super::snapshot::load_report(&path, p.span)?)]);
        }
        [e] if matches!(&e.kind, ExprKind::Name(n) if n == "cuda" || n == "cpu") => {
            let d = if matches!(&e.kind, ExprKind::Name(n) if n == "cpu") { Device::Cpu } else { Device::Cuda(0) };
            vec![(d, e.span)]
        }
        [e] => {
            let v = it.eval(e)?;
            let d = to_device(&v).ok_or_else(|| EvalError::type_error(format!("mem expects a device such as \"cpu\" or \"cuda\", not {}", v.type_name()), e.span))?;
            vec![(d, e.span)]
        }
        _ => return Err(EvalError::type_error("mem takes at most one device: mem \"cuda\"", kspan)),
    };
    let mut out: Vec<Report> = devices.iter().map(|&(d, s)| memory_report(it, d, s).map(Report::Memory)).collect::<EvalResult<_>>()?;
    // The pinned host pool, once it holds anything (or when asked for).
    if let Some(r) = pinned_report(it)
        && (args.is_empty() || devices.iter().any(|(d, _)| *d == Device::Cpu))
    {
        out.push(Report::Memory(r));
    }
    Ok(out)
}

/// `memtrace on` / `memtrace off`.
pub fn memtrace(it: &mut Interp, args: &[Expr], kspan: Span) -> EvalResult<Vec<Report>> {
    let on = match args {
        [e] => match &e.kind {
            ExprKind::Name(n) if n == "on" => true,
            ExprKind::Name(n) if n == "off" => false,
            ExprKind::Bool(b) => *b,
            _ => return Err(EvalError::type_error("memtrace takes `on` or `off`", e.span)),
        },
        _ => return Err(EvalError::type_error("memtrace takes `on` or `off`", kspan)),
    };
    let dev = it.ctx.cuda_device(0).map_err(|e| EvalError::from_engine(e, kspan))?;
    dev.tracing.set(on);
    if let Some(rt) = &dev.gpu {
        rt.set_recording(on);
    }
    super::snapshot::keep_history(&dev);
    let mut a = dev.alloc.borrow_mut();
    a.set_recording(on || dev.history.borrow().is_some());
    a.drain_events();
    Ok(vec![])
}

/// Events recorded while `statement` ran (when tracing).
pub fn drain_trace(it: &Interp, statement: &str) -> Option<Report> {
    let dev = it.ctx.cuda_if_ready()?;
    if !dev.tracing.get() {
        super::snapshot::keep_history(dev);
        return None;
    }
    let drained = dev.alloc.try_borrow_mut().ok()?.drain_events();
    if let Some(h) = dev.history.borrow_mut().as_mut() {
        h.extend(drained.iter().cloned());
    }
    let mut events: Vec<_> = drained.iter().map(trace_event).collect();
    if let Some(rt) = &dev.gpu {
        events.extend(rt.drain_events().iter().map(gpu_trace_event));
    }
    if events.is_empty() {
        return None;
    }
    Some(Report::MemTrace(MemTraceReport { statement: statement.to_string(), events }))
}

fn device_arg(it: &Interp, a: &mut Args) -> EvalResult<Device> {
    match a.get(0, "device") {
        None | Some((Value::None, _)) => {
            let _ = it;
            Ok(Device::Cuda(0))
        }
        Some((v, s)) => to_device(&v).ok_or_else(|| EvalError::type_error(format!("invalid device: {}", v.type_name()), s)),
    }
}

fn stats_of(it: &Interp, device: Device) -> Vec<(String, i64)> {
    match device {
        Device::Cpu => cpu_stats(&it.ctx.cpu.stats.borrow()),
        Device::Cuda(i) => match it.ctx.cuda_device(i) {
            Ok(d) => d.alloc.borrow().memory_stats(),
            // PyTorch returns {} when CUDA is not initialised.
            Err(_) => vec![],
        },
    }
}

fn stat(it: &Interp, device: Device, key: &str) -> Value {
    Value::Int(stats_of(it, device).into_iter().find(|(k, _)| k == key).map(|(_, v)| v).unwrap_or(0))
}

/// `cuda.NAME(args)`.
pub fn call(it: &mut Interp, name: &str, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    match name {
        "_record_memory_history" | "_snapshot" | "_dump_snapshot" => super::snapshot::call(it, name, a),
        "_host_emptyCache" => {
            a.finish(0)?;
            if let Some(dev) = it.ctx.cuda_if_ready() {
                dev.pinned.borrow_mut().empty_cache();
            }
            Ok(Value::None)
        }
        "host_memory_stats" => {
            a.finish(0)?;
            // PyTorch: an empty OrderedDict until CUDA is initialised.
            let mut d = super::value::PyDict { ordered: true, ..Default::default() };
            if let Some(dev) = it.ctx.cuda_if_ready() {
                for (k, v) in dev.pinned.borrow().stats() {
                    d.insert_str(k, Value::Int(v));
                }
            }
            Ok(Value::Dict(std::rc::Rc::new(std::cell::RefCell::new(d))))
        }
        "is_available" => Ok(Value::Bool(it.ctx.cuda().is_some())),
        "device_count" => Ok(Value::Int(it.ctx.cuda().is_some() as i64)),
        "current_device" => Ok(Value::Int(0)),
        "synchronize" => Ok(Value::None),
        "get_device_name" => Ok(Value::Str(it.ctx.cuda().map(|d| d.name()).unwrap_or_default())),
        "memory_allocated" | "max_memory_allocated" | "memory_reserved" | "max_memory_reserved" => {
            let d = device_arg(it, &mut a)?;
            a.finish(1)?;
            let key = match name {
                "memory_allocated" => "allocated_bytes.all.current",
                "max_memory_allocated" => "allocated_bytes.all.peak",
                "memory_reserved" => "reserved_bytes.all.current",
                _ => "reserved_bytes.all.peak",
            };
            Ok(stat(it, d, key))
        }
        "memory_stats" => {
            let d = device_arg(it, &mut a)?;
            a.finish(1)?;
            Ok(Value::dict_from_pairs(stats_of(it, d).into_iter().map(|(k, v)| (k, Value::Int(v))).collect()))
        }
        "memory_summary" => {
            let d = device_arg(it, &mut a)?;
            let abbreviated = a.opt_bool(1, "abbreviated", false)?;
            a.finish(2)?;
            match d {
                Device::Cuda(i) => {
                    let dev = it.ctx.cuda_device(i).map_err(|e| EvalError::from_engine(e, span))?;
                    let s = crate::engine::alloc::caching::render_summary(dev.alloc.borrow().stats(), i as i64, abbreviated);
                    Ok(Value::Str(s))
                }
                Device::Cpu => Err(EvalError::new(ErrorKind::ValueError, "memory_summary is PyTorch's CUDA summary; use `mem cpu` for the CPU allocator", span)),
            }
        }
        "empty_cache" | "reset_peak_memory_stats" | "reset_accumulated_memory_stats" => {
            let d = device_arg(it, &mut a)?;
            a.finish(1)?;
            match d {
                Device::Cuda(i) => {
                    if let Ok(dev) = it.ctx.cuda_device(i) {
                        let mut al = dev.alloc.borrow_mut();
                        match name {
                            "empty_cache" => al.empty_cache(),
                            "reset_peak_memory_stats" => al.reset_peak_memory_stats(),
                            _ => al.reset_accumulated_memory_stats(),
                        }
                    }
                }
                Device::Cpu => {
                    let mut s = it.ctx.cpu.stats.borrow_mut();
                    match name {
                        "reset_peak_memory_stats" => {
                            s.bytes.peak = s.bytes.current;
                            s.allocations.peak = s.allocations.current;
                        }
                        "reset_accumulated_memory_stats" => {
                            s.bytes.allocated = 0;
                            s.bytes.freed = 0;
                            s.allocations.allocated = 0;
                            s.allocations.freed = 0;
                        }
                        _ => {}
                    }
                }
            }
            Ok(Value::None)
        }
        _ => Err(EvalError::new(ErrorKind::AttributeError, format!("module 'torch.cuda' has no attribute '{name}'"), span)),
    }
}
