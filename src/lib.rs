//! tsr: makes the inside of a tensor visible.
//!
//! Layers, dependencies pointing one way:
//! `lang` (lex, parse) → `eval` (run statements) → `engine` (tensors, storage,
//! allocators, ops); `report` (plain data built from engine state) →
//! `render` (tables, JSON) → `cli` (terminal, REPL, exit codes).
pub mod cli;
pub mod engine;
pub mod eval;
pub mod io;
pub mod lang;
pub mod render;
pub mod report;
