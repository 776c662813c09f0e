//! Scatter-like ops: `scatter_`, `scatter_add_`, `scatter_reduce_`,
//! `index_add_`, `index_copy_`, `index_fill_`, `put_`, `masked_scatter_`
//! write into self. Each is planned as a [`Scattered`]: pairs of self's
//! row-major position and the source's, in PyTorch's (sequential CPU)
//! order; [`apply`] writes them with a [`Reduce`]. The out-of-place forms
//! clone first (strides as PyTorch's clone gives them) and apply.

use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{Layout, contiguous_strides, wrap_dim};
use crate::engine::scalar::{self, Scalar};
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

use super::gather::shape_list;
use super::promote::scalar_type_name;

/// Where each write goes: `dst[k]` in self, from `src[k]` in the source.
#[derive(Debug, Clone, Default)]
pub struct Scattered {
    pub dst: Vec<usize>,
    pub src: Vec<usize>,
}

/// How a write combines with what is there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reduce {
    Set,
    /// `self += alpha * src` (scatter_add, index_add, put accumulate).
    Add(f64),
    Mul,
    Sum,
    Prod,
    Mean,
    Amax,
    Amin,
}

impl Reduce {
    pub fn parse_scatter_reduce(s: &str) -> Result<Reduce> {
        Ok(match s {
            "sum" => Reduce::Sum,
            "prod" => Reduce::Prod,
            "mean" => Reduce::Mean,
            "amax" => Reduce::Amax,
            "amin" => Reduce::Amin,
            _ => return Err(EngineError::runtime(format!("reduce argument must be either sum, prod, mean, amax or amin, got {s}"))),
        })
    }
}

fn ne(s: &[usize]) -> Vec<usize> {
    if s.is_empty() { vec![1] } else { s.to_vec() }
}

fn index_values(index: &Tensor) -> Vec<i64> {
    index.to_scalars().into_iter().map(|s| s.as_i64()).collect()
}

/// `scatter_(dim, index, src)` (src's shape given) or `(dim, index, value)`.
pub fn scatter_plan(t: &Tensor, dim: i64, index: &Tensor, src: Option<&Tensor>) -> Result<Scattered> {
    let d = wrap_dim(dim, t.ndim())?;
    if !matches!(index.dtype, DType::Int64 | DType::Int32) {
        return Err(EngineError::runtime("scatter(): Expected dtype int32/int64 for index"));
    }
    if let Some(s) = src
        && s.dtype != t.dtype
    {
        return Err(EngineError::runtime("scatter(): Expected self.dtype to be equal to src.dtype"));
    }
    let (ts, is) = (ne(t.shape()), ne(index.shape()));
    if index.numel() == 0 {
        return Ok(Scattered::default());
    }
    if ts.len() != is.len() {
        return Err(EngineError::runtime("Index tensor must have the same number of dimensions as self tensor"));
    }
    let ss = src.map(|s| ne(s.shape()));
    if let Some(ss) = &ss
        && ss.len() != is.len()
    {
        return Err(EngineError::runtime("Index tensor must have the same number of dimensions as src tensor"));
    }
    let bad_self = (0..ts.len()).any(|k| k != d && is[k] > ts[k]);
    let bad_src = ss.as_ref().is_some_and(|ss| (0..ss.len()).any(|k| is[k] > ss[k]));
    if bad_self || bad_src {
        let mut msg = format!("Expected index {} to be no larger than self {} apart from dimension {d}", shape_list(index.shape()), shape_list(t.shape()));
        if let Some(s) = src {
            msg.push_str(&format!(" and to be no larger size than src {}", shape_list(s.shape())));
        }
        return Err(EngineError::runtime(msg));
    }
    let idx = index_values(index);
    let tstr = contiguous_strides(&ts);
    let il = Layout { shape: is.clone(), stride: tstr.iter().enumerate().map(|(k, &s)| if k == d { 0 } else { s }).collect(), offset: 0 };
    let sl = Layout { shape: is.clone(), stride: ss.as_ref().map_or(vec![0; is.len()], |ss| contiguous_strides(ss)), offset: 0 };
    let mut out = Scattered::default();
    for (k, (base, sp)) in StridedIndex::new(&il).zip(StridedIndex::new(&sl)).enumerate() {
        if k % (1 << 16) == 0 {
            crate::engine::interrupt::check()?;
        }
        let v = idx[k];
        if v < 0 || v >= ts[d] as i64 {
            return Err(EngineError::runtime(format!("index {v} is out of bounds for dimension {d} with size {}", ts[d])));
        }
        out.dst.push(base + v as usize * tstr[d]);
        out.src.push(sp);
    }
    Ok(out)
}

