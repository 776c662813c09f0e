//! `mem` and `memtrace` as pictures. `mem`: each segment a bar split into
//! its blocks, widths in proportion to their sizes (every block at least a
//! sliver), allocated blocks solid, cached (inactive) blocks hatched, whole
//! free segments light; sizes written as PyTorch's `memory_summary` does.
//! `memtrace`: one row per allocator event, its block drawn on an address
//! axis spanning the addresses the statement touched.

use crate::engine::alloc::caching::format_size;
use crate::render::memory::{device_label, pool_lines, stat};
use crate::render::table::hex;
use crate::report::memory::{BlockReport, MemTraceReport, MemoryReport, SegmentReport};

use super::{Canvas, attr, text_w};

const BAR_W: f64 = 640.0;
const BAR_H: f64 = 30.0;
const LEFT: f64 = 12.0;
/// Segments drawn (the rest are counted on an elision mark).
pub const MAX_SEGMENTS: usize = 32;
/// Blocks drawn per segment.
pub const MAX_BLOCKS: usize = 256;


/// An elision mark's attributes: how many `what` are not drawn, their
/// bytes, and the allocated bytes among their blocks.
fn elided<'a>(what: &str, n: usize, size: usize, blocks: impl Iterator<Item = &'a BlockReport>) -> String {
    let allocated: usize = blocks.filter(|b| b.state == "allocated").map(|b| b.size).sum();
    format!(
        "{}{}{}",
        attr(&format!("data-elided-{what}"), &n.to_string()),
        attr("data-elided-size", &size.to_string()),
        attr("data-elided-allocated", &allocated.to_string())
    )
}

/// PyTorch's snapshot name for a block state (`_memory_viz`'s states).
pub fn snapshot_state(state: &str) -> &'static str {
    match state {
        "allocated" => "active_allocated",
        "pending_free" => "active_pending_free",
        _ => "inactive",
    }
}

pub fn mem(r: &MemoryReport) -> String {
    let mut c = Canvas::new();
    c.hatch();
    let dev = device_label(r);
    let (alloc, reserved) = (
        stat(r, "allocated_bytes.all.current"),
        stat(r, "reserved_bytes.all.current"),
    );
    c.text(
        LEFT,
        18.0,
        &format!(
            "{dev}: allocated {}, reserved {}, {} segment{}",
            format_size(alloc),
            format_size(reserved),
            r.segments.len(),
            if r.segments.len() == 1 { "" } else { "s" }
        ),
        "start",
        "title",
    );
    let mut x = LEFT;
    for (class, name) in [
        ("active_allocated", "allocated"),
        ("active_pending_free", "pending free"),
        ("inactive", "cached (inactive)"),
        ("free", "free segment"),
    ] {
        if class == "active_pending_free"
            && !r
                .segments
                .iter()
                .flat_map(|s| &s.blocks)
                .any(|b| b.state == "pending_free")
        {
            continue;
        }
        c.rect(x, 28.0, 14.0, 14.0, class, "", None);
        c.text(x + 20.0, 39.0, name, "start", "small");
        x += 36.0 + text_w(name);
    }
    let mut y = 56.0;
    if r.segments.is_empty() {
        c.text(LEFT, y + 14.0, "(no memory reserved)", "start", "muted");
        y += 20.0;
    }
    for seg in r.segments.iter().take(MAX_SEGMENTS) {
        y = segment(&mut c, seg, y) + 10.0;
    }
    if r.segments.len() > MAX_SEGMENTS {
        let rest = &r.segments[MAX_SEGMENTS..];
        let size: usize = rest.iter().map(|s| s.size).sum();
        c.group("", &elided("segments", rest.len(), size, rest.iter().flat_map(|s| &s.blocks)));
        c.text(
            LEFT,
            y + 14.0,
            &format!(
                "… {} more segment{} ({}) not drawn",
                rest.len(),
                if rest.len() == 1 { "" } else { "s" },
                format_size(size as u64)
            ),
            "start",
            "muted",
        );
        c.end_group();
        y += 22.0;
    }
    if let Some([free, release]) = pool_lines(r) {
        c.text(LEFT, y + 14.0, &free, "start", "");
        c.text(LEFT, y + 32.0, &release, "start", "muted");
    }
    let attrs = format!(
        "{}{}",
        attr("data-allocated", &alloc.to_string()),
        attr("data-reserved", &reserved.to_string())
    );
    c.finish(&format!("memory of {dev}"), &attrs)
}

