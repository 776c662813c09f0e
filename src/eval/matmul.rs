//! `matmul` / `@` as PyTorch's composite `_matmul_impl`
//! (aten/src/ATen/native/LinearAlgebra.cpp): the same branch for the same
//! ranks, strides and `requires_grad`, built from recorded ops, so the
//! result's strides, `grad_fn`, `next_functions` and `graph` are PyTorch's:
//!
//! - 1-D @ 1-D: `dot`; 2-D @ 1-D: `mv`; 2-D @ 2-D: `mm`;
//! - 1-D @ 2-D: `a.unsqueeze(0).mm(b).squeeze_(0)` (`SqueezeBackward4`);
//! - one side ≥ 3-D and the other ≤ 2-D, when `should_fold`: the larger one
//!   (transposed when it is on the right) is reshaped to a matrix and goes
//!   through `mm`/`mv`, then `_unsafe_view` back (and `mT().contiguous()`);
//! - otherwise both are expanded to the broadcast batch, reshaped to 3-D,
//!   multiplied by `bmm` and `_unsafe_view`ed back (3-D @ 3-D with a batch
//!   of 1 that requires grad squeezes it first).
//!
//! `mm`, `bmm`, `mv`, `dot` are one node each.

use crate::engine::autograd::linalg_formulas::LinalgOp;
use crate::engine::autograd::Formula;
use crate::engine::error::{EngineError, Result};
use crate::engine::layout::{self, Layout};
use crate::engine::ops::iter_layout::broadcast_shapes;
use crate::engine::ops::shape::{self, ReshapeOutcome};
use crate::engine::ops::{copy, linalg};
use crate::engine::tensor::Step;
use crate::engine::Tensor;

use super::grad::{record, record_view};
use super::interp::Interp;
use super::registry::{nodes, OpId};

/// `a.<method>(b)` for `matmul`, `mm`, `bmm`, `mv`, `dot` (and `a @ b`).
pub fn call(it: &Interp, method: &str, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    let ops = Ops { it };
    let out = match method {
        "mm" => ops.linalg(LinalgOp::Mm, a, b)?,
        "bmm" => ops.linalg(LinalgOp::Bmm, a, b)?,
        "mv" => ops.linalg(LinalgOp::Mv, a, b)?,
        "dot" => ops.linalg(LinalgOp::Dot, a, b)?,
        "vdot" => ops.linalg(LinalgOp::Vdot, a, b)?,
        _ => ops.matmul(a, b)?,
    };
    Ok(fresh_lineage(out, if method == "mv" { "matmul" } else { method }))
}

/// The result's history starts at the product (the intermediate views and
/// folds are PyTorch's internals, not the user's steps).
fn fresh_lineage(mut t: Tensor, op: &str) -> Tensor {
    t.lineage = std::cell::RefCell::new(Some(std::rc::Rc::new(Step {
        op: op.to_string(),
        before: None,
        after: t.layout().clone(),
        storage: t.storage.id,
        copied: true,
        prev: None,
    })));
    t
}

/// Ops that record their node as PyTorch's would.
struct Ops<'a> {
    it: &'a Interp,
}

