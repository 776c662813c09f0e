//! Rows: contractions (`eval/ext/contract.rs`).

use super::Class::{Copy, ViewOrCopy};
use super::{OutMismatch, OutRule};
use super::{op, Op, FM, FUNCTION as F};

pub const OPS: &[Op] = &[
    op("einsum", "einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor", F, ViewOrCopy,
        "Einstein summation: subscripts name dims, shared ones are multiplied, missing ones summed",
        "x = torch.arange(6.).view(2, 3)\ntorch.einsum(\"ij,kj->ik\", x, x)")
        .notes("Lowered as PyTorch lowers it: each operand is unsqueezed and permuted into one dims order (the output's, then the contracted ones; `...` covers each operand's leading broadcast dims), a repeated subscript takes a diagonal (a view), a dim one operand alone needs is summed, each pair of operands becomes a bmm of permuted, reshaped views (mul when nothing is contracted), viewed back and permuted. So einsum(\"ij->ji\", x) is a view of x and a contraction is a new storage."),
    op("tensordot", "tensordot(Tensor self, Tensor other, int[] dims_self, int[] dims_other, *, Tensor(a!) out) -> Tensor", F, Copy,
        "contract the given dims of a with those of b (dims=n: a's last n with b's first n)",
        "a = torch.arange(6.).view(2, 3)\nb = torch.arange(12.).view(3, 4)\ntorch.tensordot(a, b, dims=1)")
        .out(OutRule::Exact(OutMismatch::Tensordot)),
    op("inner", "inner(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "the sum of products over the last dims of both (dot for vectors)",
        "x = torch.arange(6.).view(2, 3)\nx.inner(torch.ones(4, 3))")
        .out(OutRule::Exact(OutMismatch::Tensordot)),
    op("kron", "kron(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor", FM, Copy,
        "the Kronecker product: every element of self times the whole of other, in blocks",
        "x = torch.tensor([[1, 2], [3, 4]])\nx.kron(torch.eye(2, dtype=torch.int64))"),
    op("combinations", "combinations(Tensor self, int r=2, bool with_replacement=False) -> Tensor", F, Copy,
        "the r-length combinations of a 1-D tensor's elements, one per row (itertools' order)",
        "x = torch.tensor([1, 2, 3])\ntorch.combinations(x)"),
];
