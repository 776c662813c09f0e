//! Property tests of the layout engine against a naive reference.
//!
//! A tensor of `arange(n)` values is pushed through a random chain of view
//! ops. The reference keeps, for every logical element in row-major order,
//! the element it must show, computed by plain index arithmetic; tsr's
//! strided reads must agree, `contiguous()` must keep the values, and `view`
//! must succeed exactly when some strides express the requested shape.

use proptest::prelude::*;
use tsr::engine::layout;
use tsr::engine::ops::copy;
use tsr::engine::{Context, DType, EngineConfig, Scalar, Tensor};

/// Logical shape plus the value of every element in row-major order.
#[derive(Debug, Clone)]
struct Naive {
    shape: Vec<usize>,
    vals: Vec<i64>,
}

fn strides_of(shape: &[usize]) -> Vec<usize> {
    layout::contiguous_strides(shape)
}

impl Naive {
    fn get(&self, idx: &[usize]) -> i64 {
        let s = strides_of(&self.shape);
        self.vals[idx.iter().zip(&s).map(|(i, s)| i * s).sum::<usize>()]
    }

    /// Builds a tensor of `shape` whose element at `idx` is `f(idx)`.
    fn build(shape: Vec<usize>, f: impl Fn(&[usize]) -> i64) -> Naive {
        let n: usize = shape.iter().product();
        let mut vals = Vec::with_capacity(n);
        let mut idx = vec![0usize; shape.len()];
        for _ in 0..n {
            vals.push(f(&idx));
            for d in (0..shape.len()).rev() {
                idx[d] += 1;
                if idx[d] < shape[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
        Naive { shape, vals }
    }
}

#[derive(Debug, Clone)]
enum Op {
    Transpose(usize, usize),
    Narrow(usize, usize, usize),
    Slice(usize, usize, usize),
    Select(usize, usize),
    Unsqueeze(usize),
    Squeeze,
    Expand(usize, usize),
    Flip,
}

fn op_strategy() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..4usize, 0..4usize).prop_map(|(a, b)| Op::Transpose(a, b)),
        (0..4usize, 0..4usize, 0..4usize).prop_map(|(d, s, l)| Op::Narrow(d, s, l)),
        (0..4usize, 0..3usize, 1..4usize).prop_map(|(d, s, st)| Op::Slice(d, s, st)),
        (0..4usize, 0..4usize).prop_map(|(d, i)| Op::Select(d, i)),
        (0..5usize).prop_map(Op::Unsqueeze),
        Just(Op::Squeeze),
        (0..4usize, 1..4usize).prop_map(|(d, n)| Op::Expand(d, n)),
        Just(Op::Flip),
    ]
}

/// Applies `op` to both; returns None when the op does not apply to this shape.
fn apply(op: &Op, t: &Tensor, n: &Naive) -> Option<(Tensor, Naive)> {
    let nd = n.shape.len();
    let l = &t.layout();
    match *op {
        Op::Transpose(a, b) if nd > 0 => {
            let (a, b) = (a % nd, b % nd);
            let out = layout::transpose(l, a as i64, b as i64).ok()?;
            let mut shape = n.shape.clone();
            shape.swap(a, b);
            let r = Naive::build(shape, |idx| {
                let mut j = idx.to_vec();
                j.swap(a, b);
                n.get(&j)
            });
            Some((t.view_as_layout(out, "t"), r))
        }
        Op::Flip if nd > 0 => {
            let dims: Vec<i64> = (0..nd as i64).rev().collect();
            let out = layout::permute(l, &dims).ok()?;
            let shape: Vec<usize> = n.shape.iter().rev().copied().collect();
            let r = Naive::build(shape, |idx| {
                let j: Vec<usize> = idx.iter().rev().copied().collect();
                n.get(&j)
            });
            Some((t.view_as_layout(out, "permute"), r))
        }
        Op::Narrow(d, s, len) if nd > 0 => {
            let d = d % nd;
            if s + len > n.shape[d] {
                return None;
            }
            let out = layout::narrow(l, d as i64, s as i64, len as i64).ok()?;
            let mut shape = n.shape.clone();
            shape[d] = len;
            let r = Naive::build(shape, |idx| {
                let mut j = idx.to_vec();
                j[d] += s;
                n.get(&j)
            });
            Some((t.view_as_layout(out, "narrow"), r))
        }
        Op::Slice(d, s, st) if nd > 0 => {
            let d = d % nd;
            let out = layout::slice(l, d, Some(s as i64), None, st as i64).ok()?;
            let size = n.shape[d];
            let len = if s >= size { 0 } else { (size - s).div_ceil(st) };
            let mut shape = n.shape.clone();
            shape[d] = len;
            let r = Naive::build(shape, |idx| {
                let mut j = idx.to_vec();
                j[d] = s + idx[d] * st;
                n.get(&j)
            });
            Some((t.view_as_layout(out, "slice"), r))
        }
        Op::Select(d, i) if nd > 0 => {
            let d = d % nd;
            if i >= n.shape[d] {
                return None;
            }
            let out = layout::select(l, d as i64, i as i64).ok()?;
            let mut shape = n.shape.clone();
            shape.remove(d);
            let r = Naive::build(shape, |idx| {
                let mut j = idx.to_vec();
                j.insert(d, i);
                n.get(&j)
            });
            Some((t.view_as_layout(out, "select"), r))
        }
        Op::Unsqueeze(d) => {
            let d = d % (nd + 1);
            let out = layout::unsqueeze(l, d as i64).ok()?;
            let mut shape = n.shape.clone();
            shape.insert(d, 1);
            let r = Naive::build(shape, |idx| {
                let mut j = idx.to_vec();
                j.remove(d);
                n.get(&j)
            });
            Some((t.view_as_layout(out, "unsqueeze"), r))
        }
        Op::Squeeze => {
            let out = layout::squeeze(l, None).ok()?;
            let keep: Vec<usize> = (0..nd).filter(|&d| n.shape[d] != 1).collect();
            let shape: Vec<usize> = keep.iter().map(|&d| n.shape[d]).collect();
            let r = Naive::build(shape, |idx| {
                let mut j = vec![0usize; nd];
                for (k, &d) in keep.iter().enumerate() {
                    j[d] = idx[k];
                }
                n.get(&j)
            });
            Some((t.view_as_layout(out, "squeeze"), r))
        }
        Op::Expand(d, k) if nd > 0 => {
            let d = d % nd;
            if n.shape[d] != 1 {
                return None;
            }
            let mut sizes: Vec<i64> = n.shape.iter().map(|&x| x as i64).collect();
            sizes[d] = k as i64;
            let out = layout::expand(l, &sizes, "LongTensor").ok()?;
            let mut shape = n.shape.clone();
            shape[d] = k;
            let r = Naive::build(shape, |idx| {
                let mut j = idx.to_vec();
                j[d] = 0;
                n.get(&j)
            });
            Some((t.view_as_layout(out, "expand"), r))
        }
        _ => None,
    }
}