/// `index_add_`/`index_copy_`/`index_fill_` along dim: self's slice
/// `index[i]` gets the source's slice `i` (a fill has no source).
pub fn index_plan(t: &Tensor, dim: i64, index: &Tensor, src: Option<&Tensor>, what: &str) -> Result<Scattered> {
    let d = wrap_dim(dim, t.ndim())?;
    if index.ndim() > 1 {
        return Err(match what {
            "index_copy_" => EngineError::index(format!("index_copy_(): Index should have dimension 1 or 0 (got {})", index.ndim())),
            "index_fill_" => EngineError::runtime("Index has to be a vector/scalar"),
            _ => EngineError::index(format!(
                "{what}(): Index is supposed to be a vector, but got dim: {} with type: {} and size: {}",
                index.ndim(),
                scalar_type_name(index.dtype),
                shape_list(index.shape())
            )),
        });
    }
    let int = matches!(index.dtype, DType::Int64 | DType::Int32);
    let ok = match what {
        "index_copy_" | "index_fill_" => index.dtype == DType::Int64,
        _ => int,
    };
    if !ok {
        let got = scalar_type_name(index.dtype);
        return Err(match what {
            "index_copy_" => EngineError::runtime(format!("index_copy_(): Expected a long tensor for index, but got {got}")),
            "index_fill_" => EngineError::index("index_fill_(): Expected dtype int64 for index."),
            _ => EngineError::runtime(format!("{what}(): Expected dtype int32/int64 for index but got: {got}")),
        });
    }
    let idx = index_values(index);
    let ts = ne(t.shape());
    if let Some(s) = src {
        let ss = ne(s.shape());
        let n = ss.get(d).copied().unwrap_or(1);
        if s.dtype != t.dtype {
            let (a, b) = (scalar_type_name(t.dtype), scalar_type_name(s.dtype));
            return Err(EngineError::runtime(match what {
                "index_copy_" => format!("index_copy_(): self and source expected to have the same dtype, but got (self) {a} and (source) {b}"),
                _ => format!("{what}(): self ({a}) and source ({b}) must have the same scalar type"),
            }));
        }
        // index_copy's meta compares the slice shapes (dim erased) before
        // the index count; C++ prints each shape space-separated.
        if what == "index_copy_" && t.ndim() > 0 && s.ndim() > 0 {
            let sliced = |x: &[usize]| x.iter().enumerate().filter(|&(k, _)| k != d).map(|(_, v)| v.to_string()).collect::<Vec<_>>().join(" ");
            let (a, b) = (sliced(t.shape()), sliced(s.shape()));
            if a != b {
                return Err(EngineError::runtime(format!(
                    "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: {a} at dimension {d} and source slice shape: {b} at dimension 0."
                )));
            }
        }
        if idx.len() != n {
            return Err(match what {
                "index_copy_" => EngineError::index(format!("index_copy_(): Number of indices ({}) should be equal to source.size(dim) ({n})", idx.len())),
                _ => EngineError::runtime(format!("{what}(): Number of indices ({}) should be equal to source.size(dim): ({n}), for dim: {d}", idx.len())),
            });
        }
        let same = ss.len() == ts.len() && (0..ts.len()).all(|k| k == d || ss[k] == ts[k]);
        if !same {
            return Err(EngineError::runtime(format!(
                "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = {} source.shape = {}",
                shape_list(t.shape()),
                shape_list(s.shape())
            )));
        }
    }
    for &v in &idx {
        if v < -(ts[d] as i64) || v >= ts[d] as i64 || (v < 0 && what != "index_fill_") {
            return Err(match what {
                "index_copy_" => EngineError::index(format!("index_copy_(): index {v} is out of bounds for dimension {d} with size {}", ts[d])),
                "index_reduce_" => EngineError::index("index out of range in self"),
                "index_add_" => EngineError::runtime(format!("index {v} is out of bounds for dimension {d} with size {}", ts[d])),
                _ => EngineError::index(format!("index {v} is out of bounds for dimension {d} with size {}", ts[d])),
            });
        }
    }
    let tstr = contiguous_strides(&ts);
    let mut ss = ts.clone();
    ss[d] = idx.len();
    let sstr = contiguous_strides(&ss);
    let l = Layout { shape: ss.clone(), stride: tstr.iter().enumerate().map(|(k, &s)| if k == d { 0 } else { s }).collect(), offset: 0 };
    let mut out = Scattered::default();
    for (k, base) in StridedIndex::new(&l).enumerate() {
        let i = (k / sstr[d]) % idx.len();
        let v = if idx[i] < 0 { idx[i] + ts[d] as i64 } else { idx[i] } as usize;
        out.dst.push(base + v * tstr[d]);
        out.src.push(k);
    }
    Ok(out)
}

