//! Exceptions: the types tsr raises and catches, Python's hierarchy among
//! them, and exception values (`except E as e`).

use crate::engine::ErrorKind;
use crate::engine::ErrorKind as K;

use super::super::value::Value;

/// A caught exception: its type, `str(e)`, and `e.args`.
#[derive(Debug, Clone)]
pub struct PyExc {
    pub kind: ErrorKind,
    pub message: String,
    pub args: Vec<Value>,
    /// `raise … from cause`: `e.__cause__`.
    pub cause: Option<Value>,
}

/// Every exception type a program can name, with its base.
pub const TYPES: &[(ErrorKind, &str, ErrorKind)] = &[
    (K::BaseException, "BaseException", K::BaseException),
    (K::KeyboardInterrupt, "KeyboardInterrupt", K::BaseException),
    (K::SystemExit, "SystemExit", K::BaseException),
    (K::Exception, "Exception", K::BaseException),
    (K::ArithmeticError, "ArithmeticError", K::Exception),
    (K::ZeroDivisionError, "ZeroDivisionError", K::ArithmeticError),
    (K::OverflowError, "OverflowError", K::ArithmeticError),
    (K::LookupError, "LookupError", K::Exception),
    (K::IndexError, "IndexError", K::LookupError),
    (K::KeyError, "KeyError", K::LookupError),
    (K::RuntimeError, "RuntimeError", K::Exception),
    (K::NotImplementedError, "NotImplementedError", K::RuntimeError),
    (K::RecursionError, "RecursionError", K::RuntimeError),
    // torch.OutOfMemoryError derives from RuntimeError.
    (K::OutOfMemoryError, "OutOfMemoryError", K::RuntimeError),
    (K::NameError, "NameError", K::Exception),
    (K::UnboundLocalError, "UnboundLocalError", K::NameError),
    (K::TypeError, "TypeError", K::Exception),
    (K::ValueError, "ValueError", K::Exception),
    (K::AttributeError, "AttributeError", K::Exception),
    (K::AssertionError, "AssertionError", K::Exception),
    (K::StopIteration, "StopIteration", K::Exception),
    (K::MemoryError, "MemoryError", K::Exception),
    (K::ImportError, "ImportError", K::Exception),
    (K::ModuleNotFoundError, "ModuleNotFoundError", K::ImportError),
    (K::SyntaxError, "SyntaxError", K::Exception),
    (K::IndentationError, "IndentationError", K::SyntaxError),
    (K::OSError, "OSError", K::Exception),
    (K::FileNotFoundError, "FileNotFoundError", K::OSError),
    (K::PermissionError, "PermissionError", K::OSError),
    (K::IsADirectoryError, "IsADirectoryError", K::OSError),
    (K::EOFError, "EOFError", K::Exception),
    // Raised by file readers; a program cannot name them (no `pickle`,
    // `safetensors_rust` or `zipfile` module), but `except Exception` catches them.
    (K::UnpicklingError, "_pickle.UnpicklingError", K::Exception),
    (K::SafetensorError, "safetensors_rust.SafetensorError", K::Exception),
    (K::BadZipFile, "zipfile.BadZipFile", K::Exception),
    // NumPy shows its class as `UFuncTypeError` (`__name__`).
    (K::UFuncOutputCastingError, "numpy._core._exceptions._UFuncOutputCastingError", K::TypeError),
];

pub fn from_name(name: &str) -> Option<ErrorKind> {
    TYPES.iter().find(|(_, n, _)| *n == name).map(|(k, _, _)| *k)
}

/// `name` as a `&'static str` when it names an exception type.
pub fn static_name(name: &str) -> Option<&'static str> {
    TYPES.iter().find(|(_, n, _)| *n == name).map(|(_, n, _)| *n)
}

fn base(k: ErrorKind) -> ErrorKind {
    TYPES.iter().find(|(t, _, _)| *t == k).map(|(_, _, b)| *b).unwrap_or(K::Exception)
}

/// Whether an exception of type `k` is caught by `except of`.
pub fn is_subclass(mut k: ErrorKind, of: ErrorKind) -> bool {
    for _ in 0..8 {
        if k == of {
            return true;
        }
        if k == K::BaseException {
            return false;
        }
        k = base(k);
    }
    false
}

/// `str(e)` for an exception built from `args`, as Python's
/// `BaseException.__str__` (and `KeyError.__str__`, which shows the repr).
pub fn message_of(kind: ErrorKind, args: &[Value]) -> String {
    match args {
        [] => String::new(),
        [one] if kind == K::KeyError => super::repr::repr(one),
        [one] => super::repr::str(one),
        many => super::repr::repr(&Value::Tuple(many.to_vec())),
    }
}
