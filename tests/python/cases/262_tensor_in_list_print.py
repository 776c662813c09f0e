import torch
print([torch.tensor(1), torch.tensor(2.5)])
print((torch.tensor(True), torch.tensor(-3)))
print([torch.arange(3), torch.zeros(2)])
