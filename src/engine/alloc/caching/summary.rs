//! `torch.cuda.memory_summary()`, character for character (`torch/cuda/memory.py`).

use super::allocator::CachingAllocator;
use super::backend::SegmentBackend;
use super::stats::{DeviceStats, StatArray};
use crate::engine::alloc::cpu::Stat;

const BYTE_UNITS: [&str; 6] = ["B  ", "KiB", "MiB", "GiB", "TiB", "PiB"];
const COUNT_UNITS: [&str; 3] = [" ", "K", "M"];

/// `_format_size(sz, pref_sz)`: `{sz:6d} {unit}`; the unit steps up (and
/// `sz` is floor-divided by 1024) while the reference value is ≥ 768 Ki units.
pub(super) fn format_size_cell(sz: u64, pref: u64) -> String {
    let (mut sz, mut pref) = (sz, pref as f64);
    let mut unit = BYTE_UNITS[0];
    for next in &BYTE_UNITS[1..] {
        if pref < 768.0 * 1024.0 {
            break;
        }
        unit = next;
        sz /= 1024;
        pref /= 1024.0;
    }
    format!("{sz:6} {unit}")
}

/// A size with no rounding, in `memory_summary`'s units: its unit for the
/// size (`_format_size(sz, sz)`) when the size is a whole number of it,
/// else the largest smaller unit that is (`2044 KiB`, `4000 B`).
pub fn format_size_exact(sz: u64) -> String {
    let mut units = 0;
    let mut pref = sz as f64;
    while units + 1 < BYTE_UNITS.len() && pref >= 768.0 * 1024.0 {
        units += 1;
        pref /= 1024.0;
    }
    while units > 0 && !sz.is_multiple_of(1u64 << (10 * units)) {
        units -= 1;
    }
    format!("{} {}", sz >> (10 * units), BYTE_UNITS[units].trim_end())
}

/// `_format_count(cnt, pref_cnt)`: `{cnt:7d} {unit} `, stepping at 750 thousand.
pub(super) fn format_count_cell(cnt: u64, pref: u64) -> String {
    let (mut cnt, mut pref) = (cnt, pref as f64);
    let mut unit = COUNT_UNITS[0];
    for next in &COUNT_UNITS[1..] {
        if pref < 750.0 * 1000.0 {
            break;
        }
        unit = next;
        cnt /= 1000;
        pref /= 1000.0;
    }
    format!("{cnt:7} {unit} ")
}

fn row(name: &str, cells: [String; 4]) -> String {
    format!(" {name:<21} | {} | {} | {} | {} ", cells[0], cells[1], cells[2], cells[3])
}

fn cells(s: &Stat, pref: &Stat, f: fn(u64, u64) -> String) -> [String; 4] {
    [f(s.current, pref.current), f(s.peak, pref.peak), f(s.allocated, pref.allocated), f(s.freed, pref.freed)]
}

/// Renders the summary of `stats` for device `device`.
pub fn render_summary(stats: &DeviceStats, device: i64, abbreviated: bool) -> String {
    let mut lines: Vec<String> = Vec::with_capacity(64);
    lines.push("=".repeat(75));
    lines.push(format!(" {:16} PyTorch CUDA memory summary, device ID {device:<17} ", ""));
    lines.push("-".repeat(75));
    lines.push(format!(
        "  {:9} CUDA OOMs: {:<12} | {:6} cudaMalloc retries: {:<8}  ",
        "", stats.num_ooms, "", stats.num_alloc_retries
    ));
    lines.push("=".repeat(75));
    lines.push("        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  ".to_string());

    type Metric<'a> = (&'a StatArray, &'a str, fn(u64, u64) -> String);
    let metrics: [Metric; 9] = [
        (&stats.allocated_bytes, "Allocated memory", format_size_cell),
        (&stats.active_bytes, "Active memory", format_size_cell),
        (&stats.requested_bytes, "Requested memory", format_size_cell),
        (&stats.reserved_bytes, "GPU reserved memory", format_size_cell),
        (&stats.inactive_split_bytes, "Non-releasable memory", format_size_cell),
        (&stats.allocation, "Allocations", format_count_cell),
        (&stats.active, "Active allocs", format_count_cell),
        (&stats.segment, "GPU reserved segments", format_count_cell),
        (&stats.inactive_split, "Non-releasable allocs", format_count_cell),
    ];
    for (arr, name, f) in metrics {
        lines.push("-".repeat(75));
        // Index 0 is "all", 2 "large_pool", 1 "small_pool"; the sub-rows use
        // the "all" row's values to choose their units.
        let all = &arr[0];
        lines.push(row(name, cells(all, all, f)));
        if !abbreviated {
            lines.push(row("      from large pool", cells(&arr[2], all, f)));
            lines.push(row("      from small pool", cells(&arr[1], all, f)));
        }
    }
    for (s, name) in
        [(&stats.oversize_allocations, "Oversize allocations"), (&stats.oversize_segments, "Oversize GPU segments")]
    {
        lines.push("-".repeat(75));
        lines.push(row(name, cells(s, s, format_count_cell)));
    }
    lines.push("=".repeat(75));
    format!("|{}|\n", lines.join("|\n|"))
}

impl<B: SegmentBackend> CachingAllocator<B> {
    /// `torch.cuda.memory_summary(device, abbreviated)`.
    pub fn memory_summary(&self, device_index: i64, abbreviated: bool) -> String {
        render_summary(&self.stats, device_index, abbreviated)
    }
}

#[cfg(test)]
mod tests {
    use super::format_size_exact;

    #[test]
    fn exact_sizes_never_round() {
        // The 2044 KiB left of a 2 MiB segment after a 4 KiB block.
        assert_eq!(format_size_exact(2 * 1024 * 1024 - 4096), "2044 KiB");
        assert_eq!(format_size_exact(4000), "4000 B");
        // memory_summary steps up a unit at 768 of the next: 20 MiB is 20480 KiB.
        assert_eq!(format_size_exact(20 << 20), "20480 KiB");
        // memory_summary's unit would be KiB, but 1200000 B is not whole KiB.
        assert_eq!(format_size_exact(1_200_000), "1200000 B");
        assert_eq!(format_size_exact(0), "0 B");
        assert_eq!(format_size_exact(3 << 30), "3072 MiB");
    }
}
