import torch
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
x = torch.arange(12.0).view(3, 4)
print(x.trace(), torch.trace(torch.arange(9).view(3, 3)), torch.trace(torch.arange(12).view(3, 4).t()), torch.trace(torch.zeros(0, 3)))
print(torch.trace(torch.tensor([[1, 2], [3, 4]], dtype=torch.int8)).dtype, x[:, ::2].trace(), torch.ones(2, 2, dtype=torch.float64).trace().dtype)
a = torch.arange(3.0)
b = torch.arange(4.0)
o = torch.outer(a, b)
print(o, o.stride(), same(o, a), a.outer(torch.arange(2)).dtype, torch.ger(a, b).shape, torch.outer(a[::2], b).stride())
print(torch.outer(torch.arange(2), torch.arange(2.)).dtype, torch.outer(torch.tensor([True]), torch.tensor([True, False])))
print(torch.diff(torch.tensor([1, 3, 6, 10])), torch.diff(x, n=2, dim=1), torch.diff(x, dim=0).stride(), x.t().diff().stride())
print(torch.diff(x, n=0).tolist() == x.tolist(), torch.diff(x, prepend=torch.zeros(3, 1)), torch.diff(torch.tensor([True, False, False])))
print(torch.diff(torch.arange(3.0), n=5), torch.diff(torch.arange(3.0), append=torch.tensor([10.0])), x.diff(1, 0, append=x).shape)
for f in [lambda: torch.arange(3).trace(), lambda: torch.trace(torch.zeros(2, 3, 4)), lambda: torch.outer(x, b),
          lambda: torch.outer(torch.tensor(2.0), b), lambda: a.outer(x), lambda: torch.diff(x, n=-1), lambda: torch.diff(torch.tensor(1.0)),
          lambda: torch.diff(torch.arange(3.0), append=torch.tensor(10.0)), lambda: x.diff(dim=2)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
m = torch.arange(12.0).view(3, 4).requires_grad_()
y = m.trace()
y.backward()
print(y.grad_fn.name(), m.grad)
p = torch.arange(3.0, requires_grad=True)
q = torch.arange(4.0, requires_grad=True)
y = torch.outer(p, q)
(y * torch.arange(12.0).view(3, 4)).sum().backward()
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), p.grad, q.grad)
m = torch.arange(12.0).view(3, 4).requires_grad_()
y = m.diff(n=2)
(y * torch.arange(6.0).view(3, 2)).sum().backward()
print(y.grad_fn.name(), m.grad)
