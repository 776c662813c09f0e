# Advanced indexing, differential fuzzing against PyTorch (generated program, seed 0186)
import torch
x = torch.arange(8).view(2, 2, 2)[1::2].unsqueeze(0).expand(3, 1, 2, 2)
try:
    y = x[[False, False, False], torch.tensor([True])]
    print('t0', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
x = torch.arange(60).view(3, 4, 5)[..., :1].expand(3, 4, 3)
try:
    y = x[(x[:, :, 0] >= 29), torch.tensor([[1], [-1]], dtype=torch.long), torch.tensor([[0], [-1]], dtype=torch.int32), torch.tensor(-1)]
    print('t1', tuple(y.shape), y.stride(), y.storage_offset(), y.dtype, y.is_contiguous(), y.tolist())
except Exception as e:
    print(type(e).__name__, e)
