//! The input language of tsr: a small subset of Python/PyTorch syntax.
//!
//! `lexer` turns text into tokens, `parser` turns tokens into the syntax tree
//! of `ast`. Entry points: [`parse_program`] (one result per statement, with
//! error recovery) and [`is_complete`] (for the REPL's multi-line input).

pub mod ast;
pub mod error;
pub mod lexer;
pub mod parser;
pub mod span;
pub mod token;

#[cfg(test)]
mod tests;

pub use error::ParseError;
pub use parser::{is_complete, parse_program};
