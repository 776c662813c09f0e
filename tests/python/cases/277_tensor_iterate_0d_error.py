import torch
try:
    for v in torch.tensor(1.0):
        pass
except TypeError as e:
    print(type(e).__name__, e)
print("after")
