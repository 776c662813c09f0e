import torch
print(torch.zeros(3).shape * 2)
