import torch
print(torch.zeros(2, 3).shape, torch.ones(4).tolist())
print(torch.arange(5).tolist(), torch.arange(2, 8).tolist(), torch.arange(0, 10, 3).tolist())
print(torch.arange(1, 2, 0.25).tolist())
print(torch.zeros(3).sum().item(), torch.ones(3, 3).sum().item())
