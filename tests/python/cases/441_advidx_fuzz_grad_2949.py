# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 2949)
import torch
a = torch.arange(60.).view(3, 4, 5).requires_grad_()
try:
    xv = a.transpose(0, 2)
    y = xv[torch.tensor([False, False, True, True, False]), (xv[0, :, 0] < 7), 5]
    (y * y).sum().backward()
    print('t0', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t0', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(60.).view(3, 4, 5).requires_grad_()
try:
    xv = a.transpose(0, 1).unsqueeze(0).expand(3, 4, 3, 5)
    y = xv[torch.tensor([-1, -1], dtype=torch.int32), torch.tensor(-3)]
    (y * torch.arange(float(y.numel())).view(y.shape)).sum().backward()
    print('t1', tuple(y.shape), y.tolist(), y.grad_fn.name() if y.grad_fn is not None else None)
    print('t1', a.grad.tolist(), a.grad.stride(), a.grad._version)
except Exception as e:
    print(type(e).__name__, e)
