//! The engine's GPU entry points. Each takes tensors whose storages live on
//! a real CUDA device and returns `Ok(false)` when the case is not one it
//! runs as a kernel (another device, float16/bfloat16 math, an op without a
//! kernel), so the caller falls back to the host path, which reaches device
//! memory through the storage's synchronised host mirror.
//!
//! Every launch passes its operands as device pointers to the first element
//! plus a `meta` array (sizes, then each operand's strides in elements), so
//! kernels run on any layout without a prior `contiguous()`.

use std::ffi::c_void;
use std::rc::Rc;

use super::runtime::GpuRuntime;
use crate::engine::context::Context;
use crate::engine::dtype::DType;
use crate::engine::error::Result;
use crate::engine::layout::Layout;
use crate::engine::ops::elementwise::{Arg, BinaryOp, UnaryOp};
use crate::engine::ops::iter_layout::broadcast_layout;
use crate::engine::scalar::Scalar;
use crate::engine::tensor::Tensor;

/// The runtime of `t`'s device when `t` lives on a real GPU.
pub fn runtime_of(t: &Tensor) -> Option<Rc<GpuRuntime>> {
    t.storage.gpu().cloned()
}

/// Kernel-name suffix of a dtype with typed kernels (not the half types).
fn suffix(d: DType) -> Option<&'static str> {
    Some(match d {
        DType::Bool => "b8",
        DType::UInt8 => "u8",
        DType::Int8 => "i8",
        DType::Int16 => "i16",
        DType::Int32 => "i32",
        DType::Int64 => "i64",
        DType::Float32 => "f32",
        DType::Float64 => "f64",
        DType::Float16 | DType::BFloat16 => return None,
    })
}

/// Device address of `t`'s element at `layout.offset`.
fn ptr(t: &Tensor, l: &Layout) -> u64 {
    t.storage.data_ptr() + (l.offset * t.dtype.size()) as u64
}

/// Dims a kernel's `Meta` holds (`MAX_DIMS` in kernels.cu); tensors with
/// more take the host path.
pub const MAX_DIMS: usize = 16;

/// The kernels' `Meta`, passed by value: sizes, then each operand's strides
/// (in elements), each array `MAX_DIMS` long. None when there are too many
/// dims. 0-dim tensors become one dim of size 1.
fn meta(shape: &[usize], layouts: &[&Layout]) -> Option<([i64; 4 * MAX_DIMS], i32)> {
    let mut m = [0i64; 4 * MAX_DIMS];
    if shape.len() > MAX_DIMS || layouts.len() > 3 {
        return None;
    }
    if shape.is_empty() {
        m[0] = 1;
        return Some((m, 1));
    }
    for (d, &s) in shape.iter().enumerate() {
        m[d] = s as i64;
    }
    for (k, l) in layouts.iter().enumerate() {
        for (d, &st) in l.stride.iter().enumerate() {
            m[(k + 1) * MAX_DIMS + d] = st as i64;
        }
    }
    Some((m, shape.len() as i32))
}

/// A kernel parameter holding a value of any dtype: its bytes at the start
/// (the kernel reads as many as its parameter's type has).
fn scalar_param(v: Scalar, dtype: DType) -> [u8; 8] {
    let mut b = [0u8; 8];
    crate::engine::scalar::write(dtype, &mut b, 0, v.cast(dtype));
    b
}

macro_rules! params {
    ($($x:expr),* $(,)?) => { [$((&$x) as *const _ as *mut c_void),*] };
}

