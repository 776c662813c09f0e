//! `torch.cross` (`linalg_cross`): the 3-vector cross product along `dim`
//! of two tensors of one rank, broadcast; a new contiguous tensor, rounded
//! as PyTorch's CPU kernel rounds.

use crate::engine::error::{EngineError, Result};
use crate::engine::layout;
use crate::engine::{scalar, Context, DType, Scalar, Tensor};

use super::iter_layout;

/// Checks and wraps `dim` (`None`: the first dim of size 3, PyTorch's deprecated default).
pub fn cross_dim(a: &Tensor, b: &Tensor, dim: Option<i64>) -> Result<usize> {
    if a.ndim() != b.ndim() {
        return Err(EngineError::runtime("linalg.cross: inputs must have the same number of dimensions."));
    }
    let shape = iter_layout::broadcast_shapes(a.shape(), b.shape())?;
    let d = match dim {
        Some(d) => layout::wrap_dim(d, a.ndim())?,
        None => shape.iter().position(|&s| s == 3).ok_or_else(|| EngineError::runtime("no dimension of size 3 in input"))?,
    };
    if a.dtype != b.dtype {
        let name = super::promote::scalar_type_name;
        return Err(EngineError::runtime(format!("expected scalar type {} but found {}", name(a.dtype), name(b.dtype))));
    }
    if a.shape()[d] != 3 || b.shape()[d] != 3 {
        let msg = format!("linalg.cross: inputs dimension {} must have length 3. Got {} and {}", dim.unwrap_or(d as i64), a.shape()[d], b.shape()[d]);
        return Err(EngineError::runtime(msg));
    }
    Ok(d)
}

/// `a × b` along the (checked) dim `d`.
pub fn cross(ctx: &Context, a: &Tensor, b: &Tensor, d: usize) -> Result<Tensor> {
    let shape = iter_layout::broadcast_shapes(a.shape(), b.shape())?;
    let dt = a.dtype;
    let out = Tensor::alloc_on(ctx, a.device(), &shape, dt, "cross()")?;
    let (la, lb) = (iter_layout::broadcast_layout(a.layout(), &shape), iter_layout::broadcast_layout(b.layout(), &shape));
    let (abuf, bbuf) = (a.storage.bytes(), b.storage.bytes());
    let mut obuf = out.storage.bytes_mut();
    let (ab, bb, ob) = (abuf.bytes(), bbuf.bytes(), obuf.bytes_mut());
    let mut idx = vec![0usize; shape.len()];
    let get = |l: &layout::Layout, bytes: &[u8], dtype: DType, idx: &mut [usize], k: usize| -> Scalar {
        let keep = idx[d];
        idx[d] = k;
        let v = scalar::read(dtype, bytes, l.element_offset(idx)).unwrap_or(Scalar::Int(0));
        idx[d] = keep;
        v.cast(dt)
    };
    for j in 0..out.numel() {
        if j % crate::engine::interrupt::CHECK_EVERY == 0 {
            crate::engine::interrupt::check()?;
        }
        let i = idx[d];
        let (p, q) = ((i + 1) % 3, (i + 2) % 3);
        let (a1, a2) = (get(&la, ab, a.dtype, &mut idx, p), get(&la, ab, a.dtype, &mut idx, q));
        let (b1, b2) = (get(&lb, bb, b.dtype, &mut idx, p), get(&lb, bb, b.dtype, &mut idx, q));
        // PyTorch's kernel, `a1 * b2 - a2 * b1`, is compiled with the first
        // product fused into the subtraction (one rounding) for float and
        // double; Half and BFloat16 round each product to their own type.
        let v = match dt {
            DType::Float64 => Scalar::Float(a1.as_f64().mul_add(b2.as_f64(), -(a2.as_f64() * b1.as_f64()))),
            DType::Float32 => {
                let f = |s: Scalar| s.as_f64() as f32;
                Scalar::Float(f(a1).mul_add(f(b2), -(f(a2) * f(b1))) as f64)
            }
            d if d.is_floating() => {
                let r = |x: f64| Scalar::Float(x).cast(d).as_f64();
                Scalar::Float(r(r(a1.as_f64() * b2.as_f64()) - r(a2.as_f64() * b1.as_f64())))
            }
            DType::Bool => Scalar::Bool((a1.as_bool() && b2.as_bool()) != (a2.as_bool() && b1.as_bool())),
            _ => Scalar::Int(a1.as_i64().wrapping_mul(b2.as_i64()).wrapping_sub(a2.as_i64().wrapping_mul(b1.as_i64()))),
        };
        scalar::write(dt, ob, out.layout().element_offset(&idx), v);
        for k in (0..idx.len()).rev() {
            idx[k] += 1;
            if idx[k] < shape[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    drop(obuf);
    Ok(out)
}
