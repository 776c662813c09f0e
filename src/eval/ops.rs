//! Operators on values: tensors go to the engine's element-wise kernels;
//! Python numbers follow Python's arithmetic.

use std::rc::Rc;

use crate::engine::ops::division::Rounding;
use crate::engine::ops::elementwise::{self, Arg as EArg, BinaryOp, UnaryOp};
use crate::engine::{DType, ErrorKind, Scalar, Tensor};
use crate::lang::ast::{BinOp, CmpOp, UnOp};
use crate::lang::span::Span;

use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::registry::{nodes, OpId};
use super::value::Value;

pub(super) fn engine_op(op: BinOp) -> Option<BinaryOp> {
    Some(match op {
        BinOp::Add => BinaryOp::Add,
        BinOp::Sub => BinaryOp::Sub,
        BinOp::Mul => BinaryOp::Mul,
        BinOp::Div => BinaryOp::Div,
        BinOp::FloorDiv => BinaryOp::FloorDiv,
        BinOp::Mod => BinaryOp::Mod,
        BinOp::Pow => BinaryOp::Pow,
        BinOp::BitAnd => BinaryOp::BitAnd,
        BinOp::BitOr => BinaryOp::BitOr,
        BinOp::BitXor => BinaryOp::BitXor,
        BinOp::Shl => BinaryOp::Shl,
        BinOp::Shr => BinaryOp::Shr,
        BinOp::MatMul => return None,
    })
}

fn cmp_op(op: CmpOp) -> Option<BinaryOp> {
    Some(match op {
        CmpOp::Lt => BinaryOp::Lt,
        CmpOp::Le => BinaryOp::Le,
        CmpOp::Gt => BinaryOp::Gt,
        CmpOp::Ge => BinaryOp::Ge,
        CmpOp::Eq => BinaryOp::Eq,
        CmpOp::Ne => BinaryOp::Ne,
        CmpOp::Is | CmpOp::IsNot | CmpOp::In | CmpOp::NotIn => return None,
    })
}

/// A value usable as an element-wise operand.
enum Operand {
    T(Rc<Tensor>),
    S(Scalar),
}

fn operand(v: &Value) -> Option<Operand> {
    match v {
        Value::Tensor(t) => Some(Operand::T(t.clone())),
        other => other.as_scalar().map(Operand::S),
    }
}

fn earg(o: &Operand) -> EArg<'_> {
    match o {
        Operand::T(t) => EArg::T(t),
        Operand::S(s) => EArg::S(*s),
    }
}

fn unsupported(sym: &str, a: &Value, b: &Value, span: Span) -> EvalError {
    EvalError::type_error(
        format!("unsupported operand type(s) for {}: '{}' and '{}'", sym, a.type_name(), b.type_name()),
        span,
    )
}

fn tensor_binary(it: &Interp, op: BinaryOp, a: &Value, b: &Value, sym: &str, span: Span) -> EvalResult<Value> {
    let (Some(x), Some(y)) = (operand(a), operand(b)) else {
        return Err(unsupported(sym, a, b, span));
    };
    // PyTorch's `scalar / tensor` is `tensor.reciprocal() * scalar`.
    if let (BinaryOp::Div, Operand::S(s), Operand::T(t)) = (op, &x, &y) {
        let r = elementwise::binary(&it.ctx, BinaryOp::Div, EArg::S(Scalar::Float(1.0)), EArg::T(t)).at(span)?;
        let keep = r.clone();
        let r = super::grad::record(it, OpId::Reciprocal.node(0), &[Some(t)], r, crate::engine::autograd::Formula::Reciprocal, &[&keep]);
        let out = elementwise::binary(&it.ctx, BinaryOp::Mul, EArg::T(&r), EArg::S(*s)).at(span)?;
        let rr = Operand::T(Rc::new(r));
        return Ok(Value::tensor(record_binary(it, BinaryOp::Mul, &rr, &Operand::S(*s), out)?));
    }
    // `2 * t` and `2 + t` are `t.__rmul__(2)` / `t.__radd__(2)`: the tensor
    // is the node's first input (`next_functions` order).
    let (x, y) = match (op, x, y) {
        (BinaryOp::Add | BinaryOp::Mul, Operand::S(s), Operand::T(t)) => (Operand::T(t), Operand::S(s)),
        (_, x, y) => (x, y),
    };
    let out = elementwise::binary(&it.ctx, op, earg(&x), earg(&y)).at(span)?;
    Ok(Value::tensor(record_binary(it, op, &x, &y, out)?))
}

