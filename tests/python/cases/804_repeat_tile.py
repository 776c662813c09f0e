import torch
x = torch.arange(6.0).view(2, 3)
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
r = x.repeat(2, 1)
print(r, r.stride(), r.is_contiguous(), same(x, r))
print(x.repeat(1, 2, 2).shape, x.repeat((2, 2)).tolist() == x.repeat([2, 2]).tolist(), x.repeat(torch.Size([1, 2])).shape)
print(x.repeat(1, 1).stride(), same(x, x.repeat(1, 1)), x.repeat(0, 2).shape, x.repeat(repeats=(3, 1)).shape)
t = x.t()
rt = t.repeat(2, 1)
print(rt, rt.stride(), same(t, rt))
print(t.repeat(1, 2, 2).stride(), torch.arange(10)[::3].repeat(2))
print(torch.tensor(3.).repeat(()).shape, torch.tensor(3.).repeat(2, 2), torch.tensor([True, False]).repeat(2))
print(torch.tile(x, (2,)).shape, x.tile(2).tolist(), x.tile(2, 1, 1).shape, x.tile(()).shape, torch.tile(t, (1, 1)).stride())
print(torch.tile(x, dims=(2, 1)).shape, torch.arange(3, dtype=torch.int16).tile(2))
for f in [lambda: x.repeat(2), lambda: x.repeat(), lambda: x.repeat(-1, 2), lambda: x.tile(), lambda: x.tile(-1),
          lambda: torch.tile(x, 2), lambda: torch.tile(x, 2, 2)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
for f in [lambda a: a.repeat(2, 1), lambda a: a.repeat(2, 1, 2), lambda a: a.tile(2), lambda a: a.t().repeat(1, 3), lambda a: a.repeat(1, 1)]:
    a = torch.arange(6.0).view(2, 3).requires_grad_()
    y = f(a)
    (y * torch.arange(float(y.numel())).view(y.shape)).sum().backward()
    print(y.grad_fn.name(), a.grad)
s = torch.tensor(2.0, requires_grad=True)
y = s.repeat(3)
y.sum().backward()
print(y, s.grad)
