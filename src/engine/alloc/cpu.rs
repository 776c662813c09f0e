//! The CPU allocator: real 64-byte-aligned allocations with PyTorch-style
//! statistics (current, peak, allocated, freed) and a memory cap that turns an
//! oversized request into a clean out-of-memory error before the OS kills us.

use std::cell::RefCell;

use super::host::HostBuffer;
use crate::engine::error::{EngineError, ErrorKind, Result};

/// A `{current, peak, allocated, freed}` counter, as PyTorch's `Stat`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stat {
    pub current: u64,
    pub peak: u64,
    pub allocated: u64,
    pub freed: u64,
}

impl Stat {
    pub fn increase(&mut self, n: u64) {
        self.current += n;
        self.allocated += n;
        self.peak = self.peak.max(self.current);
    }
    pub fn decrease(&mut self, n: u64) {
        self.current = self.current.saturating_sub(n);
        self.freed += n;
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CpuStats {
    pub bytes: Stat,
    pub allocations: Stat,
    /// Requests refused for the memory cap or by the system.
    pub ooms: u64,
}

/// Allocates host memory, counts it, and enforces `cap` bytes in use.
pub struct CpuAllocator {
    pub stats: RefCell<CpuStats>,
    pub cap: u64,
    /// Live allocations: storage id → (address, bytes).
    pub live: RefCell<std::collections::BTreeMap<u64, (u64, usize)>>,
}

impl CpuAllocator {
    pub fn new(cap: u64) -> Self {
        CpuAllocator { stats: RefCell::new(CpuStats::default()), cap, live: RefCell::new(Default::default()) }
    }

    /// Records a live allocation (for `mem cpu`).
    pub fn register(&self, id: u64, addr: u64, nbytes: usize) {
        self.live.borrow_mut().insert(id, (addr, nbytes));
    }

    pub fn unregister(&self, id: u64) {
        if let Ok(mut l) = self.live.try_borrow_mut() {
            l.remove(&id);
        }
    }

    pub fn allocate(&self, nbytes: usize) -> Result<HostBuffer> {
        let current = self.stats.borrow().bytes.current;
        if (nbytes as u64).saturating_add(current) > self.cap {
            self.stats.borrow_mut().ooms += 1;
            return Err(oom(nbytes, current, self.cap));
        }
        let buf = HostBuffer::zeroed(nbytes).ok_or_else(|| {
            EngineError::new(
                ErrorKind::OutOfMemoryError,
                format!(
                    "DefaultCPUAllocator: can't allocate memory: you tried to allocate {} bytes. Error code 12 (Cannot allocate memory)",
                    nbytes
                ),
            )
        })?;
        let mut s = self.stats.borrow_mut();
        s.bytes.increase(nbytes as u64);
        s.allocations.increase(1);
        Ok(buf)
    }

    /// Host memory that is not a tensor storage (a Python list from
    /// `tolist`, a reduction's scratch) is refused like an allocation of
    /// `nbytes` would be, before anything is allocated: a huge expanded
    /// view must end in an out-of-memory error, not in an abort or a kill.
    pub fn check_host(&self, nbytes: u128) -> Result<()> {
        let current = self.stats.borrow().bytes.current;
        if nbytes.saturating_add(current as u128) > self.cap as u128 {
            return Err(oom(usize::try_from(nbytes).unwrap_or(usize::MAX), current, self.cap));
        }
        Ok(())
    }

    /// An operation that reads every element (a reduction, `sort`, `dot`)
    /// refuses a tensor with more elements than a dense tensor under the cap
    /// could hold: only a view (stride 0, `as_strided`) gets there, and
    /// walking 10^12 elements would never end.
    pub fn check_walk(&self, what: &str, shape: &[usize], element_size: usize) -> Result<()> {
        let numel = shape.iter().try_fold(1u128, |a, &d| a.checked_mul(d as u128)).unwrap_or(u128::MAX);
        let nbytes = numel.saturating_mul(element_size as u128);
        if nbytes > self.cap as u128 {
            return Err(EngineError::new(
                ErrorKind::OutOfMemoryError,
                format!(
                    "{what}: the input has {numel} elements ({} as a dense tensor), more than tsr's memory cap of {} allows",
                    format_bytes(u64::try_from(nbytes).unwrap_or(u64::MAX)),
                    format_bytes(self.cap)
                ),
            )
            .with_hint("an expanded or as_strided view can have far more elements than its storage; raise the cap with --max-memory"));
        }
        Ok(())
    }

    pub fn release(&self, nbytes: usize) {
        let Ok(mut s) = self.stats.try_borrow_mut() else { return };
        s.bytes.decrease(nbytes as u64);
        s.allocations.decrease(1);
    }
}

fn oom(nbytes: usize, current: u64, cap: u64) -> EngineError {
    EngineError::new(
        ErrorKind::OutOfMemoryError,
        format!(
            "DefaultCPUAllocator: can't allocate memory: you tried to allocate {} bytes. Error code 12 (Cannot allocate memory)",
            nbytes
        ),
    )
    .with_hint(format!(
        "tsr's memory cap is {} ({} in use); raise it with --max-memory",
        format_bytes(cap),
        format_bytes(current)
    ))
}

/// `1.50 GiB`-style sizes (PyTorch's `format_size`).
pub fn format_bytes(n: u64) -> String {
    const K: f64 = 1024.0;
    let f = n as f64;
    if n <= 1024 {
        format!("{n} bytes")
    } else if f < K * K {
        format!("{:.2} KiB", f / K)
    } else if f < K * K * K {
        format!("{:.2} MiB", f / (K * K))
    } else {
        format!("{:.2} GiB", f / (K * K * K))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cap_rejects_before_allocating_and_stats_track() {
        let a = CpuAllocator::new(1000);
        let b = a.allocate(600).unwrap();
        assert_eq!(a.stats.borrow().bytes.current, 600);
        let err = a.allocate(600).err().unwrap();
        assert_eq!(err.kind, ErrorKind::OutOfMemoryError);
        assert!(err.message.contains("600 bytes"));
        drop(b);
        a.release(600);
        assert_eq!(a.stats.borrow().bytes.current, 0);
        assert_eq!(a.stats.borrow().bytes.peak, 600);
    }
}
