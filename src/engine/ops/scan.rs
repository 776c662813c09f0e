//! Ops that walk one dim at a time: cumulative scans (`cumsum`, `cumprod`,
//! `cummax`, `cummin`, `logcumsumexp`), selections (`topk`, `kthvalue`,
//! `median`, `mode`), `amax`/`amin` and `unique`. Each reads the input in
//! logical order (any layout), works row by row along the dim (Ctrl-C is
//! seen per row) and writes fresh contiguous outputs, as PyTorch's CPU
//! kernels return them. Floats accumulate in f64 (CPU `acc_type`).

use std::cmp::Ordering;

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout;
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

/// A tensor's values split into rows along `dim`: `outer × inner` rows of
/// `len` values each (row `(o, k)`, element `j` is `vals[(o·len + j)·inner + k]`).
pub struct Rows {
    pub vals: Vec<Scalar>,
    pub shape: Vec<usize>,
    pub dim: usize,
    pub outer: usize,
    pub len: usize,
    pub inner: usize,
}

impl Rows {
    pub fn of(ctx: &Context, t: &Tensor, dim: i64, op: &str) -> Result<Rows> {
        let d = layout::wrap_dim(dim, t.ndim())?;
        ctx.cpu.check_walk(op, t.shape(), t.dtype.size())?;
        let shape: Vec<usize> = if t.ndim() == 0 { vec![1] } else { t.shape().to_vec() };
        let len = shape[d];
        let inner: usize = shape[d + 1..].iter().product();
        let outer: usize = shape[..d].iter().product();
        Ok(Rows { vals: t.to_scalars(), shape, dim: d, outer, len, inner })
    }

    pub fn at(&self, o: usize, j: usize, k: usize) -> Scalar {
        self.vals[(o * self.len + j) * self.inner + k]
    }

    /// Runs `f` on every row (its values in order), checking for Ctrl-C.
    pub fn each(&self, mut f: impl FnMut(usize, usize, &[Scalar]) -> Result<()>) -> Result<()> {
        let mut row = Vec::with_capacity(self.len);
        for o in 0..self.outer {
            for k in 0..self.inner {
                crate::engine::interrupt::check()?;
                row.clear();
                row.extend((0..self.len).map(|j| self.at(o, j, k)));
                f(o, k, &row)?;
            }
        }
        Ok(())
    }
}

/// NaN-aware total order of PyTorch's sorts: NaN is the largest value.
pub fn cmp_nan_last(a: &Scalar, b: &Scalar) -> Ordering {
    match (a, b) {
        (Scalar::Float(x), Scalar::Float(y)) => match (x.is_nan(), y.is_nan()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            _ => x.partial_cmp(y).unwrap_or(Ordering::Equal),
        },
        (Scalar::Float(_), _) | (_, Scalar::Float(_)) => cmp_nan_last(&Scalar::Float(a.as_f64()), &Scalar::Float(b.as_f64())),
        _ => a.as_i64().cmp(&b.as_i64()),
    }
}

fn is_nan(s: &Scalar) -> bool {
    matches!(s, Scalar::Float(f) if f.is_nan())
}

/// Which scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanOp {
    Sum,
    Prod,
    Max,
    Min,
    LogSumExp,
}

