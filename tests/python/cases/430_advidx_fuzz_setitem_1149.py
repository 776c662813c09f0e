# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 1149)
import torch
z = torch.arange(60).view(3, 4, 5).float().clone()
x = z.unsqueeze(1)
try:
    x[::3] = (torch.arange(5) + 100).view(1, 1, 5)
    print('t0', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
z = torch.arange(12.).view(4, 3).clone()
x = z[1::2]
try:
    x[..., torch.tensor([True, True, True])] = (torch.arange(2.) + 100).view(2, 1)
    print('t1', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
z = torch.arange(12).view(3, 4).clone()
x = z.permute(1, 0)
try:
    x[(x[:, 0] == 3), torch.tensor(-4)] = (torch.arange(1) + 100).sum()
    print('t2', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
