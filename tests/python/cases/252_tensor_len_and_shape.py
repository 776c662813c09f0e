import torch
x = torch.arange(12).view(3, 4)
print(len(x), len(x[0]))
print(x.shape, x.size())
print(x.shape == (3, 4), x.shape == (4, 3), x.size() == x.shape)
print(x.stride(), x.storage_offset(), x.is_contiguous())
