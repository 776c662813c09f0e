# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 4297)
import torch
a = torch.arange(6.).requires_grad_()
try:
    b = a.clone()
    bv = b
    v = (torch.arange(1.) + 100).sum().float().requires_grad_()
    bv[(bv >= 2)] = v
    (b * b).sum().backward()
    print('t0', b.tolist(), b.grad_fn.name().split('::')[-1], a.grad.tolist())
    print('t0', v.grad.tolist() if v.grad is not None else None)
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(6.).requires_grad_()
try:
    b = a.clone()
    bv = b
    v = 2.5
    bv[[-1], torch.tensor([True]), torch.tensor([[0, 0, 0], [-1, 0, 0]]).t(), 0:2:1] = v
    (b * b).sum().backward()
    print('t1', b.tolist(), b.grad_fn.name().split('::')[-1], a.grad.tolist())
except Exception as e:
    print(type(e).__name__, e)
