//! Dense element-wise arithmetic: `a op b` where both operands are dense with
//! identical strides (or one is a scalar) and share the output's dtype.
//! The loops run over raw memory order, vectorise, and split across threads.

use rayon::prelude::*;

use crate::engine::dtype::DType;
use crate::engine::ops::elementwise::BinaryOp;
use crate::engine::scalar::Scalar;

/// An operand in memory order: a dense slice, or one value.
pub enum Dense<'a> {
    Slice(&'a [u8]),
    Scalar(Scalar),
}

trait Num: Copy + Send + Sync + bytemuck::Pod {
    fn from_scalar(s: Scalar) -> Self;
    fn apply(op: BinaryOp, a: Self, b: Self) -> Self;
}

macro_rules! float_num {
    ($t:ty) => {
        impl Num for $t {
            fn from_scalar(s: Scalar) -> Self {
                s.as_f64() as $t
            }
            #[inline(always)]
            fn apply(op: BinaryOp, a: Self, b: Self) -> Self {
                match op {
                    BinaryOp::Add => a + b,
                    BinaryOp::Sub => a - b,
                    BinaryOp::Mul => a * b,
                    _ => a / b,
                }
            }
        }
    };
}
macro_rules! int_num {
    ($t:ty) => {
        impl Num for $t {
            fn from_scalar(s: Scalar) -> Self {
                s.as_i64() as $t
            }
            #[inline(always)]
            fn apply(op: BinaryOp, a: Self, b: Self) -> Self {
                match op {
                    BinaryOp::Add => a.wrapping_add(b),
                    BinaryOp::Sub => a.wrapping_sub(b),
                    _ => a.wrapping_mul(b),
                }
            }
        }
    };
}
float_num!(f32);
float_num!(f64);
int_num!(i32);
int_num!(i64);

const CHUNK: usize = 1 << 14;

fn view<'a, T: Num>(d: &Dense<'a>, n: usize) -> Option<Result<&'a [T], T>> {
    match d {
        Dense::Slice(s) => {
            let s: &'a [T] = bytemuck::try_cast_slice(s).ok()?;
            s.get(..n).map(Ok)
        }
        Dense::Scalar(v) => Some(Err(T::from_scalar(*v))),
    }
}

fn run<T: Num>(op: BinaryOp, out: &mut [u8], a: &Dense, b: &Dense) -> bool {
    let Ok(out) = bytemuck::try_cast_slice_mut::<u8, T>(out) else { return false };
    let n = out.len();
    let (Some(av), Some(bv)) = (view::<T>(a, n), view::<T>(b, n)) else { return false };
    // Monomorphised per operation so each inner loop is a single vectorisable op.
    macro_rules! go {
        ($f:expr) => {{
            let f = $f;
            let body = |(i, o): (usize, &mut [T])| {
                if crate::engine::interrupt::requested() {
                    return;
                }
                let start = i * CHUNK;
                match (&av, &bv) {
                    (Ok(x), Ok(y)) => {
                        for ((o, x), y) in o.iter_mut().zip(&x[start..]).zip(&y[start..]) {
                            *o = f(*x, *y);
                        }
                    }
                    (Ok(x), Err(y)) => {
                        for (o, x) in o.iter_mut().zip(&x[start..]) {
                            *o = f(*x, *y);
                        }
                    }
                    (Err(x), Ok(y)) => {
                        for (o, y) in o.iter_mut().zip(&y[start..]) {
                            *o = f(*x, *y);
                        }
                    }
                    (Err(x), Err(y)) => o.iter_mut().for_each(|o| *o = f(*x, *y)),
                }
            };
            if n >= super::PAR_THRESHOLD {
                out.par_chunks_mut(CHUNK).enumerate().for_each(body);
            } else {
                out.chunks_mut(CHUNK).enumerate().for_each(body);
            }
        }};
    }
    match op {
        BinaryOp::Add => go!(|x, y| T::apply(BinaryOp::Add, x, y)),
        BinaryOp::Sub => go!(|x, y| T::apply(BinaryOp::Sub, x, y)),
        BinaryOp::Mul => go!(|x, y| T::apply(BinaryOp::Mul, x, y)),
        _ => go!(|x, y| T::apply(BinaryOp::Div, x, y)),
    }
    true
}

/// `out = a op b` over `out.len() / dtype.size()` elements in memory order.
/// Returns false for dtypes/ops this kernel does not cover.
pub fn dense_binary(op: BinaryOp, dtype: DType, out: &mut [u8], a: &Dense, b: &Dense) -> bool {
    match (dtype, op) {
        (DType::Float32, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div) => run::<f32>(op, out, a, b),
        (DType::Float64, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div) => run::<f64>(op, out, a, b),
        (DType::Int32, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) => run::<i32>(op, out, a, b),
        (DType::Int64, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) => run::<i64>(op, out, a, b),
        _ => false,
    }
}

