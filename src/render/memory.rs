//! `mem` as a picture: each segment a bar of its blocks (allocated blocks
//! in their owner's colour, inactive splits hatched, free space light), then
//! the blocks listed, the fragmentation, and what `empty_cache()` would free.
//! `memtrace` as one line per allocator event.

use crate::engine::alloc::caching::format_size;
use crate::report::memory::{MemTraceReport, MemoryReport};

use super::style::Style;
use super::table::hex;

const BAR: usize = 64;

pub fn stat(r: &MemoryReport, k: &str) -> u64 {
    r.stats.get(k).and_then(|v| v.as_i64()).unwrap_or(0).max(0) as u64
}

/// The device as the report names it: `cuda:0 (simulated)`, `cuda:0 (NVIDIA H200)`, `cpu`.
pub fn device_label(r: &MemoryReport) -> String {
    match &r.device_name {
        _ if r.simulated => format!("{} (simulated)", r.device),
        Some(name) => format!("{} ({name})", r.device),
        None => r.device.clone(),
    }
}

/// A caching pool's two closing lines: the free space and its
/// fragmentation, and what the cache call would release (`None` on CPU,
/// which does not cache).
pub fn pool_lines(r: &MemoryReport) -> Option<[String; 2]> {
    if r.device == "cpu" {
        return None;
    }
    let frag = if r.total_free == 0 { 0.0 } else { 100.0 * (1.0 - r.largest_free_block as f64 / r.total_free as f64) };
    // The pinned pool is emptied by the host cache call, not by
    // torch.cuda.empty_cache().
    let call = if r.segments.iter().any(|s| s.pool == "pinned") { "torch._C._host_emptyCache()" } else { "empty_cache()" };
    Some([
        format!(
            "free in segments: {} (largest block {}, {:.0}% fragmented)",
            format_size(r.total_free as u64),
            format_size(r.largest_free_block as u64),
            frag
        ),
        format!(
            "{call} would release {} segment{} ({})",
            r.releasable_segments,
            if r.releasable_segments == 1 { "" } else { "s" },
            format_size(r.releasable_bytes as u64)
        ),
    ])
}

pub fn memory(r: &MemoryReport, st: Style) -> String {
    let mut out = String::new();
    let dev = device_label(r);
    out.push_str(&format!(
        "{}: allocated {} (peak {}), reserved {} (peak {}), {} segment{}\n",
        st.bold(&dev),
        format_size(stat(r, "allocated_bytes.all.current")),
        format_size(stat(r, "allocated_bytes.all.peak")),
        format_size(stat(r, "reserved_bytes.all.current")),
        format_size(stat(r, "reserved_bytes.all.peak")),
        r.segments.len(),
        if r.segments.len() == 1 { "" } else { "s" }
    ));
    if r.segments.is_empty() {
        out.push_str("  (no memory reserved)\n");
    }
    let shown = r.segments.len().min(32);
    for seg in &r.segments[..shown] {
        out.push_str(&format!("segment {} {} {} pool\n", hex(seg.address), format_size(seg.size as u64), seg.pool));
        // The bar: each cell is size/BAR bytes; a block gets at least one cell.
        let mut bar = String::new();
        let mut used = 0usize;
        for (i, b) in seg.blocks.iter().enumerate() {
            let cells = if i + 1 == seg.blocks.len() {
                BAR.saturating_sub(used).max(1)
            } else {
                ((b.size as f64 / seg.size.max(1) as f64) * BAR as f64).round().max(1.0) as usize
            };
            let cells = cells.min(BAR.saturating_sub(used).max(1));
            used += cells;
            let (ch, paint): (&str, fn(&Style, &str) -> String) = match b.state {
                "allocated" => ("█", Style::cyan),
                // A snapshot's `active_pending_free`: freed, waiting on a stream.
                "pending_free" => ("▓", Style::cyan),
                "inactive_split" => ("▒", Style::yellow),
                _ => ("░", Style::dim),
            };
            bar.push_str(&paint(&st, &ch.repeat(cells)));
        }
        out.push_str(&format!("  [{}]\n", bar));
        let blocks = seg.blocks.len();
        for b in seg.blocks.iter().take(16) {
            let who = if b.owner.is_empty() { String::new() } else { format!("  {}", b.owner.join(", ")) };
            let req = if b.state == "allocated" && b.requested != b.size { format!(" (requested {})", format_size(b.requested as u64)) } else { String::new() };
            out.push_str(&format!("  {} {:>12} {:<15}{}{}\n", hex(b.address), format_size(b.size as u64), b.state.replace('_', " "), req, who));
        }
        if blocks > 16 {
            out.push_str(&format!("  … {} more blocks\n", blocks - 16));
        }
    }
    if r.segments.len() > shown {
        out.push_str(&format!("… {} more segments\n", r.segments.len() - shown));
    }
    for line in pool_lines(r).into_iter().flatten() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

pub fn memtrace(r: &MemTraceReport, st: Style) -> String {
    let mut out = format!("{} {}\n", st.dim("memtrace:"), st.bold(&r.statement));
    for e in &r.events {
        let at = e.address.map(hex).unwrap_or_default();
        out.push_str(&format!("  {:<13} {:<16} {}\n", e.event, at, e.detail));
    }
    out
}
