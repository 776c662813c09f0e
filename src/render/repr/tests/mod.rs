//! PyTorch repr cases; expected strings produced by torch 2.15. The sources
//! and `check` live here; the cases are grouped by concept in the submodules.
use super::*;
use std::cell::Cell;

/// Small Vec-backed source.
struct VecSrc {
    shape: Vec<usize>,
    kind: ReprKind,
    f: Vec<f64>,
    i: Vec<i64>,
    b: Vec<bool>,
}

impl VecSrc {
    fn f(shape: &[usize], v: &[f64]) -> Self {
        VecSrc {
            shape: shape.to_vec(),
            kind: ReprKind::Float,
            f: v.to_vec(),
            i: vec![],
            b: vec![],
        }
    }
    fn i(shape: &[usize], v: &[i64]) -> Self {
        VecSrc {
            shape: shape.to_vec(),
            kind: ReprKind::Int,
            f: vec![],
            i: v.to_vec(),
            b: vec![],
        }
    }
    fn b(shape: &[usize], v: &[bool]) -> Self {
        VecSrc {
            shape: shape.to_vec(),
            kind: ReprKind::Bool,
            f: vec![],
            i: vec![],
            b: v.to_vec(),
        }
    }
}

impl ReprSource for VecSrc {
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn kind(&self) -> ReprKind {
        self.kind
    }
    fn get_f64(&self, flat: usize) -> f64 {
        self.f[flat]
    }
    fn get_i64(&self, flat: usize) -> i64 {
        self.i[flat]
    }
    fn get_bool(&self, flat: usize) -> bool {
        self.b[flat]
    }
}

/// Source computing each element from its flat index; counts reads.
struct LazySrc {
    shape: Vec<usize>,
    kind: ReprKind,
    f: Option<fn(usize) -> f64>,
    i: Option<fn(usize) -> i64>,
    reads: Cell<usize>,
}

impl LazySrc {
    fn float(shape: &[usize], f: fn(usize) -> f64) -> Self {
        LazySrc {
            shape: shape.to_vec(),
            kind: ReprKind::Float,
            f: Some(f),
            i: None,
            reads: Cell::new(0),
        }
    }
    fn int(shape: &[usize], i: fn(usize) -> i64) -> Self {
        LazySrc {
            shape: shape.to_vec(),
            kind: ReprKind::Int,
            f: None,
            i: Some(i),
            reads: Cell::new(0),
        }
    }
    fn numel(&self) -> usize {
        self.shape.iter().fold(1usize, |a, &d| a.saturating_mul(d))
    }
    fn read(&self, flat: usize) {
        assert!(flat < self.numel(), "read out of range: {flat}");
        self.reads.set(self.reads.get() + 1);
    }
}

impl ReprSource for LazySrc {
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn kind(&self) -> ReprKind {
        self.kind
    }
    fn get_f64(&self, flat: usize) -> f64 {
        self.read(flat);
        self.f.map_or(0.0, |f| f(flat))
    }
    fn get_i64(&self, flat: usize) -> i64 {
        self.read(flat);
        self.i.map_or(0, |i| i(flat))
    }
    fn get_bool(&self, flat: usize) -> bool {
        self.read(flat);
        false
    }
}

fn check(src: &dyn ReprSource, suffixes: &[&str], opts: &PrintOptions, expected: &str) {
    let suffixes: Vec<String> = suffixes.iter().map(|s| s.to_string()).collect();
    assert_eq!(tensor_repr(src, &suffixes, opts), expected);
}

mod values;
mod shapes;
mod options;
mod robustness;
