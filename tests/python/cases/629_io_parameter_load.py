import torch
p = torch.load("../../io/files/param.pt")
print(type(p).__name__, p.requires_grad, p.is_leaf, p.grad_fn)
print(p)
print(isinstance(p, torch.Tensor), p.shape, p.dtype)
q = p * 3
print(type(q).__name__, q)
