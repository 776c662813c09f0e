//! The element-wise math family: `acos` … `rad2deg`, the `is*` tests,
//! `atan2`/`hypot`/`fmod`/…, their in-place `name_` forms and `out=`.
//! The values come from `engine::ops::pointwise`; each differentiable op
//! records PyTorch's node with a backward formula written here.

use std::rc::Rc;

use crate::engine::autograd::{saved_tensor, BackwardFn, Formula};
use crate::engine::ops::elementwise::{self, Arg, BinaryOp};
use crate::engine::ops::pointwise::{self, MathBinary, MathOp};
use crate::engine::ops::promote::{can_cast, scalar_type_name};
use crate::engine::{DType, Scalar, Tensor};
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
        OpId::Acos, OpId::Acos_, OpId::Asin, OpId::Asin_, OpId::Atan, OpId::Atan_, OpId::Acosh, OpId::Acosh_, OpId::Asinh, OpId::Asinh_, OpId::Atanh, OpId::Atanh_,
        OpId::Cosh, OpId::Cosh_, OpId::Sinh, OpId::Sinh_, OpId::Tan, OpId::Tan_, OpId::Ceil, OpId::Ceil_, OpId::Floor, OpId::Floor_, OpId::Round, OpId::Round_,
        OpId::Trunc, OpId::Trunc_, OpId::Frac, OpId::Frac_, OpId::Sign, OpId::Sign_, OpId::Sgn, OpId::Sgn_, OpId::Signbit, OpId::Rsqrt, OpId::Rsqrt_,
        OpId::Exp2, OpId::Exp2_, OpId::Expm1, OpId::Expm1_, OpId::Log10, OpId::Log10_, OpId::Log1p, OpId::Log1p_, OpId::Log2, OpId::Log2_, OpId::Erf, OpId::Erf_,
        OpId::Deg2rad, OpId::Deg2rad_, OpId::Rad2deg, OpId::Rad2deg_, OpId::Isfinite, OpId::Isinf, OpId::Isnan, OpId::Isneginf, OpId::Isposinf,
        OpId::Reciprocal, OpId::Reciprocal_, OpId::Square, OpId::Square_, OpId::Positive, OpId::Arccos, OpId::Arccos_, OpId::Arcsin, OpId::Arcsin_, OpId::Arctan, OpId::Arctan_,
        OpId::Arccosh, OpId::Arccosh_, OpId::Arcsinh, OpId::Arcsinh_, OpId::Arctanh, OpId::Arctanh_, OpId::Fix, OpId::Fix_,
        OpId::Atan2, OpId::Atan2_, OpId::Arctan2, OpId::Arctan2_, OpId::Hypot, OpId::Hypot_, OpId::Fmod, OpId::Fmod_, OpId::Fmax, OpId::Fmin,
        OpId::Copysign, OpId::Copysign_, OpId::Heaviside, OpId::Heaviside_, OpId::Logaddexp, OpId::Gcd, OpId::Gcd_, OpId::Lcm, OpId::Lcm_,
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
    if let Some(op) = MathOp::from_name(base) {
        let decimals = if op == MathOp::Round { a.take_kw("decimals") } else { None };
        let decimals = match decimals {
            Some((v, s)) => Some(super::super::args::to_int(&v).ok_or_else(|| EvalError::type_error(format!("round(): argument 'decimals' must be int, not {}", v.type_name()), s))?),
            None => None,
        };
        if matches!(op, MathOp::Isnan | MathOp::Isinf | MathOp::Isfinite) && a.kw.iter().any(|(k, _, _)| k == "out") {
            return Err(a.err(format!("{name}() got an unexpected keyword argument 'out'")));
        }
        let out = take_out(&mut a, inplace)?;
        a.finish(0)?;
        if inplace {
            super::super::grad::check_inplace(it, t, span)?;
            let old = tracked(it, t).then(|| crate::engine::ops::copy::clone(&it.ctx, t)).transpose().at(span)?;
            match decimals {
                Some(d) if d != 0 => {
                    let r = pointwise::round_decimals(&it.ctx, t, d).at(span)?;
                    pointwise::inplace_check(r.dtype, t).at(span)?;
                    crate::engine::ops::copy::copy_into(t, &r).at(span)?;
                }
                _ => pointwise::unary_inplace(op, t).at(span)?,
            }
            if let (Some(old), true) = (old, op.differentiable()) {
                let node = node_of(&format!("{}_", op.name()), decimals.is_some() as usize);
                // derivatives.yaml's own in-place entries: `not_implemented`.
                let formula = match op {
                    MathOp::Acosh => Formula::NotImplemented("inplace version of acosh"),
                    MathOp::Asinh => Formula::NotImplemented("inplace version of asinh"),
                    MathOp::Atanh => Formula::NotImplemented("inplace version of atanh"),
                    _ => unary_formula(op),
                };
                let now = (**t).clone();
                super::super::grad::rebase_node(it, t, node, &[], formula, &[&old, &now]);
            }
            return Ok(Value::Tensor(t.clone()));
        }
        let r = match decimals {
            Some(d) if d != 0 => pointwise::round_decimals(&it.ctx, t, d).at(span)?,
            _ => pointwise::unary(&it.ctx, op, t).at(span)?,
        };
        if let Some(o) = out {
            let rule = match op.kind() {
                pointwise::Kind::Float => OutRule::Cast,
                pointwise::Kind::Bool => OutRule::Bool,
                _ => OutRule::Exact,
            };
            return write_out(it, name, rule, &[t], r, &o, span);
        }
        if !op.differentiable() {
            return Ok(Value::tensor(r));
        }
        let node = node_of(op.name(), decimals.is_some() as usize);
        let keep = r.clone();
        return Ok(Value::tensor(super::super::grad::record(it, node, &[Some(t)], r, unary_formula(op), &[t, &keep])));
    }
    if let Some(op) = MathBinary::from_name(base) {
        return binary(it, t, op, name, inplace, a);
    }
    match base {
        "reciprocal" => {
            let out = take_out(&mut a, inplace)?;
            a.finish(0)?;
            if inplace {
                super::super::grad::check_inplace(it, t, span)?;
                // Elements sharing memory (unfold) go one at a time.
                let ctx = &it.ctx;
                let each = |e: &Tensor, _: &[Tensor]| {
                    let r = elementwise::binary(ctx, BinaryOp::Div, Arg::S(Scalar::Int(1)), Arg::T(e))?;
                    pointwise::inplace_check(r.dtype, e)?;
                    crate::engine::ops::copy::copy_into(e, &r)
                };
                if crate::engine::ops::copy::live_inplace(t, &[]) {
                    crate::engine::ops::copy::each_element(t, &[], each).at(span)?;
                } else {
                    each(t, &[]).at(span)?;
                }
                let now = (**t).clone();
                super::super::grad::rebase_node(it, t, OpId::Reciprocal.node(0), &[], Formula::Reciprocal, &[&now]);
                return Ok(Value::Tensor(t.clone()));
            }
            let r = elementwise::binary(&it.ctx, BinaryOp::Div, Arg::S(Scalar::Int(1)), Arg::T(t)).at(span)?;
            if let Some(o) = out {
                return write_out(it, name, OutRule::Cast, &[t], r, &o, span);
            }
            let keep = r.clone();
            Ok(Value::tensor(super::super::grad::record(it, OpId::Reciprocal.node(0), &[Some(t)], r, Formula::Reciprocal, &[&keep])))
        }
        "square" => {
            a.finish(0)?;
            let two = Value::Int(2);
            if inplace {
                super::super::ops::inplace(it, t, crate::lang::ast::BinOp::Pow, &two, span)?;
                return Ok(Value::Tensor(t.clone()));
            }
            super::super::ops::binop(it, crate::lang::ast::BinOp::Pow, &Value::Tensor(t.clone()), &two, span)
        }
        _ => {
            // positive
            a.finish(0)?;
            if t.dtype == DType::Bool {
                return Err(EvalError::new(crate::engine::ErrorKind::NotImplementedError, "The `+` operator, on a bool tensor is not supported.", span));
            }
            Ok(Value::Tensor(t.clone()))
        }
    }
}

