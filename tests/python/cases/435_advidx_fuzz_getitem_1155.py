# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 1155)
import torch
x = torch.arange(8).view(2, 2, 2).unsqueeze(0).expand(3, 2, 2, 2)
try:
    y = x[(x[:, 0, 0, 0] < -1), [0]]
    print('t0', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
x = torch.arange(60).view(3, 4, 5).float()[..., :1].expand(3, 4, 3)
try:
    y = x[torch.tensor([True, True, False]), [[1, -4], [-1, -1]]]
    print('t1', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
x = torch.arange(8).view(2, 2, 2)[..., :1].expand(2, 2, 3)
try:
    y = x[torch.tensor(-1), 0::2, 1]
    print('t2', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
