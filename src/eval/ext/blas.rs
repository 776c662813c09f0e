//! Family "blas": `addmm`, `addmv`, `addr`, `baddbmm`, `addbmm`:
//! `beta·input + alpha·(product)` on the matmul kernels, one node each
//! (`AddmmBackward0`, …) with the product's gradients, as PyTorch records.

use std::rc::Rc;

use crate::engine::autograd::{formulas::sum_to, saved_tensor, BackwardFn};
use crate::engine::context::Context;
use crate::engine::error::Result;
use crate::engine::ops::elementwise::{binary, Arg, BinaryOp};
use crate::engine::ops::linalg;
use crate::engine::{layout, Scalar, Tensor};
use crate::lang::span::Span;

use super::super::args::{to_number, Args};
use super::super::error::{AtSpan, EvalError, EvalResult};
use super::super::grad;
use super::super::interp::Interp;
use super::super::value::Value;
use super::Family;
use crate::eval::registry::OpId;

pub const FAMILY: Family = Family { functions: &[], methods: &[OpId::Addmm, OpId::Addmv, OpId::Addr, OpId::Baddbmm, OpId::Addbmm], function: super::no_function, method };

/// The last two dims swapped (a view).
fn tr(t: &Tensor) -> Result<Tensor> {
    let n = t.ndim() as i64;
    Ok(t.view_as_layout(layout::transpose(t.layout(), n - 2, n - 1)?, "t"))
}

fn unsq(t: &Tensor, d: i64) -> Result<Tensor> {
    Ok(t.view_as_layout(layout::unsqueeze(t.layout(), d)?, "unsqueeze"))
}

fn scale(ctx: &Context, t: &Tensor, s: f64) -> Result<Tensor> {
    if s == 1.0 {
        return Ok(t.clone());
    }
    binary(ctx, BinaryOp::Mul, Arg::T(t), Arg::S(Scalar::Float(s)))
}

/// The product of the two operands for `op`.
fn product(ctx: &Context, op: &str, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    match op {
        "addmm" => linalg::mm(ctx, a, b),
        "addmv" => linalg::mv(ctx, a, b),
        "addr" => {
            if a.ndim() != 1 || b.ndim() != 1 {
                return Err(crate::engine::EngineError::runtime(format!("addr: Expected 1-D argument vec1, but got {}-D", if a.ndim() != 1 { a.ndim() } else { b.ndim() })));
            }
            linalg::mm(ctx, &unsq(a, 1)?, &unsq(b, 0)?)
        }
        "baddbmm" => linalg::bmm(ctx, a, b),
        _ => {
            let p = linalg::bmm(ctx, a, b)?;
            Ok(crate::engine::ops::reduce::reduce(ctx, crate::engine::ops::reduce::ReduceOp::Sum, &p, Some(&[0]), false, 1.0, None)?.values)
        }
    }
}

