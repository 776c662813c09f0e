//! Rows: reorder ops (the `reorder` family in `eval/ext/reorder.rs`): copies
//! that move elements to new indices, and broadcasting views.

use super::Class::{Copy, Factory, InPlace, Other, Reduction, View, ViewOrCopy};
use super::Teach;
use super::{OutMismatch, OutRule};
use super::{op, Op, FM, FUNCTION, METHOD};

pub const OPS: &[Op] = &[
    op("flip", "flip(Tensor self, int[] dims) -> Tensor", FM, Copy,
        "reverse the order of elements along dims: a new storage in self's stride order (tsr strides are never negative)",
        "x = torch.arange(6).view(2, 3)\nx.flip(0)")
        .notes("NumPy's flip is a view with a negative stride; PyTorch's strides are never negative, so flip copies. The method also takes the dims as varargs (x.flip(0, 1)); torch.flip wants a sequence.")
        .fails("x = torch.arange(6).view(2, 3)\nx.flip(0, 0)").backward(&["FlipBackward0"]),
    op("fliplr", "fliplr(Tensor self) -> Tensor", FM, Copy,
        "flip(1): reverse each row (needs at least 2 dims)",
        "x = torch.arange(6).view(2, 3)\nx.fliplr()")
        .fails("x = torch.arange(3)\nx.fliplr()"),
    op("flipud", "flipud(Tensor self) -> Tensor", FM, Copy,
        "flip(0): reverse the rows (needs at least 1 dim)",
        "x = torch.arange(6).view(2, 3)\nx.flipud()"),
    op("roll", "roll(Tensor self, SymInt[1] shifts, int[1] dims=[]) -> Tensor", FM, Copy,
        "shift elements along dims, wrapping around; without dims the tensor rolls as if flattened. A new contiguous storage",
        "x = torch.arange(6).view(2, 3)\nx.roll(1, 1)")
        .notes("The result is always contiguous, whatever self's strides (PyTorch allocates it with empty_like(contiguous)).")
        .fails("x = torch.arange(6).view(2, 3)\nx.roll((1, 2), 0)").backward(&["RollBackward0"]),
    op("rot90", "rot90(Tensor self, int k=1, int[] dims=[0,1]) -> Tensor", FM, Copy,
        "rotate by 90 degrees k times in the plane of dims (from the first towards the second)",
        "x = torch.arange(6).view(2, 3)\nx.rot90()")
        .notes("Built as PyTorch builds it: flip then transpose, so for odd k the result is a transposed view of the flipped copy (not contiguous); k % 4 == 0 is a contiguous clone.")
        .fails("x = torch.arange(6).view(2, 3)\nx.rot90(1, (0, 0))").backward(&["Rot90Backward0"]),
    op("repeat", "repeat(Tensor self, SymInt[] repeats) -> Tensor", METHOD, Copy,
        "tile self repeats[i] times along dim i (leading 1-dims added when repeats is longer): a new contiguous storage",
        "x = torch.arange(3)\nx.repeat(2, 2)")
        .notes("Unlike expand (a stride-0 view), repeat writes every copy out. There is no torch.repeat; torch.tile is the function form, and torch.repeat_interleave repeats each element instead.")
        .fails("x = torch.arange(6).view(2, 3)\nx.repeat(2)").backward(&["RepeatBackward0"]),
    op("tile", "tile(Tensor self, SymInt[] dims) -> Tensor", FM, Copy,
        "repeat(dims), with dims padded by leading 1s when shorter than self's rank",
        "x = torch.arange(6).view(2, 3)\nx.tile(2)"),
    op("repeat_interleave", "repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor\nrepeat_interleave.self_int(Tensor self, SymInt repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor\nrepeat_interleave.Tensor(Tensor repeats, *, SymInt? output_size=None) -> Tensor", FM, Copy,
        "repeat each element (or each slice along dim) repeats times, next to itself; without dim self is flattened first",
        "x = torch.arange(3)\nx.repeat_interleave(2)")
        .notes("An int repeats is built as PyTorch builds it: unsqueeze, expand (a stride-0 view), then a contiguous clone and a flatten, so its grad_fn chain is ViewBackward0 <- CloneBackward0 <- ExpandBackward0 <- UnsqueezeBackward0. A tensor of repeats (one per slice) is an index_select. torch.repeat_interleave(repeats) alone gives the indices 0, 1, ... each repeated.")
        .fails("x = torch.arange(3)\nx.repeat_interleave(torch.tensor([1, 2]))"),
    op("broadcast_to", "broadcast_to(Tensor(a) self, SymInt[] size) -> Tensor(a)", FM, View,
        "expand(size): a stride-0 view repeating self along the broadcast dims",
        "x = torch.arange(3)\nx.broadcast_to(2, 3)")
        .fails("x = torch.arange(3)\nx.broadcast_to(2, 4)").teach(Teach::Expand),
    op("broadcast_tensors", "broadcast_tensors(Tensor(a)[] tensors) -> Tensor(a)[]", FUNCTION, View,
        "expand every tensor to their common broadcast shape (stride-0 views; one already of that shape comes back as itself)",
        "x = torch.arange(3)\ntorch.broadcast_tensors(x, x.view(3, 1))")
        .fails("x = torch.arange(3)\ntorch.broadcast_tensors(x, torch.zeros(4))"),
    op("broadcast_shapes", "broadcast_shapes(Any shapes) -> int[]", FUNCTION, Other,
        "the shape tensors of these shapes broadcast to, as a torch.Size (no tensor is made)",
        "x = torch.arange(3)\ntorch.broadcast_shapes(x.shape, (2, 1))")
        .fails("x = torch.arange(3)\ntorch.broadcast_shapes((2, 3), (4, 3))"),
    op("tensor_split", "tensor_split.indices(Tensor(a) self, SymInt[] indices, int dim=0) -> Tensor(a)[]\ntensor_split.tensor_indices_or_sections(Tensor(a) self, Tensor tensor_indices_or_sections, int dim=0) -> Tensor(a)[]\ntensor_split.sections(Tensor(a) self, SymInt sections, int dim=0) -> Tensor(a)[]", FM, View,
        "cut along dim into n nearly equal pieces (the first size % n one longer) or at the given indices: a tuple of views",
        "x = torch.arange(7)\nx.tensor_split(3)")
        .notes("Unlike split (pieces of a given size), the int is the number of pieces, and indices cut like Python slices (x[:i0], x[i0:i1], ..., x[ik:]), so pieces may be empty. Each piece is a slice of self: same storage, its own offset.")
        .fails("x = torch.arange(7)\nx.tensor_split(0)"),
    op("hsplit", "hsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]\nhsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]", FM, View,
        "tensor_split along dim 1 (dim 0 for a 1-d tensor); an int must divide that size",
        "x = torch.arange(8).view(2, 4)\nx.hsplit(2)")
        .fails("x = torch.arange(6).view(2, 3)\nx.hsplit(2)"),
    op("vsplit", "vsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]\nvsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]", FM, View,
        "tensor_split along dim 0 of a tensor of at least 2 dims; an int must divide that size",
        "x = torch.arange(8).view(4, 2)\nx.vsplit([1, 3])"),
    op("dsplit", "dsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]\ndsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]", FM, View,
        "tensor_split along dim 2 of a tensor of at least 3 dims; an int must divide that size",
        "x = torch.arange(8).view(1, 2, 4)\nx.dsplit(2)")
        .fails("x = torch.arange(8).view(2, 4)\nx.dsplit(2)"),
    op("hstack", "hstack(Tensor[] tensors, *, Tensor(a!) out) -> Tensor", FUNCTION, Copy,
        "cat along dim 1 (dim 0 when the tensors are 1-d), after atleast_1d: a new storage",
        "x = torch.arange(3)\ntorch.hstack((x, x))")
        .fails("x = torch.arange(3)\ntorch.hstack([])")
        .out(OutRule::CatCast),
    op("vstack", "vstack(Tensor[] tensors, *, Tensor(a!) out) -> Tensor", FUNCTION, Copy,
        "cat along dim 0 after atleast_2d (1-d tensors become rows): a new storage",
        "x = torch.arange(3)\ntorch.vstack((x, x))")
        .out(OutRule::CatCast),
    op("dstack", "dstack(Tensor[] tensors, *, Tensor(a!) out) -> Tensor", FUNCTION, Copy,
        "cat along dim 2 after atleast_3d: a new storage",
        "x = torch.arange(3)\ntorch.dstack((x, x))")
        .out(OutRule::CatCast),
    op("column_stack", "column_stack(Tensor[] tensors, *, Tensor(a!) out) -> Tensor", FUNCTION, Copy,
        "hstack, with 0-d and 1-d tensors made columns (numel, 1) first: a new storage",
        "x = torch.arange(3)\ntorch.column_stack((x, x))")
        .out(OutRule::CatCast),
    op("atleast_1d", "atleast_1d(Tensor(a) self) -> Tensor(a)\natleast_1d.Sequence(Tensor(a)[] tensors) -> Tensor(a)[]", FUNCTION, View,
        "a 0-d tensor reshaped to (1,); a tensor of 1 or more dims comes back as itself (several tensors: a tuple)",
        "x = torch.arange(3)\ntorch.atleast_1d(x)"),
    op("atleast_2d", "atleast_2d(Tensor(a) self) -> Tensor(a)\natleast_2d.Sequence(Tensor(a)[] tensors) -> Tensor(a)[]", FUNCTION, View,
        "a 0-d tensor as (1, 1), a 1-d one as (1, k); a tensor of 2 or more dims comes back as itself (several tensors: a tuple)",
        "x = torch.arange(3)\ntorch.atleast_2d(x)"),
    op("atleast_3d", "atleast_3d(Tensor(a) self) -> Tensor(a)\natleast_3d.Sequence(Tensor(a)[] tensors) -> Tensor(a)[]", FUNCTION, View,
        "a 0-d tensor as (1, 1, 1), a 1-d one as (1, k, 1), a 2-d one as (m, k, 1); a tensor of 3 or more dims comes back as itself (several tensors: a tuple)",
        "x = torch.arange(3)\ntorch.atleast_3d(x)"),
    op("ravel", "ravel(Tensor(a) self) -> Tensor(a)", FM, ViewOrCopy,
        "contiguous().view(-1): a 1-d view when self is contiguous, else a flattened copy",
        "x = torch.arange(6).view(2, 3)\nx.ravel()").teach(Teach::Reshape),
    op("triu", "triu(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "the upper triangle of the last two dims (j - i >= diagonal), the rest zero: a new contiguous storage",
        "x = torch.arange(9).view(3, 3)\nx.triu()")
        .notes("The result is contiguous whatever self's strides (PyTorch allocates it contiguous). diagonal > 0 drops diagonals above the main one, < 0 keeps some below.")
        .fails("x = torch.arange(3)\nx.triu()").backward(&["TriuBackward0"]),
    op("tril", "tril(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "the lower triangle of the last two dims (j - i <= diagonal), the rest zero: a new contiguous storage",
        "x = torch.arange(9).view(3, 3)\nx.tril(-1)").backward(&["TrilBackward0"]),
    op("triu_", "triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", METHOD, InPlace,
        "zero self below its upper triangle, in place",
        "x = torch.arange(9).view(3, 3)\nx.triu_()"),
    op("tril_", "tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", METHOD, InPlace,
        "zero self above its lower triangle, in place",
        "x = torch.arange(9).view(3, 3)\nx.tril_()"),
    op("trace", "trace(Tensor self) -> Tensor", FM, Reduction,
        "the sum of a matrix's main diagonal, as a 0-d tensor (integers sum as int64)",
        "x = torch.arange(9).view(3, 3)\nx.trace()")
        .fails("x = torch.arange(3)\nx.trace()").backward(&["TraceBackward0"]),
    op("outer", "outer(Tensor self, Tensor vec2, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "the outer product of two 1-d tensors: self.reshape(-1, 1) * vec2, a new (len(self), len(vec2)) storage",
        "x = torch.arange(3)\nx.outer(torch.arange(4))")
        .fails("x = torch.arange(6).view(2, 3)\nx.outer(torch.arange(4))"),
    op("ger", "ger(Tensor self, Tensor vec2, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "alias of outer",
        "x = torch.arange(3)\nx.ger(torch.arange(2))"),
    op("diff", "diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "the n-th forward difference along dim (x[1:] - x[:-1], repeated n times), with prepend/append cat-ed on first",
        "x = torch.tensor([1, 3, 6, 10])\nx.diff()")
        .notes("Built from two narrow views and a subtraction (logical_xor for bool), so its grad_fn is SubBackward0 and the result keeps the input's stride order.")
        .fails("x = torch.tensor(1)\nx.diff()"),
    op("meshgrid", "meshgrid(Tensor(a)[] tensors) -> Tensor(a)[]\nmeshgrid.indexing(Tensor(a)[] tensors, *, str indexing) -> Tensor(a)[]", FUNCTION, View,
        "coordinate grids: each 1-d tensor viewed along its own dim and expanded (stride 0 elsewhere); indexing='xy' swaps the first two dims",
        "x = torch.arange(3)\ntorch.meshgrid(x, x[:2], indexing='ij')"),
    op("tril_indices", "tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor", FUNCTION, Factory,
        "a (2, N) tensor of the row and column indices of a row x col matrix's lower triangle (j - i <= offset), row by row",
        "torch.tril_indices(3, 3)"),
    op("triu_indices", "triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor", FUNCTION, Factory,
        "a (2, N) tensor of the row and column indices of a row x col matrix's upper triangle (j - i >= offset), row by row",
        "torch.triu_indices(3, 4, 1)"),
    op("diag", "diag(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "1-d self: a square matrix with self on diagonal `diagonal`; 2-d self: a copy of that diagonal (diagonal() is the view)",
        "x = torch.arange(3)\ntorch.diag(x)")
        .fails("x = torch.tensor(1)\ntorch.diag(x)")
        .out(OutRule::Exact(OutMismatch::OutTensor)),
    op("diag_embed", "diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor", FM, Copy,
        "zeros with self's last dim written on the diagonal (offset) of two new dims dim1, dim2: a new contiguous storage",
        "x = torch.arange(6).view(2, 3)\nx.diag_embed()").backward(&["DiagEmbedBackward0"]),
    op("diagflat", "diagflat(Tensor self, int offset=0) -> Tensor", FM, Copy,
        "self flattened onto the diagonal (offset) of a new square matrix",
        "x = torch.arange(4).view(2, 2)\nx.diagflat()"),
    op("unravel_index", "unravel_index(Tensor indices, int[] shape) -> Tensor[]", FUNCTION, Other,
        "flat indices into a tensor of shape as a tuple of coordinate tensors (int64 views of one (..., len(shape)) storage)",
        "torch.unravel_index(torch.tensor([5, 7]), (3, 4))")
        .fails("torch.unravel_index(torch.tensor([1.0]), (3, 4))"),
    op("cross", "cross(Tensor self, Tensor other, int? dim=None, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "the 3-vector cross product along dim (a size-3 dim of both; they broadcast otherwise, with one rank): a new contiguous storage",
        "x = torch.tensor([[1.0, 0.0, 0.0]])\nx.cross(torch.tensor([[0.0, 1.0, 0.0]]), dim=1)")
        .notes("Without dim it takes the first dim of size 3 and warns that this default is deprecated (torch.linalg.cross uses the last).")
        .fails("x = torch.zeros(2, 3)\nx.cross(torch.zeros(3), dim=1)").backward(&["LinalgCrossBackward0"])
        .out(OutRule::Exact(OutMismatch::OutTensor)),
];
