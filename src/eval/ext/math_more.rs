//! More of the element-wise math family: `nan_to_num`, `isclose`,
//! `allclose`, `equal`, `lerp`, `addcmul`, `addcdiv`, and the in-place
//! forms of the hot unary ops (`exp_`, `sqrt_`, …) whose out-of-place
//! forms `methods.rs` answers.

use std::rc::Rc;

use crate::engine::autograd::formulas::sum_to;
use crate::engine::autograd::{saved_tensor, BackwardFn, Formula};
use crate::engine::ops::elementwise::{self, Arg, UnaryOp};
use crate::engine::ops::pointwise::{self, zip_map};
use crate::engine::ops::pointwise_ext::{self, Ternary};
use crate::engine::ops::promote::scalar_type_name;
use crate::engine::{Scalar, Tensor};
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
        OpId::NanToNum, OpId::NanToNum_, OpId::Isclose, OpId::Allclose, OpId::Equal, OpId::Lerp, OpId::Lerp_, OpId::Addcmul, OpId::Addcmul_, OpId::Addcdiv, OpId::Addcdiv_,
        OpId::Abs_, OpId::Neg_, OpId::Sqrt_, OpId::Exp_, OpId::Log_, OpId::Sin_, OpId::Cos_, OpId::Tanh_, OpId::Sigmoid_, OpId::Relu_,
    ],
    function: super::no_function,
    method,
};