/// `torch.add(2, x)` and friends with a number as `input`: PyTorch wraps
/// it as a tensor and runs the Tensor-Tensor overload, so `sub` records
/// `SubBackward0` and `div` divides directly (unlike `2 - x`, `2 / x`).
pub fn number_first(it: &Interp, op: BinaryOp, s: Scalar, other: &Value, span: Span) -> EvalResult<Option<Value>> {
    let Some(y) = operand(other) else { return Ok(None) };
    let out = elementwise::binary(&it.ctx, op, EArg::S(s), earg(&y)).at(span)?;
    let x = Operand::S(s);
    if let (BinaryOp::Sub, Operand::T(t)) = (op, &y)
        && super::grad::wants(it, &[None, Some(t)], &out)
    {
        let shapes = [vec![], t.shape().to_vec()];
        let f = crate::engine::autograd::Formula::AddSub { sub: true, shapes };
        return Ok(Some(Value::tensor(super::grad::record(it, OpId::Sub.node(0), &[None, Some(t)], out, f, &[]))));
    }
    Ok(Some(Value::tensor(record_binary(it, op, &x, &y, out)?)))
}

fn as_tensor(it: &Interp, o: &Operand) -> Option<Tensor> {
    match o {
        Operand::T(t) => Some((**t).clone()),
        Operand::S(s) => Tensor::from_scalars(&it.ctx, &[], crate::engine::DType::Float64, &[*s], "scalar").ok(),
    }
}

/// The autograd node of `x op y` (names and formulas as PyTorch's).
fn record_binary(it: &Interp, op: BinaryOp, x: &Operand, y: &Operand, out: Tensor) -> EvalResult<Tensor> {
    use crate::engine::autograd::Formula;
    let tx = match x {
        Operand::T(t) => Some(t.as_ref()),
        Operand::S(_) => None,
    };
    let ty = match y {
        Operand::T(t) => Some(t.as_ref()),
        Operand::S(_) => None,
    };
    if !super::grad::wants(it, &[tx, ty], &out) {
        return Ok(out);
    }
    let shape = |t: Option<&Tensor>| t.map(|t| t.shape().to_vec()).unwrap_or_default();
    let shapes = [shape(tx), shape(ty)];
    let (sx, sy) = (as_tensor(it, x), as_tensor(it, y));
    let inputs = [tx, ty];
    Ok(match op {
        BinaryOp::Add => super::grad::record(it, OpId::Add.node(0), &inputs, out, Formula::AddSub { sub: false, shapes }, &[]),
        BinaryOp::Sub if tx.is_none() => super::grad::record_masked(it, nodes::RSUB_SCALAR, &inputs, &[false, true], out, Formula::AddSub { sub: true, shapes }, &[]),
        BinaryOp::Sub => super::grad::record(it, OpId::Sub.node(0), &inputs, out, Formula::AddSub { sub: true, shapes }, &[]),
        BinaryOp::Mul | BinaryOp::Div => {
            let (Some(sx), Some(sy)) = (sx, sy) else { return Ok(out) };
            let (name, f) = if op == BinaryOp::Mul { (OpId::Mul.node(0), Formula::Mul { shapes }) } else { (OpId::Div.node(0), Formula::Div { shapes }) };
            super::grad::record(it, name, &inputs, out, f, &[&sx, &sy])
        }
        BinaryOp::Pow => match (x, y) {
            (Operand::T(a), Operand::S(e)) => super::grad::record_masked(it, OpId::Pow.node(2), &inputs, &[true, false], out, Formula::PowScalar { exp: e.as_f64() }, &[a]),
            (Operand::S(b), Operand::T(_)) => {
                let keep = out.clone();
                super::grad::record_masked(it, OpId::Pow.node(1), &inputs, &[false, true], out, Formula::RPowScalar { base: b.as_f64() }, &[&keep])
            }
            (Operand::T(a), Operand::T(b)) => {
                let keep = out.clone();
                super::grad::record(it, OpId::Pow.node(0), &inputs, out, Formula::PowTensor { shapes }, &[a, b, &keep])
            }
            _ => out,
        },
        BinaryOp::Mod => match (tx, ty) {
            (Some(_), None) => super::grad::record_masked(it, OpId::Remainder.node(2), &inputs, &[true, false], out, Formula::Remainder { shapes }, &[]),
            (Some(a), Some(b)) => super::grad::record(it, OpId::Remainder.node(0), &inputs, out, Formula::Remainder { shapes }, &[a, b]),
            _ => super::grad::record_masked(it, crate::eval::registry::nodes::NOT_IMPLEMENTED, &inputs, &[false, true], out, Formula::NotImplemented("remainder"), &[]),
        },
        // PyTorch has no derivative for floor_divide: a node that fails in backward.
        BinaryOp::FloorDiv => {
            let present = [tx.is_some(), ty.is_some()];
            super::grad::record_masked(it, crate::eval::registry::nodes::NOT_IMPLEMENTED, &inputs, &present, out, Formula::NotImplemented("floor_divide"), &[])
        }
        _ => out,
    })
}

