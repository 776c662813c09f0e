//! Storage: an untyped byte buffer on one device, shared by every tensor that
//! views it. A storage knows nothing of shapes or dtypes.
//!
//! Invariants:
//! - Storage ids are assigned in creation order and never reused, so two
//!   tensors share memory if and only if their storage ids are equal.
//! - The version counter lives here: every in-place write through any view
//!   bumps it (PyTorch shares one counter between a base and its views).
//! - On a real GPU the device memory is the truth. The host buffer is a
//!   mirror for host-side code (printing, and ops without a GPU kernel):
//!   `bytes()` downloads it when a kernel wrote the device since the last
//!   download, and the guard from `bytes_mut()` uploads it when dropped.

use std::cell::{Cell, Ref, RefCell, RefMut};
use std::ops::{Deref, DerefMut};
use std::rc::Rc;

use super::alloc::cpu::CpuAllocator;
use super::alloc::cuda::CudaDevice;
use super::alloc::host::HostBuffer;
use super::context::Context;
use super::device::Device;
use super::error::Result;
use super::gpu::GpuRuntime;

pub struct Storage {
    pub id: u64,
    pub device: Device,
    /// Grows only by `resize_` ([`Storage::grow`]).
    nbytes: Cell<usize>,
    /// The address reported as `data_ptr` (real, or virtual in stable mode;
    /// for CUDA the caching allocator's block address).
    addr: Cell<u64>,
    buf: RefCell<HostBuffer>,
    version: Cell<u64>,
    home: Home,
    /// The GPU whose memory at `addr` holds the bytes (real CUDA only).
    gpu: Option<Rc<GpuRuntime>>,
    /// Real CUDA: whether `buf` equals the device bytes.
    host_valid: Cell<bool>,
    /// Moved to shared memory by `share_memory_()`.
    shared: Cell<bool>,
}

/// Write access to a storage's bytes; on a real GPU, dropping it uploads
/// the host mirror to the device.
pub struct BytesMut<'a> {
    buf: RefMut<'a, HostBuffer>,
    upload: Option<(&'a GpuRuntime, u64)>,
}

impl Deref for BytesMut<'_> {
    type Target = HostBuffer;
    fn deref(&self) -> &HostBuffer {
        &self.buf
    }
}

impl DerefMut for BytesMut<'_> {
    fn deref_mut(&mut self) -> &mut HostBuffer {
        &mut self.buf
    }
}

impl Drop for BytesMut<'_> {
    fn drop(&mut self) {
        if let Some((rt, addr)) = self.upload {
            // A failed upload leaves the device as it was; the next kernel
            // error (or the driver's own) will report the device's state.
            let _ = rt.upload(addr, self.buf.bytes());
        }
    }
}

/// Which allocator a storage returns its memory to when dropped.
enum Home {
    Cpu(Rc<CpuAllocator>),
    Cuda(Rc<CudaDevice>),
    /// A block of the accelerator's pinned host pool (`pin_memory()`).
    Pinned(Rc<CudaDevice>),
}

impl Storage {
    /// Allocates `nbytes` zeroed bytes on the CPU.
    pub fn allocate(ctx: &Context, nbytes: usize) -> Result<Rc<Storage>> {
        Self::allocate_on(ctx, Device::Cpu, nbytes, "")
    }

