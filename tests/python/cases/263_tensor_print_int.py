import torch
print(torch.arange(6))
print(torch.arange(6).view(2, 3))
print(torch.tensor(5))
print(torch.tensor([-1, 20, 300]))
