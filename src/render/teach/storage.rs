//! `storage x` as text: the storage's fields, the views on it, and a bar
//! showing which bytes each view can reach.

use crate::render::style::Style;
use crate::report::teach::storage::StorageReport;

use super::text::{bytes, columns, heading, hex, para, range, tint, tuple, Cell};

/// Widest byte bar, in characters.
const MAX_BAR: usize = 48;

pub fn table(r: &StorageReport, st: Style) -> String {
    let mut out = heading(st, &format!("storage {}", r.name), &format!("· S{} on {}", r.id, r.device), st.width);
    let elems = match (&r.dtype, r.element_size, r.elements) {
        (Some(d), Some(s), Some(n)) => format!(" = {n} × {d} ({s} B each)"),
        _ => " (untyped: a storage has no dtype)".to_string(),
    };
    let rows = vec![
        vec![Cell::new("nbytes"), Cell::new(format!("{}{elems}", bytes(r.nbytes)))],
        vec![Cell::new("data_ptr"), Cell::new(hex(r.data_ptr))],
        vec![Cell::new("allocator"), Cell::new(r.allocator.clone())],
        vec![Cell::new("version"), Cell::new(format!("{} (in-place writes through any view)", r.version))],
    ];
    out.push_str(&columns("  ", &rows, st.width));
    if r.views.is_empty() {
        out.push_str("  no tensor views it\n");
        return out;
    }
    out.push_str(&format!("  {}\n", st.bold("views")));
    let mut rows = vec![["name", "shape", "stride", "offset", "dtype", "reaches elements", "bytes"].map(|h| Cell::styled(h, |s| st.dim(s))).to_vec()];
    for (i, v) in r.views.iter().enumerate() {
        let name = if v.binding { v.name.clone() } else { format!("{} (expression)", v.name) };
        rows.push(vec![
            Cell::styled(name, |s| tint(st, i, s)),
            Cell::new(tuple(&v.shape)),
            Cell::new(tuple(&v.stride)),
            Cell::new(v.offset.to_string()),
            Cell::new(v.dtype.clone()),
            Cell::new(range(v.footprint)),
            Cell::new(v.bytes.map(|[a, b]| format!("{a}..{b}")).unwrap_or_else(|| "-".into())),
        ]);
    }
    out.push_str(&columns("    ", &rows, st.width));
    out.push_str(&bar(r, st));
    let live = r.views.iter().any(|v| v.binding);
    let line = if !live {
        format!("no live binding views S{}: it is freed after this statement", r.id)
    } else if r.unreachable_bytes == 0 {
        "unreachable: 0 B (every byte is inside some live view)".to_string()
    } else {
        let pct = r.unreachable_bytes as f64 * 100.0 / r.nbytes.max(1) as f64;
        let pct = if pct > 99.9 { ">99.9".to_string() } else { format!("{pct:.1}") };
        format!(
            "unreachable: {} of {} ({pct}%): no live binding reaches them, yet they stay allocated while S{} lives",
            bytes(r.unreachable_bytes),
            bytes(r.nbytes),
            r.id
        )
    };
    let loud = r.unreachable_bytes > 0 && live;
    out.push_str(&para(None, &line, st.width, "  ", "    ", |x| if loud { st.yellow(x) } else { x.to_string() }));
    out
}

/// The storage as a bar of `BAR` characters, and each view's byte range under it.
fn bar(r: &StorageReport, st: Style) -> String {
    if r.nbytes == 0 {
        return String::new();
    }
    let name_w = r.views.iter().map(|v| v.name.chars().count()).max().unwrap_or(0).max(2).min(st.width / 3);
    // The bar scales to the width left beside the names.
    let bar_w = st.width.saturating_sub(name_w + 4).clamp(8, MAX_BAR);
    let size = format!("{} B", r.nbytes);
    // Bytes [a, b) cover characters [a·BAR/nbytes, ⌈b·BAR/nbytes⌉), at least one.
    let scale = |b: usize| b as u128 * bar_w as u128;
    let n = r.nbytes as u128;
    let mut out = format!("  {:<name_w$}  {}\n", "", st.dim(&format!("0{:>w$}", size, w = bar_w.saturating_sub(1))));
    out.push_str(&format!("  {:<name_w$}  {}\n", format!("S{}", r.id), st.dim(&"▒".repeat(bar_w))));
    for (i, v) in r.views.iter().enumerate() {
        let mut line = String::new();
        if let Some([a, b]) = v.bytes {
            let lo = ((scale(a) / n) as usize).min(bar_w - 1);
            let end = (scale(b).div_ceil(n) as usize).clamp(lo + 1, bar_w);
            line.push_str(&" ".repeat(lo));
            line.push_str(&tint(st, i, &"█".repeat(end - lo)));
        }
        let name = super::text::fit(&v.name, name_w);
        out.push_str(&format!("  {}{}  {}\n", tint(st, i, &name), " ".repeat(name_w - name.chars().count()), line));
    }
    out
}
