//! A host (CPU) byte buffer allocated with 64-byte alignment, as PyTorch's
//! `DefaultCPUAllocator` does (`posix_memalign(64, n)`). Memory is zeroed so
//! `empty()` prints deterministically.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ptr::NonNull;

pub const CPU_ALIGNMENT: usize = 64;

/// Owned, aligned, zero-initialised bytes. Zero-length buffers own nothing.
///
/// The block is requested with 16-byte alignment (so the system allocator can
/// use `calloc`, whose large blocks come zeroed from the OS without a memset)
/// and 64 spare bytes; `ptr` is the first 64-byte boundary inside it.
pub struct HostBuffer {
    ptr: Option<NonNull<u8>>,
    /// The block as allocated, for `dealloc`.
    raw: Option<(NonNull<u8>, Layout)>,
    len: usize,
}

impl HostBuffer {
    /// Allocates `len` zeroed bytes; `None` when the system refuses.
    pub fn zeroed(len: usize) -> Option<HostBuffer> {
        if len == 0 {
            return Some(HostBuffer { ptr: None, raw: None, len: 0 });
        }
        let layout = Layout::from_size_align(len.checked_add(CPU_ALIGNMENT)?, 16).ok()?;
        // SAFETY: layout has non-zero size.
        let raw = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        let skip = raw.as_ptr().align_offset(CPU_ALIGNMENT);
        // SAFETY: skip < 64 and the block has len + 64 bytes, so ptr..ptr+len is inside it.
        let ptr = NonNull::new(unsafe { raw.as_ptr().add(skip) })?;
        advise_huge_pages(ptr.as_ptr(), len);
        Some(HostBuffer { ptr: Some(ptr), raw: Some((raw, layout)), len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The real address of the first byte (0 for an empty buffer, as PyTorch).
    pub fn addr(&self) -> u64 {
        self.ptr.map(|p| p.as_ptr() as u64).unwrap_or(0)
    }

    pub fn bytes(&self) -> &[u8] {
        match self.ptr {
            // SAFETY: ptr owns `len` initialised bytes for the buffer's lifetime.
            Some(p) => unsafe { std::slice::from_raw_parts(p.as_ptr(), self.len) },
            None => &[],
        }
    }

    pub fn bytes_mut(&mut self) -> &mut [u8] {
        match self.ptr {
            // SAFETY: as above, and `&mut self` guarantees exclusivity.
            Some(p) => unsafe { std::slice::from_raw_parts_mut(p.as_ptr(), self.len) },
            None => &mut [],
        }
    }
}

/// Buffers of at least this many bytes ask for transparent huge pages.
pub const HUGE_PAGE_MIN: usize = 4 << 20;

/// Asks the kernel to back the 2 MiB-aligned inside of a large buffer with
/// transparent huge pages (as PyTorch does with `THP_MEM_ALLOC_ENABLE=1`):
/// far fewer page faults when a fresh buffer is first written. Advisory only.
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    #[cfg(target_os = "linux")]
    if len >= HUGE_PAGE_MIN {
        const HUGE: usize = 2 << 20;
        let start = (ptr as usize).div_ceil(HUGE) * HUGE;
        let end = (ptr as usize + len) / HUGE * HUGE;
        if end > start {
            // SAFETY: [start, end) lies inside this live allocation; madvise
            // with MADV_HUGEPAGE only changes how the kernel backs the pages.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
}

impl Drop for HostBuffer {
    fn drop(&mut self) {
        if let Some((raw, layout)) = self.raw {
            // SAFETY: allocated in `zeroed` with this exact layout.
            unsafe { dealloc(raw.as_ptr(), layout) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_are_aligned_and_zeroed() {
        let b = HostBuffer::zeroed(100).unwrap();
        assert_eq!(b.addr() % CPU_ALIGNMENT as u64, 0);
        assert!(b.bytes().iter().all(|&x| x == 0));
        assert_eq!(HostBuffer::zeroed(0).unwrap().addr(), 0);
    }
}
