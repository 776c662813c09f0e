//! The CUDA driver through cudarc: device 0's primary context, synchronous
//! copies, and the kernels of `kernels.cu` compiled with NVRTC on first use.
//!
//! cudarc's `dynamic-loading` panics when a library or symbol is missing, so
//! every first contact with the driver or NVRTC runs under `catch_unwind` and
//! turns into an error with a reason.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::ffi::{c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use cudarc::driver::{result, sys};

use crate::engine::error::{EngineError, ErrorKind, Result};

/// The kernels, compiled by NVRTC the first time one is launched.
pub const KERNELS_CU: &str = include_str!("kernels.cu");

pub struct CudaDriver {
    pub name: String,
    pub total_memory: u64,
    /// The device's PCI bus id ("0000:19:00.0"), how NVML finds it.
    pub pci_bus_id: String,
    ctx: sys::CUcontext,
    /// The compiled module, or why it could not be built.
    module: OnceCell<std::result::Result<sys::CUmodule, String>>,
    functions: RefCell<HashMap<&'static str, sys::CUfunction>>,
}

/// Runs `f`, turning a panic (a missing library or symbol) into Err.
pub fn guarded<T>(what: &str, f: impl FnOnce() -> std::result::Result<T, String>) -> std::result::Result<T, String> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown failure".into());
            Err(format!("{what}: {msg}"))
        }
    }
}

fn driver_msg(e: result::DriverError) -> String {
    let name = e.error_name().map(|c| c.to_string_lossy().into_owned()).unwrap_or_else(|_| format!("{:?}", e.0));
    let text = e.error_string().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
    if text.is_empty() { name } else { format!("{name} ({text})") }
}

/// A CUDA error as the engine reports it ("CUDA error: out of memory").
fn cuda_error(e: result::DriverError) -> EngineError {
    let text = e.error_string().map(|c| c.to_string_lossy().into_owned()).unwrap_or_else(|_| format!("{:?}", e.0));
    let kind = if e.0 == sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY { ErrorKind::OutOfMemoryError } else { ErrorKind::RuntimeError };
    EngineError::new(kind, format!("CUDA error: {text}"))
}

impl CudaDriver {
    /// Finds the driver library and device 0 and makes its primary context
    /// current. Err says why not (no libcuda, no device, driver failure).
    pub fn probe() -> std::result::Result<CudaDriver, String> {
        guarded("loading the CUDA driver", || {
            // SAFETY: only asks whether the library can be opened.
            if !unsafe { sys::is_culib_present() } {
                return Err("the CUDA driver library (libcuda.so) was not found".into());
            }
            result::init().map_err(|e| format!("cuInit failed: {}", driver_msg(e)))?;
            let count = result::device::get_count().map_err(|e| format!("cuDeviceGetCount failed: {}", driver_msg(e)))?;
            if count < 1 {
                return Err("the CUDA driver reports no GPU".into());
            }
            let dev = result::device::get(0).map_err(|e| format!("cuDeviceGet(0) failed: {}", driver_msg(e)))?;
            let name = result::device::get_name(dev).unwrap_or_else(|_| "CUDA device 0".into());
            // SAFETY: `dev` came from cuDeviceGet.
            let total_memory = unsafe { result::device::total_mem(dev) }.map_err(|e| format!("cuDeviceTotalMem failed: {}", driver_msg(e)))? as u64;
            let mut pci = [0 as std::ffi::c_char; 32];
            // SAFETY: the buffer holds 32 bytes; the driver writes a NUL-terminated id.
            let pci_bus_id = match unsafe { sys::cuDeviceGetPCIBusId(pci.as_mut_ptr(), pci.len() as i32, dev) } {
                sys::CUresult::CUDA_SUCCESS => unsafe { std::ffi::CStr::from_ptr(pci.as_ptr()) }.to_string_lossy().into_owned(),
                _ => String::new(),
            };
            // SAFETY: as above; the primary context is retained for the process lifetime.
            let ctx = unsafe { result::primary_ctx::retain(dev) }.map_err(|e| format!("cuDevicePrimaryCtxRetain failed: {}", driver_msg(e)))?;
            // SAFETY: ctx was just retained.
            unsafe { result::ctx::set_current(ctx) }.map_err(|e| format!("cuCtxSetCurrent failed: {}", driver_msg(e)))?;
            Ok(CudaDriver { name, total_memory, pci_bus_id, ctx, module: OnceCell::new(), functions: RefCell::new(HashMap::new()) })
        })
    }

    /// Makes this device's context current on the calling thread.
    fn bind(&self) -> Result<()> {
        // SAFETY: ctx is a retained primary context, never released.
        unsafe { result::ctx::set_current(self.ctx) }.map_err(cuda_error)
    }

    pub fn malloc(&self, nbytes: usize) -> Result<u64> {
        self.bind()?;
        // SAFETY: plain allocation; the caller frees it with `free`.
        unsafe { result::malloc_sync(nbytes) }.map_err(cuda_error)
    }

    pub fn free(&self, ptr: u64) {
        if self.bind().is_ok() {
            // SAFETY: ptr came from malloc and is freed once (the allocator's contract).
            let _ = unsafe { result::free_sync(ptr) };
        }
    }

