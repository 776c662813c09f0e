//! Backward formulas of the scans and order statistics whose derivative is
//! more than a mask: `cumprod` (PyTorch's O(n) `cumprod_backward`, with
//! its first-zero case), `logcumsumexp` (the signed log-space sums of
//! `logcumsumexp_backward`) and `median()`/`nanmedian()` of a whole tensor
//! (`evenly_distribute_backward`), `quantile` (through its interpolation
//! and sort). Each works line by line in f64 and
//! rounds to the gradient's dtype once per element, as PyTorch's
//! kernels accumulate scans in double.

use crate::engine::autograd::{saved_tensor, BackwardFn, Formula};
use crate::engine::ops::scan::{log_add_exp, Rows};
use crate::engine::{Scalar, Tensor};

/// The gradient, shaped like `g`, from one value per element in row order.
fn like(ctx: &crate::engine::Context, g: &Tensor, vals: Vec<f64>) -> crate::engine::error::Result<Tensor> {
    let s: Vec<Scalar> = vals.into_iter().map(Scalar::Float).collect();
    Tensor::from_scalars_on(ctx, g.device(), g.shape(), g.dtype, &s, "backward")
}

/// `cumprod` along `dim` (saved: input, output). Mathematically
/// `dx_k = Σ_{j ≥ k} g_j · Π_{i ≤ j, i ≠ k} x_i`: `Σ_{j ≥ k} g_j y_j / x_k`
/// before a line's first zero `z1`; at `z1`, `y_{z1-1} · Σ_{z1 ≤ j < z2}
/// g_j Π_{z1 < i ≤ j} x_i` (up to the second zero `z2`); zero after it.
pub fn cumprod_backward(dim: usize) -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        let (x, y) = (saved_tensor(node, 0)?, saved_tensor(node, 1)?);
        if x.numel() <= 1 || x.shape().get(dim) == Some(&1) {
            return Ok(vec![Some(g.clone())]);
        }
        let (gr, xr, yr) = (Rows::of(ctx, g, dim as i64, "cumprod_backward")?, Rows::of(ctx, &x, dim as i64, "cumprod_backward")?, Rows::of(ctx, &y, dim as i64, "cumprod_backward")?);
        let rd = |v: f64| Scalar::Float(v).cast(g.dtype).as_f64();
        let mut out = vec![0.0; gr.vals.len()];
        let n = gr.len;
        for o in 0..gr.outer {
            for k in 0..gr.inner {
                crate::engine::interrupt::check()?;
                let at = |j: usize| (o * n + j) * gr.inner + k;
                let xs: Vec<f64> = (0..n).map(|j| xr.vals[at(j)].as_f64()).collect();
                let z1 = xs.iter().position(|&v| v == 0.0).unwrap_or(n);
                // Before the first zero: the reversed cumsum of g·y (in
                // double), divided by x.
                let mut acc = 0.0;
                for j in (0..z1).rev() {
                    acc += rd(yr.vals[at(j)].as_f64() * gr.vals[at(j)].as_f64());
                    out[at(j)] = rd(rd(acc) / xs[j]);
                }
                if z1 < n {
                    let z2 = (z1 + 1..n).find(|&j| xs[j] == 0.0).unwrap_or(n);
                    let (mut prod, mut sum) = (1.0, 0.0);
                    for (j, &xj) in xs.iter().enumerate().take(z2).skip(z1) {
                        if j > z1 {
                            prod *= xj;
                        }
                        sum += rd(rd(prod) * gr.vals[at(j)].as_f64());
                    }
                    let before = if z1 == 0 { 1.0 } else { yr.vals[at(z1 - 1)].as_f64() };
                    out[at(z1)] = rd(rd(sum) * before);
                }
            }
        }
        Ok(vec![Some(like(ctx, g, out)?)])
    })
}

/// `logcumsumexp` along `dim` (saved: input, output):
/// `dx_k = Σ_{j ≥ k} g_j · exp(x_k − y_j)`, summed in log space apart for
/// the positive and the negative g (PyTorch's form, which neither
/// overflows nor loses the small terms; a NaN or zero g adds nothing:
/// its log is the dtype's lowest value).
pub fn logcumsumexp_backward(dim: usize) -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        let (x, y) = (saved_tensor(node, 0)?, saved_tensor(node, 1)?);
        if g.ndim() == 0 || g.numel() == 0 {
            return Ok(vec![Some(g.clone())]);
        }
        let (gr, xr, yr) = (Rows::of(ctx, g, dim as i64, "logcumsumexp_backward")?, Rows::of(ctx, &x, dim as i64, "logcumsumexp_backward")?, Rows::of(ctx, &y, dim as i64, "logcumsumexp_backward")?);
        let mut out = vec![0.0; gr.vals.len()];
        let n = gr.len;
        // Each step in the gradient's dtype, as PyTorch's tensor ops are; the
        // reversed logcumsumexp accumulates in double, as its kernel does.
        let rd = |v: f64| Scalar::Float(v).cast(g.dtype).as_f64();
        let lowest = if g.dtype == crate::engine::DType::Float64 { f64::MIN } else { f32::MIN as f64 };
        for o in 0..gr.outer {
            for k in 0..gr.inner {
                crate::engine::interrupt::check()?;
                let at = |j: usize| (o * n + j) * gr.inner + k;
                let (mut pos, mut neg) = (0.0, 0.0);
                for (step, j) in (0..n).rev().enumerate() {
                    let (gj, yj, xj) = (gr.vals[at(j)].as_f64(), yr.vals[at(j)].as_f64(), xr.vals[at(j)].as_f64());
                    let log_abs = rd(gj.abs().ln());
                    let (p, q) = (rd((if gj > 0.0 { log_abs } else { lowest }) - yj), rd((if gj < 0.0 { log_abs } else { lowest }) - yj));
                    (pos, neg) = if step == 0 { (p, q) } else { (log_add_exp(pos, p), log_add_exp(neg, q)) };
                    out[at(j)] = rd(rd(rd(rd(pos) + xj).exp()) - rd(rd(rd(neg) + xj).exp()));
                }
            }
        }
        Ok(vec![Some(like(ctx, g, out)?)])
    })
}

