//! `torch.set_printoptions`: the session's
//! `PRINT_OPTS` (precision, threshold, edgeitems, linewidth, sci_mode), as
//! `torch/_tensor_str.py` keeps them. A module global in PyTorch; here one
//! per thread, reset when a session starts.

use std::cell::Cell;

use crate::engine::ErrorKind;
use crate::render::repr::PrintOptions;

use super::args::{to_int, Args};
use super::error::{EvalError, EvalResult};
use super::value::Value;

thread_local! {
    static OPTS: Cell<PrintOptions> = Cell::new(PrintOptions::default());
}

/// The options tensors print with now.
pub fn current() -> PrintOptions {
    OPTS.with(|o| o.get())
}

/// PyTorch's defaults again (a new session).
pub fn reset() {
    OPTS.with(|o| o.set(PrintOptions::default()));
}

/// `set_printoptions(precision=None, threshold=None, edgeitems=None,
/// linewidth=None, profile=None, sci_mode=None)`.
pub fn set(mut a: Args) -> EvalResult<Value> {
    let mut o = current();
    let int = |a: &mut Args, i: usize, k: &str| -> EvalResult<Option<i64>> {
        match a.get(i, k) {
            None | Some((Value::None, _)) => Ok(None),
            Some((v, s)) => match to_int(&v) {
                Some(n) if n >= 0 => Ok(Some(n)),
                Some(_) => Err(EvalError::new(ErrorKind::ValueError, format!("set_printoptions(): {k} must be non-negative"), s)),
                None => Err(EvalError::type_error(format!("set_printoptions(): argument '{k}' must be int, not {}", v.type_name()), s)),
            },
        }
    };
    if let Some((v, s)) = a.get(4, "profile") {
        match &v {
            Value::None => {}
            Value::Str(p) if p.as_str() == "default" => o = PrintOptions::default(),
            Value::Str(p) if p.as_str() == "short" => o = PrintOptions { precision: 2, edgeitems: 2, ..PrintOptions::default() },
            Value::Str(p) if p.as_str() == "full" => o = PrintOptions { threshold: usize::MAX, ..PrintOptions::default() },
            // PyTorch ignores an unknown profile name.
            Value::Str(_) => {}
            other => return Err(EvalError::type_error(format!("set_printoptions(): argument 'profile' must be str, not {}", other.type_name()), s)),
        }
    }
    if let Some(n) = int(&mut a, 0, "precision")? {
        o.precision = (n as usize).min(MAX_PRECISION);
    }
    // `threshold` may be a float (`float('inf')` prints everything).
    match a.get(1, "threshold") {
        None | Some((Value::None, _)) => {}
        Some((Value::Float(f), _)) if f.is_infinite() && f > 0.0 => o.threshold = usize::MAX,
        Some((Value::Float(f), _)) if f >= 0.0 => o.threshold = f as usize,
        Some((v, s)) => match to_int(&v) {
            Some(n) if n >= 0 => o.threshold = n as usize,
            _ => return Err(EvalError::type_error(format!("set_printoptions(): argument 'threshold' must be a number, not {}", v.type_name()), s)),
        },
    }
    if let Some(n) = int(&mut a, 2, "edgeitems")? {
        o.edgeitems = n as usize;
    }
    if let Some(n) = int(&mut a, 3, "linewidth")? {
        o.linewidth = n as usize;
    }
    // PyTorch sets sci_mode on every call, to None when it is not given.
    o.sci_mode = match a.get(5, "sci_mode") {
        None | Some((Value::None, _)) => None,
        Some((Value::Bool(b), _)) => Some(b),
        Some((v, s)) => return Err(EvalError::type_error(format!("set_printoptions(): argument 'sci_mode' must be bool or None, not {}", v.type_name()), s)),
    };
    a.finish(6)?;
    OPTS.with(|c| c.set(o));
    Ok(Value::None)
}

/// Digits past this make no sense for any dtype (and keep formatting bounded).
const MAX_PRECISION: usize = 64;

/// The options as they are now, put back when this is dropped: a nested
/// session (help running an example) cannot change the caller's.
pub struct Saved(PrintOptions);

impl Drop for Saved {
    fn drop(&mut self) {
        OPTS.with(|o| o.set(self.0));
    }
}

pub fn save() -> Saved {
    Saved(current())
}
