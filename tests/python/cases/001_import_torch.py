import torch
x = torch.arange(6)
print(x.tolist())
print(type(x).__name__)
