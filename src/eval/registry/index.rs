//! Rows: gather, scatter, mask and search ops (the index family,
//! `eval/ext/index.rs`): every result is a new storage, apart from the
//! in-place `_` forms.

use super::Class::{Copy, InPlace, Reduction};
use super::{op, Op, FM, METHOD};

pub const OPS: &[Op] = &[
    op("gather", "gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor", FM, Copy,
        "out[i][j] = self[i][index[i][j]] along dim: index's shape, a new contiguous storage",
        "x = torch.arange(6.).view(2, 3)\nx.gather(1, torch.tensor([[2, 0], [1, 1]]))")
        .notes("index has self's number of dims and, apart from dim, sizes no larger than self's; the result always has index's shape and contiguous strides, whatever self's strides are.")
        .fails("x = torch.arange(6.).view(2, 3)\nx.gather(1, torch.tensor([0, 1]))"),
    op("index_select", "index_select(Tensor self, int dim, Tensor index) -> Tensor", FM, Copy,
        "the entries index (a 1-D long/int tensor) names along dim, copied into a new contiguous storage",
        "x = torch.arange(6.).view(2, 3)\nx.index_select(1, torch.tensor([2, 0]))")
        .notes("Unlike x[:, idx], index_select takes no negative indices and always returns contiguous strides.")
        .fails("x = torch.arange(6.).view(2, 3)\nx.index_select(0, torch.tensor([2]))"),
    op("take", "take(Tensor self, Tensor index) -> Tensor", FM, Copy,
        "self read as a flat row-major tensor at index's values: index's shape",
        "x = torch.arange(6.).view(2, 3).t()\nx.take(torch.tensor([[0, 5], [1, 2]]))")
        .notes("The flat positions are logical (row-major over self's shape), not storage offsets: a transposed self reads in its own order."),
    op("take_along_dim", "take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor", FM, Copy,
        "gather after broadcasting self and indices apart from dim (NumPy's take_along_axis); no dim: take of the flattened self",
        "x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])\nx.take_along_dim(torch.tensor([[1, 2, 0], [0, 2, 1]]), 1)"),
    op("masked_select", "masked_select(Tensor self, Tensor mask) -> Tensor", FM, Copy,
        "the elements where the bool mask (broadcast with self) is True, as a new 1-D tensor",
        "x = torch.arange(6.).view(2, 3)\nx.masked_select(x > 2)")
        .fails("x = torch.arange(6.).view(2, 3)\nx.masked_select(x)"),
    op("masked_fill", "masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor\nmasked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor", FM, Copy,
        "a contiguous copy of self (broadcast with mask) with value where mask is True",
        "x = torch.arange(6.).view(2, 3)\nx.masked_fill(x > 2, -1.)")
        .fails("x = torch.arange(6.).view(2, 3)\nx.masked_fill(x, 0)"),
    op("masked_fill_", "masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)\nmasked_fill_.Tensor(Tensor(a!) self, Tensor mask, Tensor value) -> Tensor(a!)", METHOD, InPlace,
        "write value into self where mask (broadcast to self's shape) is True",
        "x = torch.arange(6.).view(2, 3)\nx.masked_fill_(torch.tensor([True, False, True]), 0.)"),
    op("nonzero", "nonzero(Tensor self) -> Tensor", FM, Copy,
        "the indices of the nonzero elements, shape (n, ndim) with strides (1, n); as_tuple=True gives one index tensor per dim",
        "x = torch.tensor([[0, 1], [2, 0]])\nx.nonzero()")
        .notes("The result is column-major: each column (one dim's indices) is contiguous, so nonzero(as_tuple=True)'s tensors are views of one storage."),
    op("argwhere", "argwhere(Tensor self) -> Tensor", FM, Copy,
        "nonzero(): the (n, ndim) indices of the nonzero elements",
        "x = torch.tensor([[0, 1], [2, 0]])\nx.argwhere()"),
    op("count_nonzero", "count_nonzero.dim_IntList(Tensor self, int[] dim) -> Tensor\ncount_nonzero(Tensor self, int? dim=None) -> Tensor", FM, Reduction,
        "how many elements are nonzero, over all elements or the given dims (int64)",
        "x = torch.tensor([[0, 1], [2, 3]])\nx.count_nonzero(dim=0)"),
];
