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

/// Multiply-adds in one block of a big product: a few milliseconds on one
/// core, so Ctrl-C stops a product within one block per thread. (An
/// unoptimised build's gemm is about a hundred times slower: smaller blocks.)
pub const BLOCK_MACS: usize = if cfg!(debug_assertions) { 1 << 22 } else { 1 << 28 };

/// The block a product is cut into: (rows, columns, depth). A product of at
/// most `budget` multiply-adds ([`BLOCK_MACS`]) is one block (one gemm call
/// using every thread). Bigger ones get square-ish tiles of whole 32-row
/// panels, each summed over slices of k at most 512 long (about gemm's own
/// depth blocking, so the slices add no traffic): per multiply-add a tile
/// repacks `1/rows + 1/cols` operand elements, and thin slices make room
/// for wide tiles.
pub fn block_shape(m: usize, n: usize, k: usize, budget: usize) -> (usize, usize, usize) {
    if m.saturating_mul(n).saturating_mul(k) <= budget {
        return (m, n, k);
    }
    let depth = k.clamp(1, 512);
    let side = (((budget / depth) as f64).sqrt() as usize / 32).max(1) * 32;
    let rows = side.min(m).max(1);
    let cols = (budget / depth / rows).min(n).max(1);
    (rows, cols, depth)
}

/// An operand as a raw pointer (an address, so rayon tasks may share it).
#[derive(Clone, Copy)]
struct Ptr {
    addr: usize,
    rs: usize,
    cs: usize,
}

impl Ptr {
    fn at<T>(self, r: usize, c: usize) -> *const T {
        (self.addr + (r * self.rs + c * self.cs) * std::mem::size_of::<T>()) as *const T
    }
}

/// `c = a · b` through gemm, block by block ([`block_shape`]), the blocks
/// spread over rayon's threads; each block first looks at the interrupt
/// flag. False when Ctrl-C stopped it (`c` is then partly written).
///
/// # Safety
/// `a` and `b` address m×k and k×n matrices of `T` through their strides,
/// `c` a contiguous, writable m×n one, all aligned for `T`.
unsafe fn product<T: Copy + Send + Sync + 'static>(zero: T, one: T, (m, n, k): (usize, usize, usize), a: Ptr, b: Ptr, c: *mut T, budget: usize) -> bool {
    let (rows, cols, depth) = block_shape(m, n, k, budget);
    let call = |r0: usize, c0: usize, p0: usize, h: usize, w: usize, d: usize, dst: *mut T, par: gemm::Parallelism| {
        // SAFETY: the block lies inside the three matrices (the caller's
        // contract); a later slice of k adds to what the earlier ones wrote.
        unsafe {
            gemm::gemm(h, w, d, dst, 1, n as isize, p0 > 0, a.at::<T>(r0, p0), a.cs as isize, a.rs as isize, b.at::<T>(p0, c0), b.cs as isize, b.rs as isize, if p0 > 0 { one } else { zero }, one, false, false, false, par);
        }
    };
    if (rows, cols, depth) == (m, n, k) {
        let par = if m * n * k >= 64 * 64 * 64 { gemm::Parallelism::Rayon(0) } else { gemm::Parallelism::None };
        call(0, 0, 0, m, n, k, c, par);
        return true;
    }
    use rayon::prelude::*;
    let (tiles_down, tiles_across) = (m.div_ceil(rows), n.div_ceil(cols));
    let c_addr = c as usize;
    (0..tiles_down * tiles_across).into_par_iter().for_each(|t| {
        let (r0, c0) = ((t / tiles_across) * rows, (t % tiles_across) * cols);
        let (h, w) = (rows.min(m - r0), cols.min(n - c0));
        // Tiles are disjoint: each task writes only its own h×w block of c.
        let dst = (c_addr + (r0 * n + c0) * std::mem::size_of::<T>()) as *mut T;
        let mut p0 = 0;
        while p0 < k {
            if crate::engine::interrupt::requested() {
                return;
            }
            let d = depth.min(k - p0);
            call(r0, c0, p0, h, w, d, dst, gemm::Parallelism::None);
            crate::engine::interrupt::count_block();
            p0 += d;
        }
    });
    !crate::engine::interrupt::requested()
}