pub fn binop(it: &mut Interp, op: BinOp, a: &Value, b: &Value, span: Span) -> EvalResult<Value> {
    let any_tensor = matches!(a, Value::Tensor(_)) || matches!(b, Value::Tensor(_));
    if let (BinOp::Mod, Value::Str(f)) = (op, a) {
        return super::py::format::percent(f, b, span);
    }
    if !any_tensor
        && (matches!(a, Value::NdArray(_) | Value::NpScalar(..)) || matches!(b, Value::NdArray(_) | Value::NpScalar(..)))
        && let Some(e) = super::numpy_math::engine_op(op)
        && let Some(r) = super::numpy_math::binary(it, e, a, b, span)
    {
        return r.map(super::numpy_module::array_or_scalar);
    }
    if any_tensor {
        if op == BinOp::MatMul {
            return match (a, b) {
                (Value::Tensor(x), Value::Tensor(y)) => {
                    Ok(Value::tensor(super::matmul::call(it, "matmul", x, y).at(span)?))
                }
                _ => Err(unsupported("@", a, b, span)),
            };
        }
        let Some(e) = engine_op(op) else {
            return Err(unsupported(op.symbol(), a, b, span));
        };
        return tensor_binary(it, e, a, b, op.symbol(), span);
    }
    // Sequences, strings, sets and dicts.
    if let Some(r) = super::py::compare::py_binop(it, op, a, b, span) {
        return r;
    }
    let (Some(x), Some(y)) = (a.as_scalar(), b.as_scalar()) else {
        return Err(unsupported(op.symbol(), a, b, span));
    };
    py_arith(op, x, y, span)
}

/// Python's message for `0 ** -1` and `0.0 ** -1.5`.
const NEG_POWER_OF_ZERO: &str = "0.0 cannot be raised to a negative power";

/// CPython's `float_divmod`: floor division and a remainder with the
/// divisor's sign, zeros signed as Python signs them.
pub fn float_divmod(vx: f64, wx: f64) -> (f64, f64) {
    let mut m = vx % wx;
    let mut div = (vx - m) / wx;
    if m != 0.0 {
        if (wx < 0.0) != (m < 0.0) {
            m += wx;
            div -= 1.0;
        }
    } else {
        m = 0.0f64.copysign(wx);
    }
    let floordiv = if div != 0.0 {
        let f = div.floor();
        if div - f > 0.5 { f + 1.0 } else { f }
    } else {
        0.0f64.copysign(vx / wx)
    };
    (floordiv, m)
}

