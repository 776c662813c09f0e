# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 1974)
import torch
a = torch.arange(24.).view(2, 3, 4).requires_grad_()
try:
    b = a.clone()
    bv = b
    v = (torch.arange(1.) + 100).view(1)
    bv[-2:, 2:2:1, -2::3] = v
    (b * b).sum().backward()
    print('t0', b.tolist(), b.grad_fn.name().split('::')[-1], a.grad.tolist())
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(6.).requires_grad_()
try:
    b = a.clone()
    bv = b
    v = (torch.arange(1.) + 100).sum().float().requires_grad_()
    bv[torch.tensor(2), ...] = v
    (b * b).sum().backward()
    print('t1', b.tolist(), b.grad_fn.name().split('::')[-1], a.grad.tolist())
    print('t1', v.grad.tolist() if v.grad is not None else None)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(24.).view(2, 3, 4).requires_grad_()
try:
    b = a.clone()
    bv = b[1::2]
    v = (torch.arange(1) + 100).view(1).float().requires_grad_()
    bv[torch.tensor([False]), [-3]] += v
    (b * b).sum().backward()
    print('t2', b.tolist(), b.grad_fn.name().split('::')[-1], a.grad.tolist())
    print('t2', v.grad.tolist() if v.grad is not None else None)
except Exception as e:
    print(type(e).__name__, e)