/// `cumsum`/`cumprod`/`logcumsumexp` (values) and `cummax`/`cummin`
/// (values and int64 indices) along `dim`, into `dtype`.
pub fn scan(ctx: &Context, t: &Tensor, dim: i64, op: ScanOp, dtype: DType, name: &str) -> Result<(Tensor, Option<Tensor>)> {
    if matches!(op, ScanOp::Sum | ScanOp::Prod) && dtype == t.dtype {
        let prod = op == ScanOp::Prod;
        let fast = match t.dtype {
            DType::Float32 => super::scan_dense::cumulative::<f32>(ctx, t, dim, prod, name)?,
            DType::Float64 => super::scan_dense::cumulative::<f64>(ctx, t, dim, prod, name)?,
            _ => None,
        };
        if let Some(v) = fast {
            return Ok((v, None));
        }
    }
    let r = Rows::of(ctx, t, dim, name)?;
    let n = r.vals.len();
    let mut out = vec![Scalar::Int(0); n];
    let mut idx = vec![Scalar::Int(0); if matches!(op, ScanOp::Max | ScanOp::Min) { n } else { 0 }];
    let float = dtype.is_floating();
    let half = matches!(dtype, DType::Float16 | DType::BFloat16);
    r.each(|o, k, row| {
        let (mut acc_f, mut acc_i) = (0f64, 0i64);
        let mut best: Option<(Scalar, usize)> = None;
        for (j, v) in row.iter().enumerate() {
            let at = (o * r.len + j) * r.inner + k;
            let value = match op {
                ScanOp::Sum | ScanOp::Prod => {
                    if float {
                        let x = v.cast(dtype).as_f64();
                        acc_f = if j == 0 { x } else if op == ScanOp::Sum { acc_f + x } else { acc_f * x };
                        // ATen's CPU acc_type: float for float16/bfloat16
                        // (each step rounded to float), double otherwise;
                        // each output is rounded to dtype.
                        if half {
                            acc_f = acc_f as f32 as f64;
                        }
                        Scalar::Float(acc_f)
                    } else {
                        let x = v.as_i64();
                        acc_i = if j == 0 { x } else if op == ScanOp::Sum { acc_i.wrapping_add(x) } else { acc_i.wrapping_mul(x) };
                        Scalar::Int(acc_i)
                    }
                }
                ScanOp::LogSumExp => {
                    let x = v.as_f64();
                    acc_f = if j == 0 { x } else { log_add_exp(acc_f, x) };
                    Scalar::Float(acc_f)
                }
                ScanOp::Max | ScanOp::Min => {
                    // A NaN, once seen, stays (PyTorch propagates it); ties move the index forward.
                    let take = match &best {
                        None => true,
                        Some((b, _)) if is_nan(b) => is_nan(v),
                        Some((b, _)) => {
                            is_nan(v) || {
                                let c = cmp_nan_last(v, b);
                                if op == ScanOp::Max { c != Ordering::Less } else { c != Ordering::Greater }
                            }
                        }
                    };
                    if take {
                        best = Some((*v, j));
                    }
                    let (b, bj) = best.expect("set");
                    idx[at] = Scalar::Int(bj as i64);
                    b
                }
            };
            out[at] = value.cast(dtype);
        }
        Ok(())
    })?;
    let shape = t.shape().to_vec();
    let values = Tensor::from_scalars_on(ctx, t.device(), &shape, dtype, &out, name)?;
    // Max and min give indices, an empty tensor of them too.
    let indices = if matches!(op, ScanOp::Max | ScanOp::Min) { Some(Tensor::from_scalars_on(ctx, t.device(), &shape, DType::Int64, &idx, name)?) } else { None };
    Ok((values, indices))
}

/// `log(exp(a) + exp(b))` without overflow, as `_log_add_exp_helper`.
pub fn log_add_exp(a: f64, b: f64) -> f64 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    if lo.is_nan() || hi.is_nan() {
        return f64::NAN;
    }
    if hi == f64::NEG_INFINITY || (lo == hi && lo.is_infinite()) {
        return hi;
    }
    hi + (lo - hi).exp().ln_1p()
}

/// The output shape of a selection along `dim`: the dim becomes `k` (or
/// goes when `keep` is false and `k` is None).
fn selected_shape(t: &Tensor, d: usize, k: Option<usize>, keep: bool) -> Vec<usize> {
    let mut s = t.shape().to_vec();
    if s.is_empty() {
        return s;
    }
    match k {
        Some(k) => s[d] = k,
        None if keep => s[d] = 1,
        None => {
            s.remove(d);
        }
    }
    s
}

/// Builds values (in `t`'s dtype) and int64 indices of `shape` from row results.
fn pair(ctx: &Context, t: &Tensor, shape: &[usize], vals: &[Scalar], idx: &[Scalar], name: &str) -> Result<(Tensor, Tensor)> {
    Ok((
        Tensor::from_scalars_on(ctx, t.device(), shape, t.dtype, vals, name)?,
        Tensor::from_scalars_on(ctx, t.device(), shape, DType::Int64, idx, name)?,
    ))
}

/// Row positions in order (stable), descending when `largest`, NaN largest.
fn order(row: &[Scalar], largest: bool) -> Vec<usize> {
    let mut o: Vec<usize> = (0..row.len()).collect();
    o.sort_by(|&a, &b| {
        let c = cmp_nan_last(&row[a], &row[b]);
        if largest { c.reverse() } else { c }
    });
    o
}