fn method(it: &mut Interp, t: &Rc<Tensor>, id: OpId, mut a: Args, _nspan: Span, _op: &str) -> EvalResult<Value> {
    let name = id.name();
    let span = a.span;
    match id {
        OpId::NanToNum | OpId::NanToNum_ => {
            let out = super::math::take_out(&mut a, name.ends_with('_'))?;
            let nan = opt_float(&mut a, 0, "nan")?.unwrap_or(0.0);
            let posinf = opt_float(&mut a, 1, "posinf")?;
            let neginf = opt_float(&mut a, 2, "neginf")?;
            a.finish(3)?;
            if id == OpId::NanToNum_ {
                super::super::grad::check_inplace(it, t, span)?;
                let old = tracked(it, t).then(|| crate::engine::ops::copy::clone(&it.ctx, t)).transpose().at(span)?;
                crate::engine::ops::copy::write_values(t, &pointwise_ext::nan_to_num_values(t, nan, posinf, neginf));
                t.storage.bump_version();
                if let Some(old) = old {
                    super::super::grad::rebase_node(it, t, OpId::NanToNum.node(0), &[], finite_mask(), &[&old]);
                }
                return Ok(Value::Tensor(t.clone()));
            }
            let r = pointwise_ext::nan_to_num(&it.ctx, t, nan, posinf, neginf).at(span)?;
            if let Some(o) = out {
                if let Value::Tensor(ot) = &o.0
                    && ot.dtype != t.dtype
                {
                    let msg = format!("nan_to_num: dtype of out: {} should be same as input: {}", scalar_type_name(ot.dtype), scalar_type_name(t.dtype));
                    return Err(EvalError::new(crate::engine::ErrorKind::RuntimeError, msg, span));
                }
                return super::math::write_out(it, name, super::math::OutRule::Cast, &[t], r, &o, span);
            }
            Ok(Value::tensor(super::super::grad::record(it, OpId::NanToNum.node(0), &[Some(t)], r, finite_mask(), &[t])))
        }
        OpId::Isclose | OpId::Allclose => {
            let other = super::super::methods::tensor_arg(&mut a, 0, "other")?;
            let rtol = opt_float(&mut a, 1, "rtol")?.unwrap_or(1e-5);
            let atol = opt_float(&mut a, 2, "atol")?.unwrap_or(1e-8);
            let equal_nan = a.opt_bool(3, "equal_nan", false)?;
            a.finish(4)?;
            let r = pointwise_ext::isclose(&it.ctx, t, &other, rtol, atol, equal_nan).at(span)?;
            if id == OpId::Isclose {
                return Ok(Value::tensor(r));
            }
            Ok(Value::Bool(r.to_scalars().iter().all(|s| s.as_bool())))
        }
        OpId::Equal => {
            let other = super::super::methods::tensor_arg(&mut a, 0, "other")?;
            a.finish(1)?;
            Ok(Value::Bool(pointwise_ext::equal(t, &other)))
        }
        OpId::Lerp | OpId::Lerp_ => {
            let out = super::math::take_out(&mut a, name.ends_with('_'))?;
            let end = super::super::methods::tensor_arg(&mut a, 0, "end")?;
            let (wv, ws) = a.get(1, "weight").ok_or_else(|| a.err(format!("{name}() missing required argument 'weight'")))?;
            a.finish(2)?;
            let w: Option<Rc<Tensor>> = match &wv {
                Value::Tensor(w) => Some(w.clone()),
                v if v.as_scalar().is_some() => None,
                v => return Err(EvalError::type_error(format!("{name}(): argument 'weight' must be Number or Tensor, not {}", v.type_name()), ws)),
            };
            let sw = wv.as_scalar().unwrap_or(Scalar::Int(0));
            let warg = match &w {
                Some(w) => Arg::T(w),
                None => Arg::S(sw),
            };
            let node = if w.is_some() { OpId::Lerp.node(0) } else { OpId::Lerp.node(1) };
            let f = lerp_formula(sw.as_f64());
            ternary(it, t, (name, out), Ternary::Lerp, &end, warg, w.as_deref(), node, f, span)
        }
        OpId::Addcmul | OpId::Addcmul_ | OpId::Addcdiv | OpId::Addcdiv_ => {
            let out = super::math::take_out(&mut a, name.ends_with('_'))?;
            let t1 = super::super::methods::tensor_arg(&mut a, 0, "tensor1")?;
            let t2 = super::super::methods::tensor_arg(&mut a, 1, "tensor2")?;
            let value = match a.take_kw("value") {
                Some((v, s)) => super::super::args::to_number(&v).ok_or_else(|| EvalError::type_error(format!("{name}(): argument 'value' must be Number, not {}", v.type_name()), s))?,
                None => Scalar::Int(1),
            };
            a.finish(2)?;
            let mul = name.starts_with("addcmul");
            let (op, node) = if mul { (Ternary::Addcmul(value), OpId::Addcmul.node(0)) } else { (Ternary::Addcdiv(value), OpId::Addcdiv.node(0)) };
            let f = addc_formula(mul, value.as_f64());
            ternary(it, t, (name, out), op, &t1, Arg::T(&t2), Some(&t2), node, f, span)
        }
        _ => {
            // exp_, sqrt_, …: the out-of-place result written back.
            a.finish(0)?;
            let op = super::super::methods::unary_op(name.trim_end_matches('_'));
            super::super::grad::check_inplace(it, t, span)?;
            let old = tracked(it, t).then(|| crate::engine::ops::copy::clone(&it.ctx, t)).transpose().at(span)?;
            if crate::engine::ops::copy::live_inplace(t, &[]) {
                // Elements sharing memory (unfold): each in turn, seeing
                // the writes before it, as PyTorch's loop does.
                let ctx = &it.ctx;
                crate::engine::ops::copy::each_element(t, &[], |e, _| {
                    let r = elementwise::unary(ctx, op, e)?;
                    pointwise::inplace_check(r.dtype, e)?;
                    crate::engine::ops::copy::copy_into(e, &r)
                })
                .at(span)?;
            } else {
                let r = elementwise::unary(&it.ctx, op, t).at(span)?;
                pointwise::inplace_check(r.dtype, t).at(span)?;
                crate::engine::ops::copy::copy_into(t, &r).at(span)?;
            }
            if let Some(old) = old {
                let now = (**t).clone();
                let (node, formula, saved): (&str, Formula, &Tensor) = match op {
                    UnaryOp::Neg => (OpId::Neg.node(0), Formula::Neg, &old),
                    UnaryOp::Exp => (OpId::Exp.node(0), Formula::FromResult("exp"), &now),
                    UnaryOp::Tanh => (OpId::Tanh.node(0), Formula::FromResult("tanh"), &now),
                    UnaryOp::Sigmoid => (OpId::Sigmoid.node(0), Formula::FromResult("sigmoid"), &now),
                    UnaryOp::Sqrt => (OpId::Sqrt.node(0), Formula::FromResult("sqrt"), &now),
                    UnaryOp::Relu => (OpId::Relu.node(0), Formula::FromResult("relu"), &now),
                    UnaryOp::Log => (OpId::Log.node(0), Formula::FromInput("log"), &old),
                    UnaryOp::Sin => (OpId::Sin.node(0), Formula::FromInput("sin"), &old),
                    UnaryOp::Cos => (OpId::Cos.node(0), Formula::FromInput("cos"), &old),
                    _ => (OpId::Abs.node(0), Formula::FromInput("abs"), &old),
                };
                let saved: Vec<&Tensor> = if op == UnaryOp::Neg { vec![] } else { vec![saved] };
                super::super::grad::rebase_node(it, t, node, &[], formula, &saved);
            }
            Ok(Value::Tensor(t.clone()))
        }
    }
}

fn tracked(it: &Interp, t: &Tensor) -> bool {
    it.grad_enabled && t.dtype.is_floating() && t.requires_grad()
}

/// An optional float argument (None allowed).
fn opt_float(a: &mut Args, i: usize, k: &str) -> EvalResult<Option<f64>> {
    match a.get(i, k) {
        None | Some((Value::None, _)) => Ok(None),
        Some((v, s)) => match super::super::args::to_number(&v) {
            Some(n) => Ok(Some(n.as_f64())),
            None => Err(EvalError::type_error(format!("{}(): argument '{k}' must be float, not {}", a.name, v.type_name()), s)),
        },
    }
}

