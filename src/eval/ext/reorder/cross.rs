//! `cross(other, dim=None)`: LinalgCrossBackward0 (the gradients are cross
//! products with the incoming gradient, summed back to each input's shape).

use std::rc::Rc;

use crate::engine::autograd::BackwardFn;
use crate::engine::ops::reorder_cross;
use crate::engine::Tensor;

use super::super::super::args::Args;
use super::super::super::error::{AtSpan, EvalResult};
use super::super::super::grad;
use super::super::super::interp::Interp;
use super::super::super::value::Value;
use crate::eval::registry::OpId;

const DEPRECATED: &str = "Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim explicitly or simply use torch.linalg.cross.\nThe default value of dim will change to agree with that of linalg.cross in a future release.";

pub fn cross(it: &mut Interp, t: &Rc<Tensor>, mut a: Args) -> EvalResult<Value> {
    let span = a.span;
    let other = super::super::super::methods::tensor_arg(&mut a, 0, "other")?;
    let dim = a.opt_int_or_none(1, "dim")?;
    a.finish(2)?;
    let d = reorder_cross::cross_dim(t, &other, dim).at(span)?;
    if dim.is_none() {
        it.warn(DEPRECATED, span);
    }
    let out = reorder_cross::cross(&it.ctx, t, &other, d).at(span)?;
    let (sa, sb) = (t.shape().to_vec(), other.shape().to_vec());
    let f = BackwardFn::new(move |ctx, node, g| {
        let (x, y) = (crate::engine::autograd::saved_tensor(node, 0)?, crate::engine::autograd::saved_tensor(node, 1)?);
        let ga = crate::engine::autograd::formulas::sum_to(ctx, &reorder_cross::cross(ctx, &y, g, d)?, &sa)?;
        let gb = crate::engine::autograd::formulas::sum_to(ctx, &reorder_cross::cross(ctx, g, &x, d)?, &sb)?;
        Ok(vec![Some(ga), Some(gb)])
    });
    Ok(Value::tensor(grad::record(it, OpId::Cross.node(0), &[Some(t), Some(&other)], out, f, &[t, &other])))
}
