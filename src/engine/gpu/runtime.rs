//! One GPU as tsr uses it (device 0): allocation, copies and synchronous
//! kernel launches, over either the CUDA driver ([`super::driver`]) or, in
//! tests on machines without a GPU, the host emulator ([`super::emulator`]).
//! Callers never see which.

use std::ffi::c_void;
use std::rc::Rc;

use super::driver::{guarded, CudaDriver};
use super::emulator::Emulator;
use crate::engine::error::Result;

/// Threads per block for every launch (a power of two, as `sum_*` needs).
pub const BLOCK: u32 = 256;
/// Upper bound on blocks per launch; grid-stride loops cover the rest.
pub const MAX_BLOCKS: u32 = 4096;

/// Environment variable naming the emulator library (tests only).
pub const EMULATOR_ENV: &str = "TSR_CUDA_EMULATOR";

/// What the GPU did, for `memtrace` (recorded only while it is on).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GpuEvent {
    /// A kernel over `n` elements with `grid` blocks of [`BLOCK`] threads.
    Kernel { name: &'static str, n: u64, grid: u32 },
    /// Host-to-device copy of `bytes` bytes to `addr`.
    Upload { addr: u64, bytes: usize },
    /// Device-to-host copy of `bytes` bytes from `addr`.
    Download { addr: u64, bytes: usize },
}

enum Dev {
    Cuda(CudaDriver),
    Emulated(Emulator),
}

pub struct GpuRuntime {
    pub ordinal: u32,
    /// The device's name, as `torch.cuda.get_device_name()`.
    pub name: String,
    /// Total device memory in bytes.
    pub total_memory: u64,
    dev: Dev,
    recording: std::cell::Cell<bool>,
    events: std::cell::RefCell<Vec<GpuEvent>>,
}

thread_local! {
    /// The probe's outcome, shared by every session on this thread (the
    /// REPL's `:reset` keeps the device and its context).
    static SHARED: std::cell::OnceCell<std::result::Result<Rc<GpuRuntime>, String>> = const { std::cell::OnceCell::new() };
}

impl GpuRuntime {
    /// The GPU of this process, probed once ([`GpuRuntime::probe`]).
    pub fn shared() -> std::result::Result<Rc<GpuRuntime>, String> {
        SHARED.with(|c| c.get_or_init(|| GpuRuntime::probe().map(Rc::new)).clone())
    }

    /// Finds device 0 through the CUDA driver, or loads the host emulator
    /// when `TSR_CUDA_EMULATOR` names one. Err says why there is no GPU.
    pub fn probe() -> std::result::Result<GpuRuntime, String> {
        if let Some(path) = std::env::var_os(EMULATOR_ENV) {
            let path = path.to_string_lossy().into_owned();
            let capacity = 1u64 << 30;
            let emu = guarded("loading the CUDA emulator", || Emulator::load(&path, capacity))?;
            return Ok(GpuRuntime {
                ordinal: 0,
                name: "tsr CUDA emulator: kernels.cu on the host, for tests".into(),
                total_memory: capacity,
                dev: Dev::Emulated(emu),
                recording: Default::default(),
                events: Default::default(),
            });
        }
        let d = CudaDriver::probe()?;
        Ok(GpuRuntime {
            ordinal: 0,
            name: d.name.clone(),
            total_memory: d.total_memory,
            dev: Dev::Cuda(d),
            recording: Default::default(),
            events: Default::default(),
        })
    }

    /// Starts or stops recording [`GpuEvent`]s (and drops any recorded).
    pub fn set_recording(&self, on: bool) {
        self.recording.set(on);
        self.events.borrow_mut().clear();
    }

    /// The events recorded since the last drain.
    pub fn drain_events(&self) -> Vec<GpuEvent> {
        std::mem::take(&mut *self.events.borrow_mut())
    }

    fn record(&self, e: GpuEvent) {
        if self.recording.get() {
            self.events.borrow_mut().push(e);
        }
    }

    /// Whether this is the host emulator rather than a GPU.
    pub fn emulated(&self) -> bool {
        matches!(self.dev, Dev::Emulated(_))
    }

    /// `cuMemAlloc`: a fresh device segment.
    pub fn malloc(&self, nbytes: usize) -> Result<u64> {
        match &self.dev {
            Dev::Cuda(d) => d.malloc(nbytes),
            Dev::Emulated(e) => e.malloc(nbytes),
        }
    }

    /// `cuMemFree` of a pointer from [`GpuRuntime::malloc`].
    pub fn free(&self, ptr: u64) {
        match &self.dev {
            Dev::Cuda(d) => d.free(ptr),
            Dev::Emulated(e) => e.free(ptr),
        }
    }

    /// `cuMemGetInfo`: (free, total) bytes on the device.
    pub fn mem_info(&self) -> Result<(u64, u64)> {
        match &self.dev {
            Dev::Cuda(d) => d.mem_info(),
            Dev::Emulated(e) => Ok(e.mem_info()),
        }
    }

    /// (pid, bytes) of each process holding memory on this GPU, as NVML
    /// lists them; empty on the emulator or without NVML.
    pub fn running_processes(&self) -> Vec<(u32, u64)> {
        match &self.dev {
            Dev::Cuda(d) if !d.pci_bus_id.is_empty() => super::nvml::running_processes(&d.pci_bus_id),
            _ => vec![],
        }
    }

    /// `cuMemsetD8(ptr, 0, nbytes)`: fresh storages start zeroed, as on the CPU.
    pub fn zero(&self, ptr: u64, nbytes: usize) -> Result<()> {
        if nbytes == 0 {
            return Ok(());
        }
        match &self.dev {
            Dev::Cuda(d) => d.zero(ptr, nbytes),
            Dev::Emulated(e) => e.zero(ptr, nbytes),
        }
    }

    /// Host to device: `src` into device memory at `dst`.
    pub fn upload(&self, dst: u64, src: &[u8]) -> Result<()> {
        if src.is_empty() {
            return Ok(());
        }
        self.record(GpuEvent::Upload { addr: dst, bytes: src.len() });
        match &self.dev {
            Dev::Cuda(d) => d.upload(dst, src),
            Dev::Emulated(e) => e.upload(dst, src),
        }
    }

    /// Device to host: device memory at `src` into `dst`.
    pub fn download(&self, dst: &mut [u8], src: u64) -> Result<()> {
        if dst.is_empty() {
            return Ok(());
        }
        self.record(GpuEvent::Download { addr: src, bytes: dst.len() });
        match &self.dev {
            Dev::Cuda(d) => d.download(dst, src),
            Dev::Emulated(e) => e.download(dst, src),
        }
    }

    /// Launches kernel `name` over `n` elements (grid-stride; `blocks`
    /// overrides the grid size) and waits for it.
    ///
    /// # Safety
    /// `params` must match the kernel's signature in `kernels.cu`, and every
    /// pointer in them must address enough live device memory for `n`
    /// elements at the strides passed.
    pub unsafe fn launch(&self, name: &'static str, n: u64, blocks: Option<u32>, params: &mut [*mut c_void]) -> Result<()> {
        let grid = blocks.unwrap_or_else(|| n.div_ceil(BLOCK as u64).clamp(1, MAX_BLOCKS as u64) as u32);
        self.record(GpuEvent::Kernel { name, n, grid });
        // SAFETY: forwarded contract.
        unsafe {
            match &self.dev {
                Dev::Cuda(d) => d.launch(name, grid, BLOCK, params),
                Dev::Emulated(e) => e.launch(name, grid, BLOCK, params),
            }
        }
    }
}
