//! Teaching statements (`storage`, `map`, `share`, `overlap`, `addr`,
//! `bytes`, `lineage`, `explain`, `diff`, `contiguity`): checks and evaluates
//! their arguments, then builds the `report::teach` report. `explain`, which
//! evaluates its expression one operation at a time, lives in `teach/explain.rs`.

mod explain;

use std::rc::Rc;

use crate::engine::{ErrorKind, Tensor};
use crate::lang::ast::{Expr, ExprKind, IndexItem};
use crate::lang::span::Span;
use crate::report::teach::{self as rt, Named, TeachReport};
use crate::report::Report;

use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

/// `map` draws at most this many tensors (one colour each).
const MAP_MAX: usize = 8;
/// Bound tuples are searched this deep for tensors (`parts[0]`).
const NEST_DEPTH: usize = 3;
/// At most this many live tensors are considered.
const LIVE_MAX: usize = 10_000;

pub fn run(it: &mut Interp, keyword: &str, kspan: Span, args: &[Expr], span: Span) -> EvalResult<Vec<Report>> {
    let r = match keyword {
        "storage" => storage(it, one(keyword, kspan, args)?)?,
        "map" => map(it, kspan, args)?,
        "share" => {
            if let Some(a) = args.first() {
                return Err(EvalError::type_error("share takes no arguments: it lists every storage in the session", a.span));
            }
            TeachReport::Share(rt::share::build(&live(it)))
        }
        "overlap" => overlap(it, kspan, args)?,
        "addr" => addr(it, one(keyword, kspan, args)?)?,
        "bytes" => bytes(it, one(keyword, kspan, args)?)?,
        "lineage" => {
            let e = one(keyword, kspan, args)?;
            let t = tensor(it, e, keyword)?;
            TeachReport::Lineage(rt::lineage::build(&it.text_of(e.span), &t))
        }
        "explain" => explain::run(it, one(keyword, kspan, args)?)?,
        "diff" => {
            let [a, b] = args else {
                return Err(EvalError::type_error("diff takes two tensors: diff x, y", kspan));
            };
            let (ta, tb) = (tensor(it, a, keyword)?, tensor(it, b, keyword)?);
            TeachReport::Diff(rt::diff::build(&it.text_of(a.span), &ta, &it.text_of(b.span), &tb))
        }
        "contiguity" => {
            let e = one(keyword, kspan, args)?;
            let t = tensor(it, e, keyword)?;
            TeachReport::Contiguity(rt::contiguity::build(&it.text_of(e.span), &t))
        }
        other => {
            return Err(EvalError::new(
                ErrorKind::NotImplementedError,
                format!("`{other}` is not available yet in this version of tsr"),
                span,
            ))
        }
    };
    Ok(vec![Report::Teach(r)])
}

/// The single argument of `keyword`, or a usage error.
fn one<'a>(keyword: &str, kspan: Span, args: &'a [Expr]) -> EvalResult<&'a Expr> {
    match args {
        [e] => Ok(e),
        _ => Err(EvalError::type_error(format!("{keyword} takes one expression: {keyword} x"), kspan)),
    }
}

/// Evaluates `e`, which must be a tensor.
fn tensor(it: &mut Interp, e: &Expr, keyword: &str) -> EvalResult<Rc<Tensor>> {
    match it.eval(e)? {
        Value::Tensor(t) => Ok(t),
        Value::NdArray(a) => Ok(super::numpy_module::as_tensor(&a)),
        other => Err(EvalError::type_error(format!("{keyword} expects a tensor, got {}", other.type_name()), e.span)),
    }
}

/// Every live tensor and a name to reach it by: bindings, and tensors inside
/// bound tuples and lists (`parts[0]`), in name order.
pub fn live(it: &Interp) -> Vec<Named> {
    fn walk(name: String, v: &Value, depth: usize, out: &mut Vec<Named>) {
        if out.len() >= LIVE_MAX {
            return;
        }
        match v {
            Value::Tensor(t) => out.push(Named { name, tensor: t.clone() }),
            Value::NdArray(a) => out.push(Named { name, tensor: super::numpy_module::as_tensor(a) }),
            Value::Tuple(_) | Value::List(_) if depth < NEST_DEPTH => {
                for (i, x) in v.seq_items().unwrap_or_default().iter().enumerate() {
                    walk(format!("{name}[{i}]"), x, depth + 1, out);
                }
            }
            Value::NamedTuple(_, fs) if depth < NEST_DEPTH => {
                for (k, x) in fs {
                    walk(format!("{name}.{k}"), x, depth + 1, out);
                }
            }
            _ => {}
        }
    }
    let mut out = vec![];
    for (k, v) in &it.vars {
        walk(k.clone(), v, 0, &mut out);
    }
    out
}

