import torch
x = torch.zeros(3, 4)
xt = torch.zeros(4, 3).t()
i = torch.tensor([[0, 1], [2, 0]])
s = torch.arange(1., 7.).reshape(2, 3)
y = x.scatter(1, i, s)
print(y, y.stride())
y = xt.scatter(1, i, s)
print(y.stride(), xt.scatter(0, i, 5.).stride(), y.untyped_storage().data_ptr() == xt.untyped_storage().data_ptr())
print(torch.scatter(x, 0, i, s), torch.scatter(x, dim=1, index=i, value=-1))
print(torch.arange(6).reshape(2, 3).scatter(1, torch.tensor([[2, 2]]), torch.tensor([[7, 8]])))
z = torch.zeros(2, 3)
v0 = z._version
r = z.scatter_(0, torch.tensor([[1, 0, 1]]), 7.)
print(z, r is z, z._version - v0)
zt = torch.zeros(3, 2).t()
zt.scatter_(1, torch.tensor([[2], [0]]), torch.tensor([[1.], [2.]]))
print(zt, zt.stride())
print(x.scatter(1, torch.tensor([[], []], dtype=torch.long), s))
w = torch.zeros(3, 4, requires_grad=True)
src = torch.arange(1., 5.).reshape(2, 2).requires_grad_()
y = w.scatter(1, i, src)
print(y.grad_fn.name())
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad, src.grad)
w.grad = None
y = w.scatter(1, i, 2.)
print(y.grad_fn.name())
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad)
src = torch.ones(2, 3, requires_grad=True)
try:
    x.scatter(1, i, src).sum().backward()
except Exception as e:
    print(type(e).__name__, e)
for f in [lambda: x.scatter(1, i, s.long()),
          lambda: x.scatter(1, i.float(), s),
          lambda: x.scatter(1, torch.tensor([[5]]), s),
          lambda: x.scatter(1, torch.tensor([0]), s),
          lambda: x.scatter(1, torch.tensor([[0, 0, 0, 0, 0]]), s),
          lambda: x.scatter(0, i, s, reduce='foo'),
          lambda: torch.zeros(2, requires_grad=True).scatter_(0, torch.tensor([0]), 1.)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