fn ints(t: &Tensor) -> Vec<i64> {
    t.to_scalars().into_iter().map(Scalar::as_i64).collect()
}

/// True when some strides make `shape` read the elements of `t` in row-major
/// order (brute force: derive candidate strides from unit steps, then check).
fn view_possible(t: &Tensor, shape: &[usize]) -> bool {
    let n: usize = shape.iter().product();
    if n == 0 {
        return true;
    }
    let offs: Vec<usize> = (0..t.numel()).map(|i| tsr::engine::strided::flat_to_storage(t.layout(), i)).collect();
    let cs = strides_of(shape);
    let base = offs[0] as i64;
    let stride: Vec<i64> = (0..shape.len())
        .map(|d| if shape[d] > 1 { offs[cs[d]] as i64 - base } else { 0 })
        .collect();
    if stride.iter().any(|&s| s < 0) {
        return false;
    }
    (0..n).all(|flat| {
        let mut rem = flat;
        let mut off = base;
        for d in (0..shape.len()).rev() {
            off += (rem % shape[d]) as i64 * stride[d];
            rem /= shape[d];
        }
        off == offs[flat] as i64
    })
}

fn setup(shape: &[usize]) -> (Context, Tensor, Naive) {
    let ctx = Context::new(&EngineConfig::default());
    let n: usize = shape.iter().product();
    let t = tsr::engine::ops::ranges::arange(&ctx, tsr::engine::Device::Cpu, Scalar::Int(0), Scalar::Int(n as i64), Scalar::Int(1), Some(DType::Int64), "arange")
        .and_then(|a| {
            let l = layout::view(a.layout(), &shape.iter().map(|&x| x as i64).collect::<Vec<_>>())?;
            Ok(a.view_as_layout(l, "view"))
        })
        .expect("setup");
    let naive = Naive { shape: shape.to_vec(), vals: (0..n as i64).collect() };
    (ctx, t, naive)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn view_chains_read_like_the_reference(shape in prop::collection::vec(0..5usize, 0..4), ops in prop::collection::vec(op_strategy(), 0..8)) {
        let (ctx, mut t, mut n) = setup(&shape);
        for op in &ops {
            if let Some((t2, n2)) = apply(op, &t, &n) {
                t = t2;
                n = n2;
            }
            prop_assert_eq!(t.shape(), &n.shape[..]);
            prop_assert_eq!(ints(&t), n.vals.clone());
        }
        // contiguous() keeps the values and is contiguous.
        let c = copy::contiguous(&ctx, &t).expect("contiguous").unwrap_or_else(|| t.clone());
        prop_assert!(c.is_contiguous());
        prop_assert_eq!(ints(&c), n.vals.clone());
        // clone() keeps the values too, whatever strides it picks.
        let k = copy::clone(&ctx, &t).expect("clone");
        prop_assert_eq!(ints(&k), n.vals);
    }

    #[test]
    fn view_succeeds_exactly_when_strides_exist(shape in prop::collection::vec(1..5usize, 1..4), ops in prop::collection::vec(op_strategy(), 0..6), split in prop::collection::vec(1..4usize, 0..3)) {
        let (_ctx, mut t, mut n) = setup(&shape);
        for op in &ops {
            if let Some((t2, n2)) = apply(op, &t, &n) {
                t = t2;
                n = n2;
            }
        }
        // Candidate shapes: flatten, and numel factored by `split`.
        let numel = t.numel();
        let mut cands: Vec<Vec<usize>> = vec![vec![numel]];
        let mut rest = numel;
        let mut s = vec![];
        for f in split {
            if f > 1 && rest % f == 0 {
                s.push(f);
                rest /= f;
            }
        }
        s.push(rest);
        cands.push(s);
        for cand in cands {
            let want: Vec<i64> = cand.iter().map(|&x| x as i64).collect();
            let got = layout::view(t.layout(), &want);
            prop_assert_eq!(got.is_ok(), view_possible(&t, &cand), "shape {:?} strides {:?} -> {:?}", t.shape(), t.stride(), cand);
            if let Ok(l) = got {
                let v = t.view_as_layout(l, "view");
                prop_assert_eq!(ints(&v), ints(&t));
            }
        }
    }
}
