//! `tsr inspect FILE` as a table (shared storages and storages larger than
//! their tensor marked) or as JSON Lines (one object per tensor, then the
//! `file_summary`).

use comfy_table::{presets, Cell, ContentArrangement, Table};
use serde_json::json;

use crate::report::file::FileReport;

use super::style::Style;

fn tuple(xs: &[usize]) -> String {
    match xs.len() {
        1 => format!("({},)", xs[0]),
        _ => format!("({})", xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

fn format_name(f: &str) -> &'static str {
    match f {
        "torch" => "PyTorch checkpoint (zip)",
        "torch-legacy" => "PyTorch checkpoint (legacy format, before 1.6)",
        "npy" => "NumPy .npy",
        "npz" => "NumPy .npz",
        "safetensors" => "safetensors",
        _ => "file",
    }
}

pub fn table(r: &FileReport, st: Style) -> String {
    let s = &r.summary;
    let mut out = format!("{}: {}, {} bytes\n", st.bold(&s.path), format_name(s.format), s.file_bytes);
    let mut t = Table::new();
    // Long key paths wrap inside their column: the table fits COLUMNS (else 80).
    let width = st.width.min(u16::MAX as usize) as u16;
    t.load_style(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic).set_width(width);
    t.set_header(["name", "dtype", "shape", "stride", "offset", "storage", "storage bytes"].map(|h| Cell::new(st.bold(h))));
    for row in &r.tensors {
        let shared = s.shared.iter().any(|g| g.contains(&row.name));
        let larger = row.storage_bytes > row.tensor_bytes;
        let name = if row.name.is_empty() { "(the tensor)".to_string() } else { row.name.clone() };
        let storage = if shared { st.cyan(&format!("S{} shared", row.storage)) } else { format!("S{}", row.storage) };
        let bytes = if larger { st.yellow(&format!("{} > {} used", row.storage_bytes, row.tensor_bytes)) } else { row.storage_bytes.to_string() };
        t.add_row(vec![
            Cell::new(name),
            Cell::new(&row.dtype),
            Cell::new(tuple(&row.shape)),
            Cell::new(tuple(&row.stride)),
            Cell::new(row.storage_offset),
            Cell::new(storage),
            Cell::new(bytes),
        ]);
    }
    out.push_str(&t.to_string());
    out.push('\n');
    let n = r.tensors.len();
    out.push_str(&format!(
        "{n} tensor{} on {} storage{}: {} bytes of tensor data in a {}-byte file\n",
        if n == 1 { "" } else { "s" },
        s.storages,
        if s.storages == 1 { "" } else { "s" },
        s.tensor_bytes,
        s.file_bytes
    ));
    for g in &s.shared {
        out.push_str(&st.cyan(&format!("one storage: {}\n", g.join(", "))));
    }
    for name in &s.larger_storage {
        let row = r.tensors.iter().find(|t| &t.name == name).expect("listed");
        out.push_str(&st.yellow(&format!(
            "{} uses {} of its storage's {} bytes: the file keeps the whole storage\n",
            if name.is_empty() { "the tensor" } else { name },
            row.tensor_bytes,
            row.storage_bytes
        )));
    }
    if s.elided > 0 {
        out.push_str(&format!("… {} more paths not listed\n", s.elided));
    }
    out
}

pub fn json(r: &FileReport) -> String {
    let mut out = String::new();
    for t in &r.tensors {
        let mut v = serde_json::to_value(t).expect("plain data");
        v["kind"] = json!("file_tensor");
        out.push_str(&v.to_string());
        out.push('\n');
    }
    let mut v = serde_json::to_value(&r.summary).expect("plain data");
    v["kind"] = json!("file_summary");
    out.push_str(&v.to_string());
    out.push('\n');
    out
}