/// Python arithmetic on numbers (`bool` acts as `int`).
fn py_arith(op: BinOp, x: Scalar, y: Scalar, span: Span) -> EvalResult<Value> {
    let float = matches!(x, Scalar::Float(_)) || matches!(y, Scalar::Float(_));
    let zero_div = |what: &str| EvalError::new(ErrorKind::ZeroDivisionError, what.to_string(), span);
    if float || op == BinOp::Div {
        let (a, b) = (x.as_f64(), y.as_f64());
        let r = match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => a * b,
            BinOp::Div if b == 0.0 => return Err(zero_div(if !float { "division by zero" } else { "float division by zero" })),
            BinOp::FloorDiv if b == 0.0 => return Err(zero_div("float floor division by zero")),
            BinOp::Mod if b == 0.0 => return Err(zero_div("float modulo")),
            BinOp::Div => a / b,
            BinOp::FloorDiv => float_divmod(a, b).0,
            BinOp::Mod => float_divmod(a, b).1,
            BinOp::Pow if a == 0.0 && b < 0.0 && b.is_finite() => return Err(zero_div(NEG_POWER_OF_ZERO)),
            BinOp::Pow => {
                let r = a.powf(b);
                if r.is_infinite() && a.is_finite() && b.is_finite() {
                    return Err(EvalError::new(ErrorKind::OverflowError, "(34, 'Numerical result out of range')", span));
                }
                r
            }
            _ => {
                let name = |v: Scalar| match v {
                    Scalar::Bool(_) => "bool",
                    Scalar::Int(_) => "int",
                    Scalar::Float(_) => "float",
                };
                return Err(EvalError::type_error(format!("unsupported operand type(s) for {}: '{}' and '{}'", op.symbol(), name(x), name(y)), span));
            }
        };
        return Ok(Value::Float(r));
    }
    let (a, b) = (x.as_i64(), y.as_i64());
    let overflow = || EvalError::new(ErrorKind::OverflowError, "integer overflow (tsr ints are 64-bit)", span);
    let r = match op {
        BinOp::Add => a.checked_add(b).ok_or_else(overflow)?,
        BinOp::Sub => a.checked_sub(b).ok_or_else(overflow)?,
        BinOp::Mul => a.checked_mul(b).ok_or_else(overflow)?,
        BinOp::FloorDiv | BinOp::Mod if b == 0 => {
            return Err(zero_div(if op == BinOp::Mod { "integer modulo by zero" } else { "integer division or modulo by zero" }))
        }
        BinOp::FloorDiv => a.checked_div_euclid(b).map(|_| a.div_euclid(b) - if (a.rem_euclid(b) != 0) && b < 0 { 1 } else { 0 }).ok_or_else(overflow)?,
        BinOp::Mod => {
            let m = a.checked_rem(b).ok_or_else(overflow)?;
            if m != 0 && ((m < 0) != (b < 0)) { m + b } else { m }
        }
        BinOp::Pow if b < 0 && a == 0 => return Err(zero_div(NEG_POWER_OF_ZERO)),
        BinOp::Pow if b < 0 => return Ok(Value::Float((a as f64).powf(b as f64))),
        BinOp::Pow => a.checked_pow(b.min(u32::MAX as i64) as u32).ok_or_else(overflow)?,
        BinOp::BitAnd => a & b,
        BinOp::BitOr => a | b,
        BinOp::BitXor => a ^ b,
        BinOp::Shl | BinOp::Shr if b < 0 => return Err(EvalError::new(ErrorKind::ValueError, "negative shift count", span)),
        BinOp::Shl if a == 0 => 0,
        // Python's ints are unbounded: any bit shifted out is an overflow here.
        BinOp::Shl => a.checked_shl(b.min(64) as u32).filter(|r| r >> b == a).ok_or_else(overflow)?,
        BinOp::Shr => a >> b.min(63),
        BinOp::Div | BinOp::MatMul => return Err(EvalError::type_error(format!("unsupported operand type(s) for {}: 'int' and 'int'", op.symbol()), span)),
    };
    Ok(if matches!((x, y), (Scalar::Bool(_), Scalar::Bool(_))) && matches!(op, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor) {
        Value::Bool(r != 0)
    } else {
        Value::Int(r)
    })
}

pub fn compare(it: &mut Interp, op: CmpOp, a: &Value, b: &Value, span: Span) -> EvalResult<Value> {
    if let CmpOp::Is | CmpOp::IsNot = op {
        let same = match (a, b) {
            (Value::Tensor(x), Value::Tensor(y)) => Rc::ptr_eq(x, y),
            // Autograd nodes are one object each (a split's outputs share one).
            (Value::GradFn(x), Value::GradFn(y)) => Rc::ptr_eq(x, y),
            (Value::AccumulateGrad(x), Value::AccumulateGrad(y)) => Rc::ptr_eq(x, y),
            // `x.untyped_storage()` is one object; `x.storage()` a new wrapper each time.
            (Value::Storage(x), Value::Storage(y)) => Rc::ptr_eq(x, y),
            (Value::TypedStorage(x), Value::TypedStorage(y)) => Rc::ptr_eq(x, y),
            (Value::NdArray(x), Value::NdArray(y)) => Rc::ptr_eq(x, y),
            (Value::SafeOpen(x), Value::SafeOpen(y)) => Rc::ptr_eq(x, y),
            (Value::Hook(x), Value::Hook(y)) => Rc::ptr_eq(x, y),
            (Value::Generator(x), Value::Generator(y)) => Rc::ptr_eq(x, y),
            (Value::None, Value::None) => true,
            (Value::Bool(x), Value::Bool(y)) => x == y,
            (Value::DType(x), Value::DType(y)) => x == y,
            _ => false,
        };
        return Ok(Value::Bool(same == (op == CmpOp::Is)));
    }
    let e = cmp_op(op).unwrap_or(BinaryOp::Eq);
    if !matches!(a, Value::Tensor(_))
        && !matches!(b, Value::Tensor(_))
        && (matches!(a, Value::NdArray(_) | Value::NpScalar(..)) || matches!(b, Value::NdArray(_) | Value::NpScalar(..)))
        && let Some(r) = super::numpy_math::binary(it, e, a, b, span)
    {
        return r.map(super::numpy_module::array_or_scalar);
    }
    if matches!(a, Value::Tensor(_)) || matches!(b, Value::Tensor(_)) {
        return tensor_binary(it, e, a, b, "comparison", span);
    }
    let r = match (a.as_scalar(), b.as_scalar()) {
        (Some(x), Some(y)) => {
            // Python compares ints and floats exactly (2**53 + 1 != 2.0**53).
            let ord = super::py::compare::num_cmp(x, y);
            use std::cmp::Ordering as O;
            match op {
                CmpOp::Lt => ord == Some(O::Less),
                CmpOp::Le => matches!(ord, Some(O::Less | O::Equal)),
                CmpOp::Gt => ord == Some(O::Greater),
                CmpOp::Ge => matches!(ord, Some(O::Greater | O::Equal)),
                CmpOp::Eq => ord == Some(O::Equal),
                _ => ord != Some(O::Equal),
            }
        }
        _ => {
            let eq = super::py::compare::py_eq(a, b);
            match op {
                CmpOp::Eq => eq,
                CmpOp::Ne => !eq,
                _ => {
                    return Err(EvalError::type_error(
                        format!("'<' not supported between instances of '{}' and '{}'", a.type_name(), b.type_name()),
                        span,
                    ))
                }
            }
        }
    };
    Ok(Value::Bool(r))
}

