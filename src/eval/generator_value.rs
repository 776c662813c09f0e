//! `torch.Generator` objects: `torch.Generator()` (its own Mersenne
//! Twister, seeded with PyTorch's default seed), `torch.default_generator`
//! (the one `torch.manual_seed` seeds and returns), `g.manual_seed(s)`,
//! `g.initial_seed()`, `g.device`, and `generator=g` on every op that takes
//! one: the op draws from `g`'s state, which it advances, and the default
//! generator's stream is left as it was.

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::ops::random::{Generator, DEFAULT_SEED};
use crate::engine::ErrorKind;
use crate::lang::span::Span;

use super::args::Args;
use super::error::{EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

/// A generator object; `own` is None for the default generator, whose
/// state is the session's (`Context::rng`).
#[derive(Default)]
pub struct GenHandle {
    pub own: Option<RefCell<Generator>>,
}

impl std::fmt::Debug for GenHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.own.is_some() { "Generator" } else { "default_generator" })
    }
}

/// `torch.Generator(device="cpu")`.
pub fn construct(a: &mut Args) -> EvalResult<Value> {
    let dev = match a.get(0, "device") {
        None | Some((Value::None, _)) => crate::engine::Device::Cpu,
        Some((v, s)) => super::args::to_device(&v).ok_or_else(|| EvalError::type_error(format!("Generator(): argument 'device' must be torch.device, not {}", v.type_name()), s))?,
    };
    a.finish(1)?;
    if dev.is_cuda() {
        return Err(EvalError::new(ErrorKind::NotImplementedError, "tsr's generators are CPU ones: a CUDA generator (Philox) is not built", a.span));
    }
    Ok(Value::Generator(Rc::new(GenHandle { own: Some(RefCell::new(Generator::new(DEFAULT_SEED))) })))
}

/// The seed PyTorch's `manual_seed` takes: an int, negative ones wrapped
/// to 64 bits as `manual_seed` wraps them.
fn seed_arg(v: &Value, span: Span) -> EvalResult<u64> {
    match v {
        Value::Int(i) => Ok(*i as u64),
        Value::Bool(b) => Ok(*b as u64),
        other => Err(EvalError::new(ErrorKind::RuntimeError, format!("manual_seed expected a long, but got {}", other.type_name()), span)),
    }
}

/// `g.manual_seed(s)`, `g.initial_seed()`.
pub fn method(it: &mut Interp, g: &Rc<GenHandle>, name: &str, pos: &[Value], span: Span) -> EvalResult<Value> {
    match (name, pos) {
        ("manual_seed", [s]) => {
            let seed = seed_arg(s, span)?;
            match &g.own {
                Some(own) => own.borrow_mut().seed(seed),
                None => it.ctx.rng.borrow_mut().seed(seed),
            }
            Ok(Value::Generator(g.clone()))
        }
        ("initial_seed", []) => {
            let seed = match &g.own {
                Some(own) => own.borrow().initial_seed(),
                None => it.ctx.rng.borrow().initial_seed(),
            };
            // tsr's ints are 64-bit signed: a seed from 2**63 does not fit.
            i64::try_from(seed).map(Value::Int).map_err(|_| EvalError::new(ErrorKind::OverflowError, "initial seed is 2**63 or more (tsr ints are 64-bit)", span))
        }
        ("manual_seed" | "initial_seed", _) => Err(EvalError::type_error(format!("{name}() takes {} positional argument ({} given)", if name == "manual_seed" { "exactly one" } else { "no" }, pos.len()), span)),
        _ => Err(no_attr(name, span)),
    }
}

pub fn no_attr(name: &str, span: Span) -> EvalError {
    EvalError::new(ErrorKind::AttributeError, format!("'torch._C.Generator' object has no attribute '{name}'"), span)
}

/// Whether `name` is a generator method.
pub fn is_method(name: &str) -> bool {
    matches!(name, "manual_seed" | "initial_seed")
}

/// `generator=` taken out of a call: the generator to draw from (None for
/// the default one).
pub fn take(a: &mut Args) -> Option<Rc<GenHandle>> {
    let i = a.kw.iter().position(|(k, v, _)| k == "generator" && matches!(v, Value::Generator(_) | Value::None))?;
    match a.kw.remove(i).1 {
        Value::Generator(g) if g.own.is_some() => Some(g),
        _ => None,
    }
}

/// Runs `f` with `g`'s state as the session's generator, then puts both back.
pub fn with<T>(it: &mut Interp, g: Option<Rc<GenHandle>>, f: impl FnOnce(&mut Interp) -> T) -> T {
    let Some(own) = g.as_ref().and_then(|g| g.own.as_ref()) else { return f(it) };
    std::mem::swap(&mut *it.ctx.rng.borrow_mut(), &mut *own.borrow_mut());
    let r = f(it);
    std::mem::swap(&mut *it.ctx.rng.borrow_mut(), &mut *own.borrow_mut());
    r
}
