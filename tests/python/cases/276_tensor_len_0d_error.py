import torch
try:
    len(torch.tensor(5))
except TypeError as e:
    print(type(e).__name__, e)
print(len(torch.zeros(0)), len(torch.zeros(3, 0)))
