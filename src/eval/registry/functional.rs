//! Rows: `torch.nn.functional` (`eval/ext/functional.rs`,
//! `functional_loss.rs`). The names carry the module (`nn.functional.NAME`),
//! so they are `torch.nn.functional.NAME` / `F.NAME` only, never `torch.NAME`.

use super::Class::{Copy, InPlace, Reduction};
use super::{op, Op, FUNCTION};

const F: u8 = FUNCTION;

pub const OPS: &[Op] = &[
    op("nn.functional.relu", "nn.functional.relu(Tensor input, bool inplace=False) -> Tensor", F, Copy,
        "max(x, 0) element-wise; inplace=True is x.relu_()",
        "x = torch.tensor([-1.0, 0.5, 2.0])\ntorch.nn.functional.relu(x)"),
    op("nn.functional.relu_", "nn.functional.relu_(Tensor(a!) self) -> Tensor(a!)", F, InPlace,
        "relu in place, into input's storage",
        "x = torch.tensor([-1.0, 0.5, 2.0])\ntorch.nn.functional.relu_(x)"),
    op("nn.functional.gelu", "nn.functional.gelu(Tensor self, *, str approximate='none') -> Tensor", F, Copy,
        "x·Φ(x) element-wise (approximate='tanh': PyTorch's tanh formula); GeluBackward0",
        "x = torch.tensor([-1.0, 0.0, 1.5])\ntorch.nn.functional.gelu(x, approximate='tanh')")
        .notes("Floating inputs only (PyTorch's \"GeluKernelImpl\" message for others). The result is laid out as an element-wise op's: a transposed input gives a transposed result.")
        .fails("x = torch.tensor([1.0])\ntorch.nn.functional.gelu(x, approximate='erf')").backward(&["GeluBackward0"]),
    op("nn.functional.silu", "nn.functional.silu(Tensor input, bool inplace=False) -> Tensor", F, Copy,
        "x·sigmoid(x) element-wise; SiluBackward0",
        "x = torch.tensor([-1.0, 0.0, 1.5])\ntorch.nn.functional.silu(x)").backward(&["SiluBackward0"]),
    op("nn.functional.softmax", "nn.functional.softmax(Tensor input, int? dim=None, int _stacklevel=3, ScalarType? dtype=None) -> Tensor", F, Copy,
        "x.softmax(dim, dtype=dtype); no dim warns and picks PyTorch's legacy dim",
        "x = torch.tensor([[1.0, 2.0], [3.0, 5.0]])\ntorch.nn.functional.softmax(x, dim=1)"),
    op("nn.functional.log_softmax", "nn.functional.log_softmax(Tensor input, int? dim=None, int _stacklevel=3, ScalarType? dtype=None) -> Tensor", F, Copy,
        "x.log_softmax(dim, dtype=dtype); no dim warns and picks PyTorch's legacy dim",
        "x = torch.tensor([[1.0, 2.0], [3.0, 5.0]])\ntorch.nn.functional.log_softmax(x, 0)"),
    op("nn.functional.one_hot", "nn.functional.one_hot(Tensor self, int num_classes=-1) -> Tensor", F, Copy,
        "int64 zeros of shape self.shape + (num_classes,) with a 1 at each index (-1: max + 1)",
        "x = torch.tensor([0, 2, 1])\ntorch.nn.functional.one_hot(x)")
        .fails("x = torch.tensor([0, 3])\ntorch.nn.functional.one_hot(x, 3)"),
    op("nn.functional.pad", "nn.functional.pad(Tensor self, SymInt[] pad, str mode=\"constant\", float? value=None) -> Tensor", F, Copy,
        "pads the last len(pad)/2 dims, (left, right) pairs from the last dim: constant (value=), reflect, replicate, circular",
        "x = torch.arange(6.0).view(2, 3)\ntorch.nn.functional.pad(x, (1, 2), mode='reflect')")
        .notes("Negative pads crop. constant, reflect and replicate allocate in the input's suggested memory format (a channels_last input gives a channels_last result), circular a contiguous tensor. Nodes: ConstantPadNdBackward0, ReflectionPad{1,2,3}DBackward0, ReplicationPad{1,2,3}DBackward0, and CopySlices for circular (PyTorch writes its slices in place; tsr records one node with the whole gradient).")
        .fails("x = torch.arange(6.0).view(2, 3)\ntorch.nn.functional.pad(x, (3, 3), mode='reflect')").backward(&["ConstantPadNdBackward0", "ReflectionPad1DBackward0", "ReflectionPad2DBackward0", "ReflectionPad3DBackward0", "ReplicationPad1DBackward0", "ReplicationPad2DBackward0", "ReplicationPad3DBackward0"]),
    op("nn.functional.normalize", "nn.functional.normalize(Tensor input, float p=2.0, int dim=1, float eps=1e-12, Tensor? out=None) -> Tensor", F, Copy,
        "input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input), PyTorch's nodes",
        "x = torch.tensor([[3.0, 4.0], [1.0, 0.0]])\ntorch.nn.functional.normalize(x, dim=1)"),
    op("nn.functional.linear", "nn.functional.linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor", F, Copy,
        "input @ weight.t() + bias, on ATen's paths: addmm, flatten-addmm-view, or matmul then add",
        "x = torch.ones(2, 3)\ntorch.nn.functional.linear(x, torch.arange(6.0).view(2, 3), torch.tensor([0.5, -0.5]))"),
    op("nn.functional.mse_loss", "nn.functional.mse_loss(Tensor input, Tensor target, bool? size_average=None, bool? reduce=None, str reduction='mean', Tensor? weight=None) -> Tensor", F, Reduction,
        "mean (or sum, or none) of (input - target)²; MseLossBackward0",
        "x = torch.tensor([1.0, 2.0, 4.0])\ntorch.nn.functional.mse_loss(x, torch.zeros(3), reduction='sum')")
        .notes("A target of another shape warns and broadcasts, as PyTorch. weight= (the input's shape) is F's Python composite: sub, pow, mul, then sum (divided by the weights' sum for mean).").backward(&["MseLossBackward0"]),
    op("nn.functional.nll_loss", "nn.functional.nll_loss(Tensor input, Tensor target, Tensor? weight=None, bool? size_average=None, int ignore_index=-100, bool? reduce=None, str reduction='mean') -> Tensor", F, Reduction,
        "-input[i, target[i]]·weight[target[i]], averaged by the weights (or summed, or none)",
        "x = torch.tensor([[-0.5, -1.0], [-2.0, -0.1]])\ntorch.nn.functional.nll_loss(x, torch.tensor([0, 1]))").backward(&["NllLossBackward0", "NllLoss2DBackward0"]),
    op("nn.functional.cross_entropy", "nn.functional.cross_entropy(Tensor input, Tensor target, Tensor? weight=None, bool? size_average=None, int ignore_index=-100, bool? reduce=None, str reduction='mean', float label_smoothing=0.0) -> Tensor", F, Reduction,
        "log_softmax over dim 1 then nll_loss (class indices) or -(log_softmax·target) (class probabilities)",
        "x = torch.tensor([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])\ntorch.nn.functional.cross_entropy(x, torch.tensor([1, 2]))")
        .notes("Class-index targets give NllLossBackward0 over LogSoftmaxBackward0 (NllLoss2DBackward0 for more than 2 dims); probability targets (the input's shape, floating) PyTorch's sum/neg/div chain; label_smoothing blends the two as ATen does.")
        .fails("x = torch.tensor([[1.0, 2.0, 0.5]])\ntorch.nn.functional.cross_entropy(x, torch.tensor([3]))"),
    op("nn.functional.sigmoid", "nn.functional.sigmoid(Tensor input) -> Tensor", F, Copy,
        "input.sigmoid() (F's Python wrapper)",
        "x = torch.tensor([-1.0, 0.0, 2.0])\ntorch.nn.functional.sigmoid(x)"),
    op("nn.functional.tanh", "nn.functional.tanh(Tensor input) -> Tensor", F, Copy,
        "input.tanh() (F's Python wrapper)",
        "x = torch.tensor([-1.0, 0.0, 2.0])\ntorch.nn.functional.tanh(x)"),
];
