import torch
x = torch.arange(6.0).view(2, 3)
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
print(x.roll(1), x.roll(-1).tolist(), x.roll(7).tolist())
print(x.roll(1, 0).tolist(), x.roll(1, 1).tolist(), x.roll((1, 2), (0, 1)).tolist(), torch.roll(x, shifts=-4, dims=-1).tolist())
print(x.roll((1, 1), (1, 1)).tolist(), x.roll([2], [0]).tolist())
t = x.t()
r = t.roll(1, 0)
print(r, r.stride(), r.is_contiguous(), same(t, r))
print(t.roll(1).tolist(), t.roll(1).stride())
p = torch.arange(24).view(2, 3, 4).permute(2, 0, 1)
print(p.roll(1, 1).stride(), p.roll(2, 2)[0].tolist())
s = torch.arange(10)[::3]
print(s.roll(1), torch.tensor(3.).roll(1), torch.zeros(0).roll(1), torch.zeros(2, 0).roll(1, 0).shape)
print(torch.tensor([True, False, False]).roll(1), torch.arange(4, dtype=torch.float64).roll(-1))
for f in [lambda: x.roll(1, 2), lambda: x.roll((1, 2), 0), lambda: x.roll(), lambda: x.roll(1, (0, 0)),
          lambda: x.roll((1, 2), ()), lambda: torch.tensor(2.).roll(1, 0), lambda: torch.roll(x, 1, dims=1.5)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
