import torch
g = torch.load("../../io/files/grad.pt")
print(g.requires_grad, g.is_leaf, g.grad_fn, g.grad)
print(g)
y = (g * 2).sum()
print(y.requires_grad, y.grad_fn is not None)
y.backward()
print(g.grad)
print(g.detach().requires_grad, g.dtype, g.shape)
