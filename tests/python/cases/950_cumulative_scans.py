import torch
x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])
xt = x.t()
print(x.cumsum(1), x.cumsum(dim=0))
print(xt.cumsum(0), xt.cumsum(0).stride(), xt.cumsum(0).is_contiguous())
print(torch.arange(5).cumsum(0).dtype, torch.tensor([True, False, True]).cumsum(0))
print(torch.tensor([1, 2, 3]).cumsum(0, dtype=torch.float32))
print(torch.cumsum(x, -1), torch.cumprod(x, 1), x.cumprod(0))
print(torch.cummax(x, 1))
print(torch.cummin(xt, 0), torch.cummin(xt, 0).values.stride())
print(torch.tensor([1., float('nan'), 0.]).cummax(0))
print(torch.logcumsumexp(x, 1), torch.tensor([-float('inf'), 0.]).logcumsumexp(0))
y = torch.arange(6.).view(2, 3)
y.cumsum_(1)
print(y, y._version)
z = torch.tensor([1., 2., 3.])
print(z.cumprod_(0))
w = x.clone().requires_grad_()
r = w.cumsum(1)
print(r.grad_fn.name(), w.cumprod(1).grad_fn.name(), w.cummax(1).values.grad_fn.name(), w.logcumsumexp(0).grad_fn.name())
(r * torch.tensor([1., 2., 3.])).sum().backward()
print(w.grad)
w.grad = None
w.cummax(1).values.sum().backward()
print(w.grad)
try:
    x.cumsum(2)
except IndexError as e:
    print("IndexError", e)
try:
    torch.arange(3).logcumsumexp(0)
except RuntimeError as e:
    print("RuntimeError", e)
