import torch
x = torch.tensor([[3., 1., 2.], [0., 5., 4.]], requires_grad=True)
x.norm(dim=0).sum().backward(); print(x.grad)
x.grad = None; x.norm(dim=1, keepdim=True).sum().backward(); print(x.grad)
x.grad = None; torch.dist(x, torch.ones(3)).backward(); print(x.grad)
y = torch.arange(24.).view(2, 3, 4).requires_grad_()
y.norm(dim=(0, 2)).sum().backward(); print(y.grad[1])
a = torch.arange(8.)
print(a[4:].quantile(0.5), a.view(2, 4).t().quantile(0.5), a.expand(2, 8).quantile(0.25), a[1::2].nanquantile(0.5))
print(torch.einsum("ij->ji", torch.ones(2, 3)).shape)
try:
    torch.einsum("ij,jk->ik", torch.ones(2, 3))
except RuntimeError as e:
    print("RuntimeError", e)
try:
    torch.einsum("i->i", torch.ones(2), torch.ones(2))
except RuntimeError as e:
    print("RuntimeError", e)
