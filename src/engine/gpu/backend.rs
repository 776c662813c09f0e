//! [`DriverBackend`]: the caching allocator's segments from a real GPU
//! (`cuMemAlloc` / `cuMemFree` / `cuMemGetInfo`), so block addresses are
//! real device pointers.

use std::rc::Rc;

use super::runtime::GpuRuntime;
use crate::engine::alloc::caching::SegmentBackend;

pub struct DriverBackend {
    rt: Rc<GpuRuntime>,
}

impl DriverBackend {
    pub fn new(rt: Rc<GpuRuntime>) -> Self {
        DriverBackend { rt }
    }

    pub fn runtime(&self) -> &Rc<GpuRuntime> {
        &self.rt
    }
}

impl SegmentBackend for DriverBackend {
    fn alloc_segment(&mut self, size: usize) -> Result<u64, ()> {
        if size == 0 {
            return Err(());
        }
        self.rt.malloc(size).map_err(|_| ())
    }

    fn free_segment(&mut self, addr: u64, _size: usize) {
        self.rt.free(addr);
    }

    fn total_memory(&self) -> u64 {
        self.rt.total_memory
    }

    fn free_memory(&self) -> u64 {
        self.rt.mem_info().map(|(free, _)| free).unwrap_or(0)
    }

    fn running_processes(&self) -> Vec<(u32, u64)> {
        self.rt.running_processes()
    }
}
