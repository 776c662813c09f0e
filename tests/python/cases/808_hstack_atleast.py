import torch
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
x = torch.arange(6.0).view(2, 3)
v = torch.arange(3.0)
s = torch.tensor(7.0)
for n, f in [('hstack', torch.hstack), ('vstack', torch.vstack), ('dstack', torch.dstack), ('column_stack', torch.column_stack)]:
    y = f([x, x])
    print(n, tuple(y.shape), y.stride(), same(x, y))
    y = f((v, v))
    print(" ", y.tolist(), y.stride())
    print(" ", tuple(f([s, s]).shape), tuple(f((x.t(), x.t())).shape), f((x.t(), x.t())).stride())
print(torch.hstack((torch.tensor(1), torch.tensor(2))), torch.column_stack((torch.arange(2), torch.zeros(2, 2))))
print(torch.vstack((torch.arange(2), torch.arange(2, 4))).dtype, torch.hstack([v, torch.arange(2)]).dtype)
for f in [lambda: torch.hstack([]), lambda: torch.vstack([]), lambda: torch.dstack([]), lambda: torch.column_stack([]),
          lambda: torch.hstack(x), lambda: torch.vstack([x, 1]), lambda: torch.hstack([x, v]), lambda: torch.atleast_2d(1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.atleast_1d(x) is x, torch.atleast_1d(s), torch.atleast_1d(s, v), torch.atleast_1d([s, v]), torch.atleast_1d((s,)), torch.atleast_1d())
for n, f in [('1d', torch.atleast_1d), ('2d', torch.atleast_2d), ('3d', torch.atleast_3d)]:
    rs = [f(t) for t in (s, v, x, torch.zeros(1, 2, 3, 4))]
    print(n, [tuple(r.shape) for r in rs], [r.stride() for r in rs], [same(r, t) for r, t in zip(rs, (s, v, x))], rs[2] is x)
print(torch.atleast_3d(x.t()).stride(), torch.atleast_2d(v[::2]).stride())
r = x.ravel()
print(r, r.stride(), same(x, r), torch.ravel(x.t()).tolist(), same(x, x.t().ravel()), x.t().ravel().stride(), s.ravel().shape)
a = torch.arange(6.0).view(2, 3).requires_grad_()
b = torch.arange(3.0, requires_grad=True)
for n, f in [('hstack', torch.hstack), ('vstack', torch.vstack), ('dstack', torch.dstack), ('column_stack', torch.column_stack)]:
    y = f([a, a]) if n != 'column_stack' else f([b, a.t()])
    (y * torch.arange(float(y.numel())).view(y.shape)).sum().backward()
    print(n, y.grad_fn.name(), a.grad.tolist(), b.grad)
    a.grad = None
    b.grad = None
print(torch.atleast_1d(torch.tensor(1.0, requires_grad=True)).grad_fn.name(), torch.atleast_3d(a).grad_fn.name(), torch.atleast_2d(a).grad_fn)
print(torch.atleast_2d(b).grad_fn.name(), torch.atleast_3d(b).grad_fn.name(), torch.atleast_3d(b).grad_fn.next_functions[0][0].name())
print(a.ravel().grad_fn.name(), a.t().ravel().grad_fn.name(), a.t().ravel().grad_fn.next_functions[0][0].name())
y = a.t().ravel()
(y * torch.arange(6.0)).sum().backward()
print(a.grad)
