//! The bitwise functions of the element-wise math family:
//! `bitwise_and/or/xor/not/left_shift/right_shift` and their in-place
//! forms, which are the `&`, `|`, `^`, `~`, `<<`, `>>` operators by name.

use std::rc::Rc;

use crate::engine::ops::elementwise::UnaryOp;
use crate::engine::ops::promote::scalar_type_name;
use crate::engine::{ErrorKind, Tensor};
use crate::lang::ast::BinOp;
use crate::lang::span::Span;

use super::super::args::Args;
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

pub const FAMILY: Family = Family {
    functions: &[],
    methods: &[
        OpId::BitwiseAnd, OpId::BitwiseAnd_, OpId::BitwiseOr, OpId::BitwiseOr_, OpId::BitwiseXor, OpId::BitwiseXor_, OpId::BitwiseNot, OpId::BitwiseNot_,
        OpId::BitwiseLeftShift, OpId::BitwiseLeftShift_, OpId::BitwiseRightShift, OpId::BitwiseRightShift_,
    ],
    function: super::no_function,
    method,
};

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let (base, inplace) = match name.strip_suffix('_') {
        Some(b) => (b, true),
        None => (name, false),
    };
    if base == "bitwise_not" {
        a.finish(0)?;
        if t.dtype.is_floating() {
            return Err(EvalError::new(ErrorKind::NotImplementedError, format!("\"bitwise_not_cpu\" not implemented for '{}'", scalar_type_name(t.dtype)), span));
        }
        let r = super::super::ops::tensor_unary(it, UnaryOp::BitNot, t, span)?;
        if !inplace {
            return Ok(r);
        }
        if let Value::Tensor(r) = &r {
            crate::engine::ops::copy::copy_into(t, r).at(span)?;
        }
        return Ok(Value::Tensor(t.clone()));
    }
    let out = super::math::take_out(&mut a, inplace)?;
    let (v, _) = a.get(0, "other").ok_or_else(|| a.err(format!("{name}() missing required argument 'other'")))?;
    a.finish(1)?;
    let op = match base {
        "bitwise_and" => BinOp::BitAnd,
        "bitwise_or" => BinOp::BitOr,
        "bitwise_xor" => BinOp::BitXor,
        "bitwise_left_shift" => BinOp::Shl,
        _ => BinOp::Shr,
    };
    if inplace {
        super::super::ops::inplace(it, t, op, &v, span)?;
        return Ok(Value::Tensor(t.clone()));
    }
    let r = super::super::ops::binop(it, op, &Value::Tensor(t.clone()), &v, span)?;
    match (out, r) {
        (Some(o), Value::Tensor(r)) => super::math::write_out(it, name, super::math::OutRule::Cast, &[t], (*r).clone(), &o, span),
        (_, r) => Ok(r),
    }
}
