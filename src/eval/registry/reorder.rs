//! Rows: reorder ops (the `reorder` family in `eval/ext/reorder.rs`): copies
//! that move elements to new indices.

use super::Class::Copy;
use super::{op, Op, FM};

pub const OPS: &[Op] = &[
    op("flip", "flip(Tensor self, int[] dims) -> Tensor", FM, Copy,
        "reverse the order of elements along dims: a new storage in self's stride order (tsr strides are never negative)",
        "x = torch.arange(6).view(2, 3)\nx.flip(0)")
        .notes("NumPy's flip is a view with a negative stride; PyTorch's strides are never negative, so flip copies. The method also takes the dims as varargs (x.flip(0, 1)); torch.flip wants a sequence.")
        .fails("x = torch.arange(6).view(2, 3)\nx.flip(0, 0)"),
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
        .fails("x = torch.arange(6).view(2, 3)\nx.roll((1, 2), 0)"),
    op("rot90", "rot90(Tensor self, int k=1, int[] dims=[0,1]) -> Tensor", FM, Copy,
        "rotate by 90 degrees k times in the plane of dims (from the first towards the second)",
        "x = torch.arange(6).view(2, 3)\nx.rot90()")
        .notes("Built as PyTorch builds it: flip then transpose, so for odd k the result is a transposed view of the flipped copy (not contiguous); k % 4 == 0 is a contiguous clone.")
        .fails("x = torch.arange(6).view(2, 3)\nx.rot90(1, (0, 0))"),
];
