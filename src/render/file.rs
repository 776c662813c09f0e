//! `tsr inspect FILE` as a table (shared storages and storages larger than
//! their tensor marked) or as JSON Lines (one object per tensor, then the
//! `file_summary`).

use comfy_table::{presets, Cell, ContentArrangement, Table};
use serde_json::json;

use crate::report::file::FileReport;

use super::style::Style;
use super::teach::text::{columns, wrapped, Cell as TCell};

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
    let mut out = super::teach::text::para(Some(TCell::styled(format!("{}:", s.path), |x| st.bold(x))), &format!("{}, {} bytes", format_name(s.format), s.file_bytes), st.width, "", "  ", str::to_string);
    let header = ["name", "dtype", "shape", "stride", "offset", "storage", "storage bytes"];
    let mut rows: Vec<Vec<TCell>> = vec![header.iter().map(|h| TCell::styled(*h, |x| st.bold(x))).collect()];
    for row in &r.tensors {
        let shared = s.shared.iter().any(|g| g.contains(&row.name));
        let larger = row.storage_bytes > row.tensor_bytes;
        let name = if row.name.is_empty() { "(the tensor)".to_string() } else { row.name.clone() };
        let storage = if shared { TCell::styled(format!("S{} shared", row.storage), |x| st.cyan(x)) } else { TCell::new(format!("S{}", row.storage)) };
        let bytes = if larger { TCell::styled(format!("{} > {} used", row.storage_bytes, row.tensor_bytes), |x| st.yellow(x)) } else { TCell::new(row.storage_bytes.to_string()) };
        rows.push(vec![
            TCell::new(name),
            TCell::new(row.dtype.clone()),
            TCell::new(tuple(&row.shape)),
            TCell::new(tuple(&row.stride)),
            TCell::new(row.storage_offset.to_string()),
            storage,
            bytes,
        ]);
    }
    // The boxed table when its columns fit side by side (long key paths
    // wrap inside theirs); else plain columns that fold into groups, each
    // repeating the name.
    let natural: usize = (0..header.len()).map(|i| rows.iter().map(|r| r[i].plain.chars().count()).max().unwrap_or(0).min(24) + 3).sum::<usize>() + 1;
    if natural <= st.width {
        let mut t = Table::new();
        t.load_style(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic).set_width(st.width.min(u16::MAX as usize) as u16);
        t.set_header(rows[0].iter().map(|c| Cell::new(&c.shown)));
        for r in &rows[1..] {
            t.add_row(r.iter().map(|c| Cell::new(&c.shown)));
        }
        out.push_str(&t.to_string());
        out.push('\n');
    } else {
        out.push_str(&columns("", &rows, st.width));
    }
    let n = r.tensors.len();
    out.push_str(&wrapped(&format!(
        "{n} tensor{} on {} storage{}: {} bytes of tensor data in a {}-byte file",
        if n == 1 { "" } else { "s" },
        s.storages,
        if s.storages == 1 { "" } else { "s" },
        s.tensor_bytes,
        s.file_bytes
    ), st.width, "", "  "));
    for g in &s.shared {
        out.push_str(&st.cyan(&wrapped(&format!("one storage: {}", g.join(", ")), st.width, "", "  ")));
    }
    for name in &s.larger_storage {
        let row = r.tensors.iter().find(|t| &t.name == name).expect("listed");
        out.push_str(&st.yellow(&wrapped(&format!(
            "{} uses {} of its storage's {} bytes: the file keeps the whole storage",
            if name.is_empty() { "the tensor" } else { name },
            row.tensor_bytes,
            row.storage_bytes
        ), st.width, "", "  ")));
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
