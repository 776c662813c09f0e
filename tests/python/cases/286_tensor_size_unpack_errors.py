import torch
x = torch.zeros(2, 3)
try:
    a, b, c = x.shape
except ValueError as e:
    print(type(e).__name__, e)
h, w = x.shape
print(h, w)
