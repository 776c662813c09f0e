//! The engine's error type. Messages are PyTorch's own wording; `hint` is
//! tsr's one-line advice on how to fix it. The engine knows no source spans:
//! the evaluator attaches the span of the call that failed.

use serde::Serialize;

/// The Python exception class PyTorch raises for this error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ErrorKind {
    RuntimeError,
    IndexError,
    ValueError,
    TypeError,
    ZeroDivisionError,
    NotImplementedError,
    OutOfMemoryError,
    NameError,
    AttributeError,
    SyntaxError,
    KeyboardInterrupt,
    SystemExit,
    KeyError,
    StopIteration,
    AssertionError,
    RecursionError,
    MemoryError,
    OverflowError,
    UnboundLocalError,
    ModuleNotFoundError,
    ImportError,
    Exception,
    BaseException,
    LookupError,
    ArithmeticError,
    IndentationError,
    UnpicklingError,
    OSError,
    FileNotFoundError,
    PermissionError,
    IsADirectoryError,
    EOFError,
    SafetensorError,
    BadZipFile,
}

impl ErrorKind {
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::RuntimeError => "RuntimeError",
            ErrorKind::IndexError => "IndexError",
            ErrorKind::ValueError => "ValueError",
            ErrorKind::TypeError => "TypeError",
            ErrorKind::ZeroDivisionError => "ZeroDivisionError",
            ErrorKind::NotImplementedError => "NotImplementedError",
            ErrorKind::OutOfMemoryError => "OutOfMemoryError",
            ErrorKind::NameError => "NameError",
            ErrorKind::AttributeError => "AttributeError",
            ErrorKind::SyntaxError => "SyntaxError",
            ErrorKind::KeyboardInterrupt => "KeyboardInterrupt",
            ErrorKind::SystemExit => "SystemExit",
            ErrorKind::KeyError => "KeyError",
            ErrorKind::StopIteration => "StopIteration",
            ErrorKind::AssertionError => "AssertionError",
            ErrorKind::RecursionError => "RecursionError",
            ErrorKind::MemoryError => "MemoryError",
            ErrorKind::OverflowError => "OverflowError",
            ErrorKind::UnboundLocalError => "UnboundLocalError",
            ErrorKind::ModuleNotFoundError => "ModuleNotFoundError",
            ErrorKind::ImportError => "ImportError",
            ErrorKind::Exception => "Exception",
            ErrorKind::BaseException => "BaseException",
            ErrorKind::LookupError => "LookupError",
            ErrorKind::ArithmeticError => "ArithmeticError",
            ErrorKind::IndentationError => "IndentationError",
            ErrorKind::UnpicklingError => "_pickle.UnpicklingError",
            ErrorKind::OSError => "OSError",
            ErrorKind::FileNotFoundError => "FileNotFoundError",
            ErrorKind::PermissionError => "PermissionError",
            ErrorKind::IsADirectoryError => "IsADirectoryError",
            ErrorKind::EOFError => "EOFError",
            ErrorKind::SafetensorError => "safetensors_rust.SafetensorError",
            ErrorKind::BadZipFile => "zipfile.BadZipFile",
        }
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct EngineError {
    pub kind: ErrorKind,
    pub message: String,
    pub hint: Option<String>,
}

impl EngineError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        EngineError { kind, message: message.into(), hint: None }
    }
    pub fn runtime(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::RuntimeError, message)
    }
    pub fn index(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::IndexError, message)
    }
    pub fn value(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::ValueError, message)
    }
    pub fn type_error(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::TypeError, message)
    }
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

pub type Result<T> = std::result::Result<T, EngineError>;

/// Formats a shape as PyTorch does in messages: `[3, 4]`.
pub fn fmt_list<T: std::fmt::Display>(xs: &[T]) -> String {
    let items: Vec<String> = xs.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}
