import torch
x = torch.tensor([1.0, 2.0])
print(isinstance(x, torch.Tensor), isinstance(3, torch.Tensor))
print(type(x).__name__, isinstance(x.shape, tuple))
print(isinstance(x, (list, torch.Tensor)), isinstance(x, (int, float)), callable(x.sum))
