//! Dense dtype conversion: `n` elements in memory order from one dtype to
//! another, for the pairs where Rust's `as` is exactly C++'s conversion
//! (anything to float, integers and bools to integers). Float to integer
//! is left to the generic path, which reproduces x86's out-of-range result.

use half::{bf16, f16};
use rayon::prelude::*;

use crate::engine::dtype::DType;

const CHUNK: usize = 1 << 14;

fn map<S: bytemuck::Pod + Send + Sync, D: bytemuck::Pod + Send + Sync>(dst: &mut [u8], src: &[u8], n: usize, f: impl Fn(S) -> D + Sync) -> bool {
    let (Some(d), Some(s)) = (dst.get_mut(..n * std::mem::size_of::<D>()), src.get(..n * std::mem::size_of::<S>())) else { return false };
    let (Ok(d), Ok(s)) = (bytemuck::try_cast_slice_mut::<u8, D>(d), bytemuck::try_cast_slice::<u8, S>(s)) else { return false };
    let body = |(i, o): (usize, &mut [D])| {
        for (o, x) in o.iter_mut().zip(&s[i * CHUNK..]) {
            *o = f(*x);
        }
    };
    if n >= super::PAR_THRESHOLD {
        d.par_chunks_mut(CHUNK).enumerate().for_each(body);
    } else {
        d.chunks_mut(CHUNK).enumerate().for_each(body);
    }
    true
}

macro_rules! from_src {
    ($dst:expr, $src:expr, $n:expr, $s:ty, $to:expr, $conv:expr) => {{
        let conv = $conv;
        match $to {
            DType::Float32 => map::<$s, f32>($dst, $src, $n, |x| conv(x) as f32),
            DType::Float64 => map::<$s, f64>($dst, $src, $n, |x| conv(x)),
            // Through float, as c10::Half/BFloat16's constructors convert.
            DType::Float16 => map::<$s, u16>($dst, $src, $n, |x| f16::from_f32(conv(x) as f32).to_bits()),
            DType::BFloat16 => map::<$s, u16>($dst, $src, $n, |x| bf16::from_f32(conv(x) as f32).to_bits()),
            _ => false,
        }
    }};
}

/// Converts `n` dense elements; false when this pair is not covered.
pub fn dense_cast(dst: &mut [u8], to: DType, src: &[u8], from: DType, n: usize) -> bool {
    if n == 0 {
        return true;
    }
    // Integer/bool sources into integer destinations: wrap like C++.
    if !from.is_floating() && !to.is_floating() && to != DType::Bool {
        macro_rules! int_to {
            ($s:ty, $conv:expr) => {{
                let conv = $conv;
                match to {
                    DType::UInt8 => map::<$s, u8>(dst, src, n, |x| conv(x) as u8),
                    DType::Int8 => map::<$s, i8>(dst, src, n, |x| conv(x) as i8),
                    DType::Int16 => map::<$s, i16>(dst, src, n, |x| conv(x) as i16),
                    DType::Int32 => map::<$s, i32>(dst, src, n, |x| conv(x) as i32),
                    DType::Int64 => map::<$s, i64>(dst, src, n, |x| conv(x)),
                    _ => false,
                }
            }};
        }
        return match from {
            DType::Bool => int_to!(u8, |x: u8| (x != 0) as i64),
            DType::UInt8 => int_to!(u8, |x: u8| x as i64),
            DType::Int8 => int_to!(i8, |x: i8| x as i64),
            DType::Int16 => int_to!(i16, |x: i16| x as i64),
            DType::Int32 => int_to!(i32, |x: i32| x as i64),
            DType::Int64 => int_to!(i64, |x: i64| x),
            _ => false,
        };
    }
    if !to.is_floating() {
        return false;
    }
    match from {
        DType::Bool => from_src!(dst, src, n, u8, to, |x: u8| (x != 0) as i64 as f64),
        DType::UInt8 => from_src!(dst, src, n, u8, to, |x: u8| x as f64),
        DType::Int8 => from_src!(dst, src, n, i8, to, |x: i8| x as f64),
        DType::Int16 => from_src!(dst, src, n, i16, to, |x: i16| x as f64),
        DType::Int32 => from_src!(dst, src, n, i32, to, |x: i32| x as f64),
        // int64 → float32 must round once (i64 → f32 directly), not via f64.
        DType::Int64 if to == DType::Float32 => map::<i64, f32>(dst, src, n, |x| x as f32),
        DType::Int64 if to == DType::Float16 => map::<i64, u16>(dst, src, n, |x| f16::from_f32(x as f32).to_bits()),
        DType::Int64 if to == DType::BFloat16 => map::<i64, u16>(dst, src, n, |x| bf16::from_f32(x as f32).to_bits()),
        DType::Int64 => from_src!(dst, src, n, i64, to, |x: i64| x as f64),
        DType::Float32 => from_src!(dst, src, n, f32, to, |x: f32| x as f64),
        DType::Float64 if to == DType::Float32 => map::<f64, f32>(dst, src, n, |x| x as f32),
        DType::Float64 => from_src!(dst, src, n, f64, to, |x: f64| x),
        DType::Float16 => from_src!(dst, src, n, u16, to, |x: u16| f16::from_bits(x).to_f64()),
        DType::BFloat16 => from_src!(dst, src, n, u16, to, |x: u16| bf16::from_bits(x).to_f64()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scalar::{read, Scalar};

    #[test]
    fn agrees_with_scalar_casts() {
        let vals: Vec<i64> = vec![0, 1, -1, 127, 128, 255, 256, -129, 70000, i64::MAX, i64::MIN, 16777217];
        let src: Vec<u8> = vals.iter().flat_map(|v| v.to_ne_bytes()).collect();
        for to in DType::ALL {
            let mut dst = vec![0u8; vals.len() * to.size()];
            if !dense_cast(&mut dst, to, &src, DType::Int64, vals.len()) {
                continue;
            }
            for (i, v) in vals.iter().enumerate() {
                assert_eq!(read(to, &dst, i), Some(Scalar::Int(*v).cast(to)), "{to:?} {v}");
            }
        }
    }

    #[test]
    fn float_to_int_is_left_to_the_generic_path() {
        let mut dst = [0u8; 4];
        assert!(!dense_cast(&mut dst, DType::Int32, &1.5f32.to_ne_bytes(), DType::Float32, 1));
    }
}