/// `topk(k, dim, largest, sorted)`: the k largest (or smallest) along dim.
pub fn topk(ctx: &Context, t: &Tensor, k: i64, dim: i64, largest: bool, sorted: bool) -> Result<(Tensor, Tensor)> {
    let len = if t.ndim() == 0 { 1 } else { t.shape()[layout::wrap_dim(dim, t.ndim())?] };
    if k < 0 || k as usize > len {
        return Err(EngineError::runtime("selected index k out of range"));
    }
    let k = k as usize;
    let fast = match t.dtype {
        DType::Float32 => super::scan_dense::topk::<f32>(ctx, t, k, dim, largest, sorted)?,
        DType::Float64 => super::scan_dense::topk::<f64>(ctx, t, k, dim, largest, sorted)?,
        _ => None,
    };
    if let Some(r) = fast {
        return Ok(r);
    }
    let r = Rows::of(ctx, t, dim, "topk")?;
    let shape = selected_shape(t, r.dim, Some(k), true);
    let n: usize = r.outer * k * r.inner;
    let (mut vals, mut idx) = (vec![Scalar::Int(0); n], vec![Scalar::Int(0); n]);
    let mut queue: Vec<usize> = Vec::with_capacity(r.len);
    r.each(|o, kk, row| {
        queue.clear();
        queue.extend(0..row.len());
        let less = |a: &usize, b: &usize| cmp_nan_last(&row[*a], &row[*b]) == if largest { Ordering::Greater } else { Ordering::Less };
        topk_order(&mut queue, k, sorted, &less);
        for (j, &p) in queue.iter().take(k).enumerate() {
            let at = (o * k + j) * r.inner + kk;
            vals[at] = row[p];
            idx[at] = Scalar::Int(p as i64);
        }
        Ok(())
    })?;
    pair(ctx, t, &shape, &vals, &idx, "topk")
}

/// ATen's `topk_impl_loop` on one row's queue: `partial_sort` of the k
/// first when k·64 ≤ n, else `nth_element` at k − 1 and (when `sorted`)
/// `sort` of the k − 1 before it. `less` says which comes first (the
/// larger for `largest`, NaN first then).
pub fn topk_order<E: Copy>(queue: &mut [E], k: usize, sorted: bool, less: &impl Fn(&E, &E) -> bool) {
    if k == 0 {
        return;
    }
    if k * 64 <= queue.len() {
        super::stl_sort::partial_sort(queue, k, less);
    } else {
        super::stl_sort::nth_element(queue, k - 1, less);
        if sorted {
            super::stl_sort::sort(&mut queue[..k - 1], less);
        }
    }
}

/// What one row reduces to: a value and the index it came from.
fn select_rows(ctx: &Context, t: &Tensor, dim: i64, keepdim: bool, name: &str, mut pick: impl FnMut(&[Scalar]) -> Result<(Scalar, usize)>) -> Result<(Tensor, Tensor)> {
    let r = Rows::of(ctx, t, dim, name)?;
    if r.len == 0 {
        return Err(EngineError::index(format!("{name}(): Expected reduction dim {} to have non-zero size.", r.dim)));
    }
    let shape = selected_shape(t, r.dim, None, keepdim);
    let n = r.outer * r.inner;
    let (mut vals, mut idx) = (vec![Scalar::Int(0); n], vec![Scalar::Int(0); n]);
    r.each(|o, k, row| {
        let (v, i) = pick(row)?;
        vals[o * r.inner + k] = v;
        idx[o * r.inner + k] = Scalar::Int(i as i64);
        Ok(())
    })?;
    pair(ctx, t, &shape, &vals, &idx, name)
}

/// `kthvalue(k, dim, keepdim)`: the k-th smallest (1-based).
pub fn kthvalue(ctx: &Context, t: &Tensor, k: i64, dim: i64, keepdim: bool) -> Result<(Tensor, Tensor)> {
    let len = if t.ndim() == 0 { 1 } else { t.shape()[layout::wrap_dim(dim, t.ndim())?] };
    if k < 1 || k as usize > len {
        return Err(EngineError::runtime(format!("kthvalue(): selected number k out of range for dimension {dim}")));
    }
    // ATen's kthvalue: quick_select on (value, position) pairs, NaN largest.
    select_rows(ctx, t, dim, keepdim, "kthvalue", |row| {
        let mut q: Vec<usize> = (0..row.len()).collect();
        super::stl_sort::quick_select(&mut q, k as usize - 1, &|a: &usize, b: &usize| cmp_nan_last(&row[*a], &row[*b]) == Ordering::Greater);
        let p = q[k as usize - 1];
        Ok((row[p], p))
    })
}