pub fn unary(it: &mut Interp, op: UnOp, v: &Value, span: Span) -> EvalResult<Value> {
    match (op, v) {
        (UnOp::Not, v) => Ok(Value::Bool(!super::expr::truthy(v, span)?)),
        (UnOp::Pos, Value::Tensor(_) | Value::Int(_) | Value::Float(_)) => Ok(v.clone()),
        (UnOp::Neg, Value::Tensor(t)) => tensor_unary(it, UnaryOp::Neg, t, span),
        (UnOp::Invert, Value::Tensor(t)) => tensor_unary(it, UnaryOp::BitNot, t, span),
        (UnOp::Neg, Value::NpScalar(d, s)) => super::numpy_math::scalar_unary(it, UnaryOp::Neg, *d, *s, span),
        (UnOp::Invert, Value::NpScalar(d, s)) => super::numpy_math::scalar_unary(it, UnaryOp::BitNot, *d, *s, span),
        (UnOp::Pos, Value::NpScalar(..)) => Ok(v.clone()),
        (UnOp::Neg, Value::NdArray(a)) => super::numpy_math::unary(it, UnaryOp::Neg, a, span),
        (UnOp::Invert, Value::NdArray(a)) => super::numpy_math::unary(it, UnaryOp::BitNot, a, span),
        (UnOp::Pos, Value::NdArray(a)) => crate::engine::ops::copy::clone(&it.ctx, &a.view).at(span).map(super::numpy_module::array_or_scalar),
        (UnOp::Neg, Value::Int(i)) => i
            .checked_neg()
            .map(Value::Int)
            .ok_or_else(|| EvalError::new(ErrorKind::OverflowError, "integer overflow (tsr ints are 64-bit)", span)),
        (UnOp::Neg, Value::Bool(b)) => Ok(Value::Int(-(*b as i64))),
        (UnOp::Neg, Value::Float(f)) => Ok(Value::Float(-f)),
        (UnOp::Invert, Value::Int(i)) => Ok(Value::Int(!i)),
        (UnOp::Invert, Value::Bool(b)) => Ok(Value::Int(!(*b as i64))),
        _ => Err(EvalError::type_error(
            format!("bad operand type for unary {}: '{}'", super::expr::unop_name(op), v.type_name()),
            span,
        )),
    }
}