/// `nan_to_num`'s backward: the gradient where the input was finite.
fn finite_mask() -> Formula {
    BackwardFn::new(|ctx, node, g| {
        let x = saved_tensor(node, 0)?;
        Ok(vec![Some(zip_map(ctx, &[g, &x], g.shape(), g.dtype, |r| if r[1].is_finite() { r[0] } else { 0.0 })?)])
    })
}

/// `lerp`'s backward: saved self, end and (with a tensor weight) weight.
fn lerp_formula(w: f64) -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        let s = saved_tensor(node, 0)?;
        let e = saved_tensor(node, 1)?;
        let wt = if node.saved.borrow().len() > 2 { Some(saved_tensor(node, 2)?) } else { None };
        let sh = g.shape();
        let (gs, ge) = match &wt {
            Some(wt) => (zip_map(ctx, &[g, wt], sh, s.dtype, |r| r[0] * (1.0 - r[1]))?, zip_map(ctx, &[g, wt], sh, e.dtype, |r| r[0] * r[1])?),
            None => (zip_map(ctx, &[g], sh, s.dtype, |r| r[0] * (1.0 - w))?, zip_map(ctx, &[g], sh, e.dtype, |r| r[0] * w)?),
        };
        let mut out = vec![Some(sum_to(ctx, &gs, s.shape())?), Some(sum_to(ctx, &ge, e.shape())?)];
        if let Some(wt) = &wt {
            let gw = zip_map(ctx, &[g, &s, &e], sh, wt.dtype, |r| r[0] * (r[2] - r[1]))?;
            out.push(Some(sum_to(ctx, &gw, wt.shape())?));
        }
        Ok(out)
    })
}

/// `addcmul`/`addcdiv`'s backward: saved self, tensor1, tensor2.
fn addc_formula(mul: bool, v: f64) -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        let s = saved_tensor(node, 0)?;
        let t1 = saved_tensor(node, 1)?;
        let t2 = saved_tensor(node, 2)?;
        let sh = g.shape();
        let g1 = zip_map(ctx, &[g, &t2], sh, t1.dtype, |r| if mul { r[0] * v * r[1] } else { r[0] * v / r[1] })?;
        let g2 = zip_map(ctx, &[g, &t1, &t2], sh, t2.dtype, |r| if mul { r[0] * v * r[1] } else { -r[0] * v * r[1] / (r[2] * r[2]) })?;
        Ok(vec![Some(sum_to(ctx, g, s.shape())?), Some(sum_to(ctx, &g1, t1.shape())?), Some(sum_to(ctx, &g2, t2.shape())?)])
    })
}

/// Runs a ternary op (in place for a `name_`, into `out=` if given) and
/// records its node; `third_t` is the third operand when it is a tensor.
#[allow(clippy::too_many_arguments)]
fn ternary(it: &mut Interp, t: &Rc<Tensor>, (name, out): (&str, Option<(Value, Span)>), op: Ternary, second: &Tensor, third: Arg, third_t: Option<&Tensor>, node: &str, f: Formula, span: Span) -> EvalResult<Value> {
    let mut saved: Vec<&Tensor> = vec![second];
    saved.extend(third_t);
    if name.ends_with('_') {
        super::super::grad::inplace::check_inplace_with(it, t, Some(second), span)?;
        let track = it.grad_enabled && t.dtype.is_floating() && (t.requires_grad() || second.requires_grad() || third_t.is_some_and(|x| x.requires_grad()));
        let old = track.then(|| crate::engine::ops::copy::clone(&it.ctx, t)).transpose().at(span)?;
        pointwise_ext::ternary_inplace(op, t, Arg::T(second), third).at(span)?;
        if let Some(old) = old {
            let mut all: Vec<&Tensor> = vec![&old];
            all.extend(saved);
            let others: Vec<Option<&Tensor>> = std::iter::once(Some(second)).chain(third_t.map(Some)).collect();
            super::super::grad::rebase_node(it, t, node, &others, f, &all);
        }
        return Ok(Value::Tensor(t.clone()));
    }
    let r = pointwise_ext::ternary(&it.ctx, op, Arg::T(t), Arg::T(second), third).at(span)?;
    if let Some(o) = out {
        let ins: Vec<&Tensor> = [t.as_ref(), second].into_iter().chain(third_t).collect();
        return super::math::write_out(it, name, super::math::OutRule::Cast, &ins, r, &o, span);
    }
    let mut all: Vec<&Tensor> = vec![t];
    all.extend(saved);
    let ins: Vec<Option<&Tensor>> = [Some(t.as_ref()), Some(second)].into_iter().chain(third_t.map(Some)).collect();
    Ok(Value::tensor(super::super::grad::record(it, node, &ins, r, f, &all)))
}
