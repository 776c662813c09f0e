# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 2325)
import torch
z = torch.arange(6).clone()
x = z.unsqueeze(1)
try:
    x[torch.tensor([[5, -5, -4], [-2, -7, -6]])[:, ::2], (x[0, :] == 2), torch.tensor([-1, 0], dtype=torch.int32)] = (torch.arange(1) + 100).sum()
    print('t0', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
z = torch.tensor(5).clone()
x = z
try:
    x[...] = torch.arange(2)
    print('t1', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
