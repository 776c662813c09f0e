//! CUDA devices as tsr runs them: PyTorch's caching allocator over a
//! segment backend. Under `--cuda sim` the backend is the simulated device
//! (deterministic addresses, capacity = `--max-memory`); under `--cuda real`
//! (or `auto` on a machine with a GPU) it is [`DriverBackend`], whose
//! segments come from `cuMemAlloc`.
//!
//! Simulated: tensor bytes of a CUDA storage live in a host buffer owned by
//! the storage (the simulated segments' own pages are reserved lazily and
//! stay untouched); the allocator decides the addresses, pools, splits and
//! stats. Real: the bytes live in device memory at the block's address.

use std::cell::RefCell;

use std::rc::Rc;

use super::caching::{AllocatorConfig, CachingAllocator, SegmentBackend, SimBackend};
use crate::engine::error::{EngineError, Result};
use crate::engine::gpu::backend::DriverBackend;
use crate::engine::gpu::GpuRuntime;

/// How `--cuda` resolved for this session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CudaMode {
    /// No CUDA: using it is an error naming `--cuda sim`.
    Off,
    /// The simulated device.
    Sim,
    /// A real GPU through the CUDA driver (`--cuda real`).
    Real,
    /// A real GPU when one is found on first use, else none (`--cuda auto`).
    Auto,
}

/// Where a device's segments come from.
pub enum DeviceBackend {
    Sim(SimBackend),
    Real(DriverBackend),
}

impl SegmentBackend for DeviceBackend {
    fn alloc_segment(&mut self, size: usize) -> std::result::Result<u64, ()> {
        match self {
            DeviceBackend::Sim(b) => b.alloc_segment(size),
            DeviceBackend::Real(b) => b.alloc_segment(size),
        }
    }
    fn free_segment(&mut self, addr: u64, size: usize) {
        match self {
            DeviceBackend::Sim(b) => b.free_segment(addr, size),
            DeviceBackend::Real(b) => b.free_segment(addr, size),
        }
    }
    fn total_memory(&self) -> u64 {
        match self {
            DeviceBackend::Sim(b) => b.total_memory(),
            DeviceBackend::Real(b) => b.total_memory(),
        }
    }
    fn free_memory(&self) -> u64 {
        match self {
            DeviceBackend::Sim(b) => b.free_memory(),
            DeviceBackend::Real(b) => b.free_memory(),
        }
    }
    fn running_processes(&self) -> Vec<(u32, u64)> {
        match self {
            DeviceBackend::Sim(b) => b.running_processes(),
            DeviceBackend::Real(b) => b.running_processes(),
        }
    }
}

/// One CUDA device with its caching allocator.
pub struct CudaDevice {
    pub index: u32,
    pub simulated: bool,
    /// The GPU behind a real device (None when simulated).
    pub gpu: Option<Rc<GpuRuntime>>,
    pub alloc: RefCell<CachingAllocator<DeviceBackend>>,
    /// Whether `memtrace on` is recording allocator events.
    pub tracing: std::cell::Cell<bool>,
    /// `torch.cuda.memory._record_memory_history()`: every allocator event
    /// since it was switched on, for `_snapshot()`'s `device_traces`.
    pub history: RefCell<Option<Vec<super::caching::AllocEvent>>>,
    /// The pinned host memory pool of this accelerator (`pin_memory()`).
    pub pinned: RefCell<super::pinned::PinnedPool>,
}

impl CudaDevice {
    /// The simulated device `cuda:0` with `capacity` bytes, configured from
    /// a `PYTORCH_CUDA_ALLOC_CONF`-format string.
    pub fn simulated(capacity: u64, conf: &str) -> Result<CudaDevice> {
        let config = AllocatorConfig::parse(conf)?;
        Ok(CudaDevice {
            index: 0,
            simulated: true,
            gpu: None,
            alloc: RefCell::new(CachingAllocator::new(DeviceBackend::Sim(SimBackend::new(capacity)), config).with_device(0)),
            tracing: std::cell::Cell::new(false),
            history: RefCell::new(None),
            pinned: RefCell::new(super::pinned::PinnedPool::new()),
        })
    }

    /// The real GPU `rt` as `cuda:0`, configured as [`CudaDevice::simulated`].
    pub fn real(rt: Rc<GpuRuntime>, conf: &str) -> Result<CudaDevice> {
        let config = AllocatorConfig::parse(conf)?;
        let index = rt.ordinal;
        Ok(CudaDevice {
            index,
            simulated: false,
            gpu: Some(rt.clone()),
            alloc: RefCell::new(CachingAllocator::new(DeviceBackend::Real(DriverBackend::new(rt)), config).with_device(index as i32)),
            tracing: std::cell::Cell::new(false),
            history: RefCell::new(None),
            pinned: RefCell::new(super::pinned::PinnedPool::new()),
        })
    }

    /// The device's name, as `torch.cuda.get_device_name()`.
    pub fn name(&self) -> String {
        match &self.gpu {
            Some(rt) => rt.name.clone(),
            None => "tsr simulated CUDA device".into(),
        }
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
    unavailable_because(None)
}

/// As [`unavailable`], naming why `--cuda auto|real` found no GPU.
pub fn unavailable_because(reason: Option<&str>) -> EngineError {
    let hint = match reason {
        Some(r) => format!("no usable GPU here ({r}): run tsr with `--cuda sim` to use its simulated CUDA device (PyTorch's caching allocator, deterministic addresses)"),
        None => "no GPU here: run tsr with `--cuda sim` to use its simulated CUDA device (PyTorch's caching allocator, deterministic addresses)".into(),
    };
    EngineError::runtime(
        "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx",
    )
    .with_hint(hint)
}