/// `c[c_off..] = a · b`; false when Ctrl-C stopped it.
// Mirrors gemm's own (m, n, k, a, b, c) argument list; a single call site.
#[allow(clippy::too_many_arguments)]
fn mm_into(dtype: DType, m: usize, n: usize, k: usize, a: &Mat, b: &Mat, c: &mut [u8], c_off: usize) -> bool {
    match dtype {
        DType::Float32 | DType::Float64 if m > 0 && n > 0 => {
            let size = dtype.size();
            let pa = Ptr { addr: a.bytes.as_ptr() as usize + a.offset * size, rs: a.rs, cs: a.cs };
            let pb = Ptr { addr: b.bytes.as_ptr() as usize + b.offset * size, rs: b.rs, cs: b.cs };
            // SAFETY: offsets and strides come from layouts that were checked to
            // lie inside their storages; `c` is a fresh contiguous buffer of
            // m*n elements starting at c_off; operands are 64-byte aligned
            // buffers indexed by whole elements, so pointers are aligned.
            let done = unsafe {
                let cp = c.as_mut_ptr().add(c_off * size);
                if dtype == DType::Float32 {
                    product(0.0f32, 1.0f32, (m, n, k), pa, pb, cp as *mut f32, BLOCK_MACS)
                } else {
                    product(0.0f64, 1.0f64, (m, n, k), pa, pb, cp as *mut f64, BLOCK_MACS)
                }
            };
            if done {
                fold_negative_zero(dtype, &mut c[c_off * size..(c_off + m * n) * size]);
            }
            done
        }
        _ => {
            let float = dtype.is_floating();
            for i in 0..m {
                for j in 0..n {
                    if crate::engine::interrupt::requested() {
                        return false;
                    }
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
            true
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
            crate::engine::interrupt::check()?;
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
            if !mm_into(a.dtype, m, n, k, &am, &bm, obuf.bytes_mut(), bi * m * n) {
                return Err(crate::engine::interrupt::error());
            }
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
    let al = layout::unsqueeze(a.layout(), 0)?;
    let bl = layout::unsqueeze(b.layout(), 1)?;
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
    batched(ctx, a, a.layout(), b, b.layout(), "mm")
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
    let bl = layout::unsqueeze(b.layout(), 1)?;
    let r = batched(ctx, a, a.layout(), b, &bl, "mv")?;
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
    batched(ctx, a, a.layout(), b, b.layout(), "bmm")
}

/// A fresh contiguous tensor relabelled with a new shape of equal numel.
fn reshape_owned(mut t: Tensor, shape: &[usize]) -> Tensor {
    t.relayout(Layout::contiguous(shape));
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_big_products_and_leave_small_ones_whole() {
        assert_eq!(block_shape(64, 64, 64, BLOCK_MACS), (64, 64, 64));
        let (r, c, d) = block_shape(6000, 6000, 6000, 1 << 28);
        assert!(r * c * d <= 1 << 28 && r % 32 == 0 && r >= 512 && c >= 512 && d == 512, "{r} {c} {d}");
        // A long inner dimension is cut too.
        let (r, c, d) = block_shape(8, 8, 1 << 40, BLOCK_MACS);
        assert!(r * c * d <= BLOCK_MACS && d < 1 << 40, "{r} {c} {d}");
    }

    #[test]
    fn a_product_cut_into_blocks_equals_the_plain_sums() {
        // Tiles of 32×64 over slices of 512: edge tiles and a short last slice.
        let (m, n, k) = (100usize, 90usize, 600usize);
        let a: Vec<f64> = (0..m * k).map(|i| ((i * 7) % 13) as f64 - 6.0).collect();
        let b: Vec<f64> = (0..k * n).map(|i| ((i * 5) % 11) as f64 * 0.5).collect();
        let mut c = vec![f64::NAN; m * n];
        // b is read transposed in memory (column-major) to exercise strides.
        let bt: Vec<f64> = (0..n * k).map(|i| b[(i % k) * n + i / k]).collect();
        let pa = Ptr { addr: a.as_ptr() as usize, rs: k, cs: 1 };
        let pb = Ptr { addr: bt.as_ptr() as usize, rs: 1, cs: k };
        assert_eq!(block_shape(m, n, k, 1 << 20), (32, 64, 512));
        // SAFETY: the pointers address the m×k, k×n and m×n buffers above.
        assert!(unsafe { product(0.0, 1.0, (m, n, k), pa, pb, c.as_mut_ptr(), 1 << 20) });
        for i in 0..m {
            for j in 0..n {
                let want: f64 = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum();
                assert_eq!(c[i * n + j], want, "({i}, {j})");
            }
        }
    }
}