/// PyTorch's dtype and rank checks, in its order (`addr` promotes instead).
fn check_operands(id: OpId, t: &Tensor, x: &Tensor, y: &Tensor) -> std::result::Result<(), String> {
    use crate::engine::ops::promote::{scalar_type_name as st, type_meta_name as tm};
    match id {
        OpId::Addmm | OpId::Addbmm if t.dtype != y.dtype => Err(format!("self and mat2 must have the same dtype, but got {} and {}", st(t.dtype), st(y.dtype))),
        OpId::Addmm | OpId::Addbmm if x.dtype != y.dtype => Err(format!("mat1 and mat2 must have the same dtype, but got {} and {}", st(x.dtype), st(y.dtype))),
        OpId::Addmv if !(x.ndim() == 2 && y.ndim() == 1 && t.ndim() <= 1) => Err(format!("vector + matrix @ vector expected, got {}, {}, {}", t.ndim(), x.ndim(), y.ndim())),
        OpId::Addmv if t.dtype != x.dtype || x.dtype != y.dtype => {
            Err(format!("addmv input tensors must have the same dtype, but got {}, {}, and {}", st(t.dtype), st(x.dtype), st(y.dtype)))
        }
        OpId::Baddbmm if t.dtype != x.dtype => Err(format!("Input dtypes must be the same, got: input {}, batch1: {}, batch2: {}", tm(t.dtype), tm(x.dtype), tm(y.dtype))),
        OpId::Baddbmm if x.dtype != y.dtype => Err(format!("expected scalar type {} but found {}", st(x.dtype), st(y.dtype))),
        _ => Ok(()),
    }
}

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    let (k1, k2) = match id {
        OpId::Addmm => ("mat1", "mat2"),
        OpId::Addmv => ("mat", "vec"),
        OpId::Addr => ("vec1", "vec2"),
        _ => ("batch1", "batch2"),
    };
    let x = super::super::methods::tensor_arg(&mut a, 0, k1)?;
    let y = super::super::methods::tensor_arg(&mut a, 1, k2)?;
    let num = |a: &mut Args, k: &str| -> EvalResult<f64> {
        match a.take_kw(k) {
            None => Ok(1.0),
            Some((v, s)) => to_number(&v).map(|n| n.as_f64()).ok_or_else(|| EvalError::type_error(format!("{name}(): argument '{k}' must be Number, not {}", v.type_name()), s)),
        }
    };
    let floats = |a: &Args, k: &str| matches!(a.kw.iter().find(|(n, _, _)| n == k), Some((_, Value::Float(_), _)));
    let (beta_float, alpha_float) = (floats(&a, "beta"), floats(&a, "alpha"));
    let beta = num(&mut a, "beta")?;
    let alpha = num(&mut a, "alpha")?;
    a.finish(2)?;
    let ctx = &it.ctx;
    check_operands(id, t, &x, &y).map_err(|m| EvalError::new(crate::engine::ErrorKind::RuntimeError, m, span))?;
    // addr is element-wise (TensorIterator): its operands promote.
    let (t, x, y) = if id == OpId::Addr {
        use crate::engine::ops::promote::{result_type, Operand};
        let d = result_type(&[t, &x, &y].map(|v| Operand::Tensor { dtype: v.dtype, ndim: v.ndim() }));
        for (given, k) in [(beta_float, "beta"), (alpha_float, "alpha")] {
            if given && !d.is_floating() {
                return Err(EvalError::new(crate::engine::ErrorKind::RuntimeError, format!("For integral input tensors, argument {k} must not be a floating point number."), span));
            }
        }
        let cast = |v: &Rc<Tensor>| -> EvalResult<Rc<Tensor>> { Ok(crate::engine::ops::copy::to_dtype(ctx, v, d).at(span)?.map(Rc::new).unwrap_or_else(|| v.clone())) };
        (cast(t)?, cast(&x)?, cast(&y)?)
    } else {
        (t.clone(), x, y)
    };
    let t = &t;
    let p = product(ctx, name, &x, &y).map_err(|mut e| {
        if let Some(rest) = e.message.strip_prefix("mm:") {
            e.message = format!("{name}:{rest}");
        }
        EvalError::from_engine(e, span)
    })?;
    let p = scale(ctx, &p, alpha).at(span)?;
    // self must expand to the product's shape (not broadcast with it).
    let (ps, ts) = (p.shape().to_vec(), t.shape().to_vec());
    let expands = ts.len() <= ps.len() && ts.iter().rev().zip(ps.iter().rev()).all(|(a, b)| a == b || *a == 1);
    if !expands {
        let dims = |s: &[usize]| format!("[{}]", s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "));
        let bad = ts.iter().rev().zip(ps.iter().rev()).position(|(a, b)| a != b && *a != 1).unwrap_or(0);
        let (pd, td) = (ps.len() - 1 - bad.min(ps.len() - 1), ts.len() - 1 - bad.min(ts.len().saturating_sub(1)));
        return Err(EvalError::from_engine(
            crate::engine::EngineError::runtime(format!(
                "The expanded size of the tensor ({}) must match the existing size ({}) at non-singleton dimension {pd}.  Target sizes: {}.  Tensor sizes: {}",
                ps.get(pd).copied().unwrap_or(0),
                ts.get(td).copied().unwrap_or(0),
                dims(&ps),
                dims(&ts)
            )),
            span,
        ));
    }
    // beta = 0 ignores self (NaNs in it too), as BLAS does.
    let out = if beta == 0.0 { p } else { binary(ctx, BinaryOp::Add, Arg::T(&scale(ctx, t, beta).at(span)?), Arg::T(&p)).at(span)? };
    let node = match id {
        OpId::Addmm => OpId::Addmm.node(0),
        OpId::Addmv => OpId::Addmv.node(0),
        OpId::Addr => OpId::Addr.node(0),
        OpId::Baddbmm => OpId::Baddbmm.node(0),
        _ => OpId::Addbmm.node(0),
    };
    let in_shape = t.shape().to_vec();
    let op = name.to_string();
    let f = BackwardFn::new(move |ctx, node, g| {
        let (x, y) = (saved_tensor(node, 0)?, saved_tensor(node, 1)?);
        let gi = if beta == 0.0 { None } else { Some(scale(ctx, &sum_to(ctx, g, &in_shape)?, beta)?) };
        let (gx, gy) = match op.as_str() {
            "addmm" => (linalg::mm(ctx, g, &tr(&y)?)?, linalg::mm(ctx, &tr(&x)?, g)?),
            "addmv" => (linalg::mm(ctx, &unsq(g, 1)?, &unsq(&y, 0)?)?, linalg::mv(ctx, &tr(&x)?, g)?),
            "addr" => (linalg::mv(ctx, g, &y)?, linalg::mv(ctx, &tr(g)?, &x)?),
            "baddbmm" => (linalg::bmm(ctx, g, &tr(&y)?)?, linalg::bmm(ctx, &tr(&x)?, g)?),
            _ => {
                let b = x.shape()[0];
                let mut shape = vec![b];
                shape.extend_from_slice(g.shape());
                let ge = g.view_as_layout(layout::expand(unsq(g, 0)?.layout(), &shape.iter().map(|&d| d as i64).collect::<Vec<_>>(), g.dtype.legacy_name())?, "expand");
                (linalg::bmm(ctx, &ge, &tr(&y)?)?, linalg::bmm(ctx, &tr(&x)?, &ge)?)
            }
        };
        Ok(vec![gi, Some(scale(ctx, &gx, alpha)?), Some(scale(ctx, &gy, alpha)?)])
    });
    Ok(Value::tensor(grad::record(it, node, &[Some(t), Some(&x), Some(&y)], out, f, &[&x, &y])))
}
