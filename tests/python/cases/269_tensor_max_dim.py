import torch
x = torch.tensor([[1, 5, 2], [7, 0, 3]])
values, indices = x.max(dim=0)
print(values, indices)
print(values.tolist(), indices.tolist())
r = x.max(dim=1)
print(r.values.tolist(), r.indices.tolist())
