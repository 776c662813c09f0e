# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 2674)
import torch
a = torch.arange(6.).requires_grad_()
try:
    xv = a[..., :1].expand(3).unsqueeze(1)
    y = xv[-2:0]
    (y).sum().backward()
    print('t0', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t0', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(60.).view(3, 4, 5).requires_grad_()
try:
    xv = a.unsqueeze(2)
    y = xv[torch.tensor([[-1, -1, -2], [5, 2, 1]]).t(), torch.tensor(-4)]
    (y * y).sum().backward()
    print('t1', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t1', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(60.).view(3, 4, 5).requires_grad_()
try:
    xv = a[:, :, ::2].unsqueeze(0)
    y = xv[0, [-4, 2]]
    (y * y).sum().backward()
    print('t2', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t2', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
