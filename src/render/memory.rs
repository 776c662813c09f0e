//! `mem` as a picture: each segment a bar of its blocks (allocated blocks
//! in their owner's colour, inactive splits hatched, free space light), then
//! the blocks listed, the fragmentation, and what `empty_cache()` would free.
//! `memtrace` as one line per allocator event.

use crate::engine::alloc::caching::format_size;
use crate::report::memory::{MemTraceReport, MemoryReport};

use super::style::Style;
use super::table::hex;
use super::teach::text::{pack, para, wrapped, Cell};

/// Widest segment bar, in characters; narrower terminals get a shorter one.
const MAX_BAR: usize = 64;

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
    let w = st.width;
    let bar_w = w.saturating_sub(4).clamp(8, MAX_BAR);
    let dev = device_label(r);
    let head = [
        Cell::styled(format!("{dev}:"), |x| st.bold(x)),
        Cell::new(format!("allocated {} (peak {}),", format_size(stat(r, "allocated_bytes.all.current")), format_size(stat(r, "allocated_bytes.all.peak")))),
        Cell::new(format!("reserved {} (peak {}),", format_size(stat(r, "reserved_bytes.all.current")), format_size(stat(r, "reserved_bytes.all.peak")))),
        Cell::new(format!("{} segment{}", r.segments.len(), if r.segments.len() == 1 { "" } else { "s" })),
    ];
    let mut out: String = pack(&head, w, "", "  ", " ").into_iter().map(|l| l + "\n").collect();
    if r.segments.is_empty() {
        out.push_str("  (no memory reserved)\n");
    }
    let shown = r.segments.len().min(32);
    for seg in &r.segments[..shown] {
        let head = [Cell::new("segment"), Cell::new(hex(seg.address)), Cell::new(format_size(seg.size as u64)), Cell::new(format!("{} pool", seg.pool))];
        out.push_str(&lines(pack(&head, w, "", "  ", " ")));
        // The bar: each cell is size/bar_w bytes; a block gets at least one cell.
        let mut bar = String::new();
        let mut used = 0usize;
        for (i, b) in seg.blocks.iter().enumerate() {
            let cells = if i + 1 == seg.blocks.len() {
                bar_w.saturating_sub(used).max(1)
            } else {
                ((b.size as f64 / seg.size.max(1) as f64) * bar_w as f64).round().max(1.0) as usize
            };
            let cells = cells.min(bar_w.saturating_sub(used).max(1));
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
            let state = b.state.replace('_', " ");
            let mut pieces = vec![Cell::new(hex(b.address)), Cell::new(format!("{:>12}", format_size(b.size as u64))), Cell::new(format!("{state:<15}"))];
            if b.state == "allocated" && b.requested != b.size {
                pieces.push(Cell::new(format!("(requested {})", format_size(b.requested as u64))));
            }
            let owners = b.owner.len();
            pieces.extend(b.owner.iter().enumerate().map(|(i, o)| Cell::new(if i + 1 < owners { format!("{o},") } else { o.clone() })));
            out.push_str(&lines(pack(&pieces, w, "  ", "      ", " ")));
        }
        if blocks > 16 {
            out.push_str(&format!("  … {} more blocks\n", blocks - 16));
        }
    }
    if r.segments.len() > shown {
        out.push_str(&format!("… {} more segments\n", r.segments.len() - shown));
    }
    for line in pool_lines(r).into_iter().flatten() {
        out.push_str(&wrapped(&line, w, "", "  "));
    }
    out
}

fn lines(ls: Vec<String>) -> String {
    ls.into_iter().map(|l| l + "\n").collect()
}

pub fn memtrace(r: &MemTraceReport, st: Style) -> String {
    let w = st.width;
    let mut out = para(Some(Cell::styled("memtrace:", |x| st.dim(x))), &r.statement, w, "", "  ", |x| st.bold(x));
    for e in &r.events {
        let at = e.address.map(hex).unwrap_or_default();
        let lead = format!("  {:<13} {:<16} ", e.event, at);
        let lead_w = lead.chars().count();
        // The detail wraps beside the event when 30 columns are left, else under it.
        if w >= lead_w + 30 {
            out.push_str(&para(Some(Cell::new(&lead[..lead.len() - 1])), &e.detail, w, "", &" ".repeat(lead_w), str::to_string));
        } else {
            out.push_str(&format!("{}\n", lead.trim_end()));
            out.push_str(&wrapped(&e.detail, w, "    ", "    "));
        }
    }
    out
}
