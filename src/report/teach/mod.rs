//! Teaching reports (`storage`, `map`, `share`, `overlap`, `addr`, `bytes`,
//! `lineage`, `explain`, `diff`, `contiguity`): plain data built from the
//! session's tensors, rendered by `render::teach`.
//!
//! Each report is one struct in its own file, with the function that builds
//! it from engine state. Builders read tensors and storages; they never
//! evaluate code (that is `eval::teach`) and never format for a terminal
//! (that is `render::teach`). Every question that could take long on a huge
//! tensor (which elements overlap, which indices land on a cell) goes through
//! `affine`, whose search is bounded.

pub mod addr;
pub mod affine;
pub mod bytes;
pub mod chunks;
pub mod contiguity;
pub mod diff;
pub mod explain;
pub mod lineage;
pub mod map;
pub mod overlap;
pub mod share;
pub mod storage;

use std::rc::Rc;

use serde::Serialize;

use crate::engine::layout::Layout;
use crate::engine::Tensor;

/// One teaching report; JSON carries its own `kind`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TeachReport {
    Storage(storage::StorageReport),
    Map(map::MapReport),
    Share(share::ShareReport),
    Overlap(overlap::OverlapReport),
    Addr(addr::AddrReport),
    Bytes(bytes::BytesReport),
    Lineage(lineage::LineageReport),
    Explain(explain::ExplainReport),
    Diff(diff::DiffReport),
    Contiguity(contiguity::ContiguityReport),
}

/// A live tensor and the name it is reachable by (`x`, or `parts[0]` for a
/// tensor inside a bound tuple).
#[derive(Debug, Clone)]
pub struct Named {
    pub name: String,
    pub tensor: Rc<Tensor>,
}

/// Shape, stride and storage offset (in elements) of a tensor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LayoutInfo {
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub offset: usize,
}

impl LayoutInfo {
    pub fn of(l: &Layout) -> LayoutInfo {
        LayoutInfo { shape: l.shape.clone(), stride: l.stride.clone(), offset: l.offset }
    }
}

/// The storage elements `t` can reach, as an affine set (in `t`'s elements).
pub fn affine_of(t: &Tensor) -> affine::Affine {
    affine::Affine::new(t.layout().offset, t.shape(), t.stride())
}

/// The lowest and highest storage element `t` can reach (its footprint).
pub fn footprint(t: &Tensor) -> Option<[usize; 2]> {
    t.layout().footprint().map(|(lo, hi)| [lo, hi])
}

/// `x[1, 2]`-style text of an index into `name`.
pub fn index_text(name: &str, index: &[u64]) -> String {
    if index.is_empty() {
        return format!("{name}[()]");
    }
    let parts: Vec<String> = index.iter().map(|i| i.to_string()).collect();
    format!("{}[{}]", name, parts.join(", "))
}

/// The byte order `scalar::read` decodes with (the host's).
pub fn byte_order() -> &'static str {
    if cfg!(target_endian = "little") { "little-endian" } else { "big-endian" }
}
