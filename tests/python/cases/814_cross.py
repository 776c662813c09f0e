import torch
a = torch.arange(6.0).view(2, 3)
b = torch.tensor([[1.0, 0.0, 2.0]])
c = torch.cross(a, b, dim=1)
print(c, c.stride(), torch.cross(a, b.expand(2, 3), dim=-1).tolist(), a.cross(b, 1).shape)
t = a.t()
print(torch.cross(t, t.flip(1), dim=0), torch.cross(t, t, dim=0).stride(), torch.cross(t.contiguous(), t, dim=0).stride())
print(torch.cross(torch.zeros(3, 3, 3), torch.ones(3, 3, 3), dim=0).shape, torch.cross(torch.zeros(2, 3), torch.zeros(1, 3), dim=1).shape)
print(torch.cross(torch.arange(3), torch.tensor([2, 0, 1]), dim=0), torch.cross(torch.arange(3, dtype=torch.int8), torch.tensor([2, 0, 1], dtype=torch.int8), dim=0))
x = torch.arange(300.0).view(100, 3) / 7
y = torch.arange(300.0, 0, -1).view(100, 3) / 3.3
print(torch.cross(x, y, dim=1)[::20].tolist())
print(torch.cross(x.double() / 3, y.double() / 1.7, dim=1)[::25].tolist())
print(torch.cross(x.half(), y.half(), dim=1)[::20].tolist(), torch.cross(x.bfloat16(), y.bfloat16(), dim=1)[::30].tolist())
for f in [lambda: torch.cross(a, torch.tensor([1.0, 0.0, 2.0]), dim=1), lambda: torch.cross(a, a, dim=0),
          lambda: torch.cross(a, torch.zeros(4, 3), dim=1), lambda: torch.cross(a, a, dim=2), lambda: a.cross(1), lambda: torch.cross(torch.arange(3), torch.tensor([2., 0., 1.]), dim=0)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
p = torch.arange(6.0).view(2, 3).requires_grad_()
q = torch.tensor([[1.0, 1.0, 1.0]], requires_grad=True)
r = torch.cross(p, q, dim=1)
(r * torch.arange(6.0).view(2, 3)).sum().backward()
print(r.grad_fn.name(), p.grad, q.grad)