/// `dst[i] = src[i]` (converted to `dst`'s dtype) where `src_l` is `src`'s
/// layout already expanded to `dst`'s shape. Both must be on one real GPU.
pub fn copy(dst: &Tensor, src: &Tensor, src_l: &Layout) -> Result<bool> {
    let (Some(rt), Some(srt)) = (runtime_of(dst), runtime_of(src)) else { return Ok(false) };
    if !Rc::ptr_eq(&rt, &srt) {
        return Ok(false);
    }
    let n = dst.numel() as i64;
    if n == 0 {
        return Ok(true);
    }
    let name: &'static str = if dst.dtype == src.dtype || (dst.dtype == DType::UInt8 && src.dtype == DType::Bool) {
        match dst.dtype.size() {
            1 => "copy_1",
            2 => "copy_2",
            4 => "copy_4",
            _ => "copy_8",
        }
    } else {
        match cast_kernel(src.dtype, dst.dtype) {
            Some(k) => k,
            None => return Ok(false),
        }
    };
    let Some((m, nd)) = meta(dst.shape(), &[dst.layout(), src_l]) else { return Ok(false) };
    let (d, s) = (ptr(dst, dst.layout()), ptr(src, src_l));
    let mut p = params![d, s, m, nd, n];
    // SAFETY: copy_*/cast_* take (dst, src, meta, nd, n); both layouts lie
    // inside their storages (the engine's layout invariant).
    unsafe { rt.launch(name, n as u64, None, &mut p)? };
    dst.storage.device_written();
    Ok(true)
}

/// The `cast_<src>_<dst>` kernel, when both dtypes have typed kernels.
fn cast_kernel(src: DType, dst: DType) -> Option<&'static str> {
    let (s, d) = (suffix(src)?, suffix(dst)?);
    const NAMES: &[&str] = &[
        "cast_u8_u8", "cast_u8_i8", "cast_u8_i16", "cast_u8_i32", "cast_u8_i64", "cast_u8_f32", "cast_u8_f64", "cast_u8_b8",
        "cast_i8_u8", "cast_i8_i8", "cast_i8_i16", "cast_i8_i32", "cast_i8_i64", "cast_i8_f32", "cast_i8_f64", "cast_i8_b8",
        "cast_i16_u8", "cast_i16_i8", "cast_i16_i16", "cast_i16_i32", "cast_i16_i64", "cast_i16_f32", "cast_i16_f64", "cast_i16_b8",
        "cast_i32_u8", "cast_i32_i8", "cast_i32_i16", "cast_i32_i32", "cast_i32_i64", "cast_i32_f32", "cast_i32_f64", "cast_i32_b8",
        "cast_i64_u8", "cast_i64_i8", "cast_i64_i16", "cast_i64_i32", "cast_i64_i64", "cast_i64_f32", "cast_i64_f64", "cast_i64_b8",
        "cast_f32_u8", "cast_f32_i8", "cast_f32_i16", "cast_f32_i32", "cast_f32_i64", "cast_f32_f32", "cast_f32_f64", "cast_f32_b8",
        "cast_f64_u8", "cast_f64_i8", "cast_f64_i16", "cast_f64_i32", "cast_f64_i64", "cast_f64_f32", "cast_f64_f64", "cast_f64_b8",
        "cast_b8_i8", "cast_b8_i16", "cast_b8_i32", "cast_b8_i64", "cast_b8_f32", "cast_b8_f64",
    ];
    let want = format!("cast_{s}_{d}");
    NAMES.iter().find(|n| **n == want).copied()
}

/// One operand of a binary kernel.
enum Operand {
    /// A tensor of the compute dtype on the kernel's GPU.
    Device(Tensor),
    /// A number passed by value (a Python scalar or a 0-dim CPU tensor).
    Value(Scalar),
}

