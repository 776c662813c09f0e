//! NVML, loaded at run time, for the one thing PyTorch asks it: which
//! processes hold memory on the GPU, for the out-of-memory message
//! (`reportProcessMemoryInfo` in `c10/cuda/CUDACachingAllocator.cpp`: the
//! device found by its PCI bus id, `nvmlDeviceGetComputeRunningProcesses`
//! with `nvmlProcessInfo_v1_t` records). Without libnvidia-ml the list is
//! empty and the message leaves that part out, as PyTorch's does.

use std::ffi::{c_char, c_int, c_uint, c_ulonglong, c_void, CString};
use std::sync::OnceLock;

/// `nvmlProcessInfo_v1_t`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
struct ProcessInfoV1 {
    pid: c_uint,
    used_gpu_memory: c_ulonglong,
}

const NVML_SUCCESS: c_int = 0;
const NVML_ERROR_INSUFFICIENT_SIZE: c_int = 7;

type Init = unsafe extern "C" fn() -> c_int;
type HandleByPci = unsafe extern "C" fn(*const c_char, *mut *mut c_void) -> c_int;
type RunningProcesses = unsafe extern "C" fn(*mut c_void, *mut c_uint, *mut ProcessInfoV1) -> c_int;

struct Nvml {
    _lib: libloading::Library,
    by_pci: HandleByPci,
    processes: RunningProcesses,
}

// SAFETY: NVML's functions are thread-safe; the library stays loaded for the process.
unsafe impl Send for Nvml {}
unsafe impl Sync for Nvml {}

fn nvml() -> Option<&'static Nvml> {
    static NVML: OnceLock<Option<Nvml>> = OnceLock::new();
    NVML.get_or_init(|| {
        // SAFETY: loading the NVIDIA management library runs only its initialisers.
        let lib = unsafe { libloading::Library::new("libnvidia-ml.so.1") }.ok()?;
        // SAFETY: the symbols have these C signatures in nvml.h.
        unsafe {
            let init: Init = *lib.get::<Init>(b"nvmlInit_v2\0").ok()?;
            let by_pci: HandleByPci = *lib.get::<HandleByPci>(b"nvmlDeviceGetHandleByPciBusId_v2\0").ok()?;
            let processes: RunningProcesses = *lib.get::<RunningProcesses>(b"nvmlDeviceGetComputeRunningProcesses\0").ok()?;
            if init() != NVML_SUCCESS {
                return None;
            }
            Some(Nvml { _lib: lib, by_pci, processes })
        }
    })
    .as_ref()
}

/// (pid, bytes in use) of every process with memory on the GPU at
/// `pci_bus_id`, in NVML's order; empty when NVML is missing or refuses.
pub fn running_processes(pci_bus_id: &str) -> Vec<(u32, u64)> {
    let Some(n) = nvml() else { return vec![] };
    let Ok(id) = CString::new(pci_bus_id) else { return vec![] };
    let mut dev: *mut c_void = std::ptr::null_mut();
    // SAFETY: id is NUL-terminated; dev receives a handle.
    if unsafe { (n.by_pci)(id.as_ptr(), &mut dev) } != NVML_SUCCESS {
        return vec![];
    }
    let mut procs = vec![ProcessInfoV1::default(); 8];
    loop {
        let mut size = procs.len() as c_uint;
        // SAFETY: procs holds `size` records for NVML to fill.
        let r = unsafe { (n.processes)(dev, &mut size, procs.as_mut_ptr()) };
        if r == NVML_ERROR_INSUFFICIENT_SIZE && (size as usize) > procs.len() && size < 65536 {
            procs.resize(size as usize, ProcessInfoV1::default());
            continue;
        }
        if r != NVML_SUCCESS {
            return vec![];
        }
        procs.truncate(size as usize);
        return procs.iter().map(|p| (p.pid, p.used_gpu_memory)).collect();
    }
}
