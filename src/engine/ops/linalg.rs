//! `matmul` / `@` / `mm` / `bmm` / `dot` with broadcast batch dims.
//! float32/float64 run through the `gemm` crate's blocked, multi-threaded
//! kernels, reading inputs through their strides (no copies); other dtypes
//! use a straightforward triple loop.

use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{self, Layout};
use crate::engine::scalar::{self, Scalar};
use crate::engine::tensor::Tensor;

use super::iter_layout::broadcast_shapes;
use super::promote::scalar_type_name;

fn check_not_bool(a: &Tensor) -> Result<()> {
    check_not_bool_in(a, "addmm_impl_cpu_")
}

/// PyTorch's CPU kernels have no Bool case; `kernel` names the one that says so.
fn check_not_bool_in(a: &Tensor, kernel: &str) -> Result<()> {
    if a.dtype == DType::Bool {
        return Err(EngineError::new(
            crate::engine::error::ErrorKind::NotImplementedError,
            format!("\"{kernel}\" not implemented for 'Bool'"),
        ));
    }
    Ok(())
}

fn same_dtype(a: &Tensor, b: &Tensor) -> Result<()> {
    if a.dtype != b.dtype {
        return Err(EngineError::runtime(format!(
            "expected m1 and m2 to have the same dtype, but got: {} != {}",
            a.dtype.name().replace("float32", "float").replace("float64", "double").replace("int64", "long int"),
            b.dtype.name().replace("float32", "float").replace("float64", "double").replace("int64", "long int")
        )));
    }
    Ok(())
}

/// PyTorch's BLAS accumulates each product from +0.0, so a sum of -0.0
/// products is +0.0 (`tensor([[-1.]]) @ tensor([[0.]])` is `[[0.]]`); the
/// `gemm` crate can keep -0.0. Adding +0.0 turns -0.0 into +0.0 and leaves
/// every other value (NaN included) as it is.
fn fold_negative_zero(dtype: DType, c: &mut [u8]) {
    match dtype {
        DType::Float32 => c.chunks_exact_mut(4).for_each(|e| {
            let v = f32::from_ne_bytes([e[0], e[1], e[2], e[3]]) + 0.0;
            e.copy_from_slice(&v.to_ne_bytes());
        }),
        DType::Float64 => c.chunks_exact_mut(8).for_each(|e| {
            let v = f64::from_ne_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]]) + 0.0;
            e.copy_from_slice(&v.to_ne_bytes());
        }),
        _ => {}
    }
}

/// One matrix product `c[m×n] = a[m×k] · b[k×n]` on strided operands.
struct Mat<'a> {
    bytes: &'a [u8],
    offset: usize,
    rs: usize,
    cs: usize,
}

// Mirrors gemm's own (m, n, k, a, b, c) argument list; a single call site.
#[allow(clippy::too_many_arguments)]
fn mm_into(dtype: DType, m: usize, n: usize, k: usize, a: &Mat, b: &Mat, c: &mut [u8], c_off: usize) {
    let threads = if m * n * k >= 64 * 64 * 64 { gemm::Parallelism::Rayon(0) } else { gemm::Parallelism::None };
    match dtype {
        DType::Float32 | DType::Float64 if m > 0 && n > 0 => {
            let size = dtype.size();
            // SAFETY: offsets and strides come from layouts that were checked to
            // lie inside their storages; `c` is a fresh contiguous buffer of
            // m*n elements starting at c_off; operands are 64-byte aligned
            // buffers indexed by whole elements, so pointers are aligned.
            unsafe {
                let ap = a.bytes.as_ptr().add(a.offset * size);
                let bp = b.bytes.as_ptr().add(b.offset * size);
                let cp = c.as_mut_ptr().add(c_off * size);
                if dtype == DType::Float32 {
                    gemm::gemm(m, n, k, cp as *mut f32, 1, n as isize, false, ap as *const f32, a.cs as isize, a.rs as isize, bp as *const f32, b.cs as isize, b.rs as isize, 0.0f32, 1.0f32, false, false, false, threads);
                } else {
                    gemm::gemm(m, n, k, cp as *mut f64, 1, n as isize, false, ap as *const f64, a.cs as isize, a.rs as isize, bp as *const f64, b.cs as isize, b.rs as isize, 0.0f64, 1.0f64, false, false, false, threads);
                }
            }
            fold_negative_zero(dtype, &mut c[c_off * size..(c_off + m * n) * size]);
        }
        _ => {
            let float = dtype.is_floating();
            for i in 0..m {
                for j in 0..n {
                    let (mut fa, mut ia) = (0.0f64, 0i64);
                    for p in 0..k {
                        let x = scalar::read(dtype, a.bytes, a.offset + i * a.rs + p * a.cs).unwrap_or(Scalar::Int(0));
                        let y = scalar::read(dtype, b.bytes, b.offset + p * b.rs + j * b.cs).unwrap_or(Scalar::Int(0));
                        if float {
                            fa += x.as_f64() * y.as_f64();
                        } else {
                            ia = ia.wrapping_add(x.as_i64().wrapping_mul(y.as_i64()));
                        }
                    }
                    let v = if float { Scalar::Float(fa) } else if dtype == DType::Bool { Scalar::Bool(ia != 0) } else { Scalar::Int(ia) };
                    scalar::write(dtype, c, c_off + i * n + j, v);
                }
            }
        }
    }
}

