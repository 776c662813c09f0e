import torch
x = torch.tensor([[1, 5, 2], [7, 0, 3]])
print(x.max(0))
print(x.max())
print(type(x.max(0)).__name__)
