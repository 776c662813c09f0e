import torch
x = torch.arange(6).view(2, 3)
print(f"{x.stride()=}")
print(f"{x.shape}")
print(f"{x.shape=}")
print(f"shape {tuple(x.shape)} offset {x.storage_offset()}")
print(f"{x.sum().item()=}")
