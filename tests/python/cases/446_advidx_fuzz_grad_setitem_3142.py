# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 3142)
import torch
a = torch.arange(12.).view(3, 4).requires_grad_()
try:
    b = a.clone()
    bv = b
    v = 0
    bv[torch.tensor(-1)] += v
    (b * b).sum().backward()
    print('t0', b.tolist(), b.grad_fn.name().split('::')[-1], a.grad.tolist())
except Exception as e:
    print(type(e).__name__, e)
a = torch.arange(24.).view(2, 3, 4).requires_grad_()
try:
    b = a + 0
    bv = b.unsqueeze(0)
    v = torch.tensor(9)
    bv[torch.tensor([[-1, 0, 0], [-1, 0, 0]]).t(), torch.tensor(1), 1] += v
    (b * b).sum().backward()
    print('t1', b.tolist(), b.grad_fn.name().split('::')[-1], a.grad.tolist())
except Exception as e:
    print(type(e).__name__, e)