impl Ops<'_> {
    fn matmul(&self, a: &Tensor, b: &Tensor) -> Result<Tensor> {
        let (da, db) = (a.ndim(), b.ndim());
        if da == 0 || db == 0 {
            return Err(EngineError::runtime(format!(
                "both arguments to matmul need to be at least 1D, but they are {da}D and {db}D"
            )));
        }
        match (da, db) {
            (1, 1) => self.linalg(LinalgOp::Dot, a, b),
            (2, 1) => self.linalg(LinalgOp::Mv, a, b),
            (1, 2) => {
                let m = self.linalg(LinalgOp::Mm, &self.unsqueeze(a, 0)?, b)?;
                // squeeze_(0): in place, so the result is version 1.
                m.storage.bump_version();
                let out = m.view_as_layout(layout::squeeze_dims(m.layout(), Some(&[0]))?, "squeeze_");
                let f = Formula::ViewGrad(crate::engine::autograd::view_formulas::ViewGrad::Unsqueeze { dims: vec![0] });
                Ok(record(self.it, OpId::Squeeze_.node(1), &[Some(&m)], out, f, &[]))
            }
            (2, 2) => self.linalg(LinalgOp::Mm, a, b),
            _ if should_fold(a, b) => self.folded(a, b),
            _ => self.batched(a, b),
        }
    }

    /// The larger operand folded into a matrix, through `mm` or `mv`.
    fn folded(&self, a: &Tensor, b: &Tensor) -> Result<Tensor> {
        let (da, db) = (a.ndim(), b.ndim());
        let transpose = db > da;
        let t1 = if transpose { self.transpose(b, -2, -1, OpId::Transpose.node(0))? } else { a.clone() };
        let t2 = if !transpose {
            b.clone()
        } else if da == 2 {
            self.transpose(a, 0, 1, OpId::T.node(0))?
        } else {
            a.clone()
        };
        let sizes = t1.shape();
        let mut output_shape: Vec<usize> = sizes[..sizes.len() - 1].to_vec();
        let folded: usize = output_shape.iter().product();
        let last = *sizes.last().unwrap_or(&1);
        let t2_matrix = t2.ndim() == 2;
        if t2_matrix {
            output_shape.push(t2.shape()[1]);
        }
        let t1_folded = self.reshape(&t1, &[folded, last])?;
        if t2_matrix {
            let output = self.unsafe_view(&self.linalg(LinalgOp::Mm, &t1_folded, &t2)?, &output_shape)?;
            if transpose {
                let o = self.transpose(&output, -2, -1, OpId::Transpose.node(0))?;
                return self.contiguous(&o);
            }
            Ok(output)
        } else {
            self.unsafe_view(&self.linalg(LinalgOp::Mv, &t1_folded, &t2)?, &output_shape)
        }
    }

    /// Both operands expanded to the broadcast batch and multiplied by `bmm`.
    fn batched(&self, a: &Tensor, b: &Tensor) -> Result<Tensor> {
        let (da, db) = (a.ndim(), b.ndim());
        let (sa, sb) = (a.shape(), b.shape());
        let n = if da > 1 { sa[da - 2] } else { 1 };
        let m1 = sa[da - 1];
        let batch1 = &sa[..da.saturating_sub(2)];
        let m2 = if db > 1 { sb[db - 2] } else { sb[0] };
        let p = if db > 1 { sb[db - 1] } else { 1 };
        let batch2 = &sb[..db.saturating_sub(2)];
        if da == 3 && db == 3 && batch1[0] != batch2[0] {
            if batch1[0] == 1 && a.requires_grad() {
                return self.matmul(&self.squeeze(a, 0)?, b);
            }
            if batch2[0] == 1 && b.requires_grad() {
                return self.matmul(a, &self.squeeze(b, 0)?);
            }
        }
        let mut output_shape = broadcast_shapes(batch1, batch2)?;
        let ebp: usize = output_shape.iter().product();
        let a_expanded = self.expand(a, &[output_shape.clone(), vec![n, m1]].concat())?;
        let a3 = self.reshape(&a_expanded, &[ebp, n, m1])?;
        let vector_rhs = db == 1;
        let b_size = if vector_rhs { vec![m2] } else { vec![m2, p] };
        let b_expanded = self.expand(b, &[output_shape.clone(), b_size].concat())?;
        let b3 = if vector_rhs {
            self.unsqueeze(&self.reshape(&b_expanded, &[ebp, m2])?, 2)?
        } else {
            self.reshape(&b_expanded, &[ebp, m2, p])?
        };
        if da > 1 {
            output_shape.push(n);
        }
        if db > 1 {
            output_shape.push(p);
        }
        let mut r = self.linalg(LinalgOp::Bmm, &a3, &b3)?;
        if vector_rhs {
            r = self.squeeze(&r, -1)?;
        }
        self.unsafe_view(&r, &output_shape)
    }

    /// `mm`, `bmm`, `mv`, `dot`: the engine op and its node.
    fn linalg(&self, op: LinalgOp, a: &Tensor, b: &Tensor) -> Result<Tensor> {
        let ctx = &self.it.ctx;
        let out = match op {
            LinalgOp::Mm => linalg::mm(ctx, a, b)?,
            LinalgOp::Bmm => linalg::bmm(ctx, a, b)?,
            LinalgOp::Mv => linalg::mv(ctx, a, b)?,
            LinalgOp::Dot | LinalgOp::Vdot => linalg::dot(ctx, a, b)?,
        };
        let need = [a.requires_grad(), b.requires_grad()];
        // PyTorch saves only what the wanted gradients read: a for b's, b for a's.
        let saved: Vec<&Tensor> = [(need[1], a), (need[0], b)].into_iter().filter(|(n, _)| *n).map(|(_, t)| t).collect();
        let f = Formula::Linalg { op, need, a: a.layout().clone(), b: b.layout().clone() };
        Ok(record(self.it, linalg_node(op), &[Some(a), Some(b)], out, f, &saved))
    }

    fn view(&self, name: &str, t: &Tensor, l: Layout, op: &str) -> Tensor {
        record_view(self.it, name, t, t.view_as_layout(l, op))
    }

    fn unsqueeze(&self, t: &Tensor, d: i64) -> Result<Tensor> {
        Ok(self.view(OpId::Unsqueeze.node(0), t, layout::unsqueeze(t.layout(), d)?, "unsqueeze"))
    }

    /// `squeeze(dim)`.
    fn squeeze(&self, t: &Tensor, d: i64) -> Result<Tensor> {
        Ok(self.view(OpId::Squeeze.node(1), t, layout::squeeze_dims(t.layout(), Some(&[d]))?, "squeeze"))
    }

    fn transpose(&self, t: &Tensor, d0: i64, d1: i64, name: &str) -> Result<Tensor> {
        Ok(self.view(name, t, layout::transpose(t.layout(), d0, d1)?, "transpose"))
    }

    fn expand(&self, t: &Tensor, sizes: &[usize]) -> Result<Tensor> {
        let s: Vec<i64> = sizes.iter().map(|&d| d as i64).collect();
        Ok(self.view(OpId::Expand.node(0), t, layout::expand(t.layout(), &s, t.dtype.legacy_name())?, "expand"))
    }

    /// `reshape`: `view` of a contiguous tensor, `_reshape_alias` of a
    /// viewable one, else `clone` then `_unsafe_view`.
    fn reshape(&self, t: &Tensor, sizes: &[usize]) -> Result<Tensor> {
        let s: Vec<i64> = sizes.iter().map(|&d| d as i64).collect();
        let (r, how) = shape::reshape(&self.it.ctx, t, &s, "reshape")?;
        Ok(match how {
            ReshapeOutcome::ViewOfContiguous => record_view(self.it, OpId::View.node(0), t, r),
            ReshapeOutcome::ViewByStrides => record_view(self.it, nodes::RESHAPE_ALIAS, t, r),
            ReshapeOutcome::Copied => {
                let mut mid = r.clone();
                mid.relayout(Layout::contiguous(t.shape()));
                let mid = record(self.it, OpId::Clone.node(0), &[Some(t)], mid, Formula::Identity, &[]);
                record(self.it, nodes::UNSAFE_VIEW, &[Some(&mid)], r, Formula::Reshape { shape: t.shape().to_vec() }, &[])
            }
        })
    }

    /// `_unsafe_view`: a reshape of a fresh result that is not a view.
    fn unsafe_view(&self, t: &Tensor, sizes: &[usize]) -> Result<Tensor> {
        let s: Vec<i64> = sizes.iter().map(|&d| d as i64).collect();
        let out = t.view_as_layout(layout::view(t.layout(), &s)?, "_unsafe_view");
        Ok(record(self.it, nodes::UNSAFE_VIEW, &[Some(t)], out, Formula::Reshape { shape: t.shape().to_vec() }, &[]))
    }

    fn contiguous(&self, t: &Tensor) -> Result<Tensor> {
        match copy::contiguous(&self.it.ctx, t)? {
            None => Ok(t.clone()),
            Some(c) => Ok(record(self.it, OpId::Clone.node(0), &[Some(t)], c, Formula::Identity, &[])),
        }
    }
}