/// `out = a cmp b` (one bool byte per element) for a comparison `op` on
/// operands of `dtype`, in memory order, as the general path compares: a
/// scalar is first cast to `dtype`. False for dtypes/ops not covered.
pub fn dense_compare(op: BinaryOp, dtype: DType, out: &mut [u8], a: &Dense, b: &Dense) -> bool {
    fn run<T: Num + PartialOrd>(op: BinaryOp, dtype: DType, out: &mut [u8], a: &Dense, b: &Dense) -> bool {
        let n = out.len();
        fn side<'a, T: Num>(d: &Dense<'a>, dtype: DType, n: usize) -> Option<Result<&'a [T], T>> {
            match d {
                Dense::Scalar(v) => view::<T>(&Dense::Scalar(v.cast(dtype)), n),
                d => view::<T>(d, n),
            }
        }
        let (Some(av), Some(bv)) = (side::<T>(a, dtype, n), side::<T>(b, dtype, n)) else { return false };
        macro_rules! go {
            ($f:expr) => {{
                let f = $f;
                let body = |(i, o): (usize, &mut [u8])| {
                    if crate::engine::interrupt::requested() {
                        return;
                    }
                    let start = i * CHUNK;
                    match (&av, &bv) {
                        (Ok(x), Ok(y)) => o.iter_mut().zip(&x[start..]).zip(&y[start..]).for_each(|((o, x), y)| *o = f(*x, *y) as u8),
                        (Ok(x), Err(y)) => o.iter_mut().zip(&x[start..]).for_each(|(o, x)| *o = f(*x, *y) as u8),
                        (Err(x), Ok(y)) => o.iter_mut().zip(&y[start..]).for_each(|(o, y)| *o = f(*x, *y) as u8),
                        (Err(x), Err(y)) => o.iter_mut().for_each(|o| *o = f(*x, *y) as u8),
                    }
                };
                if n >= super::PAR_THRESHOLD {
                    out.par_chunks_mut(CHUNK).enumerate().for_each(body);
                } else {
                    out.chunks_mut(CHUNK).enumerate().for_each(body);
                }
            }};
        }
        match op {
            BinaryOp::Lt => go!(|x: T, y: T| x < y),
            BinaryOp::Le => go!(|x: T, y: T| x <= y),
            BinaryOp::Gt => go!(|x: T, y: T| x > y),
            BinaryOp::Ge => go!(|x: T, y: T| x >= y),
            BinaryOp::Eq => go!(|x: T, y: T| x == y),
            BinaryOp::Ne => go!(|x: T, y: T| x != y),
            _ => return false,
        }
        true
    }
    match dtype {
        DType::Float32 => run::<f32>(op, dtype, out, a, b),
        DType::Float64 => run::<f64>(op, dtype, out, a, b),
        DType::Int32 => run::<i32>(op, dtype, out, a, b),
        DType::Int64 => run::<i64>(op, dtype, out, a, b),
        _ => false,
    }
}

/// `a op= b` over `a` in memory order (a dense, b dense with a's strides or a
/// scalar, both of `dtype`). False when this kernel does not cover the case.
pub fn dense_binary_inplace(op: BinaryOp, dtype: DType, a: &mut [u8], b: &Dense) -> bool {
    fn run<T: Num>(op: BinaryOp, a: &mut [u8], b: &Dense) -> bool {
        let Ok(a) = bytemuck::try_cast_slice_mut::<u8, T>(a) else { return false };
        let n = a.len();
        let Some(bv) = view::<T>(b, n) else { return false };
        let body = |(i, o): (usize, &mut [T])| {
            let start = i * CHUNK;
            match &bv {
                Ok(y) => o.iter_mut().zip(&y[start..]).for_each(|(x, y)| *x = T::apply(op, *x, *y)),
                Err(y) => o.iter_mut().for_each(|x| *x = T::apply(op, *x, *y)),
            }
        };
        if n >= super::PAR_THRESHOLD {
            a.par_chunks_mut(CHUNK).enumerate().for_each(body);
        } else {
            a.chunks_mut(CHUNK).enumerate().for_each(body);
        }
        true
    }
    match (dtype, op) {
        (DType::Float32, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div) => run::<f32>(op, a, b),
        (DType::Float64, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div) => run::<f64>(op, a, b),
        (DType::Int32, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) => run::<i32>(op, a, b),
        (DType::Int64, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) => run::<i64>(op, a, b),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_and_divides_f32() {
        let a: Vec<f32> = (0..100_000).map(|i| i as f32).collect();
        let mut out = vec![0f32; a.len()];
        assert!(dense_binary(BinaryOp::Add, DType::Float32, bytemuck::cast_slice_mut(&mut out), &Dense::Slice(bytemuck::cast_slice(&a)), &Dense::Slice(bytemuck::cast_slice(&a))));
        assert!(out.iter().enumerate().all(|(i, &v)| v == 2.0 * i as f32));
        assert!(dense_binary(BinaryOp::Div, DType::Float32, bytemuck::cast_slice_mut(&mut out), &Dense::Slice(bytemuck::cast_slice(&a)), &Dense::Scalar(Scalar::Int(4))));
        assert_eq!(out[10], 2.5);
    }

    #[test]
    fn integer_add_wraps() {
        let a = vec![i32::MAX, 1];
        let mut out = vec![0i32; 2];
        assert!(dense_binary(BinaryOp::Add, DType::Int32, bytemuck::cast_slice_mut(&mut out), &Dense::Slice(bytemuck::cast_slice(&a)), &Dense::Scalar(Scalar::Int(1))));
        assert_eq!(out, vec![i32::MIN, 2]);
    }
}