/// `median()`/`nanmedian()` of a whole tensor (saved: input, result): the
/// gradient shared evenly by the elements equal to the result (the NaNs,
/// when the result is NaN).
pub fn evenly_distribute() -> Formula {
    BackwardFn::new(move |ctx, node, g| {
        let (x, r) = (saved_tensor(node, 0)?, saved_tensor(node, 1)?);
        let v = r.to_scalars().first().map_or(f64::NAN, |s| s.as_f64());
        let gv = g.to_scalars().first().map_or(0.0, |s| s.as_f64());
        let hit = |e: f64| if v.is_nan() { e.is_nan() } else { e == v };
        let xs: Vec<f64> = x.to_scalars().iter().map(|s| s.as_f64()).collect();
        let count = xs.iter().filter(|&&e| hit(e)).count() as f64;
        let share = Scalar::Float(gv / count).cast(g.dtype).as_f64();
        let vals: Vec<Scalar> = xs.iter().map(|&e| Scalar::Float(if hit(e) { share } else { 0.0 })).collect();
        Ok(vec![Some(Tensor::from_scalars_on(ctx, x.device(), x.shape(), g.dtype, &vals, "backward")?)])
    })
}

/// Which elements of a sorted row (NaN last) `quantile(q)` reads, as
/// PyTorch's `quantile_compute` ranks them: `(lo, hi, w)` for
/// `lerp(v[lo], v[hi], w)` (`lo == hi` for one element). A row with a NaN
/// (for `quantile`) or with nothing but NaNs (`nanquantile`) reads its last
/// (first) element, a NaN; an empty row reads none.
pub fn quantile_pick(sorted: &[f64], skip_nan: bool, q: f64, interp: &str, f32: bool) -> Option<(usize, usize, f64)> {
    let n = sorted.len();
    if n == 0 {
        return None;
    }
    let valid = if skip_nan { sorted.iter().filter(|x| !x.is_nan()).count() } else { n };
    if !skip_nan && sorted.iter().any(|x| x.is_nan()) {
        return Some((n - 1, n - 1, 0.0));
    }
    if valid == 0 {
        return Some((0, 0, 0.0));
    }
    // q in the input's dtype (`f32`), times the last rank in double, as
    // PyTorch 2.15 gives it (measured: 0.3 of 10 ranks weighs 2⁻²³); the
    // weight back in the input's dtype.
    let rd = |v: f64| if f32 { v as f32 as f64 } else { v };
    let rank = rd(q) * (valid - 1) as f64;
    let (lo, hi, w) = (rank.floor() as usize, (rank.ceil() as usize).min(valid - 1), rd(rank - rank.floor()));
    Some(match interp {
        "lower" => (lo, lo, 0.0),
        "higher" => (hi, hi, 0.0),
        "nearest" => {
            let r = rank.round_ties_even() as usize;
            (r, r, 0.0)
        }
        "midpoint" => (lo, hi, 0.5),
        _ => (lo, hi, w),
    })
}

/// `quantile`/`nanquantile` (saved: the input, flattened when no dim was
/// given): each output's gradient goes to the elements it interpolated,
/// `1 − w` to the lower and `w` to the upper (lerp's derivative), found
/// again by sorting each row (NaN last, ties in input order: among equal
/// values PyTorch's pick is its own selection's, not reproduced).
pub fn quantile_backward(dim: i64, qs: Vec<f64>, skip_nan: bool, interp: String, in_shape: Vec<usize>) -> Formula {
    
    BackwardFn::new(move |ctx, node, g| {
        let src = saved_tensor(node, 0)?;
        let rows = Rows::of(ctx, &src, dim, "quantile_backward")?;
        let gv: Vec<f64> = g.to_scalars().iter().map(|s| s.as_f64()).collect();
        let per_q = rows.outer * rows.inner;
        let mut out = vec![0.0; rows.vals.len()];
        let mut r = 0;
        rows.each(|o, k, row| {
            let mut order: Vec<usize> = (0..row.len()).collect();
            order.sort_by(|&a, &b| crate::engine::ops::scan::cmp_nan_last(&row[a], &row[b]));
            let sorted: Vec<f64> = order.iter().map(|&j| row[j].as_f64()).collect();
            let f32 = g.dtype == crate::engine::DType::Float32;
            for (qi, &q) in qs.iter().enumerate() {
                let Some((lo, hi, w)) = quantile_pick(&sorted, skip_nan, q, &interp, f32) else { continue };
                let rd = |v: f64| Scalar::Float(v).cast(g.dtype).as_f64();
                let gq = gv.get(qi * per_q + r).copied().unwrap_or(0.0);
                let at = |j: usize| (o * rows.len + j) * rows.inner + k;
                out[at(order[lo])] += rd(gq * rd(1.0 - w));
                out[at(order[hi])] += rd(gq * w);
            }
            r += 1;
            Ok(())
        })?;
        let vals: Vec<Scalar> = out.into_iter().map(Scalar::Float).collect();
        Ok(vec![Some(Tensor::from_scalars_on(ctx, g.device(), &in_shape, g.dtype, &vals, "backward")?)])
    })
}
