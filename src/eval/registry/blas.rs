//! Rows: `beta·input + alpha·product` (`eval/ext/blas.rs`).

use super::Class::Copy;
use super::{OutMismatch, OutRule};
use super::{op, Op, FM};

pub const OPS: &[Op] = &[
    op("addmm", "addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor", FM, Copy,
        "beta·self + alpha·(mat1 @ mat2), self broadcast to the product",
        "x = torch.ones(2, 2)\nx.addmm(torch.arange(6.).view(2, 3), torch.arange(6.).view(3, 2))").backward(&["AddmmBackward0"])
        .out(OutRule::Exact(OutMismatch::OutTensor)),
    op("addmv", "addmv(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor", FM, Copy,
        "beta·self + alpha·(mat @ vec)",
        "x = torch.zeros(2)\nx.addmv(torch.arange(6.).view(2, 3), torch.ones(3))").backward(&["AddmvBackward0"])
        .out(OutRule::Exact(OutMismatch::OutTensor)),
    op("addr", "addr(Tensor self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor", FM, Copy,
        "beta·self + alpha·outer(vec1, vec2)",
        "x = torch.zeros(2, 3)\nx.addr(torch.tensor([1., 2.]), torch.tensor([1., 2., 3.]))").backward(&["AddrBackward0"]),
    op("baddbmm", "baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor", FM, Copy,
        "beta·self + alpha·bmm(batch1, batch2)",
        "x = torch.zeros(2, 2, 2)\nx.baddbmm(torch.ones(2, 2, 3), torch.ones(2, 3, 2))").backward(&["BaddbmmBackward0"])
        .out(OutRule::Exact(OutMismatch::OutTensor)),
    op("addbmm", "addbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor", FM, Copy,
        "beta·self + alpha·(the sum over the batch of batch1[i] @ batch2[i])",
        "x = torch.zeros(2, 2)\nx.addbmm(torch.ones(4, 2, 3), torch.ones(4, 3, 2))").backward(&["AddbmmBackward0"])
        .out(OutRule::Exact(OutMismatch::SelfMat2)),
];