/// `x` as an operand of `compute` dtype on `rt`'s device: the tensor itself
/// when it qualifies; a device temporary converted by the cast kernel when
/// its dtype differs (PyTorch casts inside the kernel instead); a value for
/// numbers. None when `x` cannot join (a CPU tensor with dims).
fn operand(ctx: &Context, rt: &Rc<GpuRuntime>, device: crate::engine::Device, x: &Arg, compute: DType) -> Result<Option<Operand>> {
    let on_rt = |t: &Tensor| runtime_of(t).is_some_and(|r| Rc::ptr_eq(&r, rt));
    match x {
        Arg::T(t) if on_rt(t) && t.dtype == compute => Ok(Some(Operand::Device((*t).clone()))),
        Arg::T(t) if on_rt(t) => {
            let tmp = Tensor::alloc_on(ctx, device, t.shape(), compute, "gpu operand")?;
            let l = t.layout().clone();
            Ok(copy(&tmp, t, &l)?.then_some(Operand::Device(tmp)))
        }
        Arg::T(t) if t.ndim() == 0 => Ok(Some(Operand::Value(t.item()?))),
        Arg::T(_) => Ok(None),
        Arg::S(s) => Ok(Some(Operand::Value(*s))),
    }
}

/// `out = a op b` on the GPU for + - * and comparisons on every dtype with
/// a kernel, and / // % ** on float32/float64, computed in `compute`
/// (PyTorch's common dtype).
pub fn binary(ctx: &Context, op: BinaryOp, compute: DType, out: &Tensor, a: &Arg, b: &Arg) -> Result<bool> {
    let Some(rt) = runtime_of(out) else { return Ok(false) };
    let Some(sfx) = suffix(compute) else { return Ok(false) };
    let (kind, code): (&str, i32) = match op {
        BinaryOp::Add => ("binary", 0),
        BinaryOp::Sub => ("binary", 1),
        BinaryOp::Mul => ("binary", 2),
        BinaryOp::Div if compute.is_floating() => ("binary", 3),
        BinaryOp::FloorDiv if compute.is_floating() => ("binary", 6),
        BinaryOp::Mod if compute.is_floating() => ("binary", 7),
        BinaryOp::Pow if compute.is_floating() => ("binary", 8),
        BinaryOp::Eq => ("compare", 0),
        BinaryOp::Ne => ("compare", 1),
        BinaryOp::Lt => ("compare", 2),
        BinaryOp::Le => ("compare", 3),
        BinaryOp::Gt => ("compare", 4),
        BinaryOp::Ge => ("compare", 5),
        _ => return Ok(false),
    };
    if kind == "binary" && compute == DType::Bool {
        return Ok(false);
    }
    let device = out.device();
    let (Some(oa), Some(ob)) = (operand(ctx, &rt, device, a, compute)?, operand(ctx, &rt, device, b, compute)?) else {
        return Ok(false);
    };
    let n = out.numel() as i64;
    if n == 0 {
        return Ok(true);
    }
    let Some(name) = kernel_name(kind, sfx) else { return Ok(false) };
    // A value operand reads no memory: a null pointer and all-zero strides.
    let zero = Layout { shape: out.shape().to_vec(), stride: vec![0; out.ndim()], offset: 0 };
    let side = |o: &Operand| -> (Layout, u64, [u8; 8], bool) {
        match o {
            Operand::Device(t) => {
                let l = broadcast_layout(t.layout(), out.shape());
                let p = ptr(t, &l);
                (l, p, [0; 8], false)
            }
            Operand::Value(v) => (zero.clone(), 0, scalar_param(*v, compute), true),
        }
    };
    let (la, pa, sa, a_val) = side(&oa);
    let (lb, pb, sb, b_val) = side(&ob);
    let scalars: i32 = a_val as i32 | ((b_val as i32) << 1);
    let Some((m, nd)) = meta(out.shape(), &[out.layout(), &la, &lb]) else { return Ok(false) };
    let po = ptr(out, out.layout());
    let mut p = params![po, pa, pb, m, nd, n, code, sa, sb, scalars];
    // SAFETY: binary_*/compare_* take (out, a, b, meta, nd, n, op, sa, sb,
    // scalars); the broadcast layouts stay inside the operands' storages and
    // value operands are never read through their null pointer.
    unsafe { rt.launch(name, n as u64, None, &mut p)? };
    out.storage.device_written();
    Ok(true)
}

