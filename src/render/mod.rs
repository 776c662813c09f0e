//! Renderers: turn reports into text. `table` draws tables and carets for a
//! terminal, `json` writes JSON Lines. Renderers never parse or evaluate.
pub mod diag;
pub mod file;
pub mod graph;
pub mod html;
pub mod json;
pub mod memory;
pub mod ndarray_repr;
pub mod pyrepr;
pub mod repr;
pub mod style;
pub mod table;
pub mod svg;
pub mod teach;
pub mod warning;
