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
    op("scatter", "scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor\nscatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor\nscatter.reduce(Tensor self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor\nscatter.value_reduce(Tensor self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor", FM, Copy,
        "a contiguous copy of self with self[i][index[i][j]] = src[i][j] along dim (or a value)",
        "x = torch.zeros(2, 3)\nx.scatter(1, torch.tensor([[2], [0]]), torch.tensor([[1.], [2.]]))")
        .notes("The inverse of gather. Repeated indices write the same place more than once; which write wins is unspecified in PyTorch (tsr: the last). reduce='add'/'multiply' is deprecated: use scatter_reduce.")
        .fails("x = torch.zeros(2, 3)\nx.scatter(1, torch.tensor([[5]]), 1.)"),
    op("scatter_", "scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)\nscatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)\nscatter_.reduce(Tensor(a!) self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor(a!)\nscatter_.value_reduce(Tensor(a!) self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor(a!)", METHOD, InPlace,
        "scatter into self's storage",
        "x = torch.zeros(2, 3)\nx.scatter_(0, torch.tensor([[1, 0, 1]]), 7.)"),
    op("scatter_add", "scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor", FM, Copy,
        "a contiguous copy of self with src added at the index positions along dim (repeats add up)",
        "x = torch.zeros(2, 3)\nx.scatter_add(1, torch.tensor([[0, 0], [2, 2]]), torch.ones(2, 2))"),
    op("scatter_add_", "scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)", METHOD, InPlace,
        "scatter_add into self's storage",
        "x = torch.zeros(2, 3)\nx.scatter_add_(1, torch.tensor([[0, 0], [2, 2]]), torch.ones(2, 2))"),
    op("scatter_reduce", "scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor", FM, Copy,
        "scatter combining with reduce ('sum', 'prod', 'mean', 'amax', 'amin'); include_self=False ignores self's old values where written",
        "x = torch.ones(2, 3)\nx.scatter_reduce(1, torch.tensor([[0, 0], [1, 2]]), torch.tensor([[2., 3.], [4., 5.]]), 'amax')")
        .fails("x = torch.ones(2, 3)\nx.scatter_reduce(1, torch.tensor([[0]]), torch.ones(1, 1), 'max')"),
    op("scatter_reduce_", "scatter_reduce_.two(Tensor(a!) self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor(a!)", METHOD, InPlace,
        "scatter_reduce into self's storage",
        "x = torch.ones(2, 3)\nx.scatter_reduce_(1, torch.tensor([[0, 0]]), torch.tensor([[2., 3.]]), 'sum')"),
    op("index_add", "index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor", FM, Copy,
        "a contiguous copy of self with alpha * source's slices added at the slices index names along dim",
        "x = torch.zeros(3, 2)\nx.index_add(0, torch.tensor([0, 2, 0]), torch.ones(3, 2))"),
    op("index_add_", "index_add_(Tensor(a!) self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor(a!)", METHOD, InPlace,
        "index_add into self's storage",
        "x = torch.zeros(3, 2)\nx.index_add_(0, torch.tensor([2]), torch.ones(1, 2), alpha=3)"),
    op("index_copy", "index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor", FM, Copy,
        "a contiguous copy of self with source's slices copied to the slices index names along dim",
        "x = torch.zeros(3, 2)\nx.index_copy(0, torch.tensor([2, 0]), torch.ones(2, 2))"),
    op("index_copy_", "index_copy_(Tensor(a!) self, int dim, Tensor index, Tensor source) -> Tensor(a!)", METHOD, InPlace,
        "index_copy into self's storage",
        "x = torch.zeros(3, 2)\nx.index_copy_(1, torch.tensor([1]), torch.ones(3, 1))"),
    op("index_fill", "index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor\nindex_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor", FM, Copy,
        "a copy of self (its strides kept) with value in the slices index names along dim",
        "x = torch.zeros(3, 2).t()\nx.index_fill(1, torch.tensor([0, 2]), -1.)"),
    op("index_fill_", "index_fill_.int_Scalar(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)\nindex_fill_.int_Tensor(Tensor(a!) self, int dim, Tensor index, Tensor value) -> Tensor(a!)", METHOD, InPlace,
        "index_fill into self's storage",
        "x = torch.zeros(3, 2)\nx.index_fill_(0, torch.tensor([1]), 5.)"),
    op("put", "put(Tensor self, Tensor index, Tensor source, bool accumulate=False) -> Tensor", FM, Copy,
        "a copy of self (its strides kept) with source written at flat row-major positions index",
        "x = torch.zeros(2, 3)\nx.put(torch.tensor([0, 5]), torch.tensor([1., 2.]))"),
    op("put_", "put_(Tensor(a!) self, Tensor index, Tensor source, bool accumulate=False) -> Tensor(a!)", METHOD, InPlace,
        "put into self's storage (accumulate=True adds)",
        "x = torch.zeros(2, 3)\nx.put_(torch.tensor([1, 1]), torch.tensor([1., 2.]), accumulate=True)"),
    op("masked_scatter", "masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor", FM, Copy,
        "a contiguous copy of self with source's first elements, in order, where mask is True",
        "x = torch.zeros(2, 3)\nx.masked_scatter(torch.tensor([True, False, True]), torch.arange(1., 7.))"),
    op("masked_scatter_", "masked_scatter_(Tensor(a!) self, Tensor mask, Tensor source) -> Tensor(a!)", METHOD, InPlace,
        "masked_scatter into self's storage",
        "x = torch.zeros(2, 3)\nx.masked_scatter_(torch.tensor([[True], [False]]), torch.arange(1., 7.))"),
];
