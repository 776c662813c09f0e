import torch
x = torch.zeros(3, 4)
s = torch.arange(1., 7.).reshape(2, 3)
y = x.scatter_add(1, torch.tensor([[0, 0], [1, 1]]), s)
print(y, y.stride(), torch.zeros(4, 3).t().scatter_add(1, torch.tensor([[0, 1]]), s).stride())
print(torch.scatter_add(torch.ones(2, 2, dtype=torch.long), 0, torch.tensor([[1, 1]]), torch.tensor([[5, 6]])))
idx = torch.tensor([[0, 0, 1], [1, 1, 1]])
for r in ['sum', 'prod', 'mean', 'amax', 'amin']:
    print(r, torch.ones(3, 4).scatter_reduce(1, idx, s, r), torch.ones(3, 4).scatter_reduce(1, idx, s, r, include_self=False))
print(torch.ones(3, 4, dtype=torch.long).scatter_reduce(1, torch.tensor([[0, 0, 1]]), torch.tensor([[2, 3, 4]]), 'mean', include_self=True))
print(torch.scatter_reduce(torch.zeros(3), 0, torch.tensor([0, 2, 2]), torch.tensor([-1., 5., 3.]), reduce='amax'))
z = torch.zeros(2, 3)
z.scatter_add_(1, torch.tensor([[2, 2]]), torch.tensor([[1., 2.]]))
z.scatter_reduce_(0, torch.tensor([[1, 1, 1]]), torch.tensor([[4., 5., 6.]]), 'amax', include_self=False)
print(z, z._version)
w = torch.zeros(3, 4, requires_grad=True)
src = torch.arange(1., 5.).reshape(2, 2).requires_grad_()
y = w.scatter_add(1, torch.tensor([[0, 0], [3, 1]]), src)
print(y.grad_fn.name())
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad, src.grad)
for r, inc in [('sum', True), ('sum', False), ('mean', True), ('mean', False)]:
    w.grad = None
    src.grad = None
    y = w.scatter_reduce(1, torch.tensor([[0, 0], [3, 1]]), src, r, include_self=inc)
    print(r, inc, y.grad_fn.name())
    (y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
    print(w.grad, src.grad)
for f in [lambda: x.scatter_add(1, torch.tensor([[0]]), s.long()),
          lambda: x.scatter_reduce(1, torch.tensor([[0]]), s, 'foo'),
          lambda: x.scatter_add(1, torch.tensor([[9]]), s)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