/// Batched product of `a[..., m, k]` and `b[..., k, n]` (already ≥ 2-D).
fn batched(ctx: &Context, a: &Tensor, al: &Layout, b: &Tensor, bl: &Layout, op: &str) -> Result<Tensor> {
    let (an, bn) = (al.ndim(), bl.ndim());
    let (m, k) = (al.shape[an - 2], al.shape[an - 1]);
    let (k2, n) = (bl.shape[bn - 2], bl.shape[bn - 1]);
    if k != k2 {
        // PyTorch folds a's batch dims into rows when b is a matrix.
        let rows = if bn == 2 { al.shape[..an - 1].iter().fold(1usize, |a, &d| a.saturating_mul(d)) } else { m };
        return Err(EngineError::runtime(format!(
            "mm: mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})",
            rows, k, k2, n
        ))
        .with_hint(format!("the inner sizes must agree: (… × {k}) @ ({k} × …); {k} ≠ {k2}")));
    }
    let batch = broadcast_shapes(&al.shape[..an - 2], &bl.shape[..bn - 2])?;
    let bsz: Vec<i64> = batch.iter().map(|&x| x as i64).collect();
    let ae = layout::expand(al, &[bsz.clone(), vec![m as i64, k as i64]].concat(), a.dtype.legacy_name())?;
    let be = layout::expand(bl, &[bsz, vec![k as i64, n as i64]].concat(), b.dtype.legacy_name())?;
    let mut shape = batch.clone();
    shape.extend([m, n]);
    let device = super::elementwise::common_device(&[&super::elementwise::Arg::T(a), &super::elementwise::Arg::T(b)])?;
    let out = Tensor::alloc_on(ctx, device, &shape, a.dtype, op)?;
    if out.numel() == 0 {
        // Nothing to compute (and a huge batch of empty matrices must not loop).
        return Ok(out);
    }
    // Operands (broadcast) with more elements than a dense tensor under the
    // cap could hold are huge expanded views: the product would never end.
    ctx.cpu.check_walk(op, &ae.shape, a.dtype.size())?;
    ctx.cpu.check_walk(op, &be.shape, b.dtype.size())?;
    // Both on one real GPU: the matmul kernel.
    if crate::engine::gpu::launch::matmul(&out, a, &ae, b, &be)? {
        return Ok(out);
    }
    let nb: usize = batch.iter().product();
    {
        let abuf = a.storage.bytes();
        let bbuf = b.storage.bytes();
        let mut obuf = out.storage.bytes_mut();
        let nd = batch.len();
        for bi in 0..nb {
            // Offsets of this batch element in a and b.
            let (mut ao, mut bo, mut rem) = (ae.offset, be.offset, bi);
            for d in (0..nd).rev() {
                let idx = rem % batch[d];
                rem /= batch[d];
                ao += idx * ae.stride[d];
                bo += idx * be.stride[d];
            }
            let am = Mat { bytes: abuf.bytes(), offset: ao, rs: ae.stride[nd], cs: ae.stride[nd + 1] };
            let bm = Mat { bytes: bbuf.bytes(), offset: bo, rs: be.stride[nd], cs: be.stride[nd + 1] };
            mm_into(a.dtype, m, n, k, &am, &bm, obuf.bytes_mut(), bi * m * n);
        }
    }
    Ok(out)
}

