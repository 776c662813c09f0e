import torch
x = torch.arange(6)
try:
    x.view(4, 2)
except RuntimeError as e:
    print(type(e).__name__, e)
print(x.view(3, -1).shape)
