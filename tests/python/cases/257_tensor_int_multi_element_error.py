import torch
try:
    int(torch.arange(3))
except (RuntimeError, ValueError) as e:
    print(type(e).__name__, e)
try:
    torch.arange(4).item()
except (RuntimeError, ValueError) as e:
    print(type(e).__name__, e)
