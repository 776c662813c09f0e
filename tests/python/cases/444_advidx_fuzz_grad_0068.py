# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 0068)
import torch
a = torch.arange(24.).view(2, 3, 4).requires_grad_()
try:
    xv = a[..., :1].expand(2, 3, 3)
    y = xv[0, [1, 0]]
    (y).sum().backward()
    print('t0', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t0', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(60.).view(3, 4, 5).requires_grad_()
try:
    xv = a.unsqueeze(3).unsqueeze(0)
    y = xv[0, torch.tensor([-1, -1, 2], dtype=torch.int32), :4:3]
    (y).sum().backward()
    print('t1', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t1', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(60.).view(3, 4, 5).requires_grad_()
try:
    xv = a[::3]
    y = xv[(xv[:, 0, 0] > -1), -5:-1]
    (y * y).sum().backward()
    print('t2', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t2', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