/// Whether an in-place op on `t` records a node (and so needs its old values).
fn tracked(it: &Interp, t: &Tensor) -> bool {
    it.grad_enabled && t.dtype.is_floating() && t.requires_grad()
}

/// The backward of a unary op from its saved input (0) and result (1).
fn unary_formula(op: MathOp) -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        let x = saved_tensor(node, 0)?;
        let y = saved_tensor(node, 1)?;
        // The rounding ops and sign are PyTorch's `zeros_like(grad)`: +0.
        let zero = matches!(op, MathOp::Ceil | MathOp::Floor | MathOp::Round | MathOp::Trunc | MathOp::Sign | MathOp::Sgn);
        let d = pointwise::zip_map(ctx, &[g, &x, &y], g.shape(), g.dtype, |r| if zero { 0.0 } else { r[0] * op.derivative(r[1], r[2]) })?;
        Ok(vec![Some(d)])
    })
}

/// `out=`: not with the in-place forms.
pub(super) fn take_out(a: &mut Args, inplace: bool) -> EvalResult<Option<(Value, Span)>> {
    match a.take_kw("out") {
        Some((Value::None, _)) | None => Ok(None),
        Some(_) if inplace => Err(a.err(format!("{}() got an unexpected keyword argument 'out'", a.name))),
        Some(o) => Ok(Some(o)),
    }
}

