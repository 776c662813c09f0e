import torch
print(torch.isin(torch.tensor([1, 2, 3, 4]), torch.tensor([2, 4])))
print(torch.isin(torch.tensor([[1., 2.], [3., 4.]]), torch.tensor([2, 4]), invert=True))
print(torch.isin(torch.tensor([1, 2]), 2), torch.isin(2, torch.tensor([1, 2])), torch.isin(torch.tensor([1, 2]), torch.tensor([1.5, 2.0])))
a = torch.arange(6).reshape(2, 3).t()
r = torch.isin(a, torch.tensor([1, 4]))
print(r, r.stride(), torch.isin(a, torch.tensor([1]), assume_unique=True))
print(torch.bincount(torch.tensor([0, 1, 1, 3])), torch.tensor([0, 1, 1, 3]).bincount(minlength=6))
print(torch.bincount(torch.tensor([0, 1, 1]), weights=torch.tensor([0.5, 1., 2.])), torch.bincount(torch.tensor([], dtype=torch.long)))
print(torch.bincount(torch.tensor([0, 2]), weights=torch.tensor([1, 2])).dtype, torch.bincount(torch.tensor([1, 1], dtype=torch.int32)))
print(torch.bincount(torch.tensor([0, 2]), torch.tensor([1., 2.], dtype=torch.float64)))
w = torch.tensor([1., 2.], requires_grad=True)
y = torch.bincount(torch.tensor([0, 1]), weights=w)
print(y.requires_grad)
try:
    y.sum().backward()
except Exception as e:
    print(type(e).__name__, e)
print(torch.histc(torch.tensor([1., 2., 1., 4.]), bins=4, min=0, max=3), torch.tensor([1., 2., 1.]).histc(bins=4))
print(torch.histc(torch.tensor([2., 2.]), bins=3), torch.histc(torch.tensor([0., 1., 2., 3.]), 3))
print(torch.histc(torch.tensor([0.1, 0.2, 0.3, 0.7, 1.0]), bins=3, min=0.1, max=1.0), torch.histc(torch.tensor([-5., 0.5, 9.]), bins=2, min=0, max=1))
print(torch.tensor([0.1, 0.2, 0.3]).double().histc(bins=5), torch.histc(torch.arange(10.).reshape(2, 5).t(), 5))
h = torch.histc(torch.tensor([1., 2.], requires_grad=True), 2)
print(h.requires_grad, h.grad_fn)
for f in [lambda: torch.isin(torch.tensor([1.]), torch.tensor([True])),
          lambda: torch.bincount(torch.tensor([-1])),
          lambda: torch.bincount(torch.tensor([1.])),
          lambda: torch.bincount(torch.tensor([[1]])),
          lambda: torch.bincount(torch.tensor([1]), weights=torch.tensor([1., 2.])),
          lambda: torch.bincount(torch.tensor([1]), minlength=-1),
          lambda: torch.histc(torch.tensor([1, 2]), bins=2),
          lambda: torch.histc(torch.tensor([1., 2.]), bins=0),
          lambda: torch.histc(torch.tensor([1., 2.]), bins=2, min=3, max=1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
