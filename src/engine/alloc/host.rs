//! A host (CPU) byte buffer allocated with 64-byte alignment, as PyTorch's
//! `DefaultCPUAllocator` does (`posix_memalign(64, n)`). Memory is zeroed so
//! `empty()` prints deterministically.
//!
//! Buffers of `HUGE_PAGE_MIN` bytes or more (on Linux) are mapped directly,
//! 2 MiB-aligned and rounded up to 2 MiB, and advised as transparent huge
//! pages, so every page of them is a huge page: a 64 MiB buffer takes 32 page
//! faults instead of 16 384, and none of its bytes sits in a 4 KiB page at
//! an unaligned head or tail (on the shared test machine those 512 small
//! faults alone cost about a millisecond). The pages still come zeroed from
//! the OS and still go back to it when the buffer is dropped.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ptr::NonNull;

pub const CPU_ALIGNMENT: usize = 64;

/// Owned, aligned, zero-initialised bytes. Zero-length buffers own nothing.
///
/// A small block is requested with 16-byte alignment (so the system
/// allocator can use `calloc`, whose large blocks come zeroed from the OS
/// without a memset) and 64 spare bytes; `ptr` is the first 64-byte boundary
/// inside it. A large one is its own anonymous mapping.
pub struct HostBuffer {
    ptr: Option<NonNull<u8>>,
    /// The block as allocated, for `dealloc` or `munmap`.
    raw: Option<Raw>,
    len: usize,
}

enum Raw {
    Heap(NonNull<u8>, Layout),
    /// A mapping of this many bytes starting at `ptr`.
    #[cfg(target_os = "linux")]
    Mapped(usize),
}

impl HostBuffer {
    /// Allocates `len` zeroed bytes; `None` when the system refuses.
    pub fn zeroed(len: usize) -> Option<HostBuffer> {
        if len == 0 {
            return Some(HostBuffer { ptr: None, raw: None, len: 0 });
        }
        #[cfg(target_os = "linux")]
        if len >= HUGE_PAGE_MIN
            && let Some(b) = Self::mapped(len)
        {
            return Some(b);
        }
        let layout = Layout::from_size_align(len.checked_add(CPU_ALIGNMENT)?, 16).ok()?;
        // SAFETY: layout has non-zero size.
        let raw = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        let skip = raw.as_ptr().align_offset(CPU_ALIGNMENT);
        // SAFETY: skip < 64 and the block has len + 64 bytes, so ptr..ptr+len is inside it.
        let ptr = NonNull::new(unsafe { raw.as_ptr().add(skip) })?;
        Some(HostBuffer { ptr: Some(ptr), raw: Some(Raw::Heap(raw, layout)), len })
    }

    /// A fresh anonymous mapping of `len` bytes rounded up to 2 MiB, at a
    /// 2 MiB boundary, advised as huge pages; `None` when the OS refuses.
    #[cfg(target_os = "linux")]
    fn mapped(len: usize) -> Option<HostBuffer> {
        const HUGE: usize = 2 << 20;
        let used = len.checked_next_multiple_of(HUGE)?;
        // One huge page of slack to find the boundary in, trimmed after.
        let map_len = used.checked_add(HUGE)?;
        // SAFETY: a new private anonymous mapping; nothing else refers to it.
        let p = unsafe {
            libc::mmap(std::ptr::null_mut(), map_len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0)
        };
        if p == libc::MAP_FAILED {
            return None;
        }
        let start = (p as usize).next_multiple_of(HUGE);
        let head = start - p as usize;
        let tail = map_len - head - used;
        // SAFETY: [p, p + head) and [start + used, p + map_len) are the
        // unused ends of the mapping just made; [start, start + used) stays.
        // madvise only changes how the kernel backs the pages.
        unsafe {
            if head > 0 {
                libc::munmap(p, head);
            }
            if tail > 0 {
                libc::munmap((start + used) as *mut libc::c_void, tail);
            }
            libc::madvise(start as *mut libc::c_void, used, libc::MADV_HUGEPAGE);
        }
        let ptr = NonNull::new(start as *mut u8)?;
        Some(HostBuffer { ptr: Some(ptr), raw: Some(Raw::Mapped(used)), len })
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

/// Buffers of at least this many bytes are mapped as transparent huge pages
/// (as PyTorch does with `THP_MEM_ALLOC_ENABLE=1`, where the bar is 2 MiB).
pub const HUGE_PAGE_MIN: usize = 4 << 20;

impl Drop for HostBuffer {
    fn drop(&mut self) {
        match (&self.raw, self.ptr) {
            // SAFETY: allocated in `zeroed` with this exact layout.
            (Some(Raw::Heap(raw, layout)), _) => unsafe { dealloc(raw.as_ptr(), *layout) },
            // SAFETY: the mapping made in `mapped`, `n` bytes from `ptr`.
            #[cfg(target_os = "linux")]
            (Some(Raw::Mapped(n)), Some(p)) => unsafe {
                libc::munmap(p.as_ptr().cast(), *n);
            },
            _ => {}
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

    #[test]
    fn large_buffers_are_huge_page_aligned_zeroed_and_writable() {
        for len in [HUGE_PAGE_MIN, HUGE_PAGE_MIN + 4097, 3 * HUGE_PAGE_MIN - 1] {
            let mut b = HostBuffer::zeroed(len).unwrap();
            assert_eq!(b.len(), len);
            #[cfg(target_os = "linux")]
            assert_eq!(b.addr() % (2 << 20), 0);
            assert!(b.bytes().iter().all(|&x| x == 0));
            let bytes = b.bytes_mut();
            bytes[0] = 1;
            bytes[len - 1] = 2;
            assert_eq!((b.bytes()[0], b.bytes()[len - 1]), (1, 2));
        }
    }
}
