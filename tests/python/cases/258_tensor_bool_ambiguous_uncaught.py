import torch
x = torch.arange(3)
print(x.tolist())
if x:
    print("unreachable")
