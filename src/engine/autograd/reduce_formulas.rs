//! Backward formulas of the selecting and multiplying reductions: `prod`
//! (all and along a dim, exact with zeros as PyTorch's
//! `prod_safe_zeros_backward`), `max`/`min` (all: shared by the ties; along
//! a dim: to the saved indices) and `sort`.

use super::formulas::saved;
use super::{Formula, Node};
use crate::engine::context::Context;
use crate::engine::error::Result;
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

fn values(t: &Tensor) -> Vec<f64> {
    t.to_scalars().into_iter().map(|s| s.as_f64()).collect()
}

fn tensor(ctx: &Context, like: &Tensor, shape: &[usize], vals: Vec<f64>, op: &str) -> Result<Tensor> {
    let vals: Vec<Scalar> = vals.into_iter().map(Scalar::Float).collect();
    Tensor::from_scalars_on(ctx, like.device(), shape, like.dtype, &vals, op)
}

/// `(outer, len, inner)`: the row-major blocks around `dim` of `shape`.
fn split3(shape: &[usize], dim: usize) -> (usize, usize, usize) {
    let outer = shape.get(..dim).map(|s| s.iter().product()).unwrap_or(1);
    let len = shape.get(dim).copied().unwrap_or(1);
    let inner = shape.get(dim + 1..).map(|s| s.iter().product()).unwrap_or(1);
    (outer, len, inner)
}

/// The product of all the other elements of `v` (prefix · suffix, as the
/// two exclusive cumulative products of `prod_safe_zeros_backward`).
fn exclusive_products(v: &[f64]) -> Vec<f64> {
    let mut out = vec![1.0; v.len()];
    let mut acc = 1.0;
    for (o, x) in out.iter_mut().zip(v) {
        *o = acc;
        acc *= x;
    }
    acc = 1.0;
    for (o, x) in out.iter_mut().zip(v).rev() {
        *o *= acc;
        acc *= x;
    }
    out
}

/// Gradients for the reduction formulas of `node` from `g`.
pub fn apply(ctx: &Context, node: &Node, g: &Tensor) -> Result<Vec<Option<Tensor>>> {
    let grad = match &node.formula {
        Formula::ProdAll => {
            let (x, out) = (saved(node, 0)?, saved(node, 1).ok());
            if x.ndim() == 0 {
                return Ok(vec![Some(g.clone())]);
            }
            let v = values(&x);
            let gv = g.item()?.as_f64();
            let zeros = v.iter().filter(|&&a| a == 0.0).count();
            let r = match (zeros, &out) {
                // No zeros: g · result / x, as PyTorch.
                (0, Some(out)) => {
                    let res = out.item()?.as_f64();
                    v.iter().map(|a| gv * (res / a)).collect()
                }
                (0, None) => exclusive_products(&v).into_iter().map(|o| gv * o).collect(),
                // Two zeros or more: every gradient is zero.
                (z, _) if z > 1 => vec![0.0; v.len()],
                _ => exclusive_products(&v).into_iter().map(|o| gv * o).collect(),
            };
            tensor(ctx, g, x.shape(), r, "prod_backward")?
        }
        Formula::ProdDim { dim, .. } => {
            let (x, out) = (saved(node, 0)?, saved(node, 1)?);
            if x.ndim() == 0 {
                // PyTorch's prod_backward returns the gradient itself.
                return Ok(vec![Some(g.clone())]);
            }
            let v = values(&x);
            let (gv, res) = (values(g), values(&out));
            let (outer, len, inner) = split3(x.shape(), *dim);
            let any_zero = v.contains(&0.0);
            let mut r = vec![0.0; v.len()];
            for o in 0..outer {
                for i in 0..inner {
                    let k = o * inner + i;
                    let (gk, rk) = (gv.get(k).copied().unwrap_or(0.0), res.get(k).copied().unwrap_or(0.0));
                    let at = |j: usize| (o * len + j) * inner + i;
                    if any_zero {
                        let slice: Vec<f64> = (0..len).map(|j| v[at(j)]).collect();
                        for (j, e) in exclusive_products(&slice).into_iter().enumerate() {
                            r[at(j)] = gk * e;
                        }
                    } else {
                        for j in 0..len {
                            r[at(j)] = gk * (rk / v[at(j)]);
                        }
                    }
                }
            }
            tensor(ctx, g, x.shape(), r, "prod_backward")?
        }
        Formula::MaxMinAll => {
            // PyTorch's evenly_distribute_backward: zeros, then masked_fill_
            // (so the gradient is at version 1).
            let (x, out) = (saved(node, 0)?, saved(node, 1)?);
            let m = out.item()?.as_f64();
            let xs = values(&x);
            let hit = |v: f64| v == m || (v.is_nan() && m.is_nan());
            let ties = xs.iter().filter(|&&v| hit(v)).count().max(1);
            let gv = g.item()?.as_f64() / ties as f64;
            let t = tensor(ctx, g, x.shape(), xs.iter().map(|&v| if hit(v) { gv } else { 0.0 }).collect(), "max_backward")?;
            t.storage.bump_version();
            t
        }
        Formula::IndexDim { dim, shape, .. } => {
            // zeros(shape).scatter(dim, indices, g).
            let idx = saved(node, 0)?;
            let (gv, iv) = (values(g), values(&idx));
            let (outer, len, inner) = split3(shape, *dim);
            let mut r = vec![0.0; shape.iter().product()];
            for o in 0..outer {
                for i in 0..inner {
                    let k = o * inner + i;
                    let j = iv.get(k).copied().unwrap_or(0.0).max(0.0) as usize;
                    if let (Some(slot), Some(v)) = (r.get_mut((o * len + j.min(len.saturating_sub(1))) * inner + i), gv.get(k)) {
                        *slot = *v;
                    }
                }
            }
            // PyTorch's value_selecting_reduction_backward (zeros, then
            // scatter_) hands the engine its result at version 2.
            let t = tensor(ctx, g, shape, r, "max_backward")?;
            t.storage.bump_version();
            t.storage.bump_version();
            t
        }
        Formula::Sort { dim } => {
            let idx = saved(node, 0)?;
            let shape = g.shape().to_vec();
            let (gv, iv) = (values(g), values(&idx));
            let (outer, len, inner) = split3(&shape, *dim);
            let mut r = vec![0.0; gv.len()];
            for o in 0..outer {
                for j in 0..len {
                    for i in 0..inner {
                        let k = (o * len + j) * inner + i;
                        let src = (iv.get(k).copied().unwrap_or(0.0) as i64).clamp(0, len as i64 - 1) as usize;
                        if let (Some(slot), Some(v)) = (r.get_mut((o * len + src) * inner + i), gv.get(k)) {
                            *slot = *v;
                        }
                    }
                }
            }
            // value_selecting_reduction_backward too: version 2.
            let t = tensor(ctx, g, &shape, r, "sort_backward")?;
            t.storage.bump_version();
            t.storage.bump_version();
            t
        }
        _ => return Err(crate::engine::error::EngineError::runtime("internal: not a reduction formula")),
    };
    Ok(vec![Some(grad)])
}
