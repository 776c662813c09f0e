//! Rows: reductions and sort (new storages; dims go, or stay with keepdim).

use super::Class::{Copy, Reduction};
use super::{OutMismatch, OutRule};
use super::{op, Op, FM};

pub const OPS: &[Op] = &[
    op("sum", "sum(Tensor self, *, ScalarType? dtype=None) -> Tensor\nsum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor", FM, Reduction,
        "the sum of all elements, or along dim",
        "x = torch.arange(6).view(2, 3)\nx.sum(0)").backward(&["SumBackward0", "SumBackward1"])
        .out(OutRule::ComputeIn),
    op("mean", "mean(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor\nmean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor", FM, Reduction,
        "the mean of all elements, or along dim (floating dtypes)",
        "x = torch.arange(6.0).view(2, 3)\nx.mean(1, keepdim=True)").backward(&["MeanBackward0", "MeanBackward1"])
        .out(OutRule::ComputeInFloatElseCast),
    op("prod", "prod(Tensor self, *, ScalarType? dtype=None) -> Tensor\nprod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor", FM, Reduction,
        "the product of all elements, or along dim",
        "x = torch.arange(1, 5)\nx.prod()").backward(&["ProdBackward0", "ProdBackward1"])
        .out(OutRule::ComputeIn),
    op("max", "max(Tensor self, *, Tensor(a!) out) -> Tensor\nmax.other(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor\nmax.dim(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor values, Tensor indices)", FM, Reduction,
        "the largest element; along dim: (values, indices)",
        "x = torch.tensor([[1, 5], [7, 2]])\nx.max(1)").backward(&["MaxBackward1", "MaximumBackward0", "MaxBackward0"]),
    op("min", "min(Tensor self, *, Tensor(a!) out) -> Tensor\nmin.other(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor\nmin.dim(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) min, Tensor(b!) min_indices) -> (Tensor values, Tensor indices)", FM, Reduction,
        "the smallest element; along dim: (values, indices)",
        "x = torch.tensor([[1, 5], [7, 2]])\nx.min()").backward(&["MinBackward1", "MinimumBackward0", "MinBackward0"]),
    op("argmax", "argmax(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor", FM, Reduction,
        "the index of the largest element (flattened, or along dim)",
        "x = torch.tensor([[1, 5], [7, 2]])\nx.argmax()")
        .out(OutRule::Exact(OutMismatch::OutTensor)),
    op("argmin", "argmin(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor", FM, Reduction,
        "the index of the smallest element (flattened, or along dim)",
        "x = torch.tensor([[1, 5], [7, 2]])\nx.argmin(dim=1)")
        .out(OutRule::Exact(OutMismatch::OutTensor)),
    op("std", "std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor\nstd.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor(a!) out) -> Tensor\nstd(Tensor self, bool unbiased=True) -> Tensor", FM, Reduction,
        "standard deviation (Bessel's correction by default)",
        "x = torch.tensor([1.0, 2.0, 3.0, 4.0])\nx.std()").backward(&["StdBackward0"])
        .out(OutRule::ReadInFloat),
    op("var", "var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor\nvar.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor(a!) out) -> Tensor\nvar(Tensor self, bool unbiased=True) -> Tensor", FM, Reduction,
        "variance (Bessel's correction by default)",
        "x = torch.tensor([1.0, 2.0, 3.0, 4.0])\nx.var()").backward(&["VarBackward0"])
        .out(OutRule::ReadInFloat),
    op("all", "all(Tensor self, *, Tensor(a!) out) -> Tensor\nall.dims(Tensor self, int[]? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor\nall.dim(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor", FM, Reduction,
        "are all elements non-zero (or along dim)?",
        "x = torch.tensor([1, 0, 2])\nx.all()"),
    op("any", "any(Tensor self, *, Tensor(a!) out) -> Tensor\nany.dims(Tensor self, int[]? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor\nany.dim(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor", FM, Reduction,
        "is any element non-zero (or along dim)?",
        "x = torch.tensor([0, 0, 2])\nx.any()"),
    op("sort", "sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False, Tensor(a!) values, Tensor(b!) indices) -> (Tensor values, Tensor indices)\nsort(Tensor self, int dim=-1, bool descending=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor values, Tensor indices)", FM, Copy,
        "sorted values and where they came from, along dim: (values, indices)",
        "x = torch.tensor([3, 1, 2])\nx.sort()").backward(&["SortBackward1", "SortBackward0"]),
];