/// `median(dim)` / `nanmedian(dim)`: the lower median; `median` is NaN
/// (at the first NaN) when the row holds one, `nanmedian` skips NaNs.
pub fn median_dim(ctx: &Context, t: &Tensor, dim: i64, keepdim: bool, skip_nan: bool) -> Result<(Tensor, Tensor)> {
    let name = if skip_nan { "nanmedian" } else { "median" };
    select_rows(ctx, t, dim, keepdim, name, |row| Ok(median_of(row, skip_nan)))
}

fn median_of(row: &[Scalar], skip_nan: bool) -> (Scalar, usize) {
    if !skip_nan && let Some(p) = row.iter().position(is_nan) {
        return (row[p], p);
    }
    let o: Vec<usize> = order(row, false).into_iter().filter(|&p| !skip_nan || !is_nan(&row[p])).collect();
    if o.is_empty() {
        return (Scalar::Float(f64::NAN), 0);
    }
    let p = o[(o.len() - 1) / 2];
    (row[p], p)
}

/// `median()` / `nanmedian()` of every element: a 0-d tensor.
pub fn median_all(ctx: &Context, t: &Tensor, skip_nan: bool) -> Result<Tensor> {
    let name = if skip_nan { "nanmedian" } else { "median" };
    ctx.cpu.check_walk(name, t.shape(), t.dtype.size())?;
    let vals = t.to_scalars();
    if vals.is_empty() {
        return Tensor::from_scalars_on(ctx, t.device(), &[], t.dtype, &[Scalar::Float(f64::NAN).cast(t.dtype)], name);
    }
    let v = median_all_value(t, vals, skip_nan);
    Tensor::from_scalars_on(ctx, t.device(), &[], t.dtype, &[v], name)
}

