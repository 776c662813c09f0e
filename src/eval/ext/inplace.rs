//! Family "inplace": in-place variants that run their base op and write
//! its result into self (rows in `registry/inplace.rs`). `pow_`,
//! `remainder_` and `floor_divide_` are `**=`, `%=` and `//=`; the
//! comparisons and logical ops write 1/0 in self's dtype; `clamp_` and the
//! BLAS updates run the out-of-place op on a stand-in for self and adopt
//! the node it recorded as self's history (PyTorch saves the original
//! self the same way). The result must have self's shape and cast to its
//! dtype; self keeps its storage and bumps its version once.

use std::rc::Rc;

use crate::engine::autograd::Grad;
use crate::engine::ops::copy;
use crate::engine::ops::promote::{can_cast, scalar_type_name, type_meta_name};
use crate::engine::{DType, ErrorKind, Tensor};
use crate::lang::ast::{BinOp, CmpOp};
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
        OpId::Pow_, OpId::Remainder_, OpId::FloorDivide_, OpId::Clamp_, OpId::Clip_,
        OpId::Eq_, OpId::Ne_, OpId::Lt_, OpId::Le_, OpId::Gt_, OpId::Ge_,
        OpId::LogicalAnd_, OpId::LogicalOr_, OpId::LogicalXor_, OpId::LogicalNot_,
        OpId::Addmm_, OpId::Addmv_, OpId::Addr_, OpId::Baddbmm_, OpId::Addbmm_,
    ],
    function: super::no_function,
    method,
};

