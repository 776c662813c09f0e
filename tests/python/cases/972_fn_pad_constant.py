import torch
import torch.nn.functional as F
x = torch.arange(6.0).view(2, 3)
print(F.pad(x, (1, 2)), F.pad(x, (1, 2, 1, 0), value=-1), F.pad(x, [0, 1, 2, 0], 'constant', 9.5))
print(F.pad(x, (-1, 0)), F.pad(x, (-1, 1)), F.pad(x, (0, 0)), F.pad(x, (-2, -1)).shape, F.pad(x, (1, 1, 0, 0, 0, 0)) if False else None)
r = F.pad(x, (0, 0)); print(r.data_ptr() == x.data_ptr(), r.stride())
t = x.t()
for p in [(1, 1), (0, 0), (-1, 0), (0, 1, 1, 0)]:
    r = F.pad(t, p); print(r.shape, r.stride())
x4 = torch.arange(24.0).view(1, 2, 3, 4)
cl = x4.contiguous(memory_format=torch.channels_last)
r = F.pad(cl, (1, 1, 1, 1)); print(r.stride(), r.is_contiguous(memory_format=torch.channels_last), r[0, 1])
print(F.pad(cl, (1, 1)).stride(), F.pad(x4.permute(0, 2, 3, 1), (1, 1)).stride(), F.pad(x4[:, :, ::2], (1, 0)).stride())
i = torch.tensor([[1, 2, 3]])
print(F.pad(i, (1, 1), value=2.7), F.pad(i, (2, 0), value=-1), F.pad(torch.tensor([[True, False]]), (1, 1), value=True), F.pad(x.double(), (1, 0)).dtype)
print(F.pad(torch.tensor(5.0).view(1), (2, 1), value=1.0), F.pad(x, (1, 1, 1, 1))[1:3, 1:4].equal(x))
for f in [lambda: F.pad(x, (1,)), lambda: F.pad(x, (1, 2, 3)), lambda: F.pad(x, (1, 1, 1, 1, 1, 1)), lambda: F.pad(x, (-3, 1)),
          lambda: F.pad(x, (1, 1), mode='zeros'), lambda: F.pad(3, (1, 1)), lambda: F.pad(x, 1)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
a = torch.arange(6.0).view(2, 3).requires_grad_()
w = torch.arange(20.0).view(4, 5)
y = F.pad(a, (1, 1, 0, 2), value=3.0); print(y.grad_fn.name(), y); (y * w).sum().backward(); print(a.grad); a.grad = None
y = F.pad(a, (-1, 1)); print(y.grad_fn.name(), y); (y * w[:2, :3]).sum().backward(); print(a.grad); a.grad = None
y = F.pad(a.t(), (1, 0)); print(y.grad_fn.name(), y.stride()); (y * w[:3, :3]).sum().backward(); print(a.grad); a.grad = None
