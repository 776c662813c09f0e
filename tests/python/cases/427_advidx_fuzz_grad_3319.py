# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 3319)
import torch
a = torch.arange(12.).view(3, 4).requires_grad_()
try:
    xv = a.permute(0, 1).unsqueeze(0).expand(3, 3, 4)
    y = xv[torch.tensor(1), torch.tensor(0)]
    (y * y).sum().backward()
    print('t0', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t0', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(12.).view(3, 4).requires_grad_()
try:
    xv = a.permute(1, 0)
    y = xv[(xv == 6), [[0, -1]], torch.tensor([True]), torch.tensor([True])]
    (y * y).sum().backward()
    print('t1', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t1', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(24.).view(2, 3, 4).requires_grad_()
try:
    xv = a.permute(0, 2, 1)
    y = xv[torch.tensor([0]), torch.tensor([-1, 2, 2], dtype=torch.int32), :]
    (y).sum().backward()
    print('t2', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t2', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
