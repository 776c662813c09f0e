import torch
x = torch.ones(4, 2)
print(x.shape == torch.Size([4, 2]), x.shape[0] == 4)
print(x.shape != (4, 2), tuple(x.shape) == (4, 2))
print(torch.Size([2, 3]), torch.Size([]), len(torch.Size([])))
print(x.t().shape, x.view(8).shape, x.view(2, -1).shape)
