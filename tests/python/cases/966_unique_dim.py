import torch
x = torch.tensor([[1, 3, 1, 2], [0, 5, 0, 5], [1, 3, 1, 2]])
for d in [0, 1, -1, -2]:
    r = torch.unique(x, dim=d, return_inverse=True, return_counts=True)
    print(d, r, [t.stride() for t in r], [t.dtype for t in r])
print(x.unique(dim=1).stride(), x.unique(dim=0).stride(), x.unique(sorted=False, dim=1))
print(torch.unique(x, False, True, False, 0))
y = torch.tensor([[1., 2.], [1., 2.], [-0., 1.], [0., 1.], [float('nan'), 1.], [float('nan'), 1.]], requires_grad=True)
r = y.unique(dim=0, return_counts=True); print(r, r[0].grad_fn.name(), r[0].requires_grad)
try:
    r[0].sum().backward()
except NotImplementedError as e:
    print("NotImplementedError", e)
q = torch.unique_consecutive(y, dim=0)
print(q.grad_fn.name(), torch.unique(y, dim=1, sorted=False).grad_fn.name())
b = torch.tensor([[True, False], [False, False], [True, False]])
print(b.unique(dim=0, return_inverse=True), b.unique(dim=1))
z = torch.arange(24).view(2, 3, 4) % 3
print(z.unique(dim=1, return_inverse=True, return_counts=True), z.unique(dim=1).stride(), z.unique(dim=2).stride())
nc = x.t()
print(nc.unique(dim=0), nc.unique(dim=1, return_counts=True))
print(torch.unique_consecutive(x, dim=1, return_inverse=True, return_counts=True), torch.unique_consecutive(x, dim=1).stride())
print(torch.unique_consecutive(torch.tensor([[1, 1], [1, 1], [2, 2], [1, 1]]), dim=0, return_counts=True))
e = torch.zeros(0, 3)
print(e.unique(dim=0, return_inverse=True, return_counts=True))
for f in [lambda: e.unique(dim=1), lambda: torch.zeros(0, 0).unique(dim=0), lambda: x.unique(dim=2), lambda: x.unique(dim=-3), lambda: torch.tensor(5).unique(dim=0), lambda: torch.unique_consecutive(x, dim=3), lambda: torch.unique_consecutive(e, dim=1), lambda: torch.tensor(5).unique_consecutive(dim=0)]:
    try:
        print(f())
    except Exception as ex:
        print(type(ex).__name__, ex)
print(torch.ones(2, 0).unique(dim=1, return_inverse=True, return_counts=True))
print(torch.ones(3).unique(dim=0, return_inverse=True), torch.tensor([3, 1, 3]).unique(dim=-1))
print(torch.tensor(5).unique(dim=None), torch.tensor([[2, 1], [1, 0]], dtype=torch.float16).unique(dim=0))
for n in [5, 17, 100]:
    x = (torch.arange(n * 3).view(n, 3) * 7 % 5) % 3
    u, i, c = x.unique(dim=0, return_inverse=True, return_counts=True)
    print(n, u.tolist(), i.tolist(), c.tolist())
    f = ((torch.arange(n * 2.).view(2, n) * 13 % 7) - 3.) / 2
    f[0, ::5] = -0.0
    f[1, ::7] = float('nan')
    f[0, 1::6] = 0.0
    u, i, c = f.unique(dim=1, return_inverse=True, return_counts=True)
    print(u, i.tolist(), c.tolist(), u.stride())
    try:
        f.requires_grad_().unique(dim=1).sum().backward()
    except NotImplementedError as e:
        print("NotImplementedError", e)
    try:
        f.unique().sum().backward()
    except NotImplementedError as e:
        print("NotImplementedError", e)
    f = f.detach()
    print(torch.signbit(u).tolist())
    uc = torch.unique_consecutive(f.t(), dim=0, return_counts=True)
    print(uc[0].shape, uc[1].tolist())
s = (torch.arange(30).view(5, 6) % 3)[:, ::2]
print(s.is_contiguous(), s.unique(dim=0, return_inverse=True), s.unique(dim=1, return_counts=True))
print(torch.tensor([[1, 2], [1, 2]], dtype=torch.int8).unique(dim=0).dtype, torch.tensor([[1.5, 2.], [1.5, 2.]], dtype=torch.float64).unique(dim=1))
for f in [lambda: x.unique(dim="a"), lambda: torch.unique(x, dim=1.5), lambda: torch.unique_consecutive(x, dim="a")]:
    try:
        f()
    except TypeError as e:
        print("TypeError", e)
