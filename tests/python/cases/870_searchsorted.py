import torch
b = torch.tensor([1., 3., 5., 7.])
v = torch.tensor([[3., 6.], [0., 9.]])
print(torch.searchsorted(b, v), torch.searchsorted(b, v, right=True), torch.searchsorted(b, v, side='right'))
print(torch.searchsorted(b, torch.tensor(5.)), torch.searchsorted(b, 4), torch.searchsorted(b, v, out_int32=True))
print(torch.searchsorted(torch.tensor([[1, 3, 5], [2, 4, 6]]), torch.tensor([[3], [3]])))
print(torch.searchsorted(torch.tensor([[1, 3, 5], [2, 4, 6]]), torch.tensor([[3, 5], [1, 7]]), side='right'))
print(torch.searchsorted(torch.tensor([5., 1., 3.]), torch.tensor([2., 4.]), sorter=torch.tensor([1, 2, 0])))
print(torch.searchsorted(torch.tensor([1, 2, 3]), torch.tensor([2.5])), torch.searchsorted(b, 4.0, right=True))
r = torch.searchsorted(b, v.t())
print(r, r.stride())
s = torch.tensor([[1., 9.], [3., 9.], [5., 9.]]).t()[0]
print(torch.searchsorted(s, torch.tensor([4.])))
print(torch.bucketize(v, b), torch.bucketize(v, b, right=True), torch.bucketize(3, b), torch.bucketize(v, b, out_int32=True).dtype)
x = torch.tensor([1., 2.], requires_grad=True)
print(torch.searchsorted(x, torch.tensor([1.5])).requires_grad)
for f in [lambda: torch.searchsorted(b, v, side='left', right=True),
          lambda: torch.searchsorted(b, v, side='foo'),
          lambda: torch.searchsorted(torch.tensor([[1., 2.]]), v),
          lambda: torch.bucketize(v, torch.tensor([[1., 2.]])),
          lambda: torch.searchsorted(b, v, sorter=torch.tensor([0, 1]))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
