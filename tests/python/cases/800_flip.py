import torch
x = torch.arange(6.0).view(2, 3)
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
y = x.flip(0)
print(y, y.stride(), y.is_contiguous(), same(x, y))
print(x.flip(0, 1).tolist(), x.flip((1,)).tolist(), torch.flip(x, [0, 1]).tolist(), x.flip(dims=[-1]).tolist())
t = x.t()
f = t.flip(0)
print(f, f.stride(), f.is_contiguous(), same(t, f))
s = torch.arange(10)[::2]
print(s.flip(0), s.flip(0).stride(), s.flip(0).dtype)
p = torch.arange(24).view(2, 3, 4).permute(2, 0, 1)
print(p.flip(1).stride(), p.flip(0, 2).stride(), p.flip(1).tolist() == torch.flip(p, (1,)).tolist())
print(torch.tensor([True, False, True]).flip(0), torch.tensor([1, 2, 3], dtype=torch.int8).flip(0))
print(torch.tensor(5).flip(0), torch.tensor(5.).flip(()), torch.zeros(0, 3).flip(1).shape)
print(torch.arange(3).flip([]))
print(x.fliplr(), torch.fliplr(t).stride(), x.flipud().tolist(), torch.flipud(torch.arange(4)).tolist())
for f in [lambda: x.flip(2), lambda: x.flip(0, 0), lambda: x.flip(-3), lambda: x.flip(), lambda: torch.flip(x, 0),
          lambda: torch.flip(x), lambda: torch.fliplr(torch.arange(3)), lambda: torch.flipud(torch.tensor(1)),
          lambda: torch.tensor(2.).flip(1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
