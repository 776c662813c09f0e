import torch
x = torch.zeros(1)
print(type(x.dtype).__name__, type(x.device).__name__, type(torch.no_grad()).__name__)