/// `out = op(x)` on the GPU for the float unary math ops.
pub fn unary(ctx: &Context, op: UnaryOp, out: &Tensor, x: &Tensor) -> Result<bool> {
    let Some(rt) = runtime_of(out) else { return Ok(false) };
    let sfx = match out.dtype {
        DType::Float32 => "f32",
        DType::Float64 => "f64",
        _ => return Ok(false),
    };
    let code: i32 = match op {
        UnaryOp::Neg => 0,
        UnaryOp::Abs => 1,
        UnaryOp::Sqrt => 2,
        UnaryOp::Exp => 3,
        UnaryOp::Log => 4,
        UnaryOp::Sin => 5,
        UnaryOp::Cos => 6,
        UnaryOp::Tanh => 7,
        UnaryOp::Sigmoid => 8,
        UnaryOp::Relu => 9,
        UnaryOp::BitNot => return Ok(false),
    };
    let tx = match operand(ctx, &rt, out.device(), &Arg::T(x), out.dtype)? {
        Some(Operand::Device(t)) => t,
        _ => return Ok(false),
    };
    let n = out.numel() as i64;
    if n == 0 {
        return Ok(true);
    }
    let Some(name) = kernel_name("unary", sfx) else { return Ok(false) };
    let Some((m, nd)) = meta(out.shape(), &[out.layout(), tx.layout()]) else { return Ok(false) };
    let (po, px) = (ptr(out, out.layout()), ptr(&tx, tx.layout()));
    let mut p = params![po, px, m, nd, n, code];
    // SAFETY: unary_* take (out, a, meta, nd, n, op).
    unsafe { rt.launch(name, n as u64, None, &mut p)? };
    out.storage.device_written();
    Ok(true)
}

fn kernel_name(kind: &str, sfx: &str) -> Option<&'static str> {
    const NAMES: &[&str] = &[
        "binary_u8", "binary_i8", "binary_i16", "binary_i32", "binary_i64", "binary_f32", "binary_f64",
        "compare_b8", "compare_i8", "compare_i16", "compare_i32", "compare_i64", "compare_f32", "compare_f64",
        "unary_f32", "unary_f64",
        "sum_f32", "sum_f64", "sum_i64", "sum_i32", "sum_i16", "sum_i8", "sum_u8", "sum_b8",
        "reduce_f32", "reduce_f64", "reduce_i64", "reduce_i32", "reduce_i16", "reduce_i8", "reduce_u8", "reduce_b8",
        "matmul_f32", "matmul_f64",
    ];
    let want = format!("{kind}_{sfx}");
    NAMES.iter().find(|n| **n == want).copied()
}

/// The full sum of `x` (any layout) on the GPU, as PyTorch's `sum()` dtype:
/// floats keep theirs, integers and bool give int64. Two deterministic
/// passes: per-block partials, then one block over the partials.
pub fn sum(ctx: &Context, x: &Tensor) -> Result<Option<Tensor>> {
    let Some(rt) = runtime_of(x) else { return Ok(None) };
    let Some(sfx) = suffix(x.dtype) else { return Ok(None) };
    let Some(name) = kernel_name("sum", sfx) else { return Ok(None) };
    let acc = if x.dtype.is_floating() { x.dtype } else { DType::Int64 };
    let Some(acc_name) = kernel_name("sum", suffix(acc).unwrap_or("i64")) else { return Ok(None) };
    // The kernel reads a contiguous range: bring other layouts into one first.
    let dense = if x.is_contiguous() {
        x.clone()
    } else {
        let tmp = Tensor::alloc_on(ctx, x.device(), x.shape(), x.dtype, "sum (contiguous input)")?;
        let l = x.layout().clone();
        if !copy(&tmp, x, &l)? {
            return Ok(None);
        }
        tmp
    };
    let n = dense.numel() as u64;
    let blocks = n.div_ceil(super::runtime::BLOCK as u64).clamp(1, 1024) as u32;
    let partial = Tensor::alloc_on(ctx, x.device(), &[blocks as usize], acc, "sum (partials)")?;
    let result = Tensor::alloc_on(ctx, x.device(), &[1], acc, "sum")?;
    let (pp, pin, n64) = (ptr(&partial, partial.layout()), ptr(&dense, dense.layout()), n as i64);
    let mut p1 = params![pp, pin, n64];
    // SAFETY: sum_* take (out, in, n); `partial` holds `blocks` accumulators.
    unsafe { rt.launch(name, n, Some(blocks), &mut p1)? };
    let (pr, nb) = (ptr(&result, result.layout()), blocks as i64);
    let mut p2 = params![pr, pp, nb];
    // SAFETY: as above, one block reducing `blocks` partials into result[0].
    unsafe { rt.launch(acc_name, blocks as u64, Some(1), &mut p2)? };
    result.storage.device_written();
    Ok(Some(result.view_as_layout(Layout { shape: vec![], stride: vec![], offset: 0 }, "sum")))
}

