import torch
x = torch.tensor([[0., 1., 2.], [3., 0., 0.]])
n = x.nonzero()
print(n, n.stride(), n.dtype)
print(x.t().nonzero(), x.t().nonzero().stride())
a = x.nonzero(as_tuple=True)
print(a, a[0].stride(), a[1].storage_offset(), a[0].untyped_storage().data_ptr() == a[1].untyped_storage().data_ptr())
print(torch.nonzero(x, as_tuple=False).shape, torch.argwhere(x), torch.argwhere(x).stride(), x.argwhere().shape)
print(torch.where(x > 0.5), torch.where(torch.tensor(True)), torch.where(torch.tensor([False, False])))
print(torch.nonzero(torch.tensor(3.)), torch.nonzero(torch.tensor(3.)).stride())
print(torch.nonzero(torch.tensor(0.), as_tuple=True), torch.tensor(5).nonzero(as_tuple=True))
print(torch.empty(0, 3).nonzero(), torch.empty(0, 3).nonzero().stride(), torch.zeros(2, 3).nonzero().stride())
print(torch.tensor([True, False, True]).nonzero(), torch.argwhere(torch.tensor(2)))
print(torch.count_nonzero(x), torch.count_nonzero(x, dim=0), x.count_nonzero(dim=(0, 1)), x.count_nonzero(-1))
print(x.count_nonzero((0,)), torch.count_nonzero(x, dim=[1]), torch.tensor([True, False]).count_nonzero(), torch.count_nonzero(torch.tensor(2.)))
print(torch.zeros(2, 0).count_nonzero(0), x.t().count_nonzero(1))
for f in [lambda: x.nonzero(True),
          lambda: x.count_nonzero(dim=(0, 0)),
          lambda: x.count_nonzero(dim=2)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
