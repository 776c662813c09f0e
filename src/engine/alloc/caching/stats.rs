//! `DeviceStats` and its flattening into `torch.cuda.memory_stats()` keys.

use crate::engine::alloc::cpu::Stat;

/// Index into a [`StatArray`] (`StatType`): every update touches `All` plus
/// the block's pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatType {
    All = 0,
    SmallPool = 1,
    LargePool = 2,
}

/// One [`Stat`] per [`StatType`], indexed by `StatType as usize`.
pub type StatArray = [Stat; 3];

/// The allocator's counters (PyTorch's `DeviceStats`).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct DeviceStats {
    /// Live allocations handed to callers.
    pub allocation: StatArray,
    /// Segments reserved from the backend.
    pub segment: StatArray,
    /// Allocated blocks (no cross-stream events in tsr, so equal to `allocation`).
    pub active: StatArray,
    /// Free blocks that do not span their whole segment.
    pub inactive_split: StatArray,
    /// Bytes of allocated blocks (whole blocks, not requests).
    pub allocated_bytes: StatArray,
    /// Bytes of segments.
    pub reserved_bytes: StatArray,
    pub active_bytes: StatArray,
    pub inactive_split_bytes: StatArray,
    /// Bytes callers asked for (before rounding).
    pub requested_bytes: StatArray,
    /// Allocated blocks of `max_split_size` or more.
    pub oversize_allocations: Stat,
    /// Segments of `max_split_size` or more.
    pub oversize_segments: Stat,
    pub num_alloc_retries: u64,
    pub num_ooms: u64,
    pub num_sync_all_streams: u64,
    pub num_device_alloc: u64,
    pub num_device_free: u64,
    /// `int64(max_split_size)`: -1 when unlimited (`SIZE_MAX`).
    pub max_split_size: i64,
}

const POOL_KEYS: [(&str, usize); 3] = [("all", 0), ("large_pool", 2), ("small_pool", 1)];

impl DeviceStats {
    fn arrays(&self) -> [(&'static str, &StatArray); 9] {
        [
            ("allocation", &self.allocation),
            ("segment", &self.segment),
            ("active", &self.active),
            ("inactive_split", &self.inactive_split),
            ("allocated_bytes", &self.allocated_bytes),
            ("reserved_bytes", &self.reserved_bytes),
            ("active_bytes", &self.active_bytes),
            ("inactive_split_bytes", &self.inactive_split_bytes),
            ("requested_bytes", &self.requested_bytes),
        ]
    }

    fn arrays_mut(&mut self) -> [&mut StatArray; 9] {
        [
            &mut self.allocation,
            &mut self.segment,
            &mut self.active,
            &mut self.inactive_split,
            &mut self.allocated_bytes,
            &mut self.reserved_bytes,
            &mut self.active_bytes,
            &mut self.inactive_split_bytes,
            &mut self.requested_bytes,
        ]
    }

    /// `memory_stats()`: the nested dict flattened with `.` and sorted by key.
    pub fn flatten(&self) -> Vec<(String, i64)> {
        let mut out: Vec<(String, i64)> = Vec::with_capacity(128);
        let mut push_stat = |prefix: String, s: &Stat| {
            for (name, v) in [("allocated", s.allocated), ("current", s.current), ("freed", s.freed), ("peak", s.peak)]
            {
                out.push((format!("{prefix}.{name}"), to_i64(v)));
            }
        };
        for (name, arr) in self.arrays() {
            for (pool, idx) in POOL_KEYS {
                push_stat(format!("{name}.{pool}"), &arr[idx]);
            }
        }
        push_stat("oversize_allocations".into(), &self.oversize_allocations);
        push_stat("oversize_segments".into(), &self.oversize_segments);
        for (k, v) in [
            ("num_alloc_retries", self.num_alloc_retries),
            ("num_ooms", self.num_ooms),
            ("num_sync_all_streams", self.num_sync_all_streams),
            ("num_device_alloc", self.num_device_alloc),
            ("num_device_free", self.num_device_free),
        ] {
            out.push((k.to_string(), to_i64(v)));
        }
        out.push(("max_split_size".to_string(), self.max_split_size));
        out.sort();
        out
    }

    /// `resetPeakStats`: every `peak = current`.
    pub fn reset_peak(&mut self) {
        for arr in self.arrays_mut() {
            arr.iter_mut().for_each(|s| s.peak = s.current);
        }
        self.oversize_allocations.peak = self.oversize_allocations.current;
        self.oversize_segments.peak = self.oversize_segments.current;
    }

    /// `resetAccumulatedStats`: `allocated` and `freed` to 0, and the `num_*` counters.
    pub fn reset_accumulated(&mut self) {
        for arr in self.arrays_mut() {
            arr.iter_mut().for_each(reset_accumulated);
        }
        reset_accumulated(&mut self.oversize_allocations);
        reset_accumulated(&mut self.oversize_segments);
        self.num_alloc_retries = 0;
        self.num_ooms = 0;
        self.num_sync_all_streams = 0;
        self.num_device_alloc = 0;
        self.num_device_free = 0;
    }
}

fn reset_accumulated(s: &mut Stat) {
    s.allocated = 0;
    s.freed = 0;
}

fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// Applies `f` to `arr[All]` and `arr[pool]` (`for_each_selected_stat_type`).
pub(crate) fn update(arr: &mut StatArray, pool: StatType, f: impl Fn(&mut Stat)) {
    f(&mut arr[StatType::All as usize]);
    f(&mut arr[pool as usize]);
}

/// PyTorch's `format_size`: up to 1024 → `N bytes`; up to 1 MiB → `x.xx KiB`;
/// up to 1 GiB → `x.xx MiB`; above → `x.xx GiB` (bounds inclusive, 2 decimals).
pub fn format_size(size: u64) -> String {
    let f = size as f64;
    if size <= 1024 {
        format!("{size} bytes")
    } else if size <= 1_048_576 {
        format!("{:.2} KiB", f / 1024.0)
    } else if size <= 1_073_741_824 {
        format!("{:.2} MiB", f / 1_048_576.0)
    } else {
        format!("{:.2} GiB", f / 1_073_741_824.0)
    }
}
