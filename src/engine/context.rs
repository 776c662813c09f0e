//! The engine context: allocators, address mode and id counters for one session.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::alloc::addr::{StableAddrs, STABLE_CPU_BASE};
use super::alloc::cpu::CpuAllocator;
use super::alloc::cuda::{CudaDevice, CudaMode};

/// Settings chosen on the command line.
#[derive(Debug, Clone)]
pub struct EngineConfig {
    pub stable_addrs: bool,
    /// Upper bound on live host bytes (`--max-memory`).
    pub max_memory: u64,
    /// `--cuda`: whether a (simulated) CUDA device exists.
    pub cuda: CudaMode,
    /// `PYTORCH_CUDA_ALLOC_CONF` (or `--alloc-conf`) for the CUDA allocator.
    pub alloc_conf: String,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig { stable_addrs: false, max_memory: default_max_memory(), cuda: CudaMode::Off, alloc_conf: String::new() }
    }
}

/// Half of the machine's RAM (from /proc/meminfo), or 8 GiB when unknown.
pub fn default_max_memory() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        s.lines()
            .find(|l| l.starts_with("MemTotal:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
            .map(|kb| kb * 1024)
    });
    total.map(|t| t / 2).unwrap_or(8 << 30)
}

pub struct Context {
    pub cpu: Rc<CpuAllocator>,
    /// `cuda:0` when `--cuda sim` (None when CUDA is off).
    pub cuda: Option<Rc<CudaDevice>>,
    pub stable: Option<StableAddrs>,
    next_storage: Cell<u64>,
    /// PyTorch's CPU generator for `rand`/`randn`/`randint` (`manual_seed`).
    pub rng: RefCell<super::ops::random::Generator>,
}

impl Context {
    /// Fails only when the CUDA allocator configuration is invalid.
    pub fn try_new(cfg: &EngineConfig) -> crate::engine::error::Result<Self> {
        let cuda = match cfg.cuda {
            CudaMode::Off => None,
            CudaMode::Sim => Some(Rc::new(CudaDevice::simulated(cfg.max_memory, &cfg.alloc_conf)?)),
        };
        let mut c = Self::new(cfg);
        c.cuda = cuda;
        Ok(c)
    }

    /// The CUDA device `index`, or the "no CUDA" error.
    pub fn cuda_device(&self, index: u32) -> crate::engine::error::Result<Rc<CudaDevice>> {
        match &self.cuda {
            Some(d) if d.index == index => Ok(d.clone()),
            Some(_) => Err(crate::engine::error::EngineError::runtime(format!(
                "CUDA error: invalid device ordinal (tsr simulates one device, cuda:0; got cuda:{index})"
            ))),
            None => Err(super::alloc::cuda::unavailable()),
        }
    }

    pub fn new(cfg: &EngineConfig) -> Self {
        Context {
            cuda: None,
            cpu: Rc::new(CpuAllocator::new(cfg.max_memory)),
            stable: cfg.stable_addrs.then(|| StableAddrs::new(STABLE_CPU_BASE)),
            next_storage: Cell::new(1),
            rng: RefCell::new(super::ops::random::Generator::new(super::ops::random::DEFAULT_SEED)),
        }
    }

    pub fn next_storage_id(&self) -> u64 {
        let id = self.next_storage.get();
        self.next_storage.set(id + 1);
        id
    }
}
