//! Tensor attributes (`x.shape`, `x.T`, …): one row each, for completion,
//! did-you-mean and `help(x.shape)`.

/// (name, what it is, example whose last line reads it)
pub struct Attribute {
    pub name: &'static str,
    pub summary: &'static str,
    pub example: &'static str,
    /// For the attributes that are views: `explain`'s kind and the
    /// `grad_fn` name PyTorch gives the result (as an op row's).
    pub view: Option<(super::Teach, &'static str)>,
}

const fn a(name: &'static str, summary: &'static str, example: &'static str) -> Attribute {
    Attribute { name, summary, example, view: None }
}

impl Attribute {
    const fn view(mut self, teach: super::Teach, node: &'static str) -> Attribute {
        self.view = Some((teach, node));
        self
    }
}

pub const ATTRIBUTES: &[Attribute] = &[
    a("shape", "the size of each dim (torch.Size), as x.size()", "x = torch.zeros(2, 3)\nx.shape"),
    a("dtype", "the element type (torch.float32, torch.int64, …)", "x = torch.arange(3)\nx.dtype"),
    a("device", "where the storage lives (cpu, cuda:0)", "x = torch.arange(3)\nx.device"),
    a("layout", "how elements are stored: torch.strided (shape, strides and an offset into a storage), tsr's only layout", "x = torch.arange(3)\nx.layout"),
    a("T", "all dims reversed: a view (x.permute(n-1, …, 0)); deprecated for other than 2 dims", "x = torch.arange(6).view(2, 3)\nx.T").view(super::Teach::Reorder, "PermuteBackward0"),
    a("mT", "the last two dims swapped: a view (batched matrix transpose)", "x = torch.arange(6).view(1, 2, 3)\nx.mT.shape").view(super::Teach::Reorder, "TransposeBackward0"),
    a("mH", "the last two dims swapped, conjugated: for real tensors a view as mT", "x = torch.arange(6.).view(1, 2, 3)\nx.mH.stride()").view(super::Teach::Reorder, "TransposeBackward0"),
    a("H", "the conjugate transpose of a matrix (2-D only): for real tensors a view as x.t()", "x = torch.arange(6.).view(2, 3)\nx.H.stride()").view(super::Teach::Reorder, "TransposeBackward0"),
    a("ndim", "the number of dims, as x.dim()", "x = torch.zeros(2, 3)\nx.ndim"),
    a("is_leaf", "True for tensors autograd did not produce (backward fills their .grad)", "x = torch.ones(2, requires_grad=True)\n(x * 2).is_leaf"),
    a("requires_grad", "does autograd record operations on this tensor?", "x = torch.ones(2)\nx.requires_grad"),
    a("grad_fn", "the backward node that produced this tensor (None for leaves)", "x = torch.ones(2, requires_grad=True)\n(x * 2).grad_fn"),
    a("grad", "the gradient backward accumulated into this leaf (None before)", "x = torch.ones(2, requires_grad=True)\nx.sum().backward()\nx.grad"),
    a("retains_grad", "did retain_grad() ask to keep this non-leaf's .grad?", "x = torch.ones(2, requires_grad=True)\n(x * 2).retains_grad"),
    a("output_nr", "which output of its grad_fn this tensor is", "x = torch.ones(4, requires_grad=True)\nx.split(2)[1].output_nr"),
    a("_base", "the tensor a view op's result views (the first of a chain of views); None for other tensors", "x = torch.arange(6)\nx.view(2, 3).t()._base is x"),
    a("_version", "the storage's version counter: every in-place write bumps it", "x = torch.zeros(2)\nx.add_(1)\nx._version"),
    a("is_cuda", "is the storage on a CUDA device?", "x = torch.zeros(2)\nx.is_cuda"),
    a("is_cpu", "is the storage in host memory?", "x = torch.zeros(2)\nx.is_cpu"),
    a("is_sparse", "a sparse COO tensor? (always False: tsr's tensors are strided)", "x = torch.zeros(2)\nx.is_sparse"),
    a("is_quantized", "a quantized tensor? (always False in tsr)", "x = torch.zeros(2)\nx.is_quantized"),
    a("is_meta", "a meta tensor, shape without data? (always False in tsr)", "x = torch.zeros(2)\nx.is_meta"),
    a("is_mkldnn", "an MKL-DNN tensor? (always False in tsr)", "x = torch.zeros(2)\nx.is_mkldnn"),
    a("is_nested", "a nested tensor? (always False in tsr)", "x = torch.zeros(2)\nx.is_nested"),
    a("itemsize", "bytes per element, as x.element_size()", "x = torch.zeros(2)\nx.itemsize"),
    a("nbytes", "numel * itemsize: the bytes the tensor's elements take (not its storage's)", "x = torch.zeros(10)\nx[:2].nbytes"),
    a("data", "the same storage as a tensor outside autograd (as detach())", "x = torch.ones(2, requires_grad=True)\nx.data").view(super::Teach::Detach, ""),
];

/// The attribute named `name`.
pub fn find(name: &str) -> Option<&'static Attribute> {
    ATTRIBUTES.iter().find(|a| a.name == name)
}

/// Every attribute name.
pub fn names() -> impl Iterator<Item = &'static str> {
    ATTRIBUTES.iter().map(|a| a.name)
}
