//! The file layer's error: PyTorch's, NumPy's or safetensors' own words where
//! they have them, the Python exception class they raise, and tsr's hint.

use crate::engine::error::{EngineError, ErrorKind};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct IoError {
    pub kind: ErrorKind,
    pub message: String,
    pub hint: Option<String>,
}

impl IoError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        IoError { kind, message: message.into(), hint: None }
    }
    pub fn runtime(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::RuntimeError, message)
    }
    pub fn value(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::ValueError, message)
    }
    pub fn type_error(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::TypeError, message)
    }
    pub fn unpickling(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::UnpicklingError, message)
    }
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
    /// An OS error on `path` in Python's words (`[Errno 2] No such file or directory: 'x.pt'`).
    pub fn os(e: &std::io::Error, path: &str) -> Self {
        let quoted = crate::io::py_quote(path);
        match e.kind() {
            std::io::ErrorKind::NotFound => Self::new(ErrorKind::FileNotFoundError, format!("[Errno 2] No such file or directory: {quoted}")),
            std::io::ErrorKind::PermissionDenied => Self::new(ErrorKind::PermissionError, format!("[Errno 13] Permission denied: {quoted}")),
            _ => match e.raw_os_error() {
                Some(21) => Self::new(ErrorKind::IsADirectoryError, format!("[Errno 21] Is a directory: {quoted}")),
                Some(n) => Self::new(ErrorKind::OSError, format!("[Errno {n}] {}: {quoted}", strip_os_suffix(&e.to_string()))),
                None => Self::new(ErrorKind::OSError, format!("{e}: {quoted}")),
            },
        }
    }
}

/// `"No such file or directory (os error 2)"` → `"No such file or directory"`.
fn strip_os_suffix(s: &str) -> &str {
    s.find(" (os error").map_or(s, |i| &s[..i])
}

impl From<EngineError> for IoError {
    fn from(e: EngineError) -> Self {
        IoError { kind: e.kind, message: e.message, hint: e.hint }
    }
}

impl From<IoError> for EngineError {
    fn from(e: IoError) -> Self {
        EngineError { kind: e.kind, message: e.message, hint: e.hint }
    }
}

pub type Result<T> = std::result::Result<T, IoError>;
