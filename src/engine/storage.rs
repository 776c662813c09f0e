//! Storage: an untyped byte buffer on one device, shared by every tensor that
//! views it. A storage knows nothing of shapes or dtypes.
//!
//! Invariants:
//! - Storage ids are assigned in creation order and never reused, so two
//!   tensors share memory if and only if their storage ids are equal.
//! - The version counter lives here: every in-place write through any view
//!   bumps it (PyTorch shares one counter between a base and its views).

use std::cell::{Cell, Ref, RefCell, RefMut};
use std::rc::Rc;

use super::alloc::cpu::CpuAllocator;
use super::alloc::host::HostBuffer;
use super::context::Context;
use super::device::Device;
use super::error::Result;

pub struct Storage {
    pub id: u64,
    pub device: Device,
    nbytes: usize,
    /// The address reported as `data_ptr` (real, or virtual in stable mode).
    addr: u64,
    buf: RefCell<HostBuffer>,
    version: Cell<u64>,
    allocator: Rc<CpuAllocator>,
}

impl Storage {
    /// Allocates `nbytes` zeroed bytes through the context's allocator.
    pub fn allocate(ctx: &Context, nbytes: usize) -> Result<Rc<Storage>> {
        let buf = ctx.cpu.allocate(nbytes)?;
        let addr = match &ctx.stable {
            Some(s) => s.take(nbytes),
            None => buf.addr(),
        };
        Ok(Rc::new(Storage {
            id: ctx.next_storage_id(),
            device: Device::Cpu,
            nbytes,
            addr,
            buf: RefCell::new(buf),
            version: Cell::new(0),
            allocator: ctx.cpu.clone(),
        }))
    }

    pub fn nbytes(&self) -> usize {
        self.nbytes
    }

    pub fn data_ptr(&self) -> u64 {
        self.addr
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

    /// Read access to the bytes. Callers never hold this across a `bytes_mut`.
    pub fn bytes(&self) -> Ref<'_, HostBuffer> {
        self.buf.borrow()
    }

    pub fn bytes_mut(&self) -> RefMut<'_, HostBuffer> {
        self.buf.borrow_mut()
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        self.allocator.release(self.nbytes);
    }
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Storage(S{}, {} bytes, {})", self.id, self.nbytes, self.device)
    }
}
