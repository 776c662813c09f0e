//! Rows: the in-place view ops, which change the tensor's own header
//! (shape, stride, offset) and return it (`ext/header.rs`).

use super::Class::InPlace;
use super::Teach;
use super::{op, Op, METHOD};

pub const OPS: &[Op] = &[
    op("t_", "t_(Tensor(a!) self) -> Tensor(a!)", METHOD, InPlace,
        "t() in place: x's own header swaps its two strides, for every name bound to x",
        "x = torch.arange(6).view(2, 3)\nx.t_()")
        .notes("Every name bound to x sees the new shape (y = x; x.t_(); y.shape). Same storage, no copy; the version counter moves (x._version) and a tracked x records TBackward1.")
        .fails("torch.ones(2, 3, 4).t_()").teach(Teach::InPlaceHeader).backward(&["TBackward1"]),
    op("transpose_", "transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", METHOD, InPlace,
        "transpose() in place: swaps two dims of x's own header",
        "x = torch.arange(6).view(2, 3)\nx.transpose_(0, 1)")
        .fails("torch.ones(2).transpose_(0, 2)").teach(Teach::InPlaceHeader).backward(&["TransposeBackward1"]),
    op("swapaxes_", "swapaxes_(Tensor(a!) self, int axis0, int axis1) -> Tensor(a!)", METHOD, InPlace,
        "alias of transpose_",
        "x = torch.arange(6).view(2, 3)\nx.swapaxes_(0, 1)").teach(Teach::InPlaceHeader).backward(&["TransposeBackward1"]),
    op("swapdims_", "swapdims_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", METHOD, InPlace,
        "alias of transpose_",
        "x = torch.arange(6).view(2, 3)\nx.swapdims_(0, 1)").teach(Teach::InPlaceHeader).backward(&["TransposeBackward1"]),
    op("squeeze_", "squeeze_(Tensor(a!) self) -> Tensor(a!)\nsqueeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!)\nsqueeze_.dims(Tensor(a!) self, int[] dim) -> Tensor(a!)", METHOD, InPlace,
        "squeeze() in place: drops size-1 dims from x's own header",
        "x = torch.zeros(2, 1, 3)\nx.squeeze_()")
        .fails("torch.zeros(2, 3).squeeze_(5)").teach(Teach::InPlaceHeader).backward(&["SqueezeBackward3", "SqueezeBackward4", "SqueezeBackward5"]),
    op("unsqueeze_", "unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)", METHOD, InPlace,
        "unsqueeze() in place: inserts a size-1 dim into x's own header",
        "x = torch.arange(3)\nx.unsqueeze_(0)").teach(Teach::InPlaceHeader).backward(&["UnsqueezeBackward1"]),
    op("as_strided_", "as_strided_(Tensor(a!) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a!)", METHOD, InPlace,
        "as_strided() in place: x's own header takes the given sizes, strides and offset",
        "x = torch.arange(6.)\nx.as_strided_((2, 2), (1, 2), 1)").teach(Teach::InPlaceHeader).backward(&["AsStridedBackward1"]),
    op("resize_", "resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)", METHOD, InPlace,
        "new sizes for x's own header, contiguous at the same offset; grows the storage when it is too small",
        "x = torch.arange(4.)\nx.resize_(2, 2)")
        .notes("The same shape keeps the strides and the version. A larger size moves the storage to a new, larger allocation (a new data_ptr, the same storage for every view); tsr zeroes the new bytes where PyTorch leaves them uninitialized.")
        .fails("x = torch.ones(2, requires_grad=True)\nx.resize_(3)").teach(Teach::InPlaceHeader),
];
