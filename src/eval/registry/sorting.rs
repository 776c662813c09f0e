//! Rows: scans, selections, amax/amin, unique and the NaN-skipping
//! reductions (`eval/ext/sorting.rs` answers them).

use super::Class::{Copy, InPlace, Reduction};
use super::{OutMismatch, OutRule};
use super::{op, Op, FM, METHOD};

pub const OPS: &[Op] = &[
    op("cumsum", "cumsum(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor", FM, Copy,
        "running sums along dim (integers and bools sum in int64)",
        "x = torch.arange(6).view(2, 3)\nx.cumsum(1)").backward(&["CumsumBackward0"])
        .out(OutRule::ComputeIn),
    op("cumsum_", "cumsum_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)", METHOD, InPlace,
        "cumsum written into self",
        "x = torch.arange(6.).view(2, 3)\nx.cumsum_(1)"),
    op("cumprod", "cumprod(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor", FM, Copy,
        "running products along dim",
        "x = torch.tensor([1, 2, 3, 4])\nx.cumprod(0)").backward(&["CumprodBackward0"])
        .out(OutRule::ComputeIn),
    op("cumprod_", "cumprod_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)", METHOD, InPlace,
        "cumprod written into self",
        "x = torch.tensor([1., 2., 3.])\nx.cumprod_(0)"),
    op("cummax", "cummax(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor values, Tensor indices)", FM, Copy,
        "the running maximum along dim and where it was found: (values, indices)",
        "x = torch.tensor([1, 3, 2, 5, 4])\nx.cummax(0)").backward(&["CummaxBackward0"])
        .out(OutRule::Exact(OutMismatch::ScalarType)),
    op("cummin", "cummin(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor values, Tensor indices)", FM, Copy,
        "the running minimum along dim and where it was found: (values, indices)",
        "x = torch.tensor([5, 3, 4, 1, 2])\nx.cummin(0)").backward(&["CumminBackward0"])
        .out(OutRule::Exact(OutMismatch::ScalarType)),
    op("logcumsumexp", "logcumsumexp(Tensor self, int dim, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "log of the running sum of exp along dim, without overflow",
        "x = torch.tensor([0., 1., 2.])\nx.logcumsumexp(0)").backward(&["LogcumsumexpBackward0"])
        .out(OutRule::Exact(OutMismatch::ScalarType)),
    op("topk", "topk(Tensor self, SymInt k, int dim=-1, bool largest=True, bool sorted=True, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor values, Tensor indices)", FM, Copy,
        "the k largest (or smallest) values along dim and their indices",
        "x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])\nx.topk(2)")
        .fails("x = torch.tensor([1., 2.])\nx.topk(3)").backward(&["TopkBackward0"]),
    op("kthvalue", "kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor values, Tensor indices)", FM, Reduction,
        "the k-th smallest value along dim (k from 1) and its index",
        "x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])\nx.kthvalue(2, 1)").backward(&["KthvalueBackward0"])
        .out(OutRule::Exact(OutMismatch::Kthvalue)),
    op("median", "median(Tensor self) -> Tensor\nmedian.dim(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor values, Tensor indices)", FM, Reduction,
        "the lower median of all elements, or along dim with its index (NaN if any)",
        "x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])\nx.median(1)").backward(&["MedianBackward0", "MedianBackward1"])
        .out(OutRule::Exact(OutMismatch::Median)),
    op("nanmedian", "nanmedian(Tensor self) -> Tensor\nnanmedian.dim(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor values, Tensor indices)", FM, Reduction,
        "median that skips NaNs",
        "x = torch.tensor([1., float('nan'), 3., 2.])\nx.nanmedian()").backward(&["NanmedianBackward0", "NanmedianBackward1"])
        .out(OutRule::Exact(OutMismatch::Median)),
    op("mode", "mode(Tensor self, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor values, Tensor indices)", FM, Reduction,
        "the most frequent value along dim (the smallest of a tie) and its last index",
        "x = torch.tensor([1, 2, 2, 3, 3])\nx.mode()").backward(&["ModeBackward0"])
        .out(OutRule::Exact(OutMismatch::Mode)),
    op("amax", "amax(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor", FM, Reduction,
        "the maximum over dims (all when none), no indices; the gradient splits between ties",
        "x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])\nx.amax(1)").backward(&["AmaxBackward0"])
        .out(OutRule::Exact(OutMismatch::InputAndOut)),
    op("amin", "amin(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor", FM, Reduction,
        "the minimum over dims (all when none), no indices",
        "x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])\nx.amin(0)").backward(&["AminBackward0"])
        .out(OutRule::Exact(OutMismatch::InputAndOut)),
    op("aminmax", "aminmax(Tensor self, *, int? dim=None, bool keepdim=False, Tensor(a!) min, Tensor(b!) max) -> (Tensor min, Tensor max)", FM, Reduction,
        "amin and amax at once: (min, max)",
        "x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])\nx.aminmax(dim=1)").backward(&["AminmaxBackward0"]),
    op("unique", "unique(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False, int? dim=None) -> (Tensor, Tensor, Tensor)", FM, Copy,
        "the sorted distinct values; with return_inverse each element's position among them, with return_counts how often each occurs; with dim, the distinct slices along dim (sorted lexicographically, the result a view moved back to dim)",
        "x = torch.tensor([3, 1, 3, 2, 1])\nx.unique(return_counts=True)").backward(&["Unique2Backward0", "UniqueDimBackward0"]),
    op("unique_consecutive", "unique_consecutive(Tensor self, bool return_inverse=False, bool return_counts=False, int? dim=None) -> (Tensor, Tensor, Tensor)", FM, Copy,
        "collapse runs of equal values (no sorting); with dim, runs of equal slices along dim",
        "x = torch.tensor([1, 1, 2, 2, 3, 1])\nx.unique_consecutive()").backward(&["UniqueConsecutiveBackward0"]),
    op("argsort", "argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor\nargsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor", FM, Copy,
        "the indices that sort dim: sort(...).indices",
        "x = torch.tensor([3, 1, 2])\nx.argsort()"),
    op("msort", "msort(Tensor self) -> Tensor", FM, Copy,
        "sort along dim 0: sort(0).values",
        "x = torch.tensor([[3, 1], [0, 5]])\nx.msort()"),
    op("nansum", "nansum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor", FM, Reduction,
        "sum treating NaN as zero",
        "x = torch.tensor([1., float('nan'), 2.])\nx.nansum()").backward(&["NansumBackward0"])
        .out(OutRule::ComputeInFloat),
    op("nanmean", "nanmean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor", FM, Reduction,
        "mean of the elements that are not NaN",
        "x = torch.tensor([1., float('nan'), 2.])\nx.nanmean()"),
];