/// `put_(index, source)`: self as a flat tensor.
pub fn put_plan(t: &Tensor, index: &Tensor, src: &Tensor) -> Result<Scattered> {
    if index.dtype != DType::Int64 {
        return Err(EngineError::runtime(format!("put_(): Expected a long tensor for index, but got {}", scalar_type_name(index.dtype))));
    }
    if src.dtype != t.dtype {
        return Err(EngineError::runtime(format!(
            "put_(): self and source expected to have the same dtype, but got self.dtype = {} and source.dtype = {}",
            scalar_type_name(t.dtype),
            scalar_type_name(src.dtype)
        )));
    }
    if src.numel() != index.numel() {
        return Err(EngineError::index(format!(
            "put_(): Expected source and index to have the same number of elements, but got source.numel() = {}, index.numel() = {}",
            src.numel(),
            index.numel()
        )));
    }
    let n = t.numel() as i64;
    let mut out = Scattered::default();
    for (k, v) in index_values(index).into_iter().enumerate() {
        if v < -n || v >= n {
            return Err(EngineError::index(format!("out of range: tried to access index {v} on a tensor of {n} elements.")));
        }
        out.dst.push(if v < 0 { v + n } else { v } as usize);
        out.src.push(k);
    }
    Ok(out)
}

/// `masked_scatter_(mask, source)`: the true positions of mask (broadcast
/// to self) take source's elements in order.
pub fn masked_scatter_plan(t: &Tensor, mask: &Tensor, src: &Tensor) -> Result<Scattered> {
    if mask.dtype != DType::Bool {
        return Err(EngineError::runtime(format!("masked_scatter_ only supports boolean masks, but got mask with dtype {}", scalar_type_name(mask.dtype))));
    }
    if src.dtype != t.dtype {
        return Err(EngineError::runtime(format!(
            "masked_scatter: expected self and source to have same dtypes but got{} and {}",
            scalar_type_name(t.dtype),
            scalar_type_name(src.dtype)
        )));
    }
    // `expand_inplace(self, mask)`: mask expands to self's shape.
    let (ts, ms) = (t.shape(), mask.shape());
    if ms.len() > ts.len() {
        return Err(EngineError::runtime(format!(
            "expand(CPUBoolType{{{}}}, size={}): the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
            shape_list(ms),
            shape_list(ts),
            ts.len(),
            ms.len()
        )));
    }
    let lead = ts.len() - ms.len();
    if let Some(d) = (0..ms.len()).rev().find(|&d| ms[d] != 1 && ms[d] != ts[lead + d]) {
        return Err(EngineError::runtime(format!(
            "The expanded size of the tensor ({}) must match the existing size ({}) at non-singleton dimension {}.  Target sizes: {}.  Tensor sizes: {}",
            ts[lead + d],
            ms[d],
            lead + d,
            shape_list(ts),
            shape_list(ms)
        )));
    }
    let b = ts.to_vec();
    let m = mask.to_scalars();
    let mut out = Scattered::default();
    for (p, q) in super::gather::broadcast_positions(mask.shape(), &b).into_iter().enumerate() {
        if m[q].as_bool() {
            out.src.push(out.dst.len());
            out.dst.push(p);
        }
    }
    if out.dst.len() > src.numel() {
        return Err(EngineError::runtime("Number of elements of source < number of ones in mask"));
    }
    Ok(out)
}

