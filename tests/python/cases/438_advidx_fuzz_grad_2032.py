# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 2032)
import torch
a = torch.arange(60.).view(3, 4, 5).requires_grad_()
try:
    xv = a
    y = xv[1:, torch.tensor(-2)]
    (y * y).sum().backward()
    print('t0', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t0', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(6.).requires_grad_()
try:
    xv = a.unsqueeze(0).expand(2, 6)
    y = xv[torch.tensor([False, False])]
    (y).sum().backward()
    print('t1', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t1', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(12.).view(3, 4).requires_grad_()
try:
    xv = a.transpose(0, 1).unsqueeze(0).expand(3, 4, 3)
    y = xv[torch.tensor([], dtype=torch.long), torch.tensor([[1], [-1]], dtype=torch.int32)]
    (y * torch.arange(float(y.numel())).view(y.shape)).sum().backward()
    print('t2', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t2', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
