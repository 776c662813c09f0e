import torch
x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])
print(x.median(), x.median(1), x.median(dim=0, keepdim=True))
print(torch.tensor([1, 2, 2]).median(0), torch.tensor([2., 1., 2., 1.]).median(0), torch.tensor([1., 2., 3., 4.]).median())
n = torch.tensor([[1., float('nan')], [2., 3.]])
print(n.median(1), n.nanmedian(1), n.nanmedian(), n.median())
print(torch.mode(torch.tensor([1, 2, 2, 3, 3])), torch.tensor([5, 3, 5, 3, 1]).mode())
print(x.mode(0))
print(x.amax(1), x.amin(dim=(0, 1)), torch.amax(x, 0, keepdim=True), x.amax(1, keepdim=True).stride())
print(torch.aminmax(x, dim=1), torch.aminmax(x))
print(torch.tensor([[1, 2], [3, 4]]).amax(), torch.tensor([1., float('nan')]).amax())
print(torch.tensor([1., float('nan'), 2.]).nansum(), torch.tensor([1., float('nan'), 2.]).nanmean())
print(n.nansum(1), n.nanmean(0), torch.tensor([1, 2, 3]).nansum(), torch.nansum(n, dim=1, keepdim=True))
z = torch.tensor([[1., 1., 2.], [2., 2., 2.]], requires_grad=True)
z.amax(1).sum().backward()
print(z.grad)
z.grad = None
z.amin().backward()
print(z.grad)
z.grad = None
z.median(1).values.sum().backward()
print(z.grad, z.median().grad_fn.name(), z.mode(1).values.grad_fn.name(), z.nansum().grad_fn.name(), z.nanmean().grad_fn.name())
q = torch.tensor([1., float('nan'), 2.], requires_grad=True)
q.nansum().backward()
print(q.grad)
for bad in [lambda: torch.tensor([]).amax(0), lambda: x.amax((0, 0)), lambda: torch.arange(3).nanmean()]:
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
