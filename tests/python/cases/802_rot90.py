import torch
x = torch.arange(6.0).view(2, 3)
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
for k in [0, 1, 2, 3, 4, -1, 5]:
    r = x.rot90(k)
    print(k, r.tolist(), r.stride(), r.is_contiguous(), same(x, r))
t = x.t()
for k in [0, 1, 2, 3]:
    r = torch.rot90(t, k)
    print(k, r.tolist(), r.stride(), r.is_contiguous(), same(t, r))
print(x.rot90(1, [1, 0]).tolist(), x.rot90(k=1, dims=[0, -1]).tolist())
c = torch.arange(24).view(2, 3, 4)
print(c.rot90(1, (1, 2)).shape, c.rot90(1, (1, 2)).stride(), c.rot90(1, (0, 2))[0].tolist())
p = c.permute(2, 0, 1)
print(p.rot90(1, (0, 1)).stride(), p.rot90(3, (2, 0)).stride())
print(torch.tensor([[True, False]]).rot90(), torch.zeros(0, 2).rot90().shape)
for f in [lambda: x.rot90(1, (0,)), lambda: x.rot90(1, (0, 0)), lambda: x.rot90(1, (0, -2)), lambda: x.rot90(1, (-1, -1)),
          lambda: x.rot90(1, (0, 2)), lambda: x.rot90(1, (5, 6)), lambda: torch.arange(3).rot90(), lambda: torch.rot90(x, 1, 0)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
