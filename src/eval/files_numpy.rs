//! `np.load`/`np.save`/`np.savez` and safetensors (in progress).

use super::args::Args;
use super::error::EvalResult;
use super::interp::Interp;
use super::value::Value;

pub fn call(_it: &mut Interp, name: &str, a: Args, _op: &str) -> EvalResult<Value> {
    Err(a.err(format!("{name}() is not available yet")))
}
