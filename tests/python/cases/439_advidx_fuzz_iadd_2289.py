# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 2289)
import torch
z = torch.arange(12.).view(4, 3).clone()
x = z
try:
    x[torch.tensor([[True, True, True], [True, True, True], [True, False, True], [True, True, False]]),] += 1
    print('t0', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
z = torch.arange(60).view(3, 4, 5).clone()
x = z
try:
    x[torch.tensor([[-3, -3, -2], [2, -1, -3]]).t(), -3::2] += 1
    print('t1', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
z = torch.arange(12.).view(4, 3).clone()
x = z
try:
    x[torch.tensor(3), torch.tensor(-2)] += 0.5
    print('t2', z.tolist(), z._version, x._version)
except Exception as e:
    print(type(e).__name__, e)
