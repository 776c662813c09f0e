import torch
x = torch.arange(6)
y = x.view(2, 3)
z = y.t()
print(y.tolist(), z.tolist())
print(y.stride(), z.stride(), z.is_contiguous(), y.is_contiguous())
print(z.data_ptr() == x.data_ptr(), z.storage_offset())
print(y.view(3, 2).tolist(), y.view(-1).shape)
