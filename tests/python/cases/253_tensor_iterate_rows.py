import torch
x = torch.arange(12).view(3, 4)
for row in x:
    print(row.tolist(), row.storage_offset(), row.stride())
    print(row.data_ptr() == x.data_ptr() + 8 * row.storage_offset())
