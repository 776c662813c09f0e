//! Rows: random ops on PyTorch's CPU generator (`eval/ext/random.rs`).

use super::Class::{Copy, Factory, InPlace};
use super::{op, Op, FM, FUNCTION as F, METHOD};

pub const OPS: &[Op] = &[
    op("randperm", "randperm(SymInt n, *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor\nrandperm.generator(SymInt n, *, Generator? generator, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor", F, Factory,
        "a random permutation of 0..n-1 (PyTorch's draws under manual_seed)",
        "torch.manual_seed(0)\ntorch.randperm(6)"),
    op("normal", "normal.Tensor_Tensor(Tensor mean, Tensor std, *, Generator? generator=None, Tensor(a!) out) -> Tensor\nnormal.Tensor_float(Tensor mean, float std=1, *, Generator? generator=None, Tensor(a!) out) -> Tensor\nnormal.float_Tensor(float mean, Tensor std, *, Generator? generator=None, Tensor(a!) out) -> Tensor\nnormal.float_float(float mean, float std, SymInt[] size, *, Generator? generator=None, Tensor(a!) out, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool pin_memory=False, bool requires_grad=False) -> Tensor", F, Factory,
        "normal draws: of mean and std given as tensors (broadcast, a new contiguous tensor) or as floats with a size (PyTorch's draws under manual_seed); out= draws in out's dtype, in place",
        "torch.manual_seed(0)\ntorch.normal(torch.arange(4.), 0.5)").backward(&["NormalBackward3", "NormalBackward1", "NormalBackward2"]),
    op("uniform_", "uniform_(Tensor(a!) self, float from=0, float to=1, *, Generator? generator=None) -> Tensor(a!)", METHOD, InPlace,
        "fill self with uniform draws from [from, to)",
        "torch.manual_seed(0)\nx = torch.empty(4)\nx.uniform_(-1, 1)"),
    op("normal_", "normal_(Tensor(a!) self, float mean=0, float std=1, *, Generator? generator=None) -> Tensor(a!)", METHOD, InPlace,
        "fill self with normal draws of the given mean and std",
        "torch.manual_seed(0)\nx = torch.empty(4)\nx.normal_(10, 2)"),
    op("bernoulli", "bernoulli(Tensor self, *, Generator? generator=None) -> Tensor\nbernoulli.p(Tensor self, float p, *, Generator? generator=None) -> Tensor", FM, Copy,
        "1 with probability self (per element), else 0; a new storage",
        "torch.manual_seed(0)\nx = torch.tensor([0.1, 0.5, 0.9])\nx.bernoulli()")
        .notes("With a float p (x.bernoulli(0.5), x.bernoulli_(0.5)) PyTorch's CPU kernel draws from MKL's own stream, which tsr does not reproduce, so it refuses; give the probabilities as a tensor (torch.full_like(x, 0.5)) for PyTorch's numbers.").backward(&["BernoulliBackward0"]),
    op("bernoulli_", "bernoulli_.Tensor(Tensor(a!) self, Tensor p, *, Generator? generator=None) -> Tensor(a!)\nbernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> Tensor(a!)", METHOD, InPlace,
        "fill self with 1 where a draw falls below p (a tensor broadcast to self), else 0",
        "torch.manual_seed(0)\nx = torch.empty(3)\nx.bernoulli_(torch.tensor([0.1, 0.5, 0.9]))"),
    op("multinomial", "multinomial(Tensor self, SymInt num_samples, bool replacement=False, *, Generator? generator=None, Tensor(a!) out) -> Tensor", FM, Copy,
        "num_samples category indices drawn from each row's probabilities (int64)",
        "torch.manual_seed(0)\nx = torch.tensor([0.1, 0.2, 0.7])\nx.multinomial(4, replacement=True)")
        .notes("Without replacement PyTorch samples through exponential_, which its CPU build draws from MKL's own stream; tsr refuses that form rather than print other numbers."),
];
