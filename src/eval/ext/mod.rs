//! Op families built on the registry: each module answers the torch
//! functions and tensor methods it lists (`Family`), and `builtins.rs` /
//! `methods.rs` hand it the names they do not know. A family's names need
//! registry rows like any other (`tests/registry.rs` checks both ways).
//! A method family also answers the function form `torch.NAME(x, ...)`
//! (the builtins pass the first argument as the tensor).

pub mod blas;
pub mod header;
pub mod contract;
pub mod misc;
pub mod random;
pub mod sorting;
pub mod scan_grads;
pub mod index;
pub mod index_embed;
pub mod index_scatter;
pub mod index_search;
pub mod reorder;

use std::rc::Rc;

use crate::engine::Tensor;
use crate::lang::span::Span;

use super::args::Args;
use super::error::EvalResult;
use super::interp::Interp;
use super::value::Value;
use super::registry::OpId;

pub mod bitwise;
pub mod math;
pub mod math_more;
pub mod softmax;
pub mod functional;
pub mod inplace;
pub mod functional_loss;

/// `torch.NAME(args)` for a function that is not a tensor method's form.
pub type FunctionFn = fn(&mut Interp, OpId, Args, &str) -> EvalResult<Value>;
/// `x.NAME(args)` (and `torch.NAME(x, args)`); `nspan` is the name's span.
pub type MethodFn = fn(&mut Interp, &Rc<Tensor>, OpId, Args, Span, &str) -> EvalResult<Value>;

pub struct Family {
    /// Torch functions that are not method forms (`meshgrid`, `broadcast_shapes`).
    pub functions: &'static [OpId],
    /// Tensor methods (their function forms come with them).
    pub methods: &'static [OpId],
    pub function: FunctionFn,
    pub method: MethodFn,
}

/// Every family.
pub const FAMILIES: &[&Family] = &[
    &sorting::FAMILY,
    &random::FAMILY,
    &contract::FAMILY,
    &misc::FAMILY,
    &blas::FAMILY,
    &math::FAMILY,
    &math_more::FAMILY,
    &bitwise::FAMILY,
    &softmax::FAMILY,
    &index::FAMILY,
    &reorder::FAMILY,
    &header::FAMILY,
    &functional::FAMILY,
    &inplace::FAMILY,
];

/// The family answering the torch function `name`, if any.
pub fn function_family(id: OpId) -> Option<&'static Family> {
    FAMILIES.iter().copied().find(|f| f.functions.contains(&id))
}

/// The family answering the tensor method `name`, if any.
pub fn method_family(id: OpId) -> Option<&'static Family> {
    FAMILIES.iter().copied().find(|f| f.methods.contains(&id))
}

/// A `FunctionFn` for families with no plain functions.
pub fn no_function(_: &mut Interp, name: OpId, a: Args, _: &str) -> EvalResult<Value> {
    Err(a.err(format!("internal: {name} is not a function of this family")))
}

/// A `MethodFn` for families with no methods.
pub fn no_method(_: &mut Interp, _: &Rc<Tensor>, name: OpId, a: Args, _: Span, _: &str) -> EvalResult<Value> {
    Err(a.err(format!("internal: {name} is not a method of this family")))
}
