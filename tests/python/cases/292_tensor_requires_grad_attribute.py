import torch
x = torch.ones(2)
print(x.requires_grad)
x.requires_grad = True
print(x.requires_grad, x.is_leaf)
print(x.shape, x.dim())
