import torch
print(torch.arange(3).tolist(), torch.zeros(2).tolist())
print(torch.tensor(4).tolist(), torch.tensor(1.5).tolist())
print(torch.tensor([True, False]).tolist())
print(torch.ones(2, 1, 2).tolist())
