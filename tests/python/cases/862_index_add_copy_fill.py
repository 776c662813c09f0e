import torch
x = torch.zeros(3, 4)
xt = torch.zeros(4, 3).t()
y = x.index_add(0, torch.tensor([0, 2, 0]), torch.ones(3, 4), alpha=2)
print(y, y.stride(), xt.index_add(1, torch.tensor([1]), torch.ones(3, 1)).stride())
print(torch.index_add(torch.arange(6).reshape(2, 3), 1, torch.tensor([2, 2], dtype=torch.int32), torch.ones(2, 2, dtype=torch.long)))
y = x.index_copy(1, torch.tensor([3, 0]), torch.ones(3, 2))
print(y, y.stride(), xt.index_copy(0, torch.tensor([1]), torch.ones(1, 4)).stride())
y = xt.index_fill(1, torch.tensor([0, 2]), -1)
print(y, y.stride(), x.index_fill(0, torch.tensor([1]), torch.tensor(3.)), x.index_fill(0, torch.tensor([-1]), 4.))
z = torch.zeros(3, 2)
z.index_add_(0, torch.tensor([2]), torch.ones(1, 2), alpha=3)
z.index_copy_(1, torch.tensor([0]), torch.full((3, 1), 8.))
z.index_fill_(0, torch.tensor([0]), 5.)
print(z, z._version)
w = torch.zeros(3, 4, requires_grad=True)
src = torch.arange(1., 9.).reshape(2, 4).requires_grad_()
y = w.index_add(0, torch.tensor([2, 2]), src, alpha=3)
print(y.grad_fn.name())
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad, src.grad)
w.grad = None
src.grad = None
y = w.index_copy(0, torch.tensor([2, 0]), src)
print(y.grad_fn.name())
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad, src.grad)
w.grad = None
v = torch.tensor(2., requires_grad=True)
y = w.index_fill(1, torch.tensor([0, 0, 3]), v)
print(y.grad_fn.name())
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad, v.grad)
w.grad = None
y = w.index_fill(1, torch.tensor([1]), 1.)
print(y.grad_fn.name())
y.sum().backward()
print(w.grad)
for f in [lambda: x.index_add(0, torch.tensor([5]), torch.ones(1, 4)),
          lambda: x.index_add(0, torch.tensor([0]), torch.ones(2, 4)),
          lambda: x.index_add(0, torch.tensor([0]), torch.ones(1, 4).long()),
          lambda: x.index_add(0, torch.tensor([0.]), torch.ones(1, 4)),
          lambda: x.index_add(1, torch.tensor([1]), torch.ones(4, 1)),
          lambda: x.index_copy(0, torch.tensor([0]), torch.ones(2, 4)),
          lambda: x.index_copy(0, torch.tensor([9]), torch.ones(1, 4)),
          lambda: x.index_fill(0, torch.tensor([9]), 1),
          lambda: x.index_fill(0, torch.tensor([0]), torch.tensor([1.]))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