pub fn tensor_unary(it: &Interp, op: UnaryOp, t: &Tensor, span: Span) -> EvalResult<Value> {
    use crate::engine::autograd::Formula;
    let out = elementwise::unary(&it.ctx, op, t).at(span)?;
    if !super::grad::wants(it, &[Some(t)], &out) {
        return Ok(Value::tensor(out));
    }
    let (name, formula, save_out) = match op {
        UnaryOp::Neg => (OpId::Neg.node(0), Formula::Neg, None),
        UnaryOp::Exp => (OpId::Exp.node(0), Formula::FromResult("exp"), Some(true)),
        UnaryOp::Tanh => (OpId::Tanh.node(0), Formula::FromResult("tanh"), Some(true)),
        UnaryOp::Sigmoid => (OpId::Sigmoid.node(0), Formula::FromResult("sigmoid"), Some(true)),
        UnaryOp::Sqrt => (OpId::Sqrt.node(0), Formula::FromResult("sqrt"), Some(true)),
        UnaryOp::Relu => (OpId::Relu.node(0), Formula::FromResult("relu"), Some(true)),
        UnaryOp::Log => (OpId::Log.node(0), Formula::FromInput("log"), Some(false)),
        UnaryOp::Sin => (OpId::Sin.node(0), Formula::FromInput("sin"), Some(false)),
        UnaryOp::Cos => (OpId::Cos.node(0), Formula::FromInput("cos"), Some(false)),
        UnaryOp::Abs => (OpId::Abs.node(0), Formula::FromInput("abs"), Some(false)),
        UnaryOp::BitNot => return Ok(Value::tensor(out)),
    };
    let keep = out.clone();
    let saved: Vec<&Tensor> = match save_out {
        Some(true) => vec![&keep],
        Some(false) => vec![t],
        None => vec![],
    };
    Ok(Value::tensor(super::grad::record(it, name, &[Some(t)], out, formula, &saved)))
}

/// `t op= rhs`, in place on `t`'s storage.
pub fn inplace(it: &mut Interp, t: &Tensor, op: BinOp, rhs: &Value, span: Span) -> EvalResult<()> {
    use crate::engine::autograd::Formula;
    let Some(e) = engine_op(op) else {
        return Err(EvalError::new(ErrorKind::NotImplementedError, format!("in-place `{}=` is not supported", op.symbol()), span));
    };
    let Some(r) = operand(rhs) else {
        return Err(unsupported(&format!("{}=", op.symbol()), &Value::Tensor(Rc::new(t.clone())), rhs, span));
    };
    let other = match &r {
        Operand::T(o) => Some(o.as_ref()),
        Operand::S(_) => None,
    };
    super::grad::inplace::check_inplace_with(it, t, other, span)?;
    // Ops whose backward needs x's old values keep a copy of them.
    let tracked = it.grad_enabled && t.dtype.is_floating() && (t.requires_grad() || other.is_some_and(|o| o.requires_grad()));
    let old = if tracked && matches!(e, BinaryOp::Mul | BinaryOp::Div | BinaryOp::Pow | BinaryOp::Mod) {
        Some(crate::engine::ops::copy::clone(&it.ctx, t).at(span)?)
    } else {
        None
    };
    let pre = Some(t.version());
    elementwise::binary_inplace(e, t, earg(&r)).at(span)?;
    let Some(old) = old.filter(|_| tracked) else {
        if tracked {
            let shapes = [t.shape().to_vec(), other.map(|o| o.shape().to_vec()).unwrap_or_default()];
            let (name, formula, slots): (&str, Formula, Vec<Option<&Tensor>>) = match e {
                BinaryOp::Add => (OpId::Add.node(0), Formula::AddSub { sub: false, shapes }, vec![other]),
                BinaryOp::Sub => (OpId::Sub.node(0), Formula::AddSub { sub: true, shapes }, vec![other]),
                BinaryOp::FloorDiv => (crate::eval::registry::nodes::NOT_IMPLEMENTED, Formula::NotImplemented("floor_divide_"), other.into_iter().map(Some).collect()),
                _ => (crate::eval::registry::nodes::NOT_IMPLEMENTED, Formula::NotImplemented("inplace op"), other.into_iter().map(Some).collect()),
            };
            super::grad::rebase_node(it, t, name, &slots, formula, &[]);
        }
        return Ok(());
    };
    let shapes = [t.shape().to_vec(), other.map(|o| o.shape().to_vec()).unwrap_or_default()];
    let other_t = as_tensor(it, &r);
    match (e, &r) {
        (BinaryOp::Mul | BinaryOp::Div, _) => {
            if let Some(o) = &other_t {
                let (name, f) = if e == BinaryOp::Mul { (OpId::Mul.node(0), Formula::Mul { shapes }) } else { (OpId::Div.node(0), Formula::Div { shapes }) };
                super::grad::inplace::rebase_node_at(it, t, name, &[other], f, &[&old, o], pre);
            }
        }
        (BinaryOp::Pow, Operand::S(x)) => super::grad::rebase_node(it, t, OpId::Pow.node(2), &[], Formula::PowScalar { exp: x.as_f64() }, &[&old]),
        (BinaryOp::Pow, Operand::T(o)) => {
            let now = t.clone();
            super::grad::inplace::rebase_node_at(it, t, OpId::Pow.node(0), &[other], Formula::PowTensor { shapes }, &[&old, o, &now], None);
        }
        (BinaryOp::Mod, Operand::S(_)) => super::grad::rebase_node(it, t, OpId::Remainder.node(2), &[], Formula::Remainder { shapes }, &[]),
        (_, _) => super::grad::inplace::rebase_node_at(it, t, OpId::Remainder.node(0), &[other], Formula::Remainder { shapes }, &[&old, other_t.as_ref().unwrap_or(&old)], pre),
    }
    Ok(())
}

