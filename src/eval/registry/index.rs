//! Rows: gather, scatter, mask and search ops (the index family,
//! `eval/ext/index.rs`): every result is a new storage, apart from the
//! in-place `_` forms.

use super::Class::{Copy, InPlace, Reduction};
use super::{OutMismatch, OutRule};
use super::{op, Op, FM, FUNCTION, METHOD};

pub const OPS: &[Op] = &[
    op("gather", "gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False, Tensor(a!) out) -> Tensor", FM, Copy,
        "out[i][j] = self[i][index[i][j]] along dim: index's shape, a new contiguous storage",
        "x = torch.arange(6.).view(2, 3)\nx.gather(1, torch.tensor([[2, 0], [1, 1]]))")
        .notes("index has self's number of dims and, apart from dim, sizes no larger than self's; the result always has index's shape and contiguous strides, whatever self's strides are.")
        .fails("x = torch.arange(6.).view(2, 3)\nx.gather(1, torch.tensor([0, 1]))").backward(&["GatherBackward0"])
        .out(OutRule::Exact(OutMismatch::OutTensor)),
    op("index_select", "index_select(Tensor self, int dim, Tensor index, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "the entries index (a 1-D long/int tensor) names along dim, copied into a new contiguous storage",
        "x = torch.arange(6.).view(2, 3)\nx.index_select(1, torch.tensor([2, 0]))")
        .notes("Unlike x[:, idx], index_select takes no negative indices and always returns contiguous strides.")
        .fails("x = torch.arange(6.).view(2, 3)\nx.index_select(0, torch.tensor([2]))").backward(&["IndexSelectBackward0"])
        .out(OutRule::Exact(OutMismatch::SelfResult)),
    op("take", "take(Tensor self, Tensor index, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "self read as a flat row-major tensor at index's values: index's shape",
        "x = torch.arange(6.).view(2, 3).t()\nx.take(torch.tensor([[0, 5], [1, 2]]))")
        .notes("The flat positions are logical (row-major over self's shape), not storage offsets: a transposed self reads in its own order.").backward(&["TakeBackward0"])
        .out(OutRule::Exact(OutMismatch::Take)),
    op("take_along_dim", "take_along_dim(Tensor self, Tensor indices, int? dim=None, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "gather after broadcasting self and indices apart from dim (NumPy's take_along_axis); no dim: take of the flattened self",
        "x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])\nx.take_along_dim(torch.tensor([[1, 2, 0], [0, 2, 1]]), 1)")
        .out(OutRule::Exact(OutMismatch::OutTensor)),
    op("masked_select", "masked_select(Tensor self, Tensor mask, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "the elements where the bool mask (broadcast with self) is True, as a new 1-D tensor",
        "x = torch.arange(6.).view(2, 3)\nx.masked_select(x > 2)")
        .fails("x = torch.arange(6.).view(2, 3)\nx.masked_select(x)").backward(&["MaskedSelectBackward0"])
        .out(OutRule::Exact(OutMismatch::SelfResult)),
    op("masked_fill", "masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor\nmasked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor", FM, Copy,
        "a contiguous copy of self (broadcast with mask) with value where mask is True",
        "x = torch.arange(6.).view(2, 3)\nx.masked_fill(x > 2, -1.)")
        .fails("x = torch.arange(6.).view(2, 3)\nx.masked_fill(x, 0)").backward(&["MaskedFillBackward1", "MaskedFillBackward0"]),
    op("masked_fill_", "masked_fill_.Tensor(Tensor(a!) self, Tensor mask, Tensor value) -> Tensor(a!)\nmasked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)", METHOD, InPlace,
        "write value into self where mask (broadcast to self's shape) is True",
        "x = torch.arange(6.).view(2, 3)\nx.masked_fill_(torch.tensor([True, False, True]), 0.)"),
    op("nonzero", "[function] nonzero(Tensor self, *, bool as_tuple=False, Tensor(a!) out) -> Tensor\n[method] nonzero(Tensor self) -> Tensor\n[method] nonzero(Tensor self, *, bool as_tuple) -> Tensor[]", FM, Copy,
        "the indices of the nonzero elements, shape (n, ndim) with strides (1, n); as_tuple=True gives one index tensor per dim",
        "x = torch.tensor([[0, 1], [2, 0]])\nx.nonzero()")
        .notes("The result is column-major: each column (one dim's indices) is contiguous, so nonzero(as_tuple=True)'s tensors are views of one storage.")
        .out(OutRule::Exact(OutMismatch::Nonzero)),
    op("argwhere", "argwhere(Tensor self) -> Tensor", FM, Copy,
        "nonzero(): the (n, ndim) indices of the nonzero elements",
        "x = torch.tensor([[0, 1], [2, 0]])\nx.argwhere()"),
    op("count_nonzero", "count_nonzero.dim_IntList(Tensor self, int[] dim) -> Tensor\ncount_nonzero(Tensor self, int? dim=None) -> Tensor", FM, Reduction,
        "how many elements are nonzero, over all elements or the given dims (int64)",
        "x = torch.tensor([[0, 1], [2, 3]])\nx.count_nonzero(dim=0)"),
    op("scatter", "scatter.src(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out) -> Tensor\nscatter.reduce(Tensor self, int dim, Tensor index, Tensor src, *, str reduce, Tensor(a!) out) -> Tensor\nscatter.value(Tensor self, int dim, Tensor index, Scalar value, *, Tensor(a!) out) -> Tensor\nscatter.value_reduce(Tensor self, int dim, Tensor index, Scalar value, *, str reduce, Tensor(a!) out) -> Tensor", FM, Copy,
        "a contiguous copy of self with self[i][index[i][j]] = src[i][j] along dim (or a value)",
        "x = torch.zeros(2, 3)\nx.scatter(1, torch.tensor([[2], [0]]), torch.tensor([[1.], [2.]]))")
        .notes("The inverse of gather. Repeated indices write the same place more than once; which write wins is unspecified in PyTorch (tsr: the last). reduce='add'/'multiply' is deprecated: use scatter_reduce.")
        .fails("x = torch.zeros(2, 3)\nx.scatter(1, torch.tensor([[5]]), 1.)").backward(&["ScatterBackward0", super::nodes::NOT_IMPLEMENTED, "ScatterBackward1", super::nodes::NOT_IMPLEMENTED]),
    op("scatter_", "scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)\nscatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)\nscatter_.reduce(Tensor(a!) self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor(a!)\nscatter_.value_reduce(Tensor(a!) self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor(a!)", METHOD, InPlace,
        "scatter into self's storage",
        "x = torch.zeros(2, 3)\nx.scatter_(0, torch.tensor([[1, 0, 1]]), 7.)"),
    op("scatter_add", "scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor", FM, Copy,
        "a contiguous copy of self with src added at the index positions along dim (repeats add up)",
        "x = torch.zeros(2, 3)\nx.scatter_add(1, torch.tensor([[0, 0], [2, 2]]), torch.ones(2, 2))").backward(&["ScatterAddBackward0"]),
    op("scatter_add_", "scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)", METHOD, InPlace,
        "scatter_add into self's storage",
        "x = torch.zeros(2, 3)\nx.scatter_add_(1, torch.tensor([[0, 0], [2, 2]]), torch.ones(2, 2))"),
    op("scatter_reduce", "scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor", FM, Copy,
        "scatter combining with reduce ('sum', 'prod', 'mean', 'amax', 'amin'); include_self=False ignores self's old values where written",
        "x = torch.ones(2, 3)\nx.scatter_reduce(1, torch.tensor([[0, 0], [1, 2]]), torch.tensor([[2., 3.], [4., 5.]]), 'amax')")
        .fails("x = torch.ones(2, 3)\nx.scatter_reduce(1, torch.tensor([[0]]), torch.ones(1, 1), 'max')").backward(&["ScatterReduceBackward0"]),
    op("scatter_reduce_", "scatter_reduce_.two(Tensor(a!) self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor(a!)", METHOD, InPlace,
        "scatter_reduce into self's storage",
        "x = torch.ones(2, 3)\nx.scatter_reduce_(1, torch.tensor([[0, 0]]), torch.tensor([[2., 3.]]), 'sum')"),
    op("index_add", "index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor", FM, Copy,
        "a contiguous copy of self with alpha * source's slices added at the slices index names along dim",
        "x = torch.zeros(3, 2)\nx.index_add(0, torch.tensor([0, 2, 0]), torch.ones(3, 2))").backward(&["IndexAddBackward0"]),
    op("index_add_", "index_add_(Tensor(a!) self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor(a!)", METHOD, InPlace,
        "index_add into self's storage",
        "x = torch.zeros(3, 2)\nx.index_add_(0, torch.tensor([2]), torch.ones(1, 2), alpha=3)"),
    op("index_copy", "index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor", FM, Copy,
        "a contiguous copy of self with source's slices copied to the slices index names along dim",
        "x = torch.zeros(3, 2)\nx.index_copy(0, torch.tensor([2, 0]), torch.ones(2, 2))").backward(&["IndexCopyBackward0"]),
    op("index_copy_", "index_copy_(Tensor(a!) self, int dim, Tensor index, Tensor source) -> Tensor(a!)", METHOD, InPlace,
        "index_copy into self's storage",
        "x = torch.zeros(3, 2)\nx.index_copy_(1, torch.tensor([1]), torch.ones(3, 1))"),
    op("index_fill", "index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor\nindex_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor", FM, Copy,
        "a copy of self (its strides kept) with value in the slices index names along dim",
        "x = torch.zeros(3, 2).t()\nx.index_fill(1, torch.tensor([0, 2]), -1.)").backward(&["IndexFillBackward0", "IndexFillBackward1"]),
    op("index_fill_", "index_fill_.int_Tensor(Tensor(a!) self, int dim, Tensor index, Tensor value) -> Tensor(a!)\nindex_fill_.int_Scalar(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)", METHOD, InPlace,
        "index_fill into self's storage",
        "x = torch.zeros(3, 2)\nx.index_fill_(0, torch.tensor([1]), 5.)").backward(&["IndexFillBackward1", "IndexFillBackward0"]),
    op("put", "put(Tensor self, Tensor index, Tensor source, bool accumulate=False) -> Tensor", FM, Copy,
        "a copy of self (its strides kept) with source written at flat row-major positions index",
        "x = torch.zeros(2, 3)\nx.put(torch.tensor([0, 5]), torch.tensor([1., 2.]))").backward(&["PutBackward0"]),
    op("put_", "put_(Tensor(a!) self, Tensor index, Tensor source, bool accumulate=False) -> Tensor(a!)", METHOD, InPlace,
        "put into self's storage (accumulate=True adds)",
        "x = torch.zeros(2, 3)\nx.put_(torch.tensor([1, 1]), torch.tensor([1., 2.]), accumulate=True)"),
    op("masked_scatter", "masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor", FM, Copy,
        "a contiguous copy of self with source's first elements, in order, where mask is True",
        "x = torch.zeros(2, 3)\nx.masked_scatter(torch.tensor([True, False, True]), torch.arange(1., 7.))").backward(&["MaskedScatterBackward0"]),
    op("masked_scatter_", "masked_scatter_(Tensor(a!) self, Tensor mask, Tensor source) -> Tensor(a!)", METHOD, InPlace,
        "masked_scatter into self's storage",
        "x = torch.zeros(2, 3)\nx.masked_scatter_(torch.tensor([[True], [False]]), torch.arange(1., 7.))"),
    op("searchsorted", "searchsorted.Tensor(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor(a!) out) -> Tensor\nsearchsorted.Scalar(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor(a!) out) -> Tensor", FUNCTION, Copy,
        "for each value, where it would be inserted in the sorted last dim to keep it sorted (right=True / side='right': after equal entries)",
        "x = torch.tensor([1., 3., 5., 7.])\ntorch.searchsorted(x, torch.tensor([[3., 6.], [0., 9.]]))")
        .fails("x = torch.tensor([1., 3., 5., 7.])\ntorch.searchsorted(x, torch.tensor([3.]), side='up')")
        .out(OutRule::Exact(OutMismatch::Searchsorted)),
    op("bucketize", "bucketize.Tensor(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor(a!) out) -> Tensor\nbucketize.Scalar(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor", FUNCTION, Copy,
        "the bucket of each element among 1-D sorted boundaries (searchsorted with the arguments swapped)",
        "x = torch.tensor([3., 6., 0., 9.])\ntorch.bucketize(x, torch.tensor([1., 3., 5., 7.]))")
        .out(OutRule::Exact(OutMismatch::Searchsorted)),
    op("isin", "isin.Tensor_Tensor(Tensor elements, Tensor test_elements, *, bool assume_unique=False, bool invert=False, Tensor(a!) out) -> Tensor\nisin.Tensor_Scalar(Tensor elements, Scalar test_element, *, bool assume_unique=False, bool invert=False, Tensor(a!) out) -> Tensor\nisin.Scalar_Tensor(Scalar element, Tensor test_elements, *, bool assume_unique=False, bool invert=False, Tensor(a!) out) -> Tensor", FUNCTION, Copy,
        "a bool tensor of elements' shape: is each element among test_elements (invert=True: not among)",
        "x = torch.tensor([1, 2, 3, 4])\ntorch.isin(x, torch.tensor([2, 4]))")
        .out(OutRule::Exact(OutMismatch::OutTensor)),
    op("bincount", "bincount(Tensor self, Tensor? weights=None, SymInt minlength=0) -> Tensor", FM, Reduction,
        "how often each value of a 1-D non-negative int tensor occurs (summed weights with weights=); at least minlength bins",
        "x = torch.tensor([0, 1, 1, 3])\nx.bincount(minlength=6)")
        .fails("x = torch.tensor([0, -1])\nx.bincount()"),
    op("histc", "histc(Tensor self, int bins=100, Scalar min=0, Scalar max=0, *, Tensor(a!) out) -> Tensor", FM, Reduction,
        "a histogram of equal-width bins between min and max (both 0: the data's range); not differentiable",
        "x = torch.tensor([1., 2., 1., 4.])\nx.histc(bins=4, min=0, max=3)")
        .out(OutRule::Exact(OutMismatch::Histogram)),
    op("select_scatter", "select_scatter(Tensor self, Tensor src, int dim, SymInt index) -> Tensor", FM, Copy,
        "a copy of self (its strides kept) with src written into self.select(dim, index)",
        "x = torch.zeros(3, 4)\nx.select_scatter(torch.ones(4), 0, 1)")
        .fails("x = torch.zeros(3, 4)\nx.select_scatter(torch.ones(3), 0, 1)").backward(&["SelectScatterBackward0"]),
    op("slice_scatter", "slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor", FM, Copy,
        "a copy of self (its strides kept) with src written into the slice start:end:step of dim",
        "x = torch.zeros(3, 4)\nx.slice_scatter(torch.ones(3, 2), 1, 0, 4, 2)").backward(&["SliceScatterBackward0"]),
    op("diagonal_scatter", "diagonal_scatter(Tensor self, Tensor src, int offset=0, int dim1=0, int dim2=1) -> Tensor", FM, Copy,
        "a copy of self (its strides kept) with src written into self.diagonal(offset, dim1, dim2)",
        "x = torch.zeros(3, 4)\nx.diagonal_scatter(torch.ones(3), 1)").backward(&["DiagonalScatterBackward0"]),
    op("as_strided_scatter", "as_strided_scatter(Tensor self, Tensor src, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor", FM, Copy,
        "a copy of self (its strides kept) with src written into the copy's as_strided(size, stride, storage_offset)",
        "x = torch.zeros(3, 4)\nx.as_strided_scatter(torch.ones(2), (2,), (5,))")
        .notes("The size, stride and offset address the new copy's storage, not self's.").backward(&["AsStridedScatterBackward0"]),
    op("fill_diagonal_", "fill_diagonal_(Tensor(a!) self, Scalar fill_value, bool wrap=False) -> Tensor(a!)", METHOD, InPlace,
        "fill the main diagonal (all dims equal past 2-D); wrap=True restarts it below a tall matrix's square",
        "x = torch.zeros(5, 2)\nx.fill_diagonal_(1., wrap=True)")
        .notes("PyTorch writes it as as_strided(...).fill_(): the step is the sum of self's strides, and the graph is CopySlices."),
    op("nonzero_static", "nonzero_static(Tensor self, *, SymInt size, int fill_value=-1) -> Tensor", FM, Copy,
        "nonzero() cut or padded (with fill_value) to exactly size rows: a fixed shape (size, ndim)",
        "x = torch.tensor([0, 1, 2, 0])\nx.nonzero_static(size=4)"),
    op("index_reduce", "index_reduce(Tensor self, int dim, Tensor index, Tensor source, str reduce, *, bool include_self=True) -> Tensor", FM, Copy,
        "a contiguous copy of self with source's slices combined (prod, mean, amax, amin) into the slices index names along dim (beta in PyTorch)",
        "x = torch.ones(3, 2)\nx.index_reduce(0, torch.tensor([0, 0, 2]), torch.tensor([[1., 2.], [3., 4.], [5., 6.]]), 'amax')").backward(&["IndexReduceBackward0"]),
    op("index_reduce_", "index_reduce_(Tensor(a!) self, int dim, Tensor index, Tensor source, str reduce, *, bool include_self=True) -> Tensor(a!)", METHOD, InPlace,
        "index_reduce into self's storage",
        "x = torch.ones(3, 2)\nx.index_reduce_(0, torch.tensor([1]), torch.tensor([[4., 5.]]), 'prod')"),
];
