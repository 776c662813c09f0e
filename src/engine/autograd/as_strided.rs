//! `AsStridedBackward0`: PyTorch's `as_strided_backward`, which works on
//! storage positions. The gradient is scattered into a zeroed "storage"
//! tensor through the output's geometry (summed where output elements
//! share a position), divided by how many input elements share each
//! position when the input overlaps itself (an expanded input), and
//! returned as a view of that storage with the input's geometry, so its
//! strides are the input's.

use crate::engine::context::Context;
use crate::engine::error::Result;
use crate::engine::layout::{self, Layout};
use crate::engine::ops::factory;
use crate::engine::ops::reduce::{reduce, ReduceOp};
use crate::engine::scalar::Scalar;
use crate::engine::strided::StridedIndex;
use crate::engine::tensor::Tensor;

use super::index_formulas::no_internal_overlap;

/// Elements a storage needs for the geometry (its last position + 1).
fn min_storage_size(sizes: &[usize], strides: &[usize], offset: usize) -> usize {
    offset + 1 + sizes.iter().zip(strides).map(|(&n, &s)| (n - 1) * s).sum::<usize>()
}

/// The gradient of the input (geometry `input`) of `as_strided` from the
/// gradient `g` of its output (geometry `output`).
pub fn as_strided_backward(ctx: &Context, g: &Tensor, input: &Layout, output: &Layout) -> Result<Tensor> {
    let zeros = || factory::full(ctx, g.device(), &input.shape, Scalar::Int(0), g.dtype, "zeros");
    // Output geometry: no size-0 dims, size-1 dims squeezed, expanded dims summed.
    let mut grad = g.clone();
    let (mut osz, mut ost) = (vec![], vec![]);
    for i in (0..output.ndim()).rev() {
        let (n, s) = (output.shape[i], output.stride[i]);
        if n == 0 {
            return zeros();
        } else if n == 1 {
            grad = grad.view_as_layout(layout::squeeze_dims(grad.layout(), Some(&[i as i64]))?, "squeeze");
        } else if s == 0 {
            grad = reduce(ctx, ReduceOp::Sum, &grad, Some(&[i as i64]), false, 1.0, Some(grad.dtype))?.values;
        } else {
            osz.insert(0, n);
            ost.insert(0, s);
        }
    }
    // Input geometry: no size-0 dims, size-1 dims skipped.
    if input.shape.contains(&0) {
        return zeros();
    }
    let (isz, ist): (Vec<usize>, Vec<usize>) = input.shape.iter().zip(&input.stride).filter(|(n, _)| **n != 1).map(|(&n, &s)| (n, s)).unzip();
    let inp_overlap = !no_internal_overlap(&Layout { shape: isz.clone(), stride: ist.clone(), offset: 0 });
    let shared = input.offset.min(output.offset);
    let (ie, oe) = (input.offset - shared, output.offset - shared);
    let base = min_storage_size(&isz, &ist, ie).max(min_storage_size(&osz, &ost, oe));
    // Step 2: scatter through the output geometry (index_add_ where it overlaps).
    let mut acc = vec![0f64; base];
    let out_l = Layout { shape: osz, stride: ost, offset: oe };
    for (p, v) in StridedIndex::new(&out_l).zip(grad.to_scalars()) {
        if let Some(a) = acc.get_mut(p) {
            *a = Scalar::Float(*a + v.as_f64()).cast(g.dtype).as_f64();
        }
    }
    let mut writes = 1;
    // Step 3: divide by how often the input geometry reaches each position
    // (0 / 0 is nan outside the input's reach, which the result never shows).
    if inp_overlap {
        let mut count = vec![0f64; base];
        for p in StridedIndex::new(&Layout { shape: isz, stride: ist, offset: ie }) {
            if let Some(c) = count.get_mut(p) {
                *c += 1.0;
            }
        }
        for (a, c) in acc.iter_mut().zip(&count) {
            *a = Scalar::Float(*a / c).cast(g.dtype).as_f64();
        }
        writes += 1;
    }
    let vals: Vec<Scalar> = acc.into_iter().map(Scalar::Float).collect();
    let storage = Tensor::from_scalars_on(ctx, g.device(), &[base], g.dtype, &vals, "as_strided_backward")?;
    for _ in 0..writes {
        storage.storage.bump_version();
    }
    // Step 4: the input's geometry over that storage.
    Ok(storage.view_as_layout(Layout { shape: input.shape.clone(), stride: input.stride.clone(), offset: ie }, "as_strided"))
}
