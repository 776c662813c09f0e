//! The error type of the lexer and parser: a message plus the byte span of the
//! offending text. Messages never contain line numbers; the renderer turns the
//! span into a location.

use super::span::Span;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    pub message: String,
    pub span: Span,
}

impl ParseError {
    pub fn new(message: impl Into<String>, span: Span) -> Self {
        ParseError {
            message: message.into(),
            span,
        }
    }
}
