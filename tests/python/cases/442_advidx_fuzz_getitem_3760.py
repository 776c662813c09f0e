# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 3760)
import torch
x = torch.arange(8).view(2, 2, 2).permute(1, 0, 2)
try:
    y = x[(x[:, 0, 0] > 1), 1, 3:0:3]
    print('t0', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
x = torch.tensor(5).unsqueeze(0).expand(2)
try:
    y = x[torch.tensor([True, True]), [[-1], [-1]]]
    print('t1', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
x = torch.arange(12).view(3, 4).unsqueeze(2)
try:
    y = x[None, ...]
    print('t2', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
