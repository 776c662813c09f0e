# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 4388)
import torch
x = torch.arange(120).view(2, 3, 4, 5)
try:
    y = x[:3:1, torch.tensor(-2, dtype=torch.int32), [1, -2, -3]]
    print('t0', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
x = torch.arange(8).view(2, 2, 2).unsqueeze(0).expand(3, 2, 2, 2).unsqueeze(0).expand(2, 3, 2, 2, 2)
try:
    y = x[torch.tensor(-1), (x[0, :, :, :, 0] >= 2), torch.tensor([[0, -2, 1], [0, 1, -1]]).t(), [-1, 0]]
    print('t1', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
