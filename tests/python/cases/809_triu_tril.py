import torch
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
x = torch.arange(12.0).view(3, 4)
print(x.triu(), x.tril(-1), x.triu(diagonal=1), torch.tril(x, 2), torch.triu(x, -5).tolist() == x.tolist(), torch.tril(x, -3).abs().sum())
t = x.t()
u = t.triu()
print(u, u.stride(), u.is_contiguous(), same(t, u), t.tril().stride())
p = torch.arange(24).view(2, 3, 4).permute(2, 0, 1)
print(p.triu().stride(), p.tril(1)[1].tolist(), x[:, ::2].triu().stride(), torch.zeros(2, 0).triu().shape)
print(torch.tensor([[True, True], [True, True]]).tril(), torch.ones(2, 2, dtype=torch.int8).triu(1), torch.ones(3, 3, dtype=torch.float64).tril().dtype)
y = x.clone()
r = y.triu_(1)
print(r is y, y, y._version)
y = x.clone().t()
y.tril_()
print(y, y.stride())
z = x.clone()
v = z[1:]
v.triu_()
print(z)
o = torch.empty(4, 3).t()
r = torch.tril(x, out=o)
print(o.stride(), r is o, o)
print(torch.triu(x, out=x) is x, x._version)
x = torch.arange(12.0).view(3, 4)
for f in [lambda: torch.arange(3).triu(), lambda: torch.tensor(1.).tril(), lambda: x.triu(1.5), lambda: x.triu(0, 1),
          lambda: torch.triu(x, out=torch.empty(3, 4, dtype=torch.float64)), lambda: x.triu(out=torch.empty(3, 4)),
          lambda: torch.triu(x.clone().requires_grad_(), out=torch.empty(3, 4)), lambda: x.clone().requires_grad_().triu_(),
          lambda: torch.arange(3).tril_()]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
a = x.clone().requires_grad_()
b = a.triu(1)
(b * torch.arange(12.0).view(3, 4)).sum().backward()
print(b.grad_fn.name(), a.grad)
a = x.clone().requires_grad_()
c = a * 2
c.tril_(-1)
print(c.grad_fn.name(), c.grad_fn.next_functions[0][0].name())
(c * torch.arange(12.0).view(3, 4)).sum().backward()
print(a.grad)
a = x.clone().requires_grad_()
b = torch.tril(a.t(), 1)
b.sum().backward()
print(b.grad_fn.name(), a.grad)
with torch.no_grad():
    print(x.clone().requires_grad_().triu().requires_grad)
