import torch
x = torch.tensor([[4.0, 2.0], [1.0, 3.0]])
v, i = x.min(dim=1)
print(v, i)
print(x.min(dim=0)[0].tolist(), x.min(dim=0)[1].tolist())
print(len(x.min(0)))
