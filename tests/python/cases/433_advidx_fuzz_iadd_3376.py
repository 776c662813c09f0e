# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 3376)
import torch
z = torch.tensor(5).clone()
x = z.unsqueeze(0)
try:
    x[None] += torch.tensor(9)
    print('t0', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
z = torch.arange(60).view(3, 4, 5).float().clone()
x = z
try:
    x[..., torch.tensor([2, -2]), torch.tensor([[-1], [2]], dtype=torch.int32), -4:2:3] += 1
    print('t1', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
