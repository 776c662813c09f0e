//! Reports: plain data built once from the session's state, then rendered
//! either as a table (`render::table`) or as JSON Lines (`render::json`).
//! Report builders read tensors; they never print.

pub mod diag;
pub mod file;
pub mod graph;
pub mod inspect;
pub mod memory;
pub mod pyfloat;
pub mod teach;
pub mod values;
pub mod warning;

use serde::Serialize;

pub use inspect::TensorReport;

/// A non-tensor value: `{"kind":"value","name":…,"value":…}`.
#[derive(Debug, Clone, Serialize)]
pub struct ValueReport {
    pub name: String,
    pub value: serde_json::Value,
    /// Python's `repr()` of the value, for tables.
    #[serde(skip)]
    pub text: String,
}

/// Text written by `print`, or a bare expression echoed by the REPL.
#[derive(Debug, Clone, Serialize)]
pub struct TextReport {
    pub text: String,
    /// What `print` writes after the text (`end=`, a newline by default).
    #[serde(skip)]
    pub end: String,
}

/// `timeit EXPR`: `{"kind":"timeit","expr":…,"runs":…,"median_ns":…,"min_ns":…}`.
#[derive(Debug, Clone, Serialize)]
pub struct TimeitReport {
    pub expr: String,
    pub runs: usize,
    pub median_ns: u64,
    pub min_ns: u64,
}

/// One JSON object per item; the table renderer groups them.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Item {
    Tensor(Box<TensorReport>),
    Value(ValueReport),
    Print(TextReport),
    Timeit(TimeitReport),
}

/// What one statement reports.
#[derive(Debug, Clone)]
pub enum Report {
    /// `inspect a, b`: tensors side by side, values below.
    Inspect(Vec<Item>),
    /// `print x`: Python's `str()`; JSON kind `print`.
    Print(TextReport),
    /// `help(NAME)`: the registry's text, wrapped to the width; JSON kind `help`.
    Help(TextReport),
    /// A bare expression in the REPL: `repr()`; JSON like `inspect`.
    Echo { text: String, item: Item },
    /// `timeit EXPR`.
    Timeit(TimeitReport),
    /// `storage`, `map`, `share`, … (see `report::teach`).
    Teach(teach::TeachReport),
    /// `mem [device]`.
    Memory(memory::MemoryReport),
    /// Allocator events of one statement (`memtrace on`).
    MemTrace(memory::MemTraceReport),
    /// `graph y`.
    Graph(graph::GraphReport),
    /// A warning raised while the statement ran (before its other reports).
    Warning(warning::WarningReport),
}
