import torch
def describe(t):
    return f"shape={tuple(t.shape)} stride={t.stride()} offset={t.storage_offset()} contiguous={t.is_contiguous()}"
x = torch.arange(24).view(4, 6)
for v in [x, x[1:], x[:, 2:4], x.t(), x[::2]]:
    print(describe(v))
