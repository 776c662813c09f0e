# A list index holding a sequence, a tensor, a slice, None or ... indexes as
# a tuple of its items (NumPy's legacy rule, deprecated in PyTorch); a list
# of ints is one index tensor.
import torch
x = torch.arange(24).view(2, 3, 4)
for name, y in [("x[[0, 1]]", x[[0, 1]]), ("x[[[0, 1]]]", x[[[0, 1]]]), ("x[[[0, 1], [2, 0]]]", x[[[0, 1], [2, 0]]]),
                ("x[[0, slice(1, 3)]]", x[[0, slice(1, 3)]]), ("x[[None, 1]]", x[[None, 1]]), ("x[[..., 2]]", x[[..., 2]]),
                ("x[[torch.tensor([1, 0]), 2]]", x[[torch.tensor([1, 0]), 2]]), ("x[[(0, 1), (1, 2)]]", x[[(0, 1), (1, 2)]]),
                ("x[[1, [0, 2]]]", x[[1, [0, 2]]])]:
    print(name, y.shape, y.stride(), y.tolist(), y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
x[[[0, 1], [1, 2]]] = -1
print(x.tolist(), x._version)
x[[0, slice(None), 0]] = 100
print(x.tolist(), x._version)
