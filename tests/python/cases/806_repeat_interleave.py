import torch
def chain(y):
    out = []
    g = y.grad_fn
    while g is not None:
        if type(g).__name__ == 'AccumulateGrad':
            out.append('AccumulateGrad')
            break
        out.append(g.name())
        nf = [n[0] for n in g.next_functions if n[0] is not None]
        g = nf[0] if nf else None
    return out
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
x = torch.arange(6.0).view(2, 3)
print(x.repeat_interleave(2), x.repeat_interleave(2, 0), x.repeat_interleave(2, dim=1).stride())
t = x.t()
r = t.repeat_interleave(2, dim=1)
print(r, r.stride(), r.is_contiguous(), same(t, r), t.repeat_interleave(2, dim=0).stride())
print(x.repeat_interleave(torch.tensor([1, 2]), dim=0), x.repeat_interleave(torch.tensor([1, 2, 0]), dim=1))
print(x.repeat_interleave(torch.tensor([2]), dim=1).tolist(), x.repeat_interleave(torch.tensor(2), dim=-1).stride())
print(t.repeat_interleave(torch.tensor([1, 0, 2]), dim=0).stride(), same(x, x.repeat_interleave(1, 1)))
print(torch.repeat_interleave(torch.tensor([1, 2, 3])), torch.repeat_interleave(torch.tensor([2, 0, 1], dtype=torch.int32)))
print(torch.repeat_interleave(torch.tensor([], dtype=torch.long)), torch.arange(4).repeat_interleave(0), torch.zeros(0).repeat_interleave(3))
print(torch.tensor(3.).repeat_interleave(2), torch.repeat_interleave(torch.tensor([1, 2]), 2).dtype, x.repeat_interleave(2, dim=0, output_size=4).shape)
print(torch.tensor([True, False]).repeat_interleave(2), torch.arange(3, dtype=torch.int8).repeat_interleave(torch.tensor([3, 0, 1])))
for f in [lambda: torch.repeat_interleave(torch.tensor([[1, 2]])), lambda: x.repeat_interleave(torch.tensor([1, 2, 3]), dim=0),
          lambda: x.repeat_interleave(-1), lambda: x.repeat_interleave(torch.tensor([1, -1]), dim=0),
          lambda: x.repeat_interleave(torch.tensor([1., 1.]), dim=0), lambda: x.repeat_interleave(2, dim=2),
          lambda: x.repeat_interleave(2, dim=0, output_size=5), lambda: x.repeat_interleave(),
          lambda: torch.tensor(3.).repeat_interleave(2, 0), lambda: x.repeat_interleave(torch.tensor([[2]]), dim=0)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
for f in [lambda a: a.repeat_interleave(2), lambda a: a.repeat_interleave(2, 1), lambda a: a.t().repeat_interleave(2),
          lambda a: a[0].repeat_interleave(2), lambda a: a.repeat_interleave(1, 1),
          lambda a: a.repeat_interleave(torch.tensor([1, 2]), 0), lambda a: a.repeat_interleave(torch.tensor([2])),
          lambda a: a.t().repeat_interleave(torch.tensor([1, 2, 3, 1, 1, 1])), lambda a: a.repeat_interleave(torch.tensor(2), 1)]:
    a = torch.arange(6.0).view(2, 3).requires_grad_()
    y = f(a)
    (y * torch.arange(float(y.numel())).view(y.shape)).sum().backward()
    print(chain(y), y.stride(), a.grad.tolist())
with torch.no_grad():
    print(x.clone().requires_grad_().repeat_interleave(2).requires_grad)
