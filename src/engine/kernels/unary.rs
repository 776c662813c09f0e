//! Dense element-wise math on float32/float64 (and neg/abs/relu on integers),
//! in memory order, split across threads.

use rayon::prelude::*;

use crate::engine::dtype::DType;
use crate::engine::ops::elementwise::UnaryOp;

const CHUNK: usize = 1 << 14;

fn map<T: bytemuck::Pod + Send + Sync>(out: &mut [u8], inp: &[u8], n: usize, f: impl Fn(T) -> T + Sync) -> bool {
    let size = std::mem::size_of::<T>();
    let (Some(o), Some(i)) = (out.get_mut(..n * size), inp.get(..n * size)) else { return false };
    let (Ok(o), Ok(i)) = (bytemuck::try_cast_slice_mut::<u8, T>(o), bytemuck::try_cast_slice::<u8, T>(i)) else { return false };
    let body = |(k, o): (usize, &mut [T])| {
        if crate::engine::interrupt::requested() {
            return;
        }
        for (o, x) in o.iter_mut().zip(&i[k * CHUNK..]) {
            *o = f(*x);
        }
    };
    if n >= super::PAR_THRESHOLD {
        o.par_chunks_mut(CHUNK).enumerate().for_each(body);
    } else {
        o.chunks_mut(CHUNK).enumerate().for_each(body);
    }
    true
}

/// `map` whose function also gets each element's position (memory order).
fn map_at<T: bytemuck::Pod + Send + Sync>(out: &mut [u8], inp: &[u8], n: usize, f: impl Fn(usize, T) -> T + Sync) -> bool {
    let size = std::mem::size_of::<T>();
    let (Some(o), Some(i)) = (out.get_mut(..n * size), inp.get(..n * size)) else { return false };
    let (Ok(o), Ok(i)) = (bytemuck::try_cast_slice_mut::<u8, T>(o), bytemuck::try_cast_slice::<u8, T>(i)) else { return false };
    let body = |(k, o): (usize, &mut [T])| {
        if crate::engine::interrupt::requested() {
            return;
        }
        for (j, (o, x)) in o.iter_mut().zip(&i[k * CHUNK..]).enumerate() {
            *o = f(k * CHUNK + j, *x);
        }
    };
    if n >= super::PAR_THRESHOLD {
        o.par_chunks_mut(CHUNK).enumerate().for_each(body);
    } else {
        o.chunks_mut(CHUNK).enumerate().for_each(body);
    }
    true
}

macro_rules! float_ops {
    ($t:ty, $op:expr, $out:expr, $inp:expr, $n:expr) => {
        match $op {
            UnaryOp::Neg => map::<$t>($out, $inp, $n, |x| -x),
            UnaryOp::Abs => map::<$t>($out, $inp, $n, |x| x.abs()),
            UnaryOp::Sqrt => map::<$t>($out, $inp, $n, |x| x.sqrt()),
            UnaryOp::Exp => map::<$t>($out, $inp, $n, |x| x.exp()),
            UnaryOp::Log => map::<$t>($out, $inp, $n, |x| x.ln()),
            UnaryOp::Sin => map::<$t>($out, $inp, $n, |x| x.sin()),
            UnaryOp::Cos => map::<$t>($out, $inp, $n, |x| x.cos()),
            UnaryOp::Tanh => map::<$t>($out, $inp, $n, |x| x.tanh()),
            UnaryOp::Sigmoid => map::<$t>($out, $inp, $n, |x| 1.0 / (1.0 + (-x).exp())),
            // PyTorch's relu is clamp_min(x, 0): x unless x < 0, so -0.0 and NaN stay.
            UnaryOp::Relu => map::<$t>($out, $inp, $n, |x| if x < 0.0 { 0.0 } else { x }),
            UnaryOp::BitNot => false,
        }
    };
}

macro_rules! int_ops {
    ($t:ty, $op:expr, $out:expr, $inp:expr, $n:expr) => {
        match $op {
            UnaryOp::Neg => map::<$t>($out, $inp, $n, |x| x.wrapping_neg()),
            UnaryOp::Abs => map::<$t>($out, $inp, $n, |x| x.wrapping_abs()),
            UnaryOp::Relu => map::<$t>($out, $inp, $n, |x| x.max(0)),
            UnaryOp::BitNot => map::<$t>($out, $inp, $n, |x| !x),
            _ => false,
        }
    };
}

/// `out = op(inp)` over `n` dense elements of `dtype` (input and output of
/// one dtype). False for pairs this kernel does not cover.
/// float32 sigmoid goes as PyTorch's kernel goes: SLEEF's exp on the lanes
/// its vectorised loop covers, glibc's `expf` on each loop's scalar tail
/// (the input must be laid out as the output, see `vector_lanes::vector_lane`).
pub fn dense_unary(op: UnaryOp, dtype: DType, out: &mut [u8], inp: &[u8], n: usize) -> bool {
    use crate::engine::ops::{sleef, vector_lanes};
    match dtype {
        DType::Float32 if op == UnaryOp::Sigmoid => {
            let threads = vector_lanes::pytorch_threads();
            map_at::<f32>(out, inp, n, |p, x| if vector_lanes::vector_lane(p, n, n, threads) { sleef::sigmoidf(x) } else { sleef::sigmoidf_scalar(x) })
        }
        DType::Float32 => float_ops!(f32, op, out, inp, n),
        DType::Float64 => float_ops!(f64, op, out, inp, n),
        DType::Int32 => int_ops!(i32, op, out, inp, n),
        DType::Int64 => int_ops!(i64, op, out, inp, n),
        _ => false,
    }
}