/// A value to copy into a tensor: a tensor, a number, or a nested list.
pub fn to_tensor_arg(it: &mut Interp, v: &Value, dtype: DType, span: Span) -> EvalResult<Tensor> {
    match v {
        Value::Tensor(t) => Ok((**t).clone()),
        Value::List(_) | Value::Tuple(_) => super::literal::tensor_from_value(it, v, Some(dtype), span),
        other => match other.as_scalar() {
            Some(s) => {
                if let Some(msg) = s.overflow_check(dtype, false) {
                    return Err(EvalError::new(ErrorKind::RuntimeError, msg, span));
                }
                Tensor::from_scalars(&it.ctx, &[], dtype, &[s], "scalar").at(span)
            }
            None => Err(EvalError::type_error(
                format!("can't assign a {} to a torch.{}Tensor", other.type_name(), super::super::engine::ops::promote::scalar_type_name(dtype)),
                span,
            )),
        },
    }
}


/// The gradients of `div(…, rounding_mode=…)` (PyTorch's `DivBackward2`)
/// and of the in-place comparisons: zeros of each tensor input's shape and
/// dtype, whatever the incoming
/// gradient holds (an infinite one too, measured against PyTorch 2.15).
pub(super) fn zero_grads(slots: [Option<(Vec<usize>, DType)>; 2]) -> crate::engine::autograd::Formula {
    crate::engine::autograd::BackwardFn::new(move |ctx, _node, g| {
        slots
            .iter()
            .map(|s| s.as_ref().map(|(shape, dtype)| crate::engine::ops::factory::full(ctx, g.device(), shape, Scalar::Int(0), *dtype, "backward")).transpose())
            .collect()
    })
}

/// `div(a, b, rounding_mode='floor'|'trunc')` out of place.
pub fn div_rounding(it: &Interp, a: &Value, b: &Value, rounding: Rounding, span: Span) -> EvalResult<Value> {
    let (Some(x), Some(y)) = (operand(a), operand(b)) else {
        return Err(unsupported("/", a, b, span));
    };
    let op = if rounding == Rounding::Floor { BinaryOp::FloorDiv } else { BinaryOp::TruncDiv };
    let out = elementwise::binary(&it.ctx, op, earg(&x), earg(&y)).at(span)?;
    fn t(o: &Operand) -> Option<&Tensor> {
        match o {
            Operand::T(t) => Some(t.as_ref()),
            Operand::S(_) => None,
        }
    }
    let inputs = [t(&x), t(&y)];
    let slots = inputs.map(|i| i.map(|t| (t.shape().to_vec(), t.dtype)));
    // A number is div.Tensor_mode's wrapped `other`: an edge to nothing.
    Ok(Value::tensor(super::grad::record(it, OpId::Div.node(1), &inputs, out, zero_grads(slots), &[])))
}

/// `t.div_(b, rounding_mode='floor'|'trunc')`.
pub fn div_rounding_(it: &mut Interp, t: &Tensor, b: &Value, rounding: Rounding, span: Span) -> EvalResult<()> {
    let Some(r) = operand(b) else {
        return Err(unsupported("/=", &Value::Tensor(Rc::new(t.clone())), b, span));
    };
    let other = match &r {
        Operand::T(o) => Some(o.as_ref()),
        Operand::S(_) => None,
    };
    super::grad::inplace::check_inplace_with(it, t, other, span)?;
    let op = if rounding == Rounding::Floor { BinaryOp::FloorDiv } else { BinaryOp::TruncDiv };
    elementwise::binary_inplace(op, t, earg(&r)).at(span)?;
    let slots = [Some((t.shape().to_vec(), t.dtype)), other.map(|o| (o.shape().to_vec(), o.dtype))];
    super::grad::rebase_node(it, t, OpId::Div_.node(1), &[other], zero_grads(slots), &[]);
    Ok(())
}

