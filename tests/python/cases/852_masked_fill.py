import torch
x = torch.arange(12.).reshape(3, 4)
m = x > 5
xt = x.t()
y = xt.masked_fill(m.t(), -1.)
print(y, y.stride(), y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
print(x.masked_fill(mask=x > 2, value=-1), torch.masked_fill(x, x > 8, 5))
print(torch.arange(3).masked_fill(torch.tensor([[True], [False]]), 7))
print(torch.tensor([1, 0, 2]).masked_fill(torch.tensor([True, False, False]), 2.7))
print(torch.arange(3).masked_fill(torch.tensor([True, False, True]), torch.tensor(2.5)))
print(x.masked_fill(x > 1, torch.tensor(2, dtype=torch.long)))
z = x.clone()
v0 = z._version
r = z.masked_fill_(torch.tensor([True, False, True, False]), 0.)
print(z, r is z, z._version - v0)
zt = x.clone().t()
zt.masked_fill_(zt > 4, 100)
print(zt, zt.stride())
w = x.clone().requires_grad_()
y = w.masked_fill(torch.tensor([[True, False, True, False]]), 2.)
print(y.grad_fn.name())
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad)
w.grad = None
v = torch.tensor(2., requires_grad=True)
y = w.masked_fill(m, v)
print(y.grad_fn.name())
y.sum().backward()
print(v.grad, w.grad)
b = torch.ones(3, requires_grad=True)
y = b.masked_fill(torch.tensor([[True], [False]]), 0.)
print(y.shape)
(y * torch.tensor([[1., 2., 3.], [4., 5., 6.]])).sum().backward()
print(b.grad)
v = torch.tensor(3., requires_grad=True)
u = x.clone()
u.masked_fill_(m, v)
print(u.grad_fn.name())
u.sum().backward()
print(v.grad)
for f in [lambda: x.masked_fill(x, 1),
          lambda: x.masked_fill(torch.tensor([1, 0, 1, 0]), 1),
          lambda: x.masked_fill(torch.tensor([1, 0, 1, 0], dtype=torch.uint8), 1),
          lambda: x.masked_fill(x.double(), 1),
          lambda: x.masked_fill(torch.tensor([True, False]), 1),
          lambda: x.masked_fill(m, torch.tensor([1., 2])),
          lambda: torch.arange(3).masked_fill_(torch.tensor([[True], [False]]), 7),
          lambda: x.masked_fill(m, 'a'),
          lambda: torch.ones(2).requires_grad_().masked_fill_(torch.tensor([True, False]), 0.)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