    pub fn mem_info(&self) -> Result<(u64, u64)> {
        self.bind()?;
        let (free, total) = result::mem_get_info().map_err(cuda_error)?;
        Ok((free as u64, total as u64))
    }

    pub fn zero(&self, ptr: u64, nbytes: usize) -> Result<()> {
        self.bind()?;
        // SAFETY: ptr addresses >= nbytes bytes of a live block.
        unsafe { result::memset_d8_sync(ptr, 0, nbytes) }.map_err(cuda_error)
    }

    pub fn upload(&self, dst: u64, src: &[u8]) -> Result<()> {
        self.bind()?;
        // SAFETY: dst points at >= src.len() bytes of a live block.
        unsafe { result::memcpy_htod_sync(dst, src) }.map_err(cuda_error)
    }

    pub fn download(&self, dst: &mut [u8], src: u64) -> Result<()> {
        self.bind()?;
        // SAFETY: src points at >= dst.len() bytes of a live block.
        unsafe { result::memcpy_dtoh_sync(dst, src) }.map_err(cuda_error)
    }

    /// The kernel `name` from `kernels.cu`, compiling the module on first use.
    fn function(&self, name: &'static str) -> Result<sys::CUfunction> {
        if let Some(f) = self.functions.borrow().get(name) {
            return Ok(*f);
        }
        let module = self.module.get_or_init(|| self.compile()).clone().map_err(EngineError::runtime)?;
        let cname = CString::new(name).map_err(|_| EngineError::runtime("bad kernel name"))?;
        // SAFETY: module is a loaded module; cname is NUL-terminated.
        let f = unsafe { result::module::get_function(module, cname) }.map_err(cuda_error)?;
        self.functions.borrow_mut().insert(name, f);
        Ok(f)
    }

    fn compile(&self) -> std::result::Result<sys::CUmodule, String> {
        guarded("compiling tsr's CUDA kernels", || {
            // SAFETY: only asks whether the library can be opened.
            if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
                return Err("NVRTC (libnvrtc.so) was not found, so tsr cannot compile its CUDA kernels; install the CUDA runtime libraries or use --cuda sim".into());
            }
            let opts = cudarc::nvrtc::CompileOptions { name: Some("tsr_kernels.cu".into()), ..Default::default() };
            let ptx = cudarc::nvrtc::compile_ptx_with_opts(KERNELS_CU, opts).map_err(|e| format!("NVRTC failed: {e:?}"))?;
            let src = CString::new(ptx.to_src()).map_err(|_| "PTX contains NUL".to_string())?;
            self.bind().map_err(|e| e.message)?;
            // SAFETY: src is a NUL-terminated PTX image.
            unsafe { result::module::load_data(src.as_ptr() as *const c_void) }.map_err(|e| format!("cuModuleLoadData failed: {}", driver_msg(e)))
        })
    }

    /// Launches `name` with `grid` blocks of `block` threads and waits.
    ///
    /// # Safety
    /// As [`super::runtime::GpuRuntime::launch`].
    pub unsafe fn launch(&self, name: &'static str, grid: u32, block: u32, params: &mut [*mut c_void]) -> Result<()> {
        let f = self.function(name)?;
        self.bind()?;
        // SAFETY: the caller's contract; the default stream is synchronised below.
        unsafe { result::launch_kernel(f, (grid, 1, 1), (block, 1, 1), 0, std::ptr::null_mut(), params) }.map_err(cuda_error)?;
        result::ctx::synchronize().map_err(cuda_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NVRTC compiles `kernels.cu` to PTX. NVRTC needs no GPU, only its
    /// library (e.g. from a CUDA toolkit, or the `nvidia-cuda-nvrtc-cu12`
    /// wheel on LD_LIBRARY_PATH); without it the test prints why it skipped.
    #[test]
    fn kernels_compile_with_nvrtc() {
        // SAFETY: only asks whether the library can be opened.
        let present = guarded("probing NVRTC", || Ok(unsafe { cudarc::nvrtc::sys::is_culib_present() })).unwrap_or(false);
        if !present {
            eprintln!("skipped: NVRTC (libnvrtc.so) not found on this machine");
            return;
        }
        let opts = cudarc::nvrtc::CompileOptions { name: Some("tsr_kernels.cu".into()), arch: Some("compute_90"), ..Default::default() };
        let ptx = cudarc::nvrtc::compile_ptx_with_opts(KERNELS_CU, opts).unwrap_or_else(|e| panic!("NVRTC rejected kernels.cu: {e:?}"));
        let src = ptx.to_src();
        if let Some(path) = std::env::var_os("TSR_DUMP_PTX") {
            std::fs::write(path, &src).expect("write PTX");
        }
        // Every kernel the launchers name is in the module, unmangled.
        for name in ["copy_1", "copy_8", "cast_f32_i64", "cast_u8_b8", "binary_f32", "compare_i64", "unary_f64", "sum_f32", "sum_i32", "reduce_f32", "reduce_b8", "matmul_f32", "matmul_f64"] {
            assert!(src.contains(&format!(".entry {name}(")), "PTX has no entry {name}");
        }
    }
}
