//! Renderers for teaching reports: tables and diagrams, and JSON Lines.
//! One file per report; `text` holds the shared colour and column helpers.

mod addr;
mod bytes;
mod contiguity;
mod diff;
mod explain;
mod lineage;
mod map;
mod overlap;
mod share;
mod storage;
pub(crate) mod text;

use crate::report::teach::TeachReport;

use super::style::Style;

/// The report as text for a terminal (ending in a newline).
pub fn table(r: &TeachReport, st: Style) -> String {
    match r {
        TeachReport::Storage(r) => storage::table(r, st),
        TeachReport::Map(r) => map::table(r, st),
        TeachReport::Share(r) => share::table(r, st),
        TeachReport::Overlap(r) => overlap::table(r, st),
        TeachReport::Addr(r) => addr::table(r, st),
        TeachReport::Bytes(r) => bytes::table(r, st),
        TeachReport::Lineage(r) => lineage::table(r, st),
        TeachReport::Explain(r) => explain::table(r, st),
        TeachReport::Diff(r) => diff::table(r, st),
        TeachReport::Contiguity(r) => contiguity::table(r, st),
    }
}

/// The report as one JSON line, serialised from the same struct.
pub fn json(r: &TeachReport) -> String {
    let line = serde_json::to_string(r)
        .unwrap_or_else(|e| format!("{{\"kind\":\"error\",\"type\":\"InternalError\",\"message\":\"{e}\"}}"));
    format!("{line}\n")
}
