import torch
v = torch.tensor([3, 1, 4])
total = 0
for e in v:
    total += e.item()
    print(e.item(), e.shape, e.storage_offset())
print(total)