fn storage(it: &mut Interp, e: &Expr) -> EvalResult<TeachReport> {
    let name = it.text_of(e.span);
    let live = live(it);
    Ok(TeachReport::Storage(match it.eval(e)? {
        Value::Tensor(t) => rt::storage::build(&name, &t.storage, Some(&t), &live),
        Value::Storage(s) => rt::storage::build(&name, &s, None, &live),
        Value::TypedStorage(s) => rt::storage::build(&name, &s.storage, None, &live),
        other => return Err(EvalError::type_error(format!("storage expects a tensor or a storage, got {}", other.type_name()), e.span)),
    }))
}

fn bytes(it: &mut Interp, e: &Expr) -> EvalResult<TeachReport> {
    let name = it.text_of(e.span);
    Ok(TeachReport::Bytes(match it.eval(e)? {
        Value::Tensor(t) => rt::bytes::build_tensor(&name, &t),
        Value::Storage(s) => rt::bytes::build_storage(&name, &s),
        Value::TypedStorage(s) => rt::bytes::build_storage(&name, &s.storage),
        other => return Err(EvalError::type_error(format!("bytes expects a tensor or a storage, got {}", other.type_name()), e.span)),
    }))
}

fn map(it: &mut Interp, kspan: Span, args: &[Expr]) -> EvalResult<TeachReport> {
    if args.is_empty() {
        return Err(EvalError::type_error("map needs at least one tensor: map x, y", kspan));
    }
    if let Some(extra) = args.get(MAP_MAX) {
        return Err(EvalError::type_error(format!("map draws at most {MAP_MAX} tensors at once"), extra.span));
    }
    let mut ts = vec![];
    for a in args {
        let t = tensor(it, a, "map")?;
        ts.push((it.text_of(a.span), t));
    }
    Ok(TeachReport::Map(rt::map::build(&ts, &live(it))))
}

fn overlap(it: &mut Interp, kspan: Span, args: &[Expr]) -> EvalResult<TeachReport> {
    match args {
        [a] => {
            let t = tensor(it, a, "overlap")?;
            Ok(TeachReport::Overlap(rt::overlap::build(&it.text_of(a.span), &t, None)))
        }
        [a, b] => {
            let (ta, tb) = (tensor(it, a, "overlap")?, tensor(it, b, "overlap")?);
            let (na, nb) = (it.text_of(a.span), it.text_of(b.span));
            Ok(TeachReport::Overlap(rt::overlap::build(&na, &ta, Some((&nb, &tb)))))
        }
        _ => Err(EvalError::type_error("overlap takes one or two tensors: overlap x, y (or overlap x for self-overlap)", kspan)),
    }
}

/// `addr x[i, j]`: the tensor expression and integer indices (a 0-d tensor
/// needs none: `addr x`).
fn addr(it: &mut Interp, e: &Expr) -> EvalResult<TeachReport> {
    let (obj, items): (&Expr, &[IndexItem]) = match &e.kind {
        ExprKind::Index { obj, items } => (obj, items),
        _ => (e, &[]),
    };
    let t = tensor(it, obj, "addr")?;
    let mut index = vec![];
    for item in items {
        let IndexItem::Expr(ie) = item else {
            return Err(EvalError::type_error("addr needs one integer per dimension, not a slice: addr x[1, 2]", e.span));
        };
        match it.eval(ie)? {
            Value::Int(i) => index.push(i),
            Value::Tuple(xs) if items.len() == 1 => {
                for x in xs {
                    match x {
                        Value::Int(i) => index.push(i),
                        other => return Err(EvalError::type_error(format!("addr needs integer indices, got {}", other.type_name()), ie.span)),
                    }
                }
            }
            other => return Err(EvalError::type_error(format!("addr needs integer indices, got {}", other.type_name()), ie.span)),
        }
    }
    let name = it.text_of(obj.span);
    rt::addr::build(&name, &t, &index).map(TeachReport::Addr).at(e.span)
}
