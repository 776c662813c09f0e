import torch
x = torch.arange(24).view(2, 3, 4)
ts = [x, x[0], x[:, 1], x[1, :, 2:], x.t() if x.dim() == 2 else x[0].t()]
print([t.stride() for t in ts])
print([t.shape for t in ts])
print([t.storage_offset() for t in ts])
print([t.is_contiguous() for t in ts])
