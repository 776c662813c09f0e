//! The engine context: allocators, address mode and id counters for one session.

use std::cell::{Cell, OnceCell, RefCell};
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
    /// `--cuda`: none, the simulated device, a real GPU, or a real GPU when
    /// one is found (probed on first use).
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
    cuda_mode: CudaMode,
    alloc_conf: String,
    /// `cuda:0`, resolved on first use: the device, or why there is none
    /// (None: CUDA is off).
    cuda: OnceCell<std::result::Result<Rc<CudaDevice>, Option<String>>>,
    pub stable: Option<StableAddrs>,
    next_storage: Cell<u64>,
    /// PyTorch's CPU generator for `rand`/`randn`/`randint` (`manual_seed`).
    pub rng: RefCell<super::ops::random::Generator>,
}

impl Context {
    /// Fails only when the CUDA allocator configuration is invalid (checked
    /// at once for the simulated device; a real one is probed on first use).
    pub fn try_new(cfg: &EngineConfig) -> crate::engine::error::Result<Self> {
        super::alloc::caching::AllocatorConfig::parse(&cfg.alloc_conf)?;
        let c = Self::new(cfg);
        if cfg.cuda == CudaMode::Sim {
            let dev = CudaDevice::simulated(cfg.max_memory, &cfg.alloc_conf)?;
            let _ = c.cuda.set(Ok(Rc::new(dev)));
        }
        Ok(c)
    }

    fn cuda_state(&self) -> &std::result::Result<Rc<CudaDevice>, Option<String>> {
        self.cuda.get_or_init(|| match self.cuda_mode {
            CudaMode::Off => Err(None),
            CudaMode::Sim => CudaDevice::simulated(self.cpu.cap, &self.alloc_conf).map(Rc::new).map_err(|e| Some(e.message)),
            CudaMode::Real | CudaMode::Auto => {
                let rt = crate::engine::gpu::GpuRuntime::shared().map_err(Some)?;
                CudaDevice::real(rt, &self.alloc_conf).map(Rc::new).map_err(|e| Some(e.message))
            }
        })
    }

    /// `cuda:0` if this session has one (probing for a GPU under `auto`).
    pub fn cuda(&self) -> Option<&Rc<CudaDevice>> {
        self.cuda_state().as_ref().ok()
    }

    /// `cuda:0` if it is already set up (never probes: for per-statement
    /// checks such as `memtrace`).
    pub fn cuda_if_ready(&self) -> Option<&Rc<CudaDevice>> {
        self.cuda.get().and_then(|r| r.as_ref().ok())
    }

    /// The CUDA device `index`, or the "no CUDA" error (with the probe's reason).
    pub fn cuda_device(&self, index: u32) -> crate::engine::error::Result<Rc<CudaDevice>> {
        match self.cuda_state() {
            Ok(d) if d.index == index => Ok(d.clone()),
            Ok(d) => Err(crate::engine::error::EngineError::runtime(format!(
                "CUDA error: invalid device ordinal (tsr uses one device, cuda:0 ({}); got cuda:{index})",
                if d.simulated { "simulated" } else { "real" }
            ))),
            Err(reason) => Err(super::alloc::cuda::unavailable_because(reason.as_deref())),
        }
    }

    pub fn new(cfg: &EngineConfig) -> Self {
        Context {
            cuda_mode: cfg.cuda,
            alloc_conf: cfg.alloc_conf.clone(),
            cuda: OnceCell::new(),
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