fn segment(c: &mut Canvas, seg: &SegmentReport, top: f64) -> f64 {
    c.text(
        LEFT,
        top + 12.0,
        &format!(
            "segment {}  {}  {} pool",
            hex(seg.address),
            format_size(seg.size as u64),
            seg.pool
        ),
        "start",
        "",
    );
    let y = top + 18.0;
    c.group(
        "",
        &format!(
            "{}{}{}",
            attr("data-segment", &hex(seg.address)),
            attr("data-size", &seg.size.to_string()),
            attr("data-pool", seg.pool)
        ),
    );
    c.rect(LEFT, y, BAR_W, BAR_H, "free", "", None);
    // Widths in proportion, each block at least 3 px, scaled back to fit.
    let shown = &seg.blocks[..seg.blocks.len().min(MAX_BLOCKS)];
    let raw: Vec<f64> = shown
        .iter()
        .map(|b| (b.size as f64 / seg.size.max(1) as f64 * BAR_W).max(3.0))
        .collect();
    let total: f64 = raw.iter().sum();
    let scale = if total > BAR_W { BAR_W / total } else { 1.0 };
    let mut x = LEFT;
    for (b, w) in shown.iter().zip(raw) {
        let w = w * scale;
        let state = snapshot_state(b.state);
        let class = if b.state == "free" { "free" } else { state };
        let who = if b.owner.is_empty() {
            String::new()
        } else {
            format!(", held by {}", b.owner.join(", "))
        };
        let tip = format!(
            "{} {} {}{}",
            hex(b.address),
            format_size(b.size as u64),
            b.state.replace('_', " "),
            who
        );
        let attrs = format!(
            "{}{}{}",
            attr("data-block", &hex(b.address)),
            attr("data-size", &b.size.to_string()),
            attr("data-state", state)
        );
        c.rect(x, y, w, BAR_H, class, &attrs, Some(&tip));
        let label = format_size(b.size as u64);
        if text_w(&label) + 8.0 < w {
            c.text(x + w / 2.0, y + 19.5, &label, "middle", "small");
        }
        x += w;
    }
    if seg.blocks.len() > shown.len() {
        let rest = &seg.blocks[shown.len()..];
        let size: usize = rest.iter().map(|b| b.size).sum();
        c.group("", &elided("blocks", rest.len(), size, rest.iter()));
        c.text(
            LEFT,
            y + BAR_H + 14.0,
            &format!(
                "… {} more blocks ({}) not drawn",
                rest.len(),
                format_size(size as u64)
            ),
            "start",
            "muted small",
        );
        c.end_group();
    }
    c.end_group();
    // Owners under the blocks that have them.
    let mut ly = y
        + BAR_H
        + 14.0
        + if seg.blocks.len() > shown.len() {
            16.0
        } else {
            0.0
        };
    for b in shown.iter().filter(|b| !b.owner.is_empty()).take(8) {
        c.text(
            LEFT + 8.0,
            ly,
            &format!(
                "{} {} ← {}",
                hex(b.address),
                format_size(b.size as u64),
                b.owner.join(", ")
            ),
            "start",
            "muted small",
        );
        ly += 15.0;
    }
    ly
}

pub fn memtrace(r: &MemTraceReport) -> String {
    let mut c = Canvas::new();
    c.text(
        LEFT,
        18.0,
        &format!("memtrace: {}", r.statement),
        "start",
        "title",
    );
    let spans: Vec<(u64, u64)> = r
        .events
        .iter()
        .filter_map(|e| Some((e.address?, e.address?.saturating_add(e.size? as u64))))
        .collect();
    let lo = spans.iter().map(|s| s.0).min().unwrap_or(0);
    let hi = spans.iter().map(|s| s.1).max().unwrap_or(1).max(lo + 1);
    let axis_x = LEFT + 120.0;
    let axis_w = 360.0;
    let mut y = 34.0;
    if r.events.is_empty() {
        c.text(LEFT, y + 14.0, "no allocator events", "start", "muted");
    } else {
        c.text(axis_x, y + 10.0, &hex(lo), "start", "muted small");
        c.text(axis_x + axis_w, y + 10.0, &hex(hi), "end", "muted small");
        y += 16.0;
    }
    for (i, e) in r.events.iter().enumerate() {
        c.text(LEFT, y + 14.0, e.event, "start", "");
        c.rect(axis_x, y + 2.0, axis_w, 16.0, "free", "", None);
        if let (Some(a), Some(s)) = (e.address, e.size) {
            let x = axis_x + (a - lo) as f64 / (hi - lo) as f64 * axis_w;
            let w = (s as f64 / (hi - lo) as f64 * axis_w)
                .max(3.0)
                .min(axis_x + axis_w - x);
            let class = match e.event {
                "alloc" | "segment_alloc" | "reuse" | "free" | "segment_free" | "split"
                | "merge" => format!("ev-{}", e.event),
                _ => "ev-other".to_string(),
            };
            let attrs = format!(
                "{}{}{}{}",
                attr("data-event", e.event),
                attr("data-step", &i.to_string()),
                attr("data-block", &hex(a)),
                attr("data-size", &s.to_string())
            );
            c.rect(x, y + 2.0, w, 16.0, &class, &attrs, Some(&e.detail));
        }
        c.text(
            axis_x + axis_w + 12.0,
            y + 14.0,
            &e.detail,
            "start",
            "small",
        );
        y += 22.0;
    }
    c.finish(&format!("memtrace of {}", r.statement), "")
}
