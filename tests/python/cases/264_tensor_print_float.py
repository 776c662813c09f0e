import torch
print(torch.zeros(3))
print(torch.ones(2, 2))
print(torch.tensor([1.5, 2.25, -3.0]))
print(torch.tensor(2.5))
print(torch.arange(4.0))
