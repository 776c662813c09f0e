//! Fast paths for dense inputs of the ops that pick elements: `where`,
//! `gather`, `index_select` and `x[idx]`. Each applies only to contiguous
//! CPU operands, reads and writes the storages' bytes as typed slices (an
//! element is copied, never converted), spreads blocks of the output over
//! rayon's threads and looks at the Ctrl-C flag once per block. They give
//! the general paths' results exactly (the tests compare the two); where
//! they decline (`None`), the general path runs.

use rayon::prelude::*;

use crate::engine::device::Device;
use crate::engine::dtype::DType;
use crate::engine::error::Result;
use crate::engine::scalar::{self, Scalar};
use crate::engine::interrupt;
use crate::engine::tensor::Tensor;

/// Output elements per block of work (and between looks at Ctrl-C).
const BLOCK: usize = interrupt::CHECK_EVERY;

#[cfg(test)]
thread_local! {
    /// Set by the tests to run the general paths on dense inputs.
    static GENERAL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `f()` with the fast paths off (on this thread).
#[cfg(test)]
pub fn general<R>(f: impl FnOnce() -> R) -> R {
    GENERAL.with(|g| g.set(true));
    let r = f();
    GENERAL.with(|g| g.set(false));
    r
}

/// Whether the fast paths can read `t` as one slice.
pub fn dense(t: &Tensor) -> bool {
    #[cfg(test)]
    if GENERAL.with(|g| g.get()) {
        return false;
    }
    t.is_contiguous() && t.device() == Device::Cpu
}

/// The byte range of a contiguous `t`'s elements in its storage.
fn span(t: &Tensor) -> std::ops::Range<usize> {
    let es = t.dtype.size();
    let start = t.layout().offset * es;
    start..start + t.numel() * es
}

/// Runs `body(block, out_block)` over the blocks of `out` on rayon's
/// threads; a block started after Ctrl-C is skipped, and the interrupt is
/// reported once all are done.
fn par_blocks<T: Send>(out: &mut [T], block: usize, body: impl Fn(usize, &mut [T]) + Sync + Send) -> Result<()> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    out.par_chunks_mut(block.max(1)).enumerate().for_each(|(k, o)| {
        if interrupt::requested() {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        body(k, o);
    });
    interrupt::check()
}

/// Calls `$f::<T>` with `T` the unsigned integer of `$size` bytes.
macro_rules! by_size {
    ($size:expr, $f:ident ( $($a:expr),* )) => {
        match $size {
            1 => $f::<u8>($($a),*),
            2 => $f::<u16>($($a),*),
            4 => $f::<u32>($($a),*),
            _ => $f::<u64>($($a),*),
        }
    };
}

/// One operand of `where`: the bytes of a dense tensor of the result's
/// shape, or of one element (a scalar or a 0-dim tensor) used everywhere.
pub enum WhereSrc<'a> {
    Full(&'a [u8]),
    One(&'a [u8]),
}

/// Fills the contiguous `out` with `cond ? a : b`, element by element in
/// row-major order; `cond` is one byte per element (Bool or UInt8).
pub fn where_fill(cond: &[u8], a: WhereSrc, b: WhereSrc, out: &mut [u8], es: usize) -> Result<()> {
    fn run<T: bytemuck::Pod + Send + Sync>(cond: &[u8], a: WhereSrc, b: WhereSrc, out: &mut [u8]) -> Result<()> {
        let out: &mut [T] = bytemuck::cast_slice_mut(out);
        fn side<T: bytemuck::Pod>(s: WhereSrc<'_>) -> std::result::Result<&[T], T> {
            match s {
                WhereSrc::Full(b) => Ok(bytemuck::cast_slice(b)),
                WhereSrc::One(b) => Err(bytemuck::pod_read_unaligned(b)),
            }
        }
        let (a, b) = (side(a), side(b));
        par_blocks(out, BLOCK, |k, o| {
            let r = k * BLOCK..k * BLOCK + o.len();
            let c = &cond[r.clone()];
            match (&a, &b) {
                (Ok(a), Ok(b)) => {
                    for (((o, &c), &a), &b) in o.iter_mut().zip(c).zip(&a[r.clone()]).zip(&b[r]) {
                        *o = if c != 0 { a } else { b };
                    }
                }
                (Ok(a), Err(b)) => {
                    for ((o, &c), &a) in o.iter_mut().zip(c).zip(&a[r]) {
                        *o = if c != 0 { a } else { *b };
                    }
                }
                (Err(a), Ok(b)) => {
                    for ((o, &c), &b) in o.iter_mut().zip(c).zip(&b[r]) {
                        *o = if c != 0 { *a } else { b };
                    }
                }
                (Err(a), Err(b)) => {
                    for (o, &c) in o.iter_mut().zip(c) {
                        *o = if c != 0 { *a } else { *b };
                    }
                }
            }
        })
    }
    by_size!(es, run(cond, a, b, out))
}

/// A `where` operand the dense path takes: a dense tensor of the result's
/// shape and dtype, or one value's bytes.
pub enum Side {
    T(Tensor),
    One(Vec<u8>),
}

/// Fills the contiguous `out` with `where(cond, x, y)`; `cond` is dense of
/// out's shape, a `Side::T` of out's shape and dtype.
pub fn where_tensors(cond: &Tensor, x: &Side, y: &Side, out: &Tensor) -> Result<()> {
    if out.numel() == 0 {
        return Ok(());
    }
    fn guard(s: &Side) -> Option<std::cell::Ref<'_, crate::engine::alloc::host::HostBuffer>> {
        match s {
            Side::T(t) => Some(t.storage.bytes()),
            Side::One(_) => None,
        }
    }
    let (gx, gy, gc) = (guard(x), guard(y), cond.storage.bytes());
    let sx = match (x, &gx) {
        (Side::T(t), Some(g)) => WhereSrc::Full(&g.bytes()[span(t)]),
        (Side::One(b), _) => WhereSrc::One(b.as_slice()),
        _ => unreachable!(),
    };
    let sy = match (y, &gy) {
        (Side::T(t), Some(g)) => WhereSrc::Full(&g.bytes()[span(t)]),
        (Side::One(b), _) => WhereSrc::One(b.as_slice()),
        _ => unreachable!(),
    };
    let es = out.dtype.size();
    let mut dst = out.storage.bytes_mut();
    where_fill(&gc.bytes()[span(cond)], sx, sy, &mut dst.bytes_mut()[..out.numel() * es], es)
}

/// One value (a Python number or a 0-dim tensor's element) as `dtype`'s
/// bytes, converted as the general path writes it.
pub fn one_value(v: Scalar, dtype: DType) -> Vec<u8> {
    let mut b = vec![0u8; dtype.size()];
    scalar::write(dtype, &mut b, 0, v);
    b
}

#[cfg(test)]
mod tests {
    use super::general;
    use crate::engine::context::Context;
    use crate::engine::dtype::DType;
    use crate::engine::layout;
    use crate::engine::ops::elementwise::Arg;
    use crate::engine::ops::join;
    use crate::engine::scalar::Scalar;
    use crate::engine::tensor::Tensor;
    use crate::engine::Device;

    pub fn ctx() -> Context {
        Context::new(&crate::engine::EngineConfig::default())
    }

    /// A tensor of `shape` and `dt` with varied values (zeros included).
    pub fn varied(ctx: &Context, shape: &[usize], dt: DType, seed: i64) -> Tensor {
        let n: usize = shape.iter().product();
        let vals: Vec<Scalar> = (0..n as i64)
            .map(|i| {
                let v = (i * 37 + seed * 11) % 23 - 9;
                match dt {
                    DType::Bool => Scalar::Bool(v % 3 == 0),
                    d if d.is_floating() => Scalar::Float(v as f64 * 0.75 + if v == 4 { f64::NAN } else { 0.0 }),
                    _ => Scalar::Int(v),
                }
            })
            .collect();
        Tensor::from_scalars_on(ctx, Device::Cpu, shape, dt, &vals, "x").unwrap()
    }

    /// The same values as `t` (2-D or more) in a non-contiguous tensor: the
    /// transpose of a contiguous copy of its transpose.
    pub fn strided(ctx: &Context, t: &Tensor) -> Tensor {
        let tt = t.view_as_layout(layout::transpose(t.layout(), 0, 1).unwrap(), "t");
        let c = crate::engine::ops::copy::contiguous(ctx, &tt).unwrap().unwrap_or(tt);
        let back = c.view_as_layout(layout::transpose(c.layout(), 0, 1).unwrap(), "t");
        assert!(!back.is_contiguous());
        back
    }

    /// Same dtype, shape and values (NaN equal to NaN).
    pub fn same_values(a: &Tensor, b: &Tensor, what: &str) {
        let bits = |t: &Tensor| t.to_scalars().iter().map(|s| format!("{s:?}")).collect::<Vec<_>>();
        assert_eq!(a.dtype, b.dtype, "{what}");
        assert_eq!(a.shape(), b.shape(), "{what}");
        assert_eq!(bits(a), bits(b), "{what}");
    }

    /// [`same_values`], strides and storage size too.
    pub fn same(a: &Tensor, b: &Tensor, what: &str) {
        same_values(a, b, what);
        assert_eq!(a.stride(), b.stride(), "{what}");
        assert_eq!(a.layout().offset, b.layout().offset, "{what}");
        assert_eq!(a.storage.nbytes(), b.storage.nbytes(), "{what}");
    }

    #[test]
    fn where_dense_is_the_general_path() {
        let ctx = ctx();
        for dt in [DType::Float32, DType::Float64, DType::Int64, DType::Int16, DType::Bool, DType::UInt8, DType::BFloat16] {
            for shape in [vec![6, 7], vec![3, 4, 5], vec![2, 9]] {
                let c = varied(&ctx, &shape, DType::Bool, 1);
                let (x, y) = (varied(&ctx, &shape, dt, 2), varied(&ctx, &shape, dt, 3));
                let fast = join::where_(&ctx, &c, &x, &y).unwrap();
                let slow = general(|| join::where_(&ctx, &c, &x, &y).unwrap());
                same(&fast, &slow, &format!("{dt:?} {shape:?}"));
                // Strided operands decline the fast path: the same values.
                let (cs, xs, ys) = (strided(&ctx, &c), strided(&ctx, &x), strided(&ctx, &y));
                same_values(&join::where_(&ctx, &cs, &xs, &ys).unwrap(), &fast, "strided");
                same_values(&join::where_(&ctx, &c, &xs, &y).unwrap(), &fast, "mixed");
                // A number, a 0-dim operand, a number promoting the dtype.
                let z = varied(&ctx, &[], dt, 5);
                for (a, b) in [(Arg::T(&x), Arg::S(Scalar::Int(3))), (Arg::T(&z), Arg::T(&y)), (Arg::S(Scalar::Float(2.5)), Arg::T(&y)), (Arg::T(&z), Arg::T(&z))] {
                    let fast = join::where_args(&ctx, &c, a.clone(), b.clone()).unwrap();
                    let slow = general(|| join::where_args(&ctx, &c, a, b).unwrap());
                    same(&fast, &slow, &format!("{dt:?} {shape:?} with a number or 0-dim"));
                }
            }
        }
        // A uint8 condition, and an empty result.
        let c = varied(&ctx, &[4, 5], DType::UInt8, 1);
        let (x, y) = (varied(&ctx, &[4, 5], DType::Float32, 2), varied(&ctx, &[4, 5], DType::Float32, 3));
        same(&join::where_(&ctx, &c, &x, &y).unwrap(), &general(|| join::where_(&ctx, &c, &x, &y).unwrap()), "uint8 cond");
        let e = varied(&ctx, &[0, 3], DType::Float32, 1);
        let ec = varied(&ctx, &[0, 3], DType::Bool, 1);
        assert_eq!(join::where_(&ctx, &ec, &e, &e).unwrap().shape(), &[0, 3]);
    }
}
