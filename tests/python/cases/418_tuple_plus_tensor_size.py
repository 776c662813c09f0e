import torch
s = (1,) + torch.zeros(2, 3).shape
print(s, type(s).__name__)