/// PyTorch's `should_fold`: fold the ≥ 3-D operand into a matrix (no
/// `bmm`) when the other is ≤ 2-D and either the other requires grad or
/// the fold needs no copy.
/// The node of a matrix product (its row's).
fn linalg_node(op: LinalgOp) -> &'static str {
    match op {
        LinalgOp::Mm => OpId::Mm.node(0),
        LinalgOp::Bmm => OpId::Bmm.node(0),
        LinalgOp::Mv => OpId::Mv.node(0),
        LinalgOp::Dot => OpId::Dot.node(0),
        LinalgOp::Vdot => OpId::Vdot.node(0),
    }
}

fn should_fold(a: &Tensor, b: &Tensor) -> bool {
    let a_larger = a.ndim() >= b.ndim();
    let t1 = if a_larger { a.layout().clone() } else { layout::transpose(b.layout(), -2, -1).unwrap_or_else(|_| b.layout().clone()) };
    let dim_t2 = if a_larger { b.ndim() } else { a.ndim() };
    if !(t1.ndim() >= 3 && dim_t2 <= 2) {
        return false;
    }
    if (if a_larger { b } else { a }).requires_grad() {
        return true;
    }
    if a.ndim() == 2 {
        return false;
    }
    if t1.numel() == 0 {
        return true;
    }
    // PyTorch 2.15 folds whenever the fold is a view (size-1 dims do not
    // count), as `t1.reshape(-1, t1.size(-1))` would be.
    let last = t1.shape[t1.ndim() - 1];
    layout::compute_stride(&t1.shape, &t1.stride, &[t1.numel() / last, last]).is_some()
}
