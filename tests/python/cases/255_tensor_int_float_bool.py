import torch
print(int(torch.tensor(7)), int(torch.tensor(3.9)), int(torch.tensor(-3.9)))
print(float(torch.tensor(2)), float(torch.tensor(0.5)))
print(bool(torch.tensor(0)), bool(torch.tensor(3)), bool(torch.tensor([1])))
print(int(torch.ones(1, 1)))
