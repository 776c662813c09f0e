import torch
print(torch.tensor([True, False]))
print(torch.arange(4) > 1)
print(torch.tensor(False))