fn combine(a: Scalar, b: Scalar, r: Reduce, dt: DType) -> Scalar {
    let float = dt.is_floating();
    let v = match r {
        Reduce::Set => b,
        Reduce::Add(alpha) if float => Scalar::Float(a.as_f64() + alpha * b.as_f64()),
        Reduce::Add(alpha) => Scalar::Int(a.as_i64().wrapping_add((alpha as i64).wrapping_mul(b.as_i64()))),
        Reduce::Sum | Reduce::Mean if float => Scalar::Float(a.as_f64() + b.as_f64()),
        Reduce::Sum | Reduce::Mean => Scalar::Int(a.as_i64().wrapping_add(b.as_i64())),
        Reduce::Mul | Reduce::Prod if float => Scalar::Float(a.as_f64() * b.as_f64()),
        Reduce::Mul | Reduce::Prod => Scalar::Int(a.as_i64().wrapping_mul(b.as_i64())),
        Reduce::Amax if float => Scalar::Float(if a.as_f64().is_nan() || a.as_f64() > b.as_f64() { a.as_f64() } else { b.as_f64() }),
        Reduce::Amin if float => Scalar::Float(if a.as_f64().is_nan() || a.as_f64() < b.as_f64() { a.as_f64() } else { b.as_f64() }),
        Reduce::Amax => Scalar::Int(a.as_i64().max(b.as_i64())),
        Reduce::Amin => Scalar::Int(a.as_i64().min(b.as_i64())),
    };
    if dt == DType::Bool { Scalar::Bool(v.as_bool()) } else { v.cast(dt) }
}

/// Writes `plan` into `t` (values from `src`, else `value`). For the
/// scatter_reduce kinds, `include_self=false` starts each written position
/// from its first source value; mean divides by the count. Returns, per
/// self position written, how many values it averaged (for mean's backward).
pub fn apply(t: &Tensor, plan: &Scattered, src: Option<&Tensor>, value: Scalar, r: Reduce, include_self: bool) -> Result<Vec<usize>> {
    super::copy::check_no_internal_overlap(t)?;
    apply_unchecked(t, plan, src, value, r, include_self)
}

/// [`apply`] without the overlap check (`index_fill_` on an expanded self,
/// which PyTorch only warns about).
pub fn apply_unchecked(t: &Tensor, plan: &Scattered, src: Option<&Tensor>, value: Scalar, r: Reduce, include_self: bool) -> Result<Vec<usize>> {
    let dt = t.dtype;
    let sv = src.map(|s| s.to_scalars());
    let offs: Vec<usize> = StridedIndex::new(t.layout()).collect();
    let grouped = matches!(r, Reduce::Sum | Reduce::Prod | Reduce::Mean | Reduce::Amax | Reduce::Amin);
    let mut count = vec![0usize; offs.len()];
    {
        let mut buf = t.storage.bytes_mut();
        let bytes = buf.bytes_mut();
        for (k, (&p, &q)) in plan.dst.iter().zip(&plan.src).enumerate() {
            if k % (1 << 16) == 0 {
                crate::engine::interrupt::check()?;
            }
            let v = sv.as_ref().map_or(value, |s| s[q]).cast(dt);
            let o = offs[p];
            let cur = scalar::read(dt, bytes, o).unwrap_or(Scalar::Int(0));
            let first = grouped && count[p] == 0;
            count[p] += 1;
            let new = if first && !include_self { v.cast(dt) } else { combine(cur, v, r, dt) };
            scalar::write(dt, bytes, o, new);
        }
        if r == Reduce::Mean {
            for (p, &c) in count.iter().enumerate() {
                let n = c + include_self as usize;
                if c == 0 || n == 0 {
                    continue;
                }
                let cur = scalar::read(dt, bytes, offs[p]).unwrap_or(Scalar::Int(0));
                let m = if dt.is_floating() { Scalar::Float(cur.as_f64() / n as f64) } else { Scalar::Int(cur.as_i64().div_euclid(n as i64)) };
                scalar::write(dt, bytes, offs[p], m.cast(dt));
            }
        }
    }
    t.storage.bump_version();
    if include_self {
        count.iter_mut().filter(|c| **c > 0).for_each(|c| *c += 1);
    }
    Ok(count)
}
