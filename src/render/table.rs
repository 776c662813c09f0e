//! Reports as terminal tables: `inspect` shows tensors side by side, one
//! column each, marking the fields that differ between them.

use comfy_table::{presets, Cell, ContentArrangement, Table};

use crate::report::{Item, Report, TensorReport};

use super::style::Style;

pub fn hex(addr: u64) -> String {
    format!("0x{addr:x}")
}

fn tuple(xs: &[usize]) -> String {
    match xs.len() {
        1 => format!("({},)", xs[0]),
        _ => format!("({})", xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// The rows of the inspect table: (field, value per tensor).
fn rows(ts: &[&TensorReport]) -> Vec<(&'static str, Vec<String>)> {
    let col = |f: &dyn Fn(&TensorReport) -> String| ts.iter().map(|t| f(t)).collect::<Vec<_>>();
    vec![
        ("shape", col(&|t| tuple(&t.shape))),
        ("stride", col(&|t| tuple(&t.stride))),
        ("storage_offset", col(&|t| t.storage_offset.to_string())),
        ("dtype", col(&|t| format!("torch.{}", t.dtype))),
        ("device", col(&|t| if t.simulated { format!("{} (simulated)", t.device) } else { t.device.clone() })),
        ("element_size", col(&|t| format!("{} B", t.element_size))),
        ("numel", col(&|t| t.numel.to_string())),
        ("data_ptr", col(&|t| hex(t.data_ptr))),
        (
            "is_contiguous",
            col(&|t| match &t.contiguous_stride {
                None => py_bool(t.is_contiguous).to_string(),
                Some(s) => format!("False (row-major: {})", tuple(s)),
            }),
        ),
        ("storage", col(&|t| format!("S{}", t.storage.id))),
        ("storage nbytes", col(&|t| format!("{} B", t.storage.nbytes))),
        ("storage data_ptr", col(&|t| hex(t.storage.data_ptr))),
        (
            "shared with",
            col(&|t| if t.shared_with.is_empty() { "-".to_string() } else { t.shared_with.join(", ") }),
        ),
        ("requires_grad", col(&|t| py_bool(t.requires_grad).to_string())),
        ("grad_fn", col(&|t| t.grad_fn.clone().unwrap_or_else(|| "None".into()))),
        ("is_leaf", col(&|t| py_bool(t.is_leaf).to_string())),
        (
            "grad",
            col(&|t| match &t.grad {
                None => "None".to_string(),
                Some(g) => format!("S{} {} at {}", g.storage, tuple(&g.shape), hex(g.data_ptr)),
            }),
        ),
        ("version", col(&|t| t.version.to_string())),
    ]
}

/// The inspect table for one or more tensors. Tensors that do not fit
/// the width side by side go into further tables (column groups), each
/// repeating the row labels; a column still too wide wraps its cells.
pub fn tensors_table(ts: &[&TensorReport], st: Style) -> String {
    let rows = rows(ts);
    let mut labels = vec![];
    for (field, vals) in &rows {
        let differs = ts.len() > 1 && vals.iter().any(|v| v != &vals[0]);
        labels.push((if differs { format!("{field} ≠") } else { field.to_string() }, differs));
    }
    let label_w = labels.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0);
    let col_w = |i: usize| {
        let name = ts[i].name.chars().count();
        rows.iter().map(|(_, v)| v[i].chars().count()).max().unwrap_or(0).max(name)
    };
    // A table is `│ label ┆ a ┆ b │`: three columns of rule and padding per column, one more at the end.
    let mut groups: Vec<Vec<usize>> = vec![];
    let mut used = 1 + label_w + 3;
    for i in 0..ts.len() {
        let w = col_w(i) + 3;
        match groups.last_mut() {
            Some(g) if used + w <= st.width => g.push(i),
            _ => {
                groups.push(vec![i]);
                used = 1 + label_w + 3;
            }
        }
        used += w;
    }
    let mut out = vec![];
    for g in &groups {
        let mut table = Table::new();
        table.load_style(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic);
        table.set_width(st.width.min(u16::MAX as usize) as u16);
        let mut header = vec![Cell::new("")];
        header.extend(g.iter().map(|&i| Cell::new(st.bold(&ts[i].name))));
        table.set_header(header);
        for ((_, vals), (label, differs)) in rows.iter().zip(&labels) {
            let paint = |v: &str| if *differs { st.yellow(v) } else { v.to_string() };
            let mut row = vec![Cell::new(paint(label))];
            row.extend(g.iter().map(|&i| Cell::new(paint(&vals[i]))));
            table.add_row(row);
        }
        out.push(table.to_string());
    }
    out.join("\n")
}

/// A whole report as text (ending in a newline).
pub fn render(r: &Report, st: Style) -> String {
    match r {
        Report::Print(t) => format!("{}{}", t.text, t.end),
        Report::Echo { text, .. } => format!("{text}\n"),
        Report::Help(t) => super::teach::text::fold_lines(&t.text, st.width),
        Report::Teach(t) => super::teach::table(t, st),
        Report::Memory(m) => super::memory::memory(m, st),
        Report::MemTrace(m) => super::memory::memtrace(m, st),
        Report::Graph(g) => super::graph::graph(g, st),
        Report::Warning(w) => super::warning::render(w, st),
        Report::Timeit(t) => format!(
            "{}: median {}, min {} ({} runs)\n",
            st.bold(&t.expr),
            human_ns(t.median_ns),
            human_ns(t.min_ns),
            t.runs
        ),
        Report::Inspect(items) => {
            let ts: Vec<&TensorReport> = items
                .iter()
                .filter_map(|i| match i {
                    Item::Tensor(t) => Some(t.as_ref()),
                    _ => None,
                })
                .collect();
            let mut out = String::new();
            if !ts.is_empty() {
                out.push_str(&tensors_table(&ts, st));
                out.push('\n');
            }
            for i in items {
                match i {
                    Item::Value(v) => out.push_str(&format!("{} = {}\n", st.bold(&v.name), v.text)),
                    Item::Print(p) => out.push_str(&format!("{}\n", p.text)),
                    Item::Timeit(t) => out.push_str(&render(&Report::Timeit(t.clone()), st)),
                    Item::Tensor(_) => {}
                }
            }
            out
        }
    }
}

/// `1.234 ms`-style durations.
pub fn human_ns(ns: u64) -> String {
    let f = ns as f64;
    if f < 1e3 {
        format!("{ns} ns")
    } else if f < 1e6 {
        format!("{:.3} µs", f / 1e3)
    } else if f < 1e9 {
        format!("{:.3} ms", f / 1e6)
    } else {
        format!("{:.3} s", f / 1e9)
    }
}