/// A reduction the `reduce_*` kernel runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReduceKind {
    Sum,
    Prod,
    Max,
    Min,
    Mean,
}

/// `op` of `x` over the dims marked in `reduced` on the GPU, into a new
/// contiguous tensor of `odt` (keeping size-1 dims when `keepdim`). None
/// when the case has no kernel: an output dtype other than the kernel's
/// accumulator (sum/prod: the float dtype itself or int64; max/min: the
/// input's own dtype, float32/float64/int64 only), or more than 16 kept or
/// reduced dims.
pub fn reduce(ctx: &Context, kind: ReduceKind, x: &Tensor, reduced: &[bool], keepdim: bool, odt: DType) -> Result<Option<Tensor>> {
    let Some(rt) = runtime_of(x) else { return Ok(None) };
    let Some(sfx) = suffix(x.dtype) else { return Ok(None) };
    let acc = if x.dtype.is_floating() { x.dtype } else { DType::Int64 };
    let fits = match kind {
        ReduceKind::Sum | ReduceKind::Prod => odt == acc,
        ReduceKind::Mean => odt == acc && x.dtype.is_floating(),
        ReduceKind::Max | ReduceKind::Min => odt == x.dtype && matches!(x.dtype, DType::Float32 | DType::Float64 | DType::Int64),
    };
    let Some(name) = kernel_name("reduce", sfx) else { return Ok(None) };
    if !fits || reduced.len() != x.ndim() {
        return Ok(None);
    }
    let dims = |want: bool| -> (Vec<usize>, Vec<usize>) {
        (0..x.ndim()).filter(|&d| reduced[d] == want).map(|d| (x.shape()[d], x.stride()[d])).unzip()
    };
    let (kept_sizes, kept_in) = dims(false);
    let (red_sizes, red_in) = dims(true);
    let out_shape: Vec<usize> = if keepdim {
        (0..x.ndim()).map(|d| if reduced[d] { 1 } else { x.shape()[d] }).collect()
    } else {
        kept_sizes.clone()
    };
    let out = Tensor::alloc_on(ctx, x.device(), &out_shape, odt, kind_name(kind))?;
    // Size-1 dims inserted by keepdim do not move the kept ones in memory.
    let out_strides = crate::engine::layout::contiguous_strides(&kept_sizes);
    let l = |shape: &[usize], stride: &[usize]| Layout { shape: shape.to_vec(), stride: stride.to_vec(), offset: 0 };
    let Some((kept, nk)) = meta_or_empty(&kept_sizes, &[&l(&kept_sizes, &kept_in), &l(&kept_sizes, &out_strides)]) else { return Ok(None) };
    let Some((red, nr)) = meta_or_empty(&red_sizes, &[&l(&red_sizes, &red_in)]) else { return Ok(None) };
    let n_out = kept_sizes.iter().product::<usize>() as i64;
    let n_red = red_sizes.iter().product::<usize>() as i64;
    if n_out == 0 {
        return Ok(Some(out));
    }
    let code: i32 = match kind {
        ReduceKind::Sum => 0,
        ReduceKind::Prod => 1,
        ReduceKind::Max => 2,
        ReduceKind::Min => 3,
        ReduceKind::Mean => 4,
    };
    let (po, px) = (ptr(&out, out.layout()), ptr(x, x.layout()));
    let mut p = params![po, px, kept, nk, red, nr, n_out, n_red, code];
    // SAFETY: reduce_* take (out, in, kept, nk, red, nr, n_out, n_red, op);
    // every input offset is a valid index of x's layout, every output
    // offset one of out's contiguous elements.
    unsafe { rt.launch(name, n_out as u64, None, &mut p)? };
    out.storage.device_written();
    Ok(Some(out))
}

