//! The evaluator's error: an engine error (or a language-level one) plus the
//! span of the code that failed.

use crate::engine::error::{EngineError, ErrorKind};
use crate::lang::span::Span;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{kind:?}: {message}")]
pub struct EvalError {
    pub kind: ErrorKind,
    pub message: String,
    pub hint: Option<String>,
    pub span: Span,
}

impl EvalError {
    pub fn new(kind: ErrorKind, message: impl Into<String>, span: Span) -> Self {
        EvalError { kind, message: message.into(), hint: None, span }
    }
    pub fn type_error(message: impl Into<String>, span: Span) -> Self {
        Self::new(ErrorKind::TypeError, message, span)
    }
    pub fn from_engine(e: EngineError, span: Span) -> Self {
        EvalError { kind: e.kind, message: e.message, hint: e.hint, span }
    }
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

pub type EvalResult<T> = Result<T, EvalError>;

/// Attaches a span to engine results.
pub trait AtSpan<T> {
    fn at(self, span: Span) -> EvalResult<T>;
}

impl<T> AtSpan<T> for Result<T, EngineError> {
    fn at(self, span: Span) -> EvalResult<T> {
        self.map_err(|e| EvalError::from_engine(e, span))
    }
}
