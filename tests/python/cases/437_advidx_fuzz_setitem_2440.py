# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 2440)
import torch
z = torch.arange(8).view(2, 2, 2).clone()
x = z[:, :, 1::3].transpose(0, 2)
try:
    x[0, torch.tensor([0, 1, 1]), 4] = 0
    print('t0', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
z = torch.tensor(5).clone()
x = z
try:
    x[[0, -1, -2], 2:, torch.tensor([False])] = (torch.arange(1) + 100).sum()
    print('t1', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
z = torch.arange(6).clone()
x = z
try:
    x[..., None, (x < 3)] = (torch.arange(1.) + 100).sum()
    print('t2', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
