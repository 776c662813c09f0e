//! Teaching reports (`storage`, `map`, `share`, `overlap`, `addr`, `bytes`,
//! `lineage`, `explain`, `diff`, `contiguity`): plain data built from the
//! session's tensors, rendered by `render::teach`.

use serde::Serialize;

/// One teaching report; JSON carries its own `kind`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TeachReport {}
