//! Addresses shown to the user. In stable mode every device gets a fixed
//! virtual base and allocations are laid out in order (64-byte aligned, never
//! reused), so a script prints the same `data_ptr` on every run and machine.

use std::cell::Cell;

/// Virtual base of the CPU address space in stable mode.
pub const STABLE_CPU_BASE: u64 = 0x7000_0000_0000;

/// A bump counter handing out deterministic addresses.
#[derive(Debug)]
pub struct StableAddrs {
    next: Cell<u64>,
}

impl StableAddrs {
    pub fn new(base: u64) -> Self {
        StableAddrs { next: Cell::new(base) }
    }

    /// The address for a new allocation of `nbytes` (0 for empty storages).
    pub fn take(&self, nbytes: usize) -> u64 {
        if nbytes == 0 {
            return 0;
        }
        let addr = self.next.get();
        let end = addr.saturating_add(nbytes as u64);
        self.next.set(end.saturating_add(63) & !63);
        addr
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_ordered_and_aligned() {
        let s = StableAddrs::new(STABLE_CPU_BASE);
        assert_eq!(s.take(12), STABLE_CPU_BASE);
        assert_eq!(s.take(0), 0);
        assert_eq!(s.take(1), STABLE_CPU_BASE + 64);
        assert_eq!(s.take(1), STABLE_CPU_BASE + 128);
    }
}
