import torch
x = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(x.shape, x.stride(), x.tolist())
y = torch.tensor([[1.0], [2.0]])
print(y.shape, y.tolist())
print(torch.tensor([]).shape, torch.tensor([[]]).shape)
