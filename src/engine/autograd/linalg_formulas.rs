//! Gradients of `mm`, `bmm`, `mv` and `dot`, as PyTorch's derivatives.yaml
//! computes them (`matmul` is a composite of these and views, recorded by
//! the evaluator). `mm` returns a column-major gradient for an input that
//! was column-major (`mm_mat1_backward` / `mm_mat2_backward`), so a
//! transposed leaf adopts it as it is.

use super::formulas::saved;
use super::Node;
use crate::engine::context::Context;
use crate::engine::error::Result;
use crate::engine::layout::{self, Layout};
use crate::engine::ops::elementwise::{binary, Arg, BinaryOp};
use crate::engine::ops::linalg;
use crate::engine::tensor::Tensor;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinalgOp {
    Mm,
    Bmm,
    Mv,
    Dot,
    /// `vdot`: `dot` of real tensors (conjugation is the identity), its own node.
    Vdot,
}

fn tr(x: &Tensor, d0: i64, d1: i64) -> Result<Tensor> {
    Ok(x.view_as_layout(layout::transpose(x.layout(), d0, d1)?, "transpose"))
}

/// PyTorch's test for a column-major matrix argument of `mm`.
fn column_major(l: &Layout) -> bool {
    l.stride[0] == 1 && l.stride[1] == l.shape[0]
}

/// `[grad of a, grad of b]`, each only when `need` asks for it.
pub fn apply(ctx: &Context, node: &Node, g: &Tensor, op: LinalgOp, need: [bool; 2], layouts: [&Layout; 2]) -> Result<Vec<Option<Tensor>>> {
    // Saved: a (when b needs a gradient), then b (when a does).
    let a = if need[1] { Some(saved(node, 0)?) } else { None };
    let b = if need[0] { Some(saved(node, need[1] as usize)?) } else { None };
    let ga = match &b {
        None => None,
        Some(b) => Some(match op {
            LinalgOp::Mm if column_major(layouts[0]) => tr(&linalg::mm(ctx, b, &tr(g, 0, 1)?)?, 0, 1)?,
            LinalgOp::Mm => linalg::mm(ctx, g, &tr(b, 0, 1)?)?,
            LinalgOp::Bmm => linalg::bmm(ctx, g, &tr(b, 1, 2)?)?,
            // grad.ger(vec): the outer product.
            LinalgOp::Mv => {
                let col = g.view_as_layout(layout::unsqueeze(g.layout(), 1)?, "unsqueeze");
                binary(ctx, BinaryOp::Mul, Arg::T(&col), Arg::T(b))?
            }
            LinalgOp::Dot | LinalgOp::Vdot => binary(ctx, BinaryOp::Mul, Arg::T(g), Arg::T(b))?,
        }),
    };
    let gb = match &a {
        None => None,
        Some(a) => Some(match op {
            LinalgOp::Mm if column_major(layouts[1]) => tr(&linalg::mm(ctx, &tr(g, 0, 1)?, a)?, 0, 1)?,
            LinalgOp::Mm => linalg::mm(ctx, &tr(a, 0, 1)?, g)?,
            LinalgOp::Bmm => linalg::bmm(ctx, &tr(a, 1, 2)?, g)?,
            LinalgOp::Mv => linalg::mv(ctx, &tr(a, 0, 1)?, g)?,
            LinalgOp::Dot | LinalgOp::Vdot => binary(ctx, BinaryOp::Mul, Arg::T(g), Arg::T(a))?,
        }),
    };
    Ok(vec![ga, gb])
}
