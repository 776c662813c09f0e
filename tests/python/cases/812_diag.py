import torch
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
v = torch.arange(3.0)
m = torch.arange(12.0).view(3, 4)
print(torch.diag(v), torch.diag(v, -1), torch.diag(v, 1).stride(), v.diag(diagonal=2).shape)
d = torch.diag(m)
print(d, d.stride(), same(d, m), torch.diag(m, 1), torch.diag(m, -2), torch.diag(m, 5), m.t().diag(1), m.diag().is_contiguous())
e = torch.diag_embed(torch.arange(6.0).view(2, 3))
print(e, e.shape, e.stride())
print(torch.diag_embed(torch.arange(6.0).view(2, 3), 1, 0, 2).shape, torch.diag_embed(v, -1), torch.diag_embed(v, -1).stride())
print(torch.diag_embed(torch.arange(6.0).view(2, 3).t()).stride(), torch.diag_embed(torch.arange(6).view(2, 3), dim1=0, dim2=-1)[:, 1].tolist())
print(torch.diagflat(v), torch.diagflat(m.t()[:2]), torch.diagflat(torch.tensor(2.0), 1), torch.diagflat(torch.tensor([[1, 2]]), -1).dtype)
print(torch.diag(torch.tensor([True, False])), torch.diag(torch.arange(4, dtype=torch.int16).view(2, 2)))
for f in [lambda: torch.diag(torch.zeros(2, 2, 2)), lambda: torch.diag(torch.tensor(1.0)), lambda: torch.diag_embed(v, 0, 0, 0),
          lambda: torch.diag_embed(v, 0, 0, 2), lambda: torch.diag_embed(v, 0, -1, 1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
a = torch.arange(3.0, requires_grad=True)
y = torch.diag(a, 1)
(y * torch.arange(16.0).view(4, 4)).sum().backward()
print(y.grad_fn.name(), a.grad)
b = torch.arange(12.0).view(3, 4).requires_grad_()
y = torch.diag(b, -1)
(y * torch.tensor([10.0, 20.0])).sum().backward()
print(y.grad_fn.name(), b.grad)
c = torch.arange(6.0).view(2, 3).requires_grad_()
y = c.diag_embed(1, 0, 2)
(y * torch.arange(32.0).view(4, 2, 4)).sum().backward()
print(y.grad_fn.name(), c.grad)
c.grad = None
y = c.diagflat()
(y * torch.arange(36.0).view(6, 6)).sum().backward()
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), c.grad)