    /// Allocates `nbytes` zeroed bytes on `device`; `owner` tags the CUDA block.
    pub fn allocate_on(ctx: &Context, device: Device, nbytes: usize, owner: &str) -> Result<Rc<Storage>> {
        if let Device::Cuda(i) = device {
            let dev = ctx.cuda_device(i)?;
            let addr = dev.malloc(nbytes, owner)?;
            if let Some(rt) = &dev.gpu
                && let Err(e) = rt.zero(addr, nbytes)
            {
                dev.free(addr);
                return Err(e);
            }
            let buf = match HostBuffer::zeroed(nbytes) {
                Some(b) => b,
                None => {
                    dev.free(addr);
                    return Err(crate::engine::error::EngineError::new(
                        crate::engine::error::ErrorKind::OutOfMemoryError,
                        format!("cannot back a CUDA block of {nbytes} bytes with host memory"),
                    ));
                }
            };
            let gpu = dev.gpu.clone();
            return Ok(Rc::new(Storage {
                id: ctx.next_storage_id(),
                device,
                nbytes: Cell::new(nbytes),
                addr: Cell::new(addr),
                buf: RefCell::new(buf),
                version: Cell::new(0),
                home: Home::Cuda(dev),
                gpu,
                host_valid: Cell::new(true),
                shared: Cell::new(false),
            }));
        }
        let buf = ctx.cpu.allocate(nbytes)?;
        let addr = match &ctx.stable {
            Some(s) => s.take(nbytes),
            None => buf.addr(),
        };
        let id = ctx.next_storage_id();
        if nbytes > 0 {
            ctx.cpu.register(id, addr, nbytes);
        }
        Ok(Rc::new(Storage {
            id,
            device: Device::Cpu,
            nbytes: Cell::new(nbytes),
            addr: Cell::new(addr),
            buf: RefCell::new(buf),
            version: Cell::new(0),
            home: Home::Cpu(ctx.cpu.clone()),
            gpu: None,
            host_valid: Cell::new(true),
            shared: Cell::new(false),
        }))
    }

