# The strides of an empty advanced-indexing result follow TensorIterator's
# general path: the index operands have reshape_indexer's size-1 dims, so
# the fast setup (contiguous output) is skipped, dims are ordered by the
# input's strides, and every stride outside the innermost nonzero-size run
# multiplies by the size 0.
import torch
a = torch.arange(60).view(3, 4, 5).float()
t = torch.arange(60).view(5, 4, 3).float().permute(2, 1, 0)
z = torch.zeros(3, 0, 5)
s = torch.arange(120).view(3, 8, 5).float()[:, ::2]
for name, y in [("a[[2, 1], -2:0]", a[[2, 1], -2:0]), ("t[[2, 1], -2:0]", t[[2, 1], -2:0]), ("t[[]]", t[[]]), ("a[[]]", a[[]]),
                ("z[[]]", z[[]]), ("z[[0, 2]]", z[[0, 2]]), ("z[:, :, [1, 4]]", z[:, :, [1, 4]]), ("z[-1, torch.zeros(0, dtype=torch.bool), None]", z[-1, torch.zeros(0, dtype=torch.bool), None]),
                ("t[1::3, ..., False]", t[1::3, ..., False]), ("s[-2::3, ..., False, 0::3]", s[-2::3, ..., False, 0::3]), ("a[:, [0], 0:0]", a[:, [0], 0:0]),
                ("t[:, [0, 1], 0:0]", t[:, [0, 1], 0:0]), ("t[[0, 1], :, [1, 2]]", t[[0, 1], :, [1, 2]]), ("t[:, [[0], [1]], [1, 2]]", t[:, [[0], [1]], [1, 2]]),
                ("a[1:1, [[0, 1]]]", a[1:1, [[0, 1]]]), ("t.flip(0)[[], 1:]", t.flip(0)[[], 1:])]:
    print(name, y.shape, y.stride(), y.is_contiguous())
