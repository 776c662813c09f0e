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
    /// NumPy's refusal to cast a ufunc's result into `out` (a TypeError).
    UFuncOutputCastingError,
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
            ErrorKind::UFuncOutputCastingError => "numpy._core._exceptions._UFuncOutputCastingError",
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

/// A double as C++'s `ostream <<` writes it in PyTorch's messages (`%g`:
/// six significant digits, trailing zeros dropped, an exponent below 1e-4
/// or from 1e6 on): 2.0 is "2", 1.123456789 is "1.12346", 1e20 is "1e+20".
pub fn cpp_double(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0".into() } else { "0".into() };
    }
    let sci = format!("{x:.5e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let trim = |s: String| if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s };
    if !(-4..6).contains(&exp) {
        format!("{}e{}{:02}", trim(mantissa.to_string()), if exp < 0 { '-' } else { '+' }, exp.abs())
    } else {
        trim(format!("{x:.*}", (5 - exp) as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::cpp_double;

    #[test]
    fn doubles_print_as_cpp_ostream_prints_them() {
        let cases = [(2.0, "2"), (-1.0, "-1"), (1.5, "1.5"), (1.123456789, "1.12346"), (1e20, "1e+20"), (1.5e-5, "1.5e-05"), (0.0001, "0.0001"), (123456.0, "123456"), (1234567.0, "1.23457e+06"), (999999.5, "1e+06"), (0.1, "0.1"), (f64::NAN, "nan"), (f64::NEG_INFINITY, "-inf"), (0.0, "0")];
        for (x, want) in cases {
            assert_eq!(cpp_double(x), want, "{x}");
        }
    }
}