    /// "cpu (64-byte aligned)" or the CUDA allocator's name, for reports.
    pub fn allocator_name(&self) -> &'static str {
        match &self.home {
            Home::Cpu(_) if self.shared.get() => "cpu shared memory (share_memory_)",
            Home::Cpu(_) => "cpu (64-byte aligned)",
            Home::Cuda(d) if d.simulated => "cuda caching allocator (simulated device)",
            Home::Cuda(_) => "cuda caching allocator",
            Home::Pinned(_) => "pinned host memory (caching host allocator)",
        }
    }

    pub fn nbytes(&self) -> usize {
        self.nbytes.get()
    }

    /// In the pinned host pool (`pin_memory()`).
    pub fn pinned(&self) -> bool {
        matches!(self.home, Home::Pinned(_))
    }

    /// A CPU storage of `nbytes` in the pinned host pool of the CUDA device
    /// (simulated or real): PyTorch's error when there is none.
    pub fn allocate_pinned(ctx: &Context, nbytes: usize) -> Result<Rc<Storage>> {
        let dev = ctx.cuda_device(0).map_err(|_| {
            crate::engine::error::EngineError::runtime("Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx")
                .with_hint("pinned memory belongs to a CUDA device; run with --cuda sim for tsr's simulated one")
        })?;
        ctx.cpu.check_host(nbytes as u128)?;
        let buf = HostBuffer::zeroed(nbytes).ok_or_else(|| crate::engine::error::EngineError::new(crate::engine::error::ErrorKind::OutOfMemoryError, format!("cannot allocate {nbytes} bytes of pinned memory")))?;
        let addr = dev.pinned.borrow_mut().allocate(nbytes);
        Ok(Rc::new(Storage {
            id: ctx.next_storage_id(),
            device: Device::Cpu,
            nbytes: Cell::new(nbytes),
            addr: Cell::new(addr),
            buf: RefCell::new(buf),
            version: Cell::new(0),
            home: Home::Pinned(dev),
            gpu: None,
            host_valid: Cell::new(true),
            shared: Cell::new(false),
        }))
    }

    /// A non-blocking copy from this pinned storage was issued on a stream.
    pub fn record_stream(&self) {
        if let Home::Pinned(d) = &self.home {
            d.pinned.borrow_mut().record_stream(self.addr.get());
        }
    }

    /// `share_memory_()`: the bytes move to a fresh allocation (a new
    /// `data_ptr`, the same storage) marked shared; a second call does
    /// nothing. tsr has no other process to share with.
    pub fn share(&self, ctx: &Context) -> Result<()> {
        if self.shared.get() || !matches!(self.home, Home::Cpu(_)) {
            self.shared.set(true);
            return Ok(());
        }
        let mut fresh = ctx.cpu.allocate(self.nbytes.get())?;
        fresh.bytes_mut().copy_from_slice(self.buf.borrow().bytes());
        let addr = match &ctx.stable {
            Some(s) => s.take(self.nbytes.get()),
            None => fresh.addr(),
        };
        if let Home::Cpu(a) = &self.home {
            a.release(self.nbytes.get());
            a.unregister(self.id);
            if self.nbytes.get() > 0 {
                a.register(self.id, addr, self.nbytes.get());
            }
        }
        *self.buf.borrow_mut() = fresh;
        self.addr.set(addr);
        self.shared.set(true);
        Ok(())
    }

    /// `resize_` past the end: the bytes move to a fresh, larger allocation
    /// (a new `data_ptr`, the same storage, so every view sees it), the old
    /// bytes copied and the new ones zeroed (PyTorch leaves them
    /// uninitialized). CPU only.
    pub fn grow(&self, ctx: &Context, nbytes: usize) -> Result<()> {
        let old = self.nbytes.get();
        if nbytes <= old {
            return Ok(());
        }
        let Home::Cpu(a) = &self.home else {
            return Err(crate::engine::error::EngineError::runtime(format!("tsr grows only CPU storages in resize_ (this one is {})", self.allocator_name())));
        };
        let mut fresh = ctx.cpu.allocate(nbytes)?;
        fresh.bytes_mut()[..old].copy_from_slice(&self.buf.borrow().bytes()[..old]);
        let addr = match &ctx.stable {
            Some(s) => s.take(nbytes),
            None => fresh.addr(),
        };
        a.release(old);
        a.unregister(self.id);
        a.register(self.id, addr, nbytes);
        *self.buf.borrow_mut() = fresh;
        self.addr.set(addr);
        self.nbytes.set(nbytes);
        Ok(())
    }

    /// In shared memory (`share_memory_()`).
    pub fn shared(&self) -> bool {
        self.shared.get()
    }

    pub fn data_ptr(&self) -> u64 {
        self.addr.get()
    }

    pub fn version(&self) -> u64 {
        self.version.get()
    }

    /// Resets the counter (a factory's own fill is not a user write).
    pub fn reset_version(&self) {
        self.version.set(0);
    }

    pub fn bump_version(&self) {
        self.version.set(self.version.get() + 1);
    }

    /// Sets the version counter (an op run element by element counts once).
    pub fn set_version(&self, v: u64) {
        self.version.set(v);
    }

    /// Read access to the bytes. Callers never hold this across a `bytes_mut`.
    pub fn bytes(&self) -> Ref<'_, HostBuffer> {
        self.sync_host();
        self.buf.borrow()
    }

    pub fn bytes_mut(&self) -> BytesMut<'_> {
        self.sync_host();
        BytesMut { buf: self.buf.borrow_mut(), upload: self.gpu.as_deref().map(|rt| (rt, self.addr.get())) }
    }

    /// The GPU holding this storage's bytes (real CUDA only).
    pub fn gpu(&self) -> Option<&Rc<GpuRuntime>> {
        self.gpu.as_ref()
    }

    /// A GPU kernel wrote the device bytes: the host mirror is stale.
    pub fn device_written(&self) {
        if self.gpu.is_some() {
            self.host_valid.set(false);
        }
    }

    /// Real CUDA: refreshes the host mirror from the device if stale.
    fn sync_host(&self) {
        let Some(rt) = &self.gpu else { return };
        if self.host_valid.get() {
            return;
        }
        if let Ok(mut b) = self.buf.try_borrow_mut()
            && rt.download(b.bytes_mut(), self.addr.get()).is_ok()
        {
            self.host_valid.set(true);
        }
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        match &self.home {
            Home::Cpu(a) => {
                a.release(self.nbytes.get());
                a.unregister(self.id);
            }
            Home::Cuda(d) => d.free(self.addr.get()),
            Home::Pinned(d) => d.pinned.borrow_mut().free(self.addr.get()),
        }
    }
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Storage(S{}, {} bytes, {})", self.id, self.nbytes.get(), self.device)
    }
}
