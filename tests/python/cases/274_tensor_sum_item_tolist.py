import torch
x = torch.arange(1, 7).view(2, 3)
print(x.sum(), x.sum().item())
print(x.sum(0).tolist(), x.sum(1).tolist(), x.sum(dim=1).shape)
print(type(x.sum().item()).__name__, type(x.tolist()).__name__)
f = torch.ones(2, 2).sum().item()
print(f, type(f).__name__)
