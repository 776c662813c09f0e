# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 0259)
import torch
x = torch.arange(24).view(2, 3, 4).unsqueeze(0)[..., :1].expand(1, 2, 3, 3)
try:
    y = x[None, -1, -1, torch.tensor([[False, True, False], [False, False, True], [False, True, False]])]
    print('t0', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
x = torch.arange(60).view(3, 4, 5)[..., :1].expand(3, 4, 3).unsqueeze(0).expand(2, 3, 4, 3)
try:
    y = x[..., (x[0, :, 0, 0] >= 20), torch.tensor(2, dtype=torch.int32), [-3]]
    print('t1', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
x = torch.arange(12.).view(4, 3)
try:
    y = x[-3::3, None, [0, -3, 1]]
    print('t2', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