/// What dtype an `out=` tensor may have.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum OutRule {
    /// Any dtype the result casts to.
    Cast,
    /// The result's own dtype (`floor`, `sign`).
    Exact,
    /// Bool only (`signbit`, `isposinf`).
    Bool,
}

/// Writes `r` into the `out=` tensor and returns it, as PyTorch does.
pub(super) fn write_out(it: &mut Interp, name: &str, rule: OutRule, inputs: &[&Tensor], r: Tensor, o: &(Value, Span), span: Span) -> EvalResult<Value> {
    let Value::Tensor(out) = &o.0 else {
        return Err(EvalError::type_error(format!("{name}(): argument 'out' must be Tensor, not {}", o.0.type_name()), o.1));
    };
    if it.grad_enabled && inputs.iter().chain(std::iter::once(&out.as_ref())).any(|t| t.requires_grad()) {
        return Err(EvalError::new(
            crate::engine::ErrorKind::RuntimeError,
            format!("{name}(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad."),
            span,
        ));
    }
    let err = |m: String| EvalError::new(crate::engine::ErrorKind::RuntimeError, m, span);
    if rule == OutRule::Bool && out.dtype != DType::Bool {
        return Err(err(format!("{name} does not support non-boolean outputs.")));
    }
    if rule == OutRule::Exact && out.dtype != r.dtype {
        return Err(err(format!("Found dtype {} but expected {}", scalar_type_name(out.dtype), scalar_type_name(r.dtype))));
    }
    if !can_cast(r.dtype, out.dtype) {
        return Err(EvalError::new(
            crate::engine::ErrorKind::RuntimeError,
            format!("result type {} can't be cast to the desired output type {}", scalar_type_name(r.dtype), scalar_type_name(out.dtype)),
            span,
        ));
    }
    super::super::out::resize_for(it, out, &r, span)?;
    crate::engine::ops::copy::copy_into(out, &r).at(span)?;
    Ok(Value::Tensor(out.clone()))
}

/// `atan2`, `hypot`, `fmod`, … with `other` a tensor (or a number where
/// PyTorch has a Scalar overload).
fn binary(it: &mut Interp, t: &Rc<Tensor>, op: MathBinary, name: &str, inplace: bool, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let out = take_out(&mut a, inplace)?;
    let (ov, os) = a.get(0, "other").ok_or_else(|| a.err(format!("{name}() missing 1 required positional arguments: \"other\"")))?;
    a.finish(1)?;
    let scalar_ok = matches!(op, MathBinary::Fmod | MathBinary::Copysign);
    let other: Option<Rc<Tensor>> = match &ov {
        Value::Tensor(o) => Some(o.clone()),
        v if scalar_ok && v.as_scalar().is_some() => None,
        v => {
            let pos = a.position(os);
            let k = if op == MathBinary::Heaviside { "values" } else { "other" };
            return Err(EvalError::type_error(format!("{name}(): argument '{k}'{pos} must be Tensor, not {}", v.type_name()), os));
        }
    };
    let s = ov.as_scalar();
    fn arg(o: &Option<Rc<Tensor>>, s: Option<Scalar>) -> Arg<'_> {
        match o {
            Some(o) => Arg::T(o),
            None => Arg::S(s.unwrap_or(Scalar::Int(0))),
        }
    }
    // The rows list the Tensor overload's node, then the Scalar one's.
    let node = node_of(op.name(), other.is_none() as usize);
    let differentiable = !matches!(op, MathBinary::Heaviside);
    if inplace {
        super::super::grad::inplace::check_inplace_with(it, t, other.as_deref(), span)?;
        let track = it.grad_enabled && t.dtype.is_floating() && (t.requires_grad() || other.as_ref().is_some_and(|o| o.requires_grad()));
        let old = track.then(|| crate::engine::ops::copy::clone(&it.ctx, t)).transpose().at(span)?;
        pointwise::binary_inplace(op, t, arg(&other, s)).at(span)?;
        if let (Some(old), true) = (old, differentiable) {
            let o2 = other.clone();
            let saved: Vec<&Tensor> = match &o2 {
                Some(o) => vec![&old, o],
                None => vec![&old],
            };
            let others: Vec<Option<&Tensor>> = other.as_deref().into_iter().map(Some).collect();
            super::super::grad::rebase_node(it, t, node, &others, binary_formula(op, s), &saved);
        }
        return Ok(Value::Tensor(t.clone()));
    }
    let r = pointwise::binary(&it.ctx, op, Arg::T(t), arg(&other, s)).at(span)?;
    if let Some(o) = out {
        let ins: Vec<&Tensor> = std::iter::once(t.as_ref()).chain(other.as_deref()).collect();
        return write_out(it, name, OutRule::Cast, &ins, r, &o, span);
    }
    if !differentiable {
        // PyTorch's heaviside has a node whose backward is not implemented.
        let ins: Vec<Option<&Tensor>> = vec![Some(t), other.as_deref()];
        return Ok(Value::tensor(super::super::grad::record(it, node, &ins, r, Formula::NotImplemented("heaviside"), &[])));
    }
    match &other {
        Some(o) => Ok(Value::tensor(super::super::grad::record(it, node, &[Some(t), Some(o)], r, binary_formula(op, s), &[t, o]))),
        None => Ok(Value::tensor(super::super::grad::record(it, node, &[Some(t)], r, binary_formula(op, s), &[t]))),
    }
}

