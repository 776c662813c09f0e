# Python bools (and 0-dim bool/uint8 tensors) as indices: a new axis of
# size 1 indexed by [0] (True) or [] (False), always a copy; x[False] = v
# writes nothing, x[True] = v writes through x.unsqueeze(0).
import torch
x = torch.arange(12).view(3, 4)
for name, y in [("x[True]", x[True]), ("x[False]", x[False]), ("x[True, 1]", x[True, 1]),
                ("x[0, True]", x[0, True]), ("x[..., False]", x[..., False]), ("x[None, True, [2, 0]]", x[None, True, [2, 0]]),
                ("x[[0, 2], True]", x[[0, 2], True]), ("x[torch.tensor(True)]", x[torch.tensor(True)]),
                ("x[torch.tensor(0, dtype=torch.uint8)]", x[torch.tensor(0, dtype=torch.uint8)]), ("x.t()[True, :, 1:]", x.t()[True, :, 1:])]:
    print(name, y.shape, y.stride(), y.tolist(), y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
try:
    x[True, [0, 1], False]
except IndexError as e:
    print("IndexError:", e)
v = x._version
x[False] = torch.ones(7, 7)
print("x[False] = ...", x._version - v, x.sum().item())
x[True] = torch.tensor([1.5, 2.5, 3.5, 4.5])
print("x[True] = float row", x.tolist(), x._version - v)
x[True, 0] += 10
print("x[True, 0] += 10", x.tolist(), x._version - v)
x[torch.tensor(False)] = 5
print("x[tensor(False)] = 5", x._version - v)
a = torch.arange(6.).requires_grad_()
b = a.view(2, 3)[True, 1]
print(b, b.grad_fn.name(), [f[0].name() for f in b.grad_fn.next_functions if f[0]])
(b * torch.tensor([[1., 2., 3.]])).sum().backward()
print(a.grad)
