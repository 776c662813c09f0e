//! A test double for the CUDA driver: "device" memory is host memory and a
//! launch calls the kernel from `kernels.cu` compiled for the host (through
//! `tests/cuda_on_host/shim.h` and `emulator.cpp`), one block after another
//! with one thread per block.
//!
//! It exists so the whole real-GPU path (device storages, the host mirror,
//! the caching allocator over a driver backend, `launch.rs` and the kernels
//! themselves) runs in tests on machines without a GPU. It is selected only
//! by the environment variable `TSR_CUDA_EMULATOR=<path to the .so>` together
//! with `--cuda real|auto`, and the device is named as an emulator everywhere.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::c_void;

use crate::engine::error::{EngineError, ErrorKind, Result};

/// Device pointers are aligned like `cudaMalloc`'s (at least 256; 512 here).
const ALIGN: usize = 512;

type LaunchFn = unsafe extern "C" fn(grid: u32, block: u32, params: *mut *mut c_void);

pub struct Emulator {
    lib: libloading::Library,
    pub capacity: u64,
    live: RefCell<HashMap<u64, Layout>>,
    used: std::cell::Cell<u64>,
}

impl Emulator {
    /// Loads the emulated kernels from the shared library at `path`.
    pub fn load(path: &str, capacity: u64) -> std::result::Result<Emulator, String> {
        // SAFETY: the library is tsr's own emulator.cpp built for the host;
        // loading it runs no initialisers beyond C++ statics.
        let lib = unsafe { libloading::Library::new(path) }.map_err(|e| format!("cannot load the CUDA emulator {path}: {e}"))?;
        Ok(Emulator { lib, capacity, live: RefCell::new(HashMap::new()), used: std::cell::Cell::new(0) })
    }

    pub fn malloc(&self, nbytes: usize) -> Result<u64> {
        let oom = || EngineError::new(ErrorKind::OutOfMemoryError, "CUDA error: out of memory");
        if self.used.get().saturating_add(nbytes as u64) > self.capacity {
            return Err(oom());
        }
        let layout = Layout::from_size_align(nbytes.max(1), ALIGN).map_err(|_| oom())?;
        // SAFETY: non-zero size.
        let p = unsafe { alloc_zeroed(layout) };
        if p.is_null() {
            return Err(oom());
        }
        self.live.borrow_mut().insert(p as u64, layout);
        self.used.set(self.used.get() + nbytes as u64);
        Ok(p as u64)
    }

    pub fn free(&self, ptr: u64) {
        if let Some(layout) = self.live.borrow_mut().remove(&ptr) {
            self.used.set(self.used.get().saturating_sub(layout.size() as u64));
            // SAFETY: allocated in `malloc` with this layout, freed once.
            unsafe { dealloc(ptr as *mut u8, layout) };
        }
    }

    pub fn mem_info(&self) -> (u64, u64) {
        (self.capacity - self.used.get().min(self.capacity), self.capacity)
    }

    /// The live block holding `[ptr, ptr + len)`, or an illegal-address error
    /// (what a real device reports for an out-of-bounds access).
    fn check(&self, ptr: u64, len: usize) -> Result<()> {
        let ok = self.live.borrow().iter().any(|(&base, l)| ptr >= base && ptr + len as u64 <= base + l.size() as u64);
        if ok || len == 0 { Ok(()) } else { Err(EngineError::runtime("CUDA error: an illegal memory access was encountered")) }
    }

    pub fn zero(&self, ptr: u64, nbytes: usize) -> Result<()> {
        self.check(ptr, nbytes)?;
        // SAFETY: checked to lie inside one live block.
        unsafe { std::ptr::write_bytes(ptr as *mut u8, 0, nbytes) };
        Ok(())
    }

    pub fn upload(&self, dst: u64, src: &[u8]) -> Result<()> {
        self.check(dst, src.len())?;
        // SAFETY: checked; host and "device" buffers never overlap.
        unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), dst as *mut u8, src.len()) };
        Ok(())
    }

    pub fn download(&self, dst: &mut [u8], src: u64) -> Result<()> {
        self.check(src, dst.len())?;
        // SAFETY: as in `upload`.
        unsafe { std::ptr::copy_nonoverlapping(src as *const u8, dst.as_mut_ptr(), dst.len()) };
        Ok(())
    }

    /// Calls `emu_<name>` from the library: the kernel, block by block.
    ///
    /// # Safety
    /// As [`super::runtime::GpuRuntime::launch`].
    pub unsafe fn launch(&self, name: &'static str, grid: u32, block: u32, params: &mut [*mut c_void]) -> Result<()> {
        let sym = format!("emu_{name}\0");
        // SAFETY: every emu_* symbol has the LaunchFn signature (emulator.cpp).
        let f: libloading::Symbol<LaunchFn> = unsafe { self.lib.get(sym.as_bytes()) }
            .map_err(|e| EngineError::runtime(format!("CUDA emulator has no kernel {name}: {e}")))?;
        // SAFETY: the caller's contract on params.
        unsafe { f(grid, block, params.as_mut_ptr()) };
        Ok(())
    }
}