fn rt(msg: String, span: Span) -> EvalError {
    EvalError::new(ErrorKind::RuntimeError, msg, span)
}

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, nspan: Span, op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    match id {
        OpId::Pow_ | OpId::Remainder_ | OpId::FloorDivide_ => {
            let key = if id == OpId::Pow_ { "exponent" } else { "other" };
            let (v, _) = a.get(0, key).ok_or_else(|| a.err(format!("{name}() missing 1 required positional arguments: \"{key}\"")))?;
            a.finish(1)?;
            let bop = match id {
                OpId::Pow_ => BinOp::Pow,
                OpId::Remainder_ => BinOp::Mod,
                _ => BinOp::FloorDiv,
            };
            super::super::ops::inplace(it, t, bop, &v, span)?;
            Ok(Value::Tensor(t.clone()))
        }
        OpId::Eq_ | OpId::Ne_ | OpId::Lt_ | OpId::Le_ | OpId::Gt_ | OpId::Ge_ => {
            let (v, _) = a.get(0, "other").ok_or_else(|| a.err(format!("{name}() missing 1 required positional arguments: \"other\"")))?;
            a.finish(1)?;
            let cmp = match id {
                OpId::Eq_ => CmpOp::Eq,
                OpId::Ne_ => CmpOp::Ne,
                OpId::Lt_ => CmpOp::Lt,
                OpId::Le_ => CmpOp::Le,
                OpId::Gt_ => CmpOp::Gt,
                _ => CmpOp::Ge,
            };
            let other = match &v {
                Value::Tensor(o) => Some(o.clone()),
                _ => None,
            };
            super::super::grad::inplace::check_inplace_with(it, t, other.as_deref(), span)?;
            let r = super::super::ops::compare(it, cmp, &Value::Tensor(t.clone()), &v, span)?;
            write_into(t, &r, span, elementwise_shape)?;
            // Comparisons have zero gradients: eq_.Scalar's node is
            // EqBackward0, eq_.Tensor's EqBackward1.
            let zeros = super::super::ops::zero_grads([Some((t.shape().to_vec(), t.dtype)), other.as_deref().map(|o| (o.shape().to_vec(), o.dtype))]);
            let node = id.node(other.is_some() as usize);
            super::super::grad::rebase_node(it, t, node, &[other.as_deref()], zeros, &[]);
            Ok(Value::Tensor(t.clone()))
        }
        OpId::LogicalAnd_ | OpId::LogicalOr_ | OpId::LogicalXor_ | OpId::LogicalNot_ => {
            let base = match id {
                OpId::LogicalAnd_ => OpId::LogicalAnd,
                OpId::LogicalOr_ => OpId::LogicalOr,
                OpId::LogicalXor_ => OpId::LogicalXor,
                _ => OpId::LogicalNot,
            };
            super::super::grad::inplace::check_inplace(it, t, span)?;
            let r = super::super::methods::call_op(it, t, base, a, nspan, op)?;
            // Not differentiable: PyTorch records nothing, self keeps its node.
            write_into(t, &r, span, elementwise_shape)?;
            Ok(Value::Tensor(t.clone()))
        }
        _ => {
            let (base, shape_msg): (OpId, ShapeMsg) = match id {
                OpId::Clamp_ => (OpId::Clamp, elementwise_shape),
                OpId::Clip_ => (OpId::Clip, elementwise_shape),
                OpId::Addmm_ => (OpId::Addmm, blas_shape),
                OpId::Addmv_ => (OpId::Addmv, blas_shape),
                OpId::Addr_ => (OpId::Addr, blas_shape),
                OpId::Baddbmm_ => (OpId::Baddbmm, blas_shape),
                _ => (OpId::Addbmm, blas_shape),
            };
            // clamp_'s TensorIterator refuses bounds that partly overlap self.
            if matches!(id, OpId::Clamp_ | OpId::Clip_) {
                for v in a.pos.iter().map(|(v, _)| v).chain(a.kw.iter().map(|(_, v, _)| v)) {
                    if let Value::Tensor(x) = v {
                        copy::check_no_partial_overlap(t, x).at(span)?;
                    }
                }
            }
            super::super::grad::inplace::check_inplace(it, t, span)?;
            // The op runs on a stand-in holding self's values, so the node
            // it records saves those and not self's storage.
            let stand_in = if it.grad_enabled && t.dtype.is_floating() {
                let c = Rc::new(copy::clone(&it.ctx, t).at(span)?);
                if t.requires_grad() {
                    super::super::grad::make_leaf(&c, true, false, span)?;
                }
                c
            } else {
                t.clone()
            };
            let r = super::super::methods::call_op(it, &stand_in, base, a, nspan, op)?;
            let Value::Tensor(res) = &r else { return Ok(r) };
            if matches!(base, OpId::Clamp | OpId::Clip) && !can_cast(res.dtype, t.dtype) {
                return Err(rt(format!("result type {} can't be cast to the desired output type {}", scalar_type_name(res.dtype), type_meta_name(t.dtype)), span));
            }
            write_into(t, &r, span, shape_msg)?;
            if let Some(Grad::Node(n)) = res.grad_state() {
                super::super::grad::inplace::rebase_recorded(it, t, &n);
            }
            Ok(Value::Tensor(t.clone()))
        }
    }
}

/// The error for a result whose shape is not self's.
type ShapeMsg = fn(&[usize], &[usize]) -> String;

fn elementwise_shape(own: &[usize], result: &[usize]) -> String {
    use crate::engine::error::fmt_list;
    format!("output with shape {} doesn't match the broadcast shape {}", fmt_list(own), fmt_list(result))
}

fn blas_shape(own: &[usize], result: &[usize]) -> String {
    use crate::engine::error::fmt_list;
    format!("Bad in-place call: input tensor size {} and output tensor size {} should match", fmt_list(own), fmt_list(result))
}

/// Writes the op's result into self: the same shape, a dtype self can take
/// (cast as `copy_` casts), one version bump.
fn write_into(t: &Tensor, r: &Value, span: Span, shape_msg: ShapeMsg) -> EvalResult<()> {
    let Value::Tensor(r) = r else {
        return Err(rt("internal: an in-place op's base returned no tensor".into(), span));
    };
    if r.shape() != t.shape() {
        return Err(rt(shape_msg(t.shape(), r.shape()), span));
    }
    if r.dtype != DType::Bool && !can_cast(r.dtype, t.dtype) {
        return Err(rt(format!("result type {} can't be cast to the desired output type {}", scalar_type_name(r.dtype), scalar_type_name(t.dtype)), span));
    }
    copy::copy_into(t, r).at(span)
}
