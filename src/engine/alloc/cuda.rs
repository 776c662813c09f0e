//! CUDA devices as tsr runs them: PyTorch's caching allocator over a
//! segment backend. Under `--cuda sim` the backend is the simulated device
//! (deterministic addresses, capacity = `--max-memory`); a real GPU would
//! plug a cudarc backend in behind the same allocator.
//!
//! Tensor bytes of a CUDA storage live in a host buffer owned by the storage
//! (the simulated segments' own pages are reserved lazily and stay
//! untouched); the allocator decides the addresses, pools, splits and stats.

use std::cell::RefCell;

use super::caching::{AllocatorConfig, CachingAllocator, SimBackend};
use crate::engine::error::{EngineError, Result};

/// How `--cuda` resolved for this session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CudaMode {
    /// No CUDA: using it is an error naming `--cuda sim`.
    Off,
    /// The simulated device.
    Sim,
}

/// One CUDA device with its caching allocator.
pub struct CudaDevice {
    pub index: u32,
    pub simulated: bool,
    pub alloc: RefCell<CachingAllocator<SimBackend>>,
    /// Whether `memtrace on` is recording allocator events.
    pub tracing: std::cell::Cell<bool>,
}

impl CudaDevice {
    /// The simulated device `cuda:0` with `capacity` bytes, configured from
    /// a `PYTORCH_CUDA_ALLOC_CONF`-format string.
    pub fn simulated(capacity: u64, conf: &str) -> Result<CudaDevice> {
        let config = AllocatorConfig::parse(conf)?;
        Ok(CudaDevice {
            index: 0,
            simulated: true,
            alloc: RefCell::new(CachingAllocator::new(SimBackend::new(capacity), config).with_device(0)),
            tracing: std::cell::Cell::new(false),
        })
    }

    /// Reserves `nbytes` for a storage owned by `tag`; returns the device address.
    pub fn malloc(&self, nbytes: usize, tag: &str) -> Result<u64> {
        let mut a = self
            .alloc
            .try_borrow_mut()
            .map_err(|_| EngineError::runtime("the CUDA allocator is busy"))?;
        a.malloc_tagged(nbytes, 0, Some(tag))
    }

    /// Returns a storage's block to the pool (never to the device).
    pub fn free(&self, ptr: u64) {
        if ptr == 0 {
            return;
        }
        if let Ok(mut a) = self.alloc.try_borrow_mut() {
            let _ = a.free(ptr);
        }
    }
}

/// The error for using CUDA when this session has none.
pub fn unavailable() -> EngineError {
    EngineError::runtime(
        "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx",
    )
    .with_hint("no GPU here: run tsr with `--cuda sim` to use its simulated CUDA device (PyTorch's caching allocator, deterministic addresses)")
}