/// The node of overload `k` of the row `name` (a math op's own name, so an
/// alias such as `arccos` gets `acos`'s node, as in PyTorch).
fn node_of(name: &str, k: usize) -> &'static str {
    OpId::from_name(name).map_or(crate::eval::registry::nodes::NOT_IMPLEMENTED, |id| id.node(k))
}

/// The backward of a binary op from its saved operands (the second one a
/// tensor, or the number `s`).
fn binary_formula(op: MathBinary, s: Option<Scalar>) -> Formula {
    // fmax/fmin mask the gradient (PyTorch's masked_fill: +0 where masked).
    let masked = matches!(op, MathBinary::Fmax | MathBinary::Fmin);
    partials_formula(move |x, y| op.partials(x, y), s, masked)
}

/// The backward of an element-wise binary op whose derivatives at `(x, y)`
/// are `partials(x, y)`, from its saved operands (the second one a tensor,
/// or the number `s`); each gradient is summed to its operand's shape.
/// `masked`: a zero derivative is a masked-out gradient, +0 (PyTorch's
/// `where`/`masked_fill`), not `g · 0` (which is -0 for a negative g).
fn partials_formula(partials: impl Fn(f64, f64) -> (f64, f64) + Copy + 'static, s: Option<Scalar>, masked: bool) -> Formula {
    let times = move |g: f64, d: f64| if masked && d == 0.0 { 0.0 } else { g * d };
    BackwardFn::new(move |ctx, node, g| {
        let x = saved_tensor(node, 0)?;
        let y = if node.saved.borrow().len() > 1 { Some(saved_tensor(node, 1)?) } else { None };
        let sv = s.map(|s| s.as_f64()).unwrap_or(0.0);
        let grad_of = |which: usize, like: &Tensor| -> crate::engine::error::Result<Tensor> {
            let d = match &y {
                Some(y) => pointwise::zip_map(ctx, &[g, &x, y], g.shape(), like.dtype, |r| {
                    let (dx, dy) = partials(r[1], r[2]);
                    times(r[0], if which == 0 { dx } else { dy })
                })?,
                None => pointwise::zip_map(ctx, &[g, &x], g.shape(), like.dtype, |r| times(r[0], partials(r[1], sv).0))?,
            };
            crate::engine::autograd::formulas::sum_to(ctx, &d, like.shape())
        };
        let gx = grad_of(0, &x)?;
        match &y {
            Some(y) => Ok(vec![Some(gx), Some(grad_of(1, y)?)]),
            None => Ok(vec![Some(gx)]),
        }
    })
}

/// Derivatives of `maximum(x, y)` (`max`) or `minimum(x, y)` at a pair:
/// a tie splits in half, a NaN gives its gradient to both operands.
fn max_min_partials(max: bool, x: f64, y: f64) -> (f64, f64) {
    let (wins, loses) = if max { (x > y, x < y) } else { (x < y, x > y) };
    if x == y { (0.5, 0.5) } else { (if loses { 0.0 } else { 1.0 }, if wins { 0.0 } else { 1.0 }) }
}

