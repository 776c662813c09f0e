//! `diff x, y`: the header fields of two tensors side by side, with the
//! ones that differ marked.

use serde::Serialize;
use serde_json::{json, Value as Json};

use crate::engine::Tensor;

#[derive(Debug, Clone, Serialize)]
pub struct DiffReport {
    pub a: String,
    pub b: String,
    /// Every compared field, in a fixed order.
    pub fields: Vec<DiffField>,
    /// Names of the fields that differ.
    pub differing: Vec<String>,
    /// Equal storage ids: the two share memory (see `overlap`).
    pub same_storage: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct DiffField {
    pub field: String,
    pub a: Json,
    pub b: Json,
    pub differs: bool,
}

fn fields(t: &Tensor) -> Vec<(&'static str, Json)> {
    vec![
        ("shape", json!(t.shape())),
        ("stride", json!(t.stride())),
        ("storage_offset", json!(t.layout().offset)),
        ("storage", json!(t.storage.id)),
        ("dtype", json!(t.dtype.name())),
        ("device", json!(t.device().to_string())),
        ("is_contiguous", json!(t.is_contiguous())),
        ("numel", json!(t.numel())),
        ("element_size", json!(t.dtype.size())),
        ("data_ptr", json!(t.data_ptr())),
        ("requires_grad", json!(t.requires_grad())),
    ]
}

pub fn build(a_name: &str, a: &Tensor, b_name: &str, b: &Tensor) -> DiffReport {
    let fields: Vec<DiffField> = fields(a)
        .into_iter()
        .zip(fields(b))
        .map(|((f, x), (_, y))| DiffField { field: f.to_string(), differs: x != y, a: x, b: y })
        .collect();
    let differing = fields.iter().filter(|f| f.differs).map(|f| f.field.clone()).collect();
    DiffReport { a: a_name.to_string(), b: b_name.to_string(), fields, differing, same_storage: a.same_storage(b) }
}
