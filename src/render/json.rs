//! Reports as JSON Lines: one object per line, each with a `kind`.

use serde::Serialize;

use crate::report::diag::Diagnostic;
use crate::report::{Item, Report};

fn line<T: Serialize>(v: &T) -> String {
    // Serialising these plain structs cannot fail; fall back to an error object.
    serde_json::to_string(v).unwrap_or_else(|e| format!("{{\"kind\":\"error\",\"message\":\"{e}\"}}"))
}

pub fn render(r: &Report) -> String {
    let items: Vec<&Item> = match r {
        Report::Inspect(items) => items.iter().collect(),
        Report::Echo { item, .. } => vec![item],
        Report::Print(t) => return format!("{}\n", line(&Item::Print(t.clone()))),
        Report::Help(t) => return format!("{}\n", line(&Tagged { kind: "help", body: t })),
        Report::Timeit(t) => return format!("{}\n", line(&Item::Timeit(t.clone()))),
        Report::Teach(t) => return super::teach::json(t),
        Report::Memory(m) => return format!("{}\n", line(&Tagged { kind: "memory", body: m })),
        Report::MemTrace(m) => return format!("{}\n", line(&Tagged { kind: "memtrace", body: m })),
        Report::Graph(g) => return format!("{}\n", line(&Tagged { kind: "graph", body: g })),
        Report::Warning(w) => return format!("{}\n", line(&Tagged { kind: "warning", body: w })),
    };
    items.iter().map(|i| format!("{}\n", line(i))).collect()
}

#[derive(Serialize)]
struct ErrorLine<'a> {
    kind: &'static str,
    #[serde(flatten)]
    diag: &'a Diagnostic,
}

pub fn render_error(d: &Diagnostic) -> String {
    format!("{}\n", line(&ErrorLine { kind: "error", diag: d }))
}

/// A report struct with a `kind` field in front.
#[derive(Serialize)]
struct Tagged<'a, T: Serialize> {
    kind: &'static str,
    #[serde(flatten)]
    body: &'a T,
}
