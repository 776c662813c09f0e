import torch
x = torch.arange(3)
try:
    x[3]
except IndexError as e:
    print(type(e).__name__, e)
print(x[-3].item())