/// `dot`: two 1-D tensors of one dtype and length.
pub fn dot(ctx: &Context, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    if a.ndim() != 1 || b.ndim() != 1 {
        return Err(EngineError::runtime(format!(
            "1D tensors expected, but got {}D and {}D tensors",
            a.ndim(),
            b.ndim()
        )));
    }
    if a.dtype != b.dtype {
        return Err(EngineError::runtime(format!(
            "dot : expected both vectors to have same dtype, but found {} and {}",
            scalar_type_name(a.dtype),
            scalar_type_name(b.dtype)
        )));
    }
    if a.shape()[0] != b.shape()[0] {
        return Err(EngineError::runtime(format!(
            "inconsistent tensor size, expected tensor [{}] and src [{}] to have the same number of elements, but got {} and {} elements respectively",
            a.shape()[0], b.shape()[0], a.shape()[0], b.shape()[0]
        )));
    }
    check_not_bool_in(a, "dot")?;
    let al = layout::unsqueeze(&a.layout, 0)?;
    let bl = layout::unsqueeze(&b.layout, 1)?;
    let r = batched(ctx, a, &al, b, &bl, "dot")?;
    Ok(reshape_owned(r, &[]))
}

/// `mm`: both operands must be matrices.
pub fn mm(ctx: &Context, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    if a.ndim() != 2 {
        return Err(EngineError::runtime(format!("mm: self must be a matrix, got {}-D tensor", a.ndim())));
    }
    if b.ndim() != 2 {
        return Err(EngineError::runtime(format!("mm: mat2 must be a matrix, got {}-D tensor", b.ndim())));
    }
    // PyTorch checks the shapes before the dtypes.
    let (k, k2) = (a.shape()[1], b.shape()[0]);
    if k != k2 {
        return Err(EngineError::runtime(format!(
            "mm: mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})",
            a.shape()[0], k, k2, b.shape()[1]
        ))
        .with_hint(format!("the inner sizes must agree: (… × {k}) @ ({k} × …); {k} ≠ {k2}")));
    }
    same_dtype(a, b)?;
    check_not_bool(a)?;
    batched(ctx, a, &a.layout, b, &b.layout, "mm")
}

/// `mv`: a matrix times a vector (PyTorch's `addmv` checks and messages).
pub fn mv(ctx: &Context, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    if a.ndim() != 2 || b.ndim() != 1 {
        // The first number is the result's rank (always 1).
        return Err(EngineError::runtime(format!("vector + matrix @ vector expected, got 1, {}, {}", a.ndim(), b.ndim())));
    }
    if a.shape()[1] != b.shape()[0] {
        return Err(EngineError::runtime(format!(
            "size mismatch, got input ({}), mat ({}x{}), vec ({})",
            a.shape()[0], a.shape()[0], a.shape()[1], b.shape()[0]
        )));
    }
    if a.dtype != b.dtype {
        let (v, m) = (scalar_type_name(b.dtype), scalar_type_name(a.dtype));
        return Err(EngineError::runtime(format!("addmv input tensors must have the same dtype, but got {v}, {m}, and {v}")));
    }
    check_not_bool_in(a, "addmv_impl_cpu")?;
    let bl = layout::unsqueeze(&b.layout, 1)?;
    let r = batched(ctx, a, &a.layout, b, &bl, "mv")?;
    let n = r.shape()[0];
    Ok(reshape_owned(r, &[n]))
}

/// `bmm`: both operands must be 3-D with equal batch sizes.
pub fn bmm(ctx: &Context, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    if a.ndim() != 3 {
        return Err(EngineError::runtime("batch1 must be a 3D tensor"));
    }
    if b.ndim() != 3 {
        return Err(EngineError::runtime("batch2 must be a 3D tensor"));
    }
    if a.shape()[0] != b.shape()[0] || a.shape()[2] != b.shape()[1] {
        return Err(EngineError::runtime(format!(
            "Expected size for first two dimensions of batch2 tensor to be: [{}, {}] but got: [{}, {}].",
            a.shape()[0], a.shape()[2], b.shape()[0], b.shape()[1]
        )));
    }
    if a.dtype != b.dtype {
        return Err(EngineError::runtime(format!(
            "expected scalar type {} but found {}",
            scalar_type_name(a.dtype),
            scalar_type_name(b.dtype)
        )));
    }
    check_not_bool_in(a, "bmm")?;
    batched(ctx, a, &a.layout, b, &b.layout, "bmm")
}

/// A fresh contiguous tensor relabelled with a new shape of equal numel.
fn reshape_owned(mut t: Tensor, shape: &[usize]) -> Tensor {
    t.layout = Layout::contiguous(shape);
    t
}
