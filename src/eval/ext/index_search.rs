//! The index family's searches (`engine/ops/search.rs`): the functions
//! `torch.searchsorted`, `torch.bucketize`, `torch.isin`, and the methods
//! `bincount`, `histc`. None is differentiable but bincount's weights
//! (PyTorch's `NotImplemented` node).

use std::rc::Rc;

use crate::engine::autograd::Formula;
use crate::engine::ops::search;
use crate::engine::{ErrorKind, Tensor};
use crate::lang::span::Span;

use super::super::args::{Args, to_number};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::methods::tensor_arg;
use super::super::value::Value;
use crate::eval::registry::OpId;

pub const FUNCTIONS: &[&str] = &["searchsorted", "bucketize", "isin"];
pub const METHODS: &[&str] = &["bincount", "histc"];

const VALUES_NONCONTIGUOUS: &str = "torch.searchsorted(): input value tensor is non-contiguous, this will lower the performance due to extra data copy when converting non-contiguous tensor to contiguous, please use contiguous input value tensor if possible. This message will only appear once per program. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/BucketizationUtils.h:32.)";
const BOUNDARY_NONCONTIGUOUS: &str = "torch.searchsorted(): boundary tensor is non-contiguous, this will lower the performance due to extra data copy when converting non-contiguous tensor to contiguous, please use contiguous boundary tensor if possible. This message will only appear once per program. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/BucketizationUtils.h:38.)";

/// A tensor argument, or a Python number as a 0-dim tensor.
fn tensor_or_number(it: &Interp, a: &mut Args, i: usize, k: &str, op: &str) -> EvalResult<Rc<Tensor>> {
    match a.get(i, k) {
        Some((Value::Tensor(t), _)) => Ok(t),
        Some((v, s)) => match to_number(&v) {
            Some(n) => {
                let d = crate::engine::ops::factory::dtype_of_value(n);
                Tensor::from_scalars(&it.ctx, &[], d, &[n], op).map(Rc::new).at(s)
            }
            None => Err(EvalError::type_error(format!("{}(): argument '{k}'{} must be Tensor, not {}", a.name, a.position(s), v.type_name()), s)),
        },
        None => Err(a.err(format!("{}() missing required argument '{k}'", a.name))),
    }
}

fn kw_bool(a: &mut Args, k: &str) -> EvalResult<bool> {
    a.opt_bool(usize::MAX, k, false)
}

pub fn function(it: &mut Interp, id: OpId, mut a: Args, op: &str) -> EvalResult<Value> {
    let span = a.span;
    match id {
        OpId::Searchsorted | OpId::Bucketize => {
            let (sorted, values) = if id == OpId::Searchsorted {
                let b = tensor_arg(&mut a, 0, "sorted_sequence")?;
                (b, tensor_or_number(it, &mut a, 1, "input", op)?)
            } else {
                let v = tensor_or_number(it, &mut a, 0, "input", op)?;
                (tensor_arg(&mut a, 1, "boundaries")?, v)
            };
            let int32 = kw_bool(&mut a, "out_int32")?;
            let mut right = kw_bool(&mut a, "right")?;
            let mut sorter = None;
            if id == OpId::Searchsorted {
                if let Some((v, s)) = a.take_kw("side") {
                    match v {
                        Value::None => {}
                        Value::Str(side) if side == "left" || side == "right" => {
                            if right && side == "left" {
                                let msg = "torch.searchsorted(): side and right can't be set to opposites, got side of left while right was True";
                                return Err(EvalError::new(ErrorKind::RuntimeError, msg, s));
                            }
                            right = side == "right";
                        }
                        Value::Str(side) => {
                            let msg = format!("torch.searchsorted(): side can only be 'left' or 'right' but got {side}");
                            return Err(EvalError::new(ErrorKind::RuntimeError, msg, s));
                        }
                        v => return Err(EvalError::type_error(format!("searchsorted(): argument 'side' must be str, not {}", v.type_name()), s)),
                    }
                }
                sorter = match a.take_kw("sorter") {
                    None | Some((Value::None, _)) => None,
                    Some((Value::Tensor(t), _)) => Some(t),
                    Some((v, s)) => return Err(EvalError::type_error(format!("searchsorted(): argument 'sorter' must be Tensor, not {}", v.type_name()), s)),
                };
            } else if sorted.ndim() != 1 {
                return Err(EvalError::new(ErrorKind::RuntimeError, format!("boundaries tensor must be 1 dimension, but got dim({})", sorted.ndim()), span));
            }
            a.finish(2)?;
            let out = search::searchsorted(&it.ctx, &sorted, &values, right, sorter.as_deref(), int32, op).at(span)?;
            if !sorted.is_contiguous() {
                it.warn_once(BOUNDARY_NONCONTIGUOUS, span);
            }
            if !values.is_contiguous() {
                it.warn_once(VALUES_NONCONTIGUOUS, span);
            }
            Ok(Value::tensor(out))
        }
        _ => {
            let elements = tensor_or_number(it, &mut a, 0, "elements", op)?;
            let test = tensor_or_number(it, &mut a, 1, "test_elements", op)?;
            kw_bool(&mut a, "assume_unique")?;
            let invert = kw_bool(&mut a, "invert")?;
            a.finish(2)?;
            search::isin(&it.ctx, &elements, &test, invert, op).map(Value::tensor).at(span)
        }
    }
}

pub fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, op: &str) -> EvalResult<Value> {
    let span = a.span;
    if id == OpId::Bincount {
        let weights = match a.get(0, "weights") {
            None | Some((Value::None, _)) => None,
            Some((Value::Tensor(w), _)) => Some(w),
            Some((v, s)) => return Err(EvalError::type_error(format!("bincount(): argument 'weights'{} must be Tensor, not {}", a.position(s), v.type_name()), s)),
        };
        let minlength = a.opt_int(1, "minlength", 0)?;
        a.finish(2)?;
        let out = search::bincount(&it.ctx, t, weights.as_deref(), minlength, op).at(span)?;
        let inputs = [Some(&**t), weights.as_deref()];
        return Ok(Value::tensor(super::super::grad::record(it, crate::eval::registry::nodes::NOT_IMPLEMENTED, &inputs, out, Formula::NotImplemented("bincount"), &[])));
    }
    let bins = a.opt_int(0, "bins", 100)?;
    let num = |a: &mut Args, i: usize, k: &str| -> EvalResult<f64> {
        match a.get(i, k) {
            None => Ok(0.0),
            Some((v, s)) => to_number(&v).map(|n| n.as_f64()).ok_or_else(|| EvalError::type_error(format!("histc(): argument '{k}' must be Number, not {}", v.type_name()), s)),
        }
    };
    let min = num(&mut a, 1, "min")?;
    let max = num(&mut a, 2, "max")?;
    a.finish(3)?;
    search::histc(&it.ctx, t, bins, min, max, op).map(Value::tensor).at(span)
}