fn kind_name(kind: ReduceKind) -> &'static str {
    match kind {
        ReduceKind::Sum => "sum",
        ReduceKind::Prod => "prod",
        ReduceKind::Max => "max",
        ReduceKind::Min => "min",
        ReduceKind::Mean => "mean",
    }
}

/// As [`meta`], but zero dims stay zero dims (a full reduction's kept set,
/// or a reduction over no dims).
fn meta_or_empty(shape: &[usize], layouts: &[&Layout]) -> Option<([i64; 4 * MAX_DIMS], i32)> {
    if shape.is_empty() {
        return Some(([0i64; 4 * MAX_DIMS], 0));
    }
    meta(shape, layouts)
}

/// `out = a @ b` on the GPU for float32/float64, where `al`/`bl` are a's and
/// b's layouts expanded to `[batch..., m, k]` and `[batch..., k, n]` and
/// `out` is a fresh contiguous `[batch..., m, n]`. False for other dtypes or
/// more than 16 batch dims (the host computes those).
pub fn matmul(out: &Tensor, a: &Tensor, al: &Layout, b: &Tensor, bl: &Layout) -> Result<bool> {
    let (Some(rt), Some(ra), Some(rb)) = (runtime_of(out), runtime_of(a), runtime_of(b)) else { return Ok(false) };
    if !Rc::ptr_eq(&rt, &ra) || !Rc::ptr_eq(&rt, &rb) || a.dtype != out.dtype || b.dtype != out.dtype {
        return Ok(false);
    }
    let sfx = match out.dtype {
        DType::Float32 => "f32",
        DType::Float64 => "f64",
        _ => return Ok(false),
    };
    let Some(name) = kernel_name("matmul", sfx) else { return Ok(false) };
    let nd = al.ndim();
    if nd < 2 || bl.ndim() != nd {
        return Ok(false);
    }
    let batch = &al.shape[..nd - 2];
    let (m, k, n) = (al.shape[nd - 2], al.shape[nd - 1], bl.shape[nd - 1]);
    let lb = |l: &Layout| Layout { shape: batch.to_vec(), stride: l.stride[..nd - 2].to_vec(), offset: 0 };
    let Some((meta_b, nb)) = meta_or_empty(batch, &[&lb(al), &lb(bl)]) else { return Ok(false) };
    let n_out = out.numel() as i64;
    if n_out == 0 {
        return Ok(true);
    }
    let (m, n, k) = (m as i64, n as i64, k as i64);
    let (a_rs, a_cs) = (al.stride[nd - 2] as i64, al.stride[nd - 1] as i64);
    let (b_rs, b_cs) = (bl.stride[nd - 2] as i64, bl.stride[nd - 1] as i64);
    let (po, pa, pb) = (ptr(out, out.layout()), ptr(a, al), ptr(b, bl));
    let mut p = params![po, pa, pb, meta_b, nb, n_out, m, n, k, a_rs, a_cs, b_rs, b_cs];
    // SAFETY: matmul_* take (out, a, b, batch, nb, n_out, m, n, k, a_rs,
    // a_cs, b_rs, b_cs); the expanded layouts stay inside a's and b's
    // storages and out holds n_out contiguous elements.
    unsafe { rt.launch(name, n_out as u64, None, &mut p)? };
    out.storage.device_written();
    Ok(true)
}
