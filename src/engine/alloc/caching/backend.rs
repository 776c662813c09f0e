//! Where segments come from: the [`SegmentBackend`] trait (`cudaMalloc`,
//! `cudaFree`, `cudaMemGetInfo`) and [`SimBackend`], a simulated device.

use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::collections::BTreeMap;
use std::ptr::NonNull;

/// A device that hands out whole segments. The caching allocator is the only
/// caller; it frees exactly the `(addr, size)` pairs it was given. Contract:
/// live segments never overlap and no segment starts at address 0.
#[allow(clippy::result_unit_err)]
pub trait SegmentBackend {
    /// Reserve `size` bytes of device memory; Err(()) when the device is out of memory.
    fn alloc_segment(&mut self, size: usize) -> Result<u64 /*device address*/, ()>;
    fn free_segment(&mut self, addr: u64, size: usize);
    fn total_memory(&self) -> u64;
    fn free_memory(&self) -> u64;
    /// (pid, bytes in use) of every process holding memory on the device, as
    /// NVML lists them for PyTorch's out-of-memory message (empty where there
    /// is no NVML: PyTorch then says nothing of them).
    fn running_processes(&self) -> Vec<(u32, u64)>;
}

/// Virtual base address of the simulated device's memory.
pub const SIM_DEVICE_BASE: u64 = 0x7f00_0000_0000;
/// Simulated segments start on multiples of this (2 MiB, as CUDA's large pages).
pub const SIM_SEGMENT_ALIGN: u64 = 2 * 1024 * 1024;
/// Default capacity of a [`SimBackend`]: 16 GiB, a mid-size GPU. Host memory
/// is only committed for segments actually reserved (and zero pages are lazy).
pub const SIM_DEFAULT_CAPACITY: u64 = 16 * 1024 * 1024 * 1024;

/// Host memory behind one simulated segment: zeroed, 64-byte aligned.
struct HostSegment {
    raw: NonNull<u8>,
    layout: Layout,
    /// `raw` advanced to the first 64-byte boundary.
    ptr: NonNull<u8>,
    len: usize,
}

impl HostSegment {
    fn zeroed(len: usize) -> Option<HostSegment> {
        // Align 16 lets the system allocator use calloc (lazily zeroed pages);
        // 64 spare bytes leave room to align the start to 64.
        let layout = Layout::from_size_align(len.max(1).checked_add(64)?, 16).ok()?;
        // SAFETY: the layout has non-zero size.
        let raw = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        let skip = raw.as_ptr().align_offset(64);
        // SAFETY: skip < 64 and the block holds len + 64 bytes.
        let ptr = NonNull::new(unsafe { raw.as_ptr().add(skip) })?;
        Some(HostSegment { raw, layout, ptr, len })
    }
}

impl Drop for HostSegment {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with exactly this layout.
        unsafe { dealloc(self.raw.as_ptr(), self.layout) };
    }
}

/// A simulated device of `capacity` bytes. Segments are real zeroed host
/// buffers; their device addresses are deterministic: the first segment is at
/// [`SIM_DEVICE_BASE`], each next one at the end of the previous rounded up to
/// [`SIM_SEGMENT_ALIGN`], and addresses are never reused. Invariant:
/// `used == sum of live segment sizes <= capacity`.
pub struct SimBackend {
    capacity: u64,
    used: u64,
    next_addr: u64,
    segments: BTreeMap<u64, HostSegment>,
}

// SAFETY: the backend exclusively owns its host buffers; nothing in it is
// tied to the thread that created it.
unsafe impl Send for SimBackend {}

impl Default for SimBackend {
    fn default() -> Self {
        SimBackend::new(SIM_DEFAULT_CAPACITY)
    }
}

impl SimBackend {
    pub fn new(capacity: u64) -> Self {
        SimBackend { capacity, used: 0, next_addr: SIM_DEVICE_BASE, segments: BTreeMap::new() }
    }

    /// Bytes currently reserved by live segments.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Live segments as `(address, size)`, in address order.
    pub fn segments(&self) -> Vec<(u64, usize)> {
        self.segments.iter().map(|(&a, s)| (a, s.len)).collect()
    }

    fn locate(&self, addr: u64) -> Option<(&HostSegment, usize)> {
        let (&base, seg) = self.segments.range(..=addr).next_back()?;
        let off = usize::try_from(addr - base).ok()?;
        (off < seg.len).then_some((seg, off))
    }

    /// The host address backing device address `addr`, if it lies in a live
    /// segment. The pointer stays valid until that segment is freed; it is
    /// derived from the allocation itself, so writing through it is allowed.
    pub fn host_ptr(&self, addr: u64) -> Option<*mut u8> {
        let (seg, off) = self.locate(addr)?;
        // SAFETY: off < len, inside the allocation.
        Some(unsafe { seg.ptr.as_ptr().add(off) })
    }

    /// `len` bytes at device address `addr`, if they lie in one live segment.
    pub fn bytes(&self, addr: u64, len: usize) -> Option<&[u8]> {
        let (seg, off) = self.locate(addr)?;
        if off.checked_add(len)? > seg.len {
            return None;
        }
        // SAFETY: the range is inside the segment, borrowed with `&self`.
        Some(unsafe { std::slice::from_raw_parts(seg.ptr.as_ptr().add(off), len) })
    }

    /// Mutable form of [`SimBackend::bytes`].
    pub fn bytes_mut(&mut self, addr: u64, len: usize) -> Option<&mut [u8]> {
        let (seg, off) = self.locate(addr)?;
        if off.checked_add(len)? > seg.len {
            return None;
        }
        // SAFETY: as above; `&mut self` makes the borrow exclusive.
        Some(unsafe { std::slice::from_raw_parts_mut(seg.ptr.as_ptr().add(off), len) })
    }
}

impl SegmentBackend for SimBackend {
    fn alloc_segment(&mut self, size: usize) -> Result<u64, ()> {
        let size64 = size as u64;
        if size == 0 || self.used.checked_add(size64).is_none_or(|u| u > self.capacity) {
            return Err(());
        }
        let addr = self.next_addr;
        let next = addr.checked_add(size64).and_then(|e| e.checked_next_multiple_of(SIM_SEGMENT_ALIGN)).ok_or(())?;
        let seg = HostSegment::zeroed(size).ok_or(())?;
        self.segments.insert(addr, seg);
        self.next_addr = next;
        self.used += size64;
        Ok(addr)
    }

    fn free_segment(&mut self, addr: u64, size: usize) {
        if let Some(seg) = self.segments.remove(&addr) {
            debug_assert_eq!(seg.len, size, "segment freed with a different size");
            self.used -= seg.len as u64;
        }
    }

    fn total_memory(&self) -> u64 {
        self.capacity
    }

    fn free_memory(&self) -> u64 {
        self.capacity - self.used
    }

    /// A simulated device has no NVML.
    fn running_processes(&self) -> Vec<(u32, u64)> {
        vec![]
    }
}
