# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 3670)
import torch
z = torch.arange(12).view(3, 4).clone()
x = z.t()
try:
    x[torch.tensor([-3, 3, 0, 3], dtype=torch.int32), torch.tensor(0)] += 1
    print('t0', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
z = torch.arange(12).view(3, 4).clone()
x = z.t().unsqueeze(1)
try:
    x[torch.tensor([[0, 1, 3], [0, 2, -4]])[:, ::2], (x[0, :, 0] < 2)] += 0.5
    print('t1', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