/// `div`'s `rounding_mode=` keyword, taken from `a` (absent or `None`:
/// true division).
pub fn rounding_kw(a: &mut super::args::Args) -> EvalResult<Rounding> {
    match a.take_kw("rounding_mode") {
        None | Some((Value::None, _)) => Ok(Rounding::True),
        Some((Value::Str(m), s)) => Rounding::parse(Some(&m)).at(s),
        Some((v, s)) => Err(EvalError::type_error(format!("{}(): argument 'rounding_mode' must be str, not {}", a.name, v.type_name()), s)),
    }
}

/// `add`/`sub`'s `alpha=` keyword, taken from `a` (`None` when absent, or
/// 1 as an int: plain `a ± b`).
pub fn alpha_kw(a: &mut super::args::Args) -> EvalResult<Option<Scalar>> {
    match a.take_kw("alpha") {
        None => Ok(None),
        Some((v, s)) => match v.as_scalar() {
            Some(Scalar::Int(1)) => Ok(None),
            Some(x) => Ok(Some(x)),
            None => Err(EvalError::type_error(format!("{}(): argument 'alpha' must be Number, not {}", a.name, v.type_name()), s)),
        },
    }
}

/// The gradients of `a ± alpha * b`: `grad` for a, `±grad * alpha` for b,
/// each summed to its input's shape (PyTorch's `maybe_multiply`).
fn scaled_grads(sub: bool, alpha: Scalar, shapes: [Option<Vec<usize>>; 2]) -> crate::engine::autograd::Formula {
    use crate::engine::autograd::formulas::sum_to;
    crate::engine::autograd::BackwardFn::new(move |ctx, _node, g| {
        let ga = shapes[0].as_ref().map(|s| sum_to(ctx, g, s)).transpose()?;
        let gb = match &shapes[1] {
            Some(s) => {
                let g = if sub { elementwise::unary(ctx, UnaryOp::Neg, g)? } else { g.clone() };
                let g = elementwise::binary(ctx, BinaryOp::Mul, EArg::T(&g), EArg::S(alpha))?;
                Some(sum_to(ctx, &g, s)?)
            }
            None => None,
        };
        Ok(vec![ga, gb])
    })
}

/// `add(a, b, alpha=…)` / `sub(a, b, alpha=…)` out of place.
pub fn add_alpha(it: &Interp, a: &Value, b: &Value, sub: bool, alpha: Scalar, span: Span) -> EvalResult<Value> {
    let (Some(x), Some(y)) = (operand(a), operand(b)) else {
        return Err(unsupported(if sub { "-" } else { "+" }, a, b, span));
    };
    let op = if sub { BinaryOp::Sub } else { BinaryOp::Add };
    let out = crate::engine::ops::scaled_add::add_scaled(&it.ctx, op, earg(&x), earg(&y), alpha).at(span)?;
    let t = |o: &Operand| -> Option<Tensor> {
        match o {
            Operand::T(t) => Some((**t).clone()),
            Operand::S(_) => None,
        }
    };
    let (tx, ty) = (t(&x), t(&y));
    let inputs = [tx.as_ref(), ty.as_ref()];
    let shapes = inputs.map(|i| i.map(|t| t.shape().to_vec()));
    let name = if sub { OpId::Sub.node(0) } else { OpId::Add.node(0) };
    Ok(Value::tensor(super::grad::record(it, name, &inputs, out, scaled_grads(sub, alpha, shapes), &[])))
}

/// `t.add_(b, alpha=…)` / `t.sub_(b, alpha=…)`.
pub fn add_alpha_(it: &mut Interp, t: &Tensor, b: &Value, sub: bool, alpha: Scalar, span: Span) -> EvalResult<()> {
    let Some(r) = operand(b) else {
        return Err(unsupported(if sub { "-=" } else { "+=" }, &Value::Tensor(Rc::new(t.clone())), b, span));
    };
    let other = match &r {
        Operand::T(o) => Some(o.as_ref()),
        Operand::S(_) => None,
    };
    super::grad::inplace::check_inplace_with(it, t, other, span)?;
    let op = if sub { BinaryOp::Sub } else { BinaryOp::Add };
    crate::engine::ops::scaled_add::add_scaled_inplace(op, t, earg(&r), alpha).at(span)?;
    let shapes = [Some(t.shape().to_vec()), other.map(|o| o.shape().to_vec())];
    let name = if sub { OpId::Sub_.node(0) } else { OpId::Add_.node(0) };
    super::grad::rebase_node(it, t, name, &[other], scaled_grads(sub, alpha, shapes), &[]);
    Ok(())
}
