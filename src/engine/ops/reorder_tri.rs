//! `triu`/`tril` (copies, always contiguous as PyTorch allocates them) and
//! `triu_`/`tril_` (zero the other triangle of self in place), over the
//! last two dims; `diag_embed` and the diagonal's backward (zeros with a
//! diagonal written).

use crate::engine::error::{EngineError, Result};
use crate::engine::layout;
use crate::engine::{Context, Tensor};

/// Whether element (…, i, j) stays: on or above diagonal `d` for triu, on or below for tril.
fn keep(upper: bool, d: i64, i: usize, j: usize) -> bool {
    let k = j as i64 - i as i64;
    if upper { k >= d } else { k <= d }
}

fn check(t: &Tensor, upper: bool) -> Result<()> {
    if t.ndim() < 2 {
        return Err(EngineError::runtime(format!("{}: input tensor must have at least 2 dimensions", if upper { "triu" } else { "tril" })));
    }
    Ok(())
}

/// `triu(diagonal)` / `tril(diagonal)`: a contiguous copy with the other triangle zeroed.
pub fn tri(ctx: &Context, t: &Tensor, upper: bool, diagonal: i64) -> Result<Tensor> {
    check(t, upper)?;
    let op = if upper { "triu()" } else { "tril()" };
    let out = super::copy::copy_to_new(ctx, t, &layout::contiguous_strides(t.shape()), t.dtype, op)?;
    zero_other(&out, upper, diagonal)?;
    Ok(out)
}

/// `triu_(diagonal)` / `tril_(diagonal)`: zeroes self's other triangle (bumps its version).
pub fn tri_(t: &Tensor, upper: bool, diagonal: i64) -> Result<()> {
    check(t, upper)?;
    zero_other(t, upper, diagonal)?;
    t.storage.bump_version();
    Ok(())
}

/// Writes zero bytes (0, 0.0 or False in every dtype) where `keep` says no.
fn zero_other(t: &Tensor, upper: bool, diagonal: i64) -> Result<()> {
    let n = t.numel();
    if n == 0 {
        return Ok(());
    }
    let size = t.dtype.size();
    let shape = t.shape().to_vec();
    let nd = shape.len();
    let mut buf = t.storage.bytes_mut();
    let bytes = buf.bytes_mut();
    let mut idx = vec![0usize; nd];
    for j in 0..n {
        if j % crate::engine::interrupt::CHECK_EVERY == 0 {
            crate::engine::interrupt::check()?;
        }
        if !keep(upper, diagonal, idx[nd - 2], idx[nd - 1]) {
            let at = t.layout().element_offset(&idx) * size;
            if let Some(b) = bytes.get_mut(at..at + size) {
                b.fill(0);
            }
        }
        for k in (0..nd).rev() {
            idx[k] += 1;
            if idx[k] < shape[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    Ok(())
}

/// `diag_embed(offset, dim1, dim2)`: zeros of self's shape with its last dim
/// replaced by two of size `|offset| + n` at dim1 and dim2, whose diagonal
/// `offset` is self (PyTorch's construction: zeros, then `diagonal().copy_()`).
pub fn diag_embed(ctx: &Context, t: &Tensor, offset: i64, dim1: i64, dim2: i64) -> Result<Tensor> {
    let nd = t.ndim() + 1;
    let (d1, d2) = (layout::wrap_dim(dim1, nd)?, layout::wrap_dim(dim2, nd)?);
    if d1 == d2 {
        return Err(EngineError::runtime(format!("diagonal dimensions cannot be identical {dim1}, {dim2}")));
    }
    let n = offset.unsigned_abs() as usize + t.shape().last().copied().unwrap_or(1);
    let mut sizes = t.shape().to_vec();
    sizes.pop();
    sizes.insert(d1.min(d2), n);
    sizes.insert(d1.max(d2), n);
    let out = super::factory::full(ctx, t.device(), &sizes, crate::engine::Scalar::Int(0), t.dtype, "diag_embed()")?;
    write_diagonal(&out, t, offset, d1 as i64, d2 as i64)?;
    Ok(out)
}

/// Zeros of `shape` whose diagonal (offset, dim1, dim2) is `g` (the backward of a diagonal copy).
pub fn diagonal_backward(ctx: &Context, g: &Tensor, shape: &[usize], offset: i64, dim1: i64, dim2: i64) -> Result<Tensor> {
    let out = super::factory::full(ctx, g.device(), shape, crate::engine::Scalar::Int(0), g.dtype, "diagonal_backward")?;
    write_diagonal(&out, g, offset, dim1, dim2)?;
    Ok(out)
}

fn write_diagonal(out: &Tensor, src: &Tensor, offset: i64, dim1: i64, dim2: i64) -> Result<()> {
    let d = out.view_as_layout(layout::diagonal(out.layout(), offset, dim1, dim2)?, "diagonal");
    if d.numel() > 0 {
        super::copy::copy_into(&d, src)?;
    }
    Ok(())
}