/// Derivatives of `clamp(x, lo, hi)` with both bounds, as PyTorch 2.15
/// gives them (checked against it on every combination of ties, NaNs and
/// `lo > hi`): x passes the gradient inside the bounds (or when NaN),
/// halved on a tie with one bound when `lo < hi`; the bound that decides
/// the result takes it (`hi` whenever `lo > hi`), halved on a tie.
fn clamp_partials(x: f64, lo: f64, hi: f64) -> [f64; 3] {
    let inside = x.is_nan() || ((lo.is_nan() || x >= lo) && (hi.is_nan() || x <= hi));
    let split = lo < hi && (x == lo || x == hi);
    let half = |b: bool| if b { 0.5 } else { 0.0 };
    let one = |b: bool| if b { 1.0 } else { 0.0 };
    [
        if inside { if split { 0.5 } else { 1.0 } } else { 0.0 },
        one(x < lo && lo <= hi) + half(x == lo && lo < hi),
        one((x > hi && lo <= hi) || lo > hi) + half(x == hi && lo < hi),
    ]
}

/// `clamp(x, min, max)` with tensor bounds (`clamp.Tensor`, also `clip`):
/// `maximum` with `min`, then `minimum` with `max`, recorded as one
/// `ClampBackward0` node with an edge for self, min and max (None for a
/// bound not given), as PyTorch records it. With one bound its gradient is
/// `maximum`'s (`minimum`'s).
pub fn clamp_tensors(it: &Interp, t: &Rc<Tensor>, id: OpId, lo: Option<Rc<Tensor>>, hi: Option<Rc<Tensor>>, span: Span) -> EvalResult<Value> {
    let mut r = (**t).clone();
    if let Some(l) = &lo {
        r = crate::engine::ops::join::maximum(&it.ctx, &r, l, true).at(span)?;
    }
    if let Some(h) = &hi {
        r = crate::engine::ops::join::maximum(&it.ctx, &r, h, false).at(span)?;
    }
    let (has_lo, has_hi) = (lo.is_some(), hi.is_some());
    let formula = BackwardFn::new(move |ctx, node, g| {
        let x = saved_tensor(node, 0)?;
        let lo = if has_lo { Some(saved_tensor(node, 1)?) } else { None };
        let hi = if has_hi { Some(saved_tensor(node, 1 + has_lo as usize)?) } else { None };
        let ins: Vec<&Tensor> = [Some(g), Some(&x), lo.as_ref(), hi.as_ref()].into_iter().flatten().collect();
        let part = move |r: &[f64], k: usize| -> f64 {
            let (l, h) = (if has_lo { r[2] } else { f64::NAN }, if has_hi { r[2 + has_lo as usize] } else { f64::NAN });
            let p = match (has_lo, has_hi) {
                (true, true) => clamp_partials(r[1], l, h),
                (true, false) => {
                    let (dx, dl) = max_min_partials(true, r[1], l);
                    [dx, dl, 0.0]
                }
                (false, true) => {
                    let (dx, dh) = max_min_partials(false, r[1], h);
                    [dx, 0.0, dh]
                }
                (false, false) => [1.0, 0.0, 0.0],
            };
            p[k]
        };
        let grad = |k: usize, like: &Tensor| -> crate::engine::error::Result<Tensor> {
            // Masked, as PyTorch's where(): +0 where a bound or self loses.
            let d = pointwise::zip_map(ctx, &ins, g.shape(), like.dtype, |r| match part(r, k) {
                0.0 => 0.0,
                p => r[0] * p,
            })?;
            crate::engine::autograd::formulas::sum_to(ctx, &d, like.shape())
        };
        Ok(vec![Some(grad(0, &x)?), lo.as_ref().map(|l| grad(1, l)).transpose()?, hi.as_ref().map(|h| grad(2, h)).transpose()?])
    });
    let saved: Vec<&Tensor> = std::iter::once(t.as_ref()).chain(lo.as_deref()).chain(hi.as_deref()).collect();
    Ok(Value::tensor(super::super::grad::record(it, id.node(0), &[Some(t), lo.as_deref(), hi.as_deref()], r, formula, &saved)))
}

/// `maximum(a, b)` / `minimum(a, b)` (also `max(a, b)`, `min(a, b)`):
/// PyTorch's derivative splits a tie in half and gives a NaN's gradient
/// to both operands (`MaximumBackward0`: `where(a == b, g / 2, g)`, masked
/// where the other operand wins).
pub fn maximum(it: &Interp, a: &Rc<Tensor>, b: &Rc<Tensor>, max: bool, span: Span) -> EvalResult<Value> {
    let r = crate::engine::ops::join::maximum(&it.ctx, a, b, max).at(span)?;
    let id = if max { OpId::Maximum } else { OpId::Minimum };
    let partials = move |x: f64, y: f64| max_min_partials(max, x, y);
    Ok(Value::tensor(super::super::grad::record(it, id.node(0), &[Some(a), Some(b)], r, partials_formula(partials, None, true), &[a, b])))
}
