//! The warnings PyTorch raises that tsr raises too, word for word (PyTorch
//! 2.15's texts, its "Triggered internally at" suffix included), and when.
//! [`Interp::warn`] collects them for the running statement; the runner
//! shows each once per location. PyTorch's `TORCH_WARN_ONCE` warnings are
//! raised once per session ([`Interp::warn_once`]).

use crate::lang::span::Span;

use super::interp::Interp;

const USER: &str = "UserWarning";

/// Reading `.grad` of a non-leaf that neither retains nor was assigned a
/// gradient (`TensorBody.h`).
pub const NON_LEAF_GRAD: &str = "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute won't be populated during autograd.backward(). If you indeed want the .grad field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more information. (Triggered internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:488.)";

/// `x.T` of a tensor of more than 2 dims (once per session).
pub const NUMPY_T_ND: &str = "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it will throw an error in a future release. Consider `x.mT` to transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4306.)";

/// `x.T` of a 0-dim tensor (once per session).
pub const NUMPY_T_0D: &str = "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4313.)";

/// `x.mT` of a 0-dim tensor (once per session); the result is `x` itself.
pub const ASARRAY_REQUIRES_GRAD: &str = "torch.asarray: unspecified requires_grad now defaults to obj.requires_grad instead of False. Pass requires_grad=False explicitly to get the old behavior and silence this warning. (Triggered internally at /__w/pytorch/pytorch/torch/csrc/utils/tensor_new.cpp:1908.)";
/// `x.mH` and `x.H` of a 0-dim tensor (identity, with this warn-once).
pub const MH_0D: &str = "Tensor.mH is deprecated on 0-D tensors. Consider using x.conj(). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4375.)";
pub const H_0D: &str = "Tensor.H is deprecated on 0-D tensors. Consider using x.conj(). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4328.)";
pub const MT_0D: &str = "Tensor.mT is deprecated on 0-D tensors. This function is the identity in these cases. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4366.)";

impl Interp {
    /// Raises a `UserWarning` about `span` of the running statement.
    pub fn warn(&mut self, message: &str, span: Span) {
        let w = crate::report::warning::WarningReport::new(USER, message, span, &self.src);
        self.warnings.push(w);
    }

    /// [`Interp::warn`] for PyTorch's `TORCH_WARN_ONCE`: once per session.
    pub fn warn_once(&mut self, message: &'static str, span: Span) {
        if !self.warned_once.contains(&message) {
            self.warned_once.push(message);
            self.warn(message, span);
        }
    }
}

/// `x.T`: PyTorch's `numpy_T` warns for other than 1 or 2 dims.
pub fn numpy_t(it: &mut Interp, ndim: usize, span: Span) {
    match ndim {
        0 => it.warn_once(NUMPY_T_0D, span),
        1 | 2 => {}
        _ => it.warn_once(NUMPY_T_ND, span),
    }
}

/// `std`/`var` (`fname`) with no degrees of freedom left: PyTorch's
/// `warn_invalid_degrees_of_freedom` (the reduction factor is the input's
/// numel divided by the output's, 0 for an empty output).
pub fn degrees_of_freedom(it: &mut Interp, fname: &str, numel_in: usize, numel_out: usize, correction: f64, span: Span) {
    let factor = numel_in.checked_div(numel_out).unwrap_or(0);
    if factor as f64 - correction <= 0.0 {
        let msg = format!(
            "{fname}(): degrees of freedom is <= 0. Correction should be strictly less than the reduction factor (input numel divided by output numel). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1927.)"
        );
        it.warn(&msg, span);
    }
}
