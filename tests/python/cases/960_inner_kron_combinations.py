import torch
a = torch.arange(6.).view(2, 3).requires_grad_(); b = torch.arange(12.).view(4, 3).requires_grad_()
r = torch.inner(a, b); print(r, r.stride(), r.grad_fn.name())
print(torch.inner(torch.tensor([1., 2.]), torch.tensor([3., 4.])), torch.inner(a, torch.tensor(2.)).grad_fn.name())
k = torch.kron(torch.tensor([[1., 2.], [3., 4.]], requires_grad=True), torch.tensor([[0., 1.], [1., 0.]])); print(k, k.stride(), k.grad_fn.name())
print(torch.kron(torch.tensor([1, 2]), torch.tensor([1, 10, 100])), torch.kron(torch.ones(2, 1), torch.ones(3)).shape)
c = torch.combinations(torch.tensor([1., 2., 3.], requires_grad=True)); print(c, c.stride(), c.grad_fn.name())
print(torch.combinations(torch.tensor([1, 2, 3]), r=3), torch.combinations(torch.tensor([1, 2, 3]), with_replacement=True), torch.combinations(torch.tensor([1, 2]), r=3))
print(a.inner(b).shape, torch.tensor([1., 2.]).kron(torch.tensor([1., 1.])))
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
torch.kron(x, torch.tensor([[1., 10.]])).sum().backward(); print(x.grad)
y = torch.tensor([1., 2., 3.], requires_grad=True)
torch.combinations(y, r=2).sum().backward(); print(y.grad)
z = torch.arange(6.).view(2, 3).requires_grad_()
torch.inner(z, torch.ones(4, 3)).sum().backward(); print(z.grad)
for bad in [lambda: torch.inner(torch.ones(2, 3), torch.ones(2)), lambda: torch.combinations(torch.ones(2, 2))]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError", e)