/// ATen's `median_impl`: a NaN as found first (median), else
/// `std::nth_element` over the values of `self.clone()` in its memory
/// order (a dense input keeps its strides), NaN last, the lower median of
/// the rest. Equal values (0.0 and -0.0) are not told apart, so which one
/// lands there is nth_element's doing.
fn median_all_value(t: &Tensor, vals: Vec<Scalar>, skip_nan: bool) -> Scalar {
    let stride = super::copy::preserve_strides(t);
    let shape = t.shape();
    let mut mem = vals.clone();
    let mut idx = vec![0usize; shape.len()];
    for v in vals {
        mem[idx.iter().zip(&stride).map(|(i, s)| i * s).sum::<usize>()] = v;
        for d in (0..shape.len()).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    if !skip_nan && let Some(v) = mem.iter().find(|v| is_nan(v)) {
        return *v;
    }
    let nans = mem.iter().filter(|v| is_nan(v)).count();
    if nans == mem.len() {
        return mem[0];
    }
    let lt = |a: &Scalar, b: &Scalar| match (a, b) {
        (Scalar::Float(x), Scalar::Float(y)) => x < y || (y.is_nan() && !x.is_nan()),
        _ => a.as_i64() < b.as_i64(),
    };
    let nth = (mem.len() - nans - 1) / 2;
    super::stl_sort::nth_element(&mut mem, nth, &lt);
    mem[nth]
}

/// `mode(dim, keepdim)`, as ATen's CPU kernel: (value, position) pairs
/// sorted by `std::sort` under the value's `<` (a NaN compares false),
/// then the first run (of `!=`-separated values) longer than every one
/// before it gives the value and the position at its end.
pub fn mode(ctx: &Context, t: &Tensor, dim: i64, keepdim: bool) -> Result<(Tensor, Tensor)> {
    let lt = |a: &Scalar, b: &Scalar| match (a, b) {
        (Scalar::Float(_), _) | (_, Scalar::Float(_)) => a.as_f64() < b.as_f64(),
        _ => a.as_i64() < b.as_i64(),
    };
    let ne = |a: &Scalar, b: &Scalar| match (a, b) {
        (Scalar::Float(_), _) | (_, Scalar::Float(_)) => a.as_f64() != b.as_f64(),
        _ => a.as_i64() != b.as_i64(),
    };
    select_rows(ctx, t, dim, keepdim, "mode", |row| {
        let mut e: Vec<usize> = (0..row.len()).collect();
        super::stl_sort::sort(&mut e, &|a: &usize, b: &usize| lt(&row[*a], &row[*b]));
        let (mut best, mut max_freq, mut freq) = (e[0], 0usize, 0usize);
        for j in 0..e.len() {
            freq += 1;
            if j == e.len() - 1 || ne(&row[e[j]], &row[e[j + 1]]) {
                if freq > max_freq {
                    best = e[j];
                    max_freq = freq;
                }
                freq = 0;
            }
        }
        Ok((row[best], best))
    })
}

/// For each element of a row-major `shape`, the row-major index of its slot
/// in a reduction over the dims marked in `reduced` (the kept dims' index).
pub fn reduced_slots(shape: &[usize], reduced: &[bool]) -> Vec<usize> {
    let strides = layout::contiguous_strides(shape);
    let n: usize = shape.iter().product();
    (0..n)
        .map(|flat| {
            let mut o = 0usize;
            for (d, &size) in shape.iter().enumerate() {
                if !reduced[d] {
                    o = o * size + (flat / strides[d]) % size;
                }
            }
            o
        })
        .collect()
}

/// `amax`/`amin` over `dims` (all when empty): NaN propagates.
pub fn amax(ctx: &Context, t: &Tensor, dims: &[i64], keepdim: bool, max: bool) -> Result<Tensor> {
    let name = if max { "amax" } else { "amin" };
    let n = t.ndim();
    let mut ds: Vec<usize> = dims.iter().map(|&d| layout::wrap_dim(d, n)).collect::<Result<_>>()?;
    if ds.is_empty() {
        ds = (0..n).collect();
    }
    for (i, d) in ds.iter().enumerate() {
        if ds[..i].contains(d) {
            return Err(EngineError::runtime(format!("dim {d} appears multiple times in the list of dims")));
        }
    }
    for &d in &ds {
        if t.shape().get(d) == Some(&0) {
            return Err(EngineError::index(format!(
                "{name}(): Expected reduction dim {d} to have non-zero size."
            )));
        }
    }
    ctx.cpu.check_walk(name, t.shape(), t.dtype.size())?;
    let vals = t.to_scalars();
    let shape = t.shape();
    let out_shape: Vec<usize> = (0..n).filter_map(|d| if ds.contains(&d) { keepdim.then_some(1) } else { Some(shape[d]) }).collect();
    let m: usize = (0..n).filter(|d| !ds.contains(d)).map(|d| shape[d]).product();
    let mut acc: Vec<Option<Scalar>> = vec![None; m];
    let reduced: Vec<bool> = (0..n).map(|d| ds.contains(&d)).collect();
    for (flat, (v, &o)) in vals.iter().zip(&reduced_slots(shape, &reduced)).enumerate() {
        if flat % (1 << 16) == 0 {
            crate::engine::interrupt::check()?;
        }
        let slot = &mut acc[o];
        *slot = Some(match *slot {
            None => *v,
            Some(b) if is_nan(&b) => b,
            Some(_) if is_nan(v) => *v,
            Some(b) => {
                let c = cmp_nan_last(v, &b);
                if (max && c == Ordering::Greater) || (!max && c == Ordering::Less) { *v } else { b }
            }
        });
    }
    let out: Vec<Scalar> = acc.into_iter().map(|s| s.unwrap_or(Scalar::Int(0))).collect();
    Tensor::from_scalars_on(ctx, t.device(), &out_shape, t.dtype, &out, name)
}

/// `unique(sorted, return_inverse, return_counts)` of the flattened tensor:
/// the sorted distinct values, each element's position among them, and
/// how often each occurs. `consecutive` collapses only runs (no sort).
pub fn unique(ctx: &Context, t: &Tensor, consecutive: bool) -> Result<(Tensor, Tensor, Tensor)> {
    let name = if consecutive { "unique_consecutive" } else { "unique" };
    ctx.cpu.check_walk(name, t.shape(), t.dtype.size())?;
    if !consecutive
        && let Some(r) = super::unique_dense::unique(ctx, t)?
    {
        return Ok(r);
    }
    let vals = t.to_scalars();
    let (mut uniq, mut counts): (Vec<Scalar>, Vec<Scalar>) = (vec![], vec![]);
    let mut inverse = vec![Scalar::Int(0); vals.len()];
    // PyTorch's unique sorts the flattened input (std::sort, not stable):
    // the NaNs, each its own value, keep the order that sort leaves them in.
    let order: Vec<usize> = if consecutive {
        (0..vals.len()).collect()
    } else {
        let mut o: Vec<usize> = (0..vals.len()).collect();
        super::stl_sort::sort(&mut o, &|a: &usize, b: &usize| cmp_nan_last(&vals[*a], &vals[*b]) == Ordering::Less);
        crate::engine::interrupt::check()?;
        o
    };
    for (n, &p) in order.iter().enumerate() {
        if n % (1 << 16) == 0 {
            crate::engine::interrupt::check()?;
        }
        // NaNs are all distinct, as PyTorch's CPU unique keeps them.
        let same = uniq.last().is_some_and(|u| !is_nan(u) && cmp_nan_last(u, &vals[p]) == Ordering::Equal);
        if !same {
            uniq.push(vals[p]);
            counts.push(Scalar::Int(0));
        }
        let last = counts.len() - 1;
        counts[last] = Scalar::Int(counts[last].as_i64() + 1);
        inverse[p] = Scalar::Int(last as i64);
    }
    let u = Tensor::from_scalars_on(ctx, t.device(), &[uniq.len()], t.dtype, &uniq, name)?;
    let inv = Tensor::from_scalars_on(ctx, t.device(), t.shape(), DType::Int64, &inverse, name)?;
    let c = Tensor::from_scalars_on(ctx, t.device(), &[counts.len()], DType::Int64, &counts, name)?;
    Ok((u, inv, c))
}

/// `unique(dim=)` / `unique_consecutive(dim=)`, as PyTorch's
/// `_unique_dim_cpu_template`: the slices along `dim` sorted
/// lexicographically (libstdc++'s `std::sort`, element by element with `<`
/// and `>`, so a NaN ties), runs of equal slices (`==`, NaN never equal)
/// collapsed to the first, and the result moved back from dim 0 (a view).
pub fn unique_dim(ctx: &Context, t: &Tensor, dim: i64, consecutive: bool) -> Result<(Tensor, Tensor, Tensor)> {
    let name = if consecutive { "unique_consecutive" } else { "unique" };
    if t.ndim() == 0 {
        return Err(EngineError::index(format!("Dimension specified as {dim} but tensor has no dimensions")));
    }
    let d = layout::wrap_dim(dim, t.ndim())?;
    ctx.cpu.check_walk(name, t.shape(), t.dtype.size())?;
    let shape = t.shape().to_vec();
    let n = shape[d];
    let longs = |v: &[Scalar]| Tensor::from_scalars_on(ctx, t.device(), &[v.len()], DType::Int64, v, name);
    if t.numel() == 0 {
        let zeros = shape.iter().filter(|&&s| s == 0).count();
        if n == 0 {
            if zeros != 1 {
                return Err(EngineError::runtime("Number of zero sized dimensions is more than one, so unique cannot be applied "));
            }
            let out = Tensor::from_scalars_on(ctx, t.device(), &shape, t.dtype, &[], name)?;
            return Ok((out, longs(&[])?, longs(&[])?));
        }
        return Err(EngineError::runtime("There are 0 sized dimensions, and they aren't selected, so unique cannot be applied"));
    }
    // The slices as rows of `m` elements, in moveaxis(dim, 0) order.
    let (outer, inner): (usize, usize) = (shape[..d].iter().product(), shape[d + 1..].iter().product());
    let m = outer * inner;
    let vals = t.to_scalars();
    let mut rows = vec![Scalar::Int(0); n * m];
    for o in 0..outer {
        for i in 0..n {
            for r in 0..inner {
                rows[i * m + o * inner + r] = vals[(o * n + i) * inner + r];
            }
        }
    }
    let lt = |x: &Scalar, y: &Scalar| match (x, y) {
        (Scalar::Int(a), Scalar::Int(b)) => a < b,
        (Scalar::Float(a), Scalar::Float(b)) => a < b,
        _ => x.as_f64() < y.as_f64(),
    };
    let eq = |x: &Scalar, y: &Scalar| match (x, y) {
        (Scalar::Int(a), Scalar::Int(b)) => a == b,
        (Scalar::Float(a), Scalar::Float(b)) => a == b,
        _ => x.as_f64() == y.as_f64(),
    };
    let row = |i: usize| &rows[i * m..(i + 1) * m];
    let less = |a: usize, b: usize| -> bool {
        for (x, y) in row(a).iter().zip(row(b)) {
            if lt(x, y) {
                return true;
            }
            if lt(y, x) {
                return false;
            }
        }
        false
    };
    let mut idx: Vec<usize> = (0..n).collect();
    if !consecutive {
        super::stl_sort::sort(&mut idx, &|a: &usize, b: &usize| less(*a, *b));
    }
    crate::engine::interrupt::check()?;
    let same = |a: usize, b: usize| row(a).iter().zip(row(b)).all(|(x, y)| eq(x, y));
    let mut kept = vec![idx[0]];
    let mut counts = vec![];
    let mut inverse = vec![Scalar::Int(0); n];
    let mut previous = 0;
    for cur in 1..n {
        if !same(idx[cur], kept[kept.len() - 1]) {
            kept.push(idx[cur]);
            counts.push(Scalar::Int((cur - previous) as i64));
            previous = cur;
        }
        inverse[idx[cur]] = Scalar::Int(kept.len() as i64 - 1);
    }
    counts.push(Scalar::Int((n - previous) as i64));
    let data: Vec<Scalar> = kept.iter().flat_map(|&k| row(k).iter().copied()).collect();
    let moved: Vec<usize> = std::iter::once(kept.len()).chain(shape[..d].iter().copied()).chain(shape[d + 1..].iter().copied()).collect();
    let out = Tensor::from_scalars_on(ctx, t.device(), &moved, t.dtype, &data, name)?;
    let l = layout::movedim(out.layout(), &[0], &[d as i64])?;
    let out = out.view_as_layout(l, name);
    Ok((out, Tensor::from_scalars_on(ctx, t.device(), &[n], DType::Int64, &inverse, name)?, longs(&counts)?))
}

/// The general path, for the tests of the fast ones.
#[cfg(test)]
pub fn topk_general(ctx: &Context, t: &Tensor, k: usize, dim: i64, largest: bool) -> Result<(Tensor, Tensor)> {
    let sorted = true;
    // A transposed copy is not contiguous, so the fast path declines it.
    let nc = t.view_as_layout(layout::transpose(t.layout(), 0, 1)?, "t");
    let copy = super::copy::contiguous(ctx, &nc)?.unwrap_or(nc);
    let back = copy.view_as_layout(layout::transpose(copy.layout(), 0, 1)?, "t");
    topk(ctx, &back, k as i64, dim, largest, sorted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineConfig;

    fn ctx() -> Context {
        Context::new(&EngineConfig::default())
    }

    #[test]
    fn dense_paths_agree_with_the_general_ones() {
        let ctx = ctx();
        // Ties, NaNs and negative zeros in a 6x7 float32.
        let vals: Vec<Scalar> = (0..42).map(|i| Scalar::Float(match i % 9 { 0 => f64::NAN, 1 => -0.0, 2 | 3 => 2.5, _ => ((i * 37) % 11) as f64 - 5.0 })).collect();
        let t = Tensor::from_scalars_on(&ctx, crate::engine::Device::Cpu, &[6, 7], DType::Float32, &vals, "t").unwrap();
        for dim in [0i64, 1, -1] {
            for k in [0usize, 1, 3, 6] {
                let len = t.shape()[layout::wrap_dim(dim, 2).unwrap()];
                if k > len {
                    continue;
                }
                for largest in [true, false] {
                    let fast = topk(&ctx, &t, k as i64, dim, largest, true).unwrap();
                    let slow = topk_general(&ctx, &t, k, dim, largest).unwrap();
                    let bits = |x: &Tensor| x.to_scalars().iter().map(|s| format!("{:?}", s)).collect::<Vec<_>>();
                    assert_eq!(bits(&fast.0), bits(&slow.0), "topk values dim {dim} k {k} largest {largest}");
                    assert_eq!(bits(&fast.1), bits(&slow.1), "topk indices dim {dim} k {k} largest {largest}");
                }
            }
            for op in [ScanOp::Sum, ScanOp::Prod] {
                let fast = scan(&ctx, &t, dim, op, DType::Float32, "cumsum").unwrap().0;
                // float64 output skips the fast path; rounding it to float32 must agree.
                let slow = scan(&ctx, &t, dim, op, DType::Float64, "cumsum").unwrap().0;
                let a: Vec<String> = fast.to_scalars().iter().map(|s| format!("{:?}", s)).collect();
                let b: Vec<String> = slow.to_scalars().iter().map(|s| format!("{:?}", s.cast(DType::Float32))).collect();
                assert_eq!(a, b, "{op:?} along {dim}");
            }
        }
    }
}
