import torch
s = torch.zeros(2, 3).shape
try:
    s[5]
except IndexError as e:
    print(type(e).__name__, e)
print(s[-2])
