# Gradients of cumprod (with zeros), logcumsumexp, median()/nanmedian(), nanmean,
# aminmax and std_mean/var_mean, against PyTorch's formulas.
import torch
torch.manual_seed(0)
torch.set_printoptions(precision=6)
for x in [torch.tensor([[2., 3., 0.5, 4.], [1., 0., 2., 3.], [0., 2., 0., 5.], [3., 2., 1., 0.]]), torch.randn(3, 5, dtype=torch.float64)]:
    for dim in [1, 0]:
        a = x.clone().requires_grad_()
        y = a.cumprod(dim)
        y.backward(torch.arange(float(x.numel()), dtype=x.dtype).view(x.shape) - 3)
        print(y.grad_fn.name(), a.grad)
        b = x.clone().requires_grad_()
        z = b.logcumsumexp(dim)
        z.backward(torch.arange(float(x.numel()), dtype=x.dtype).view(x.shape) - 3)
        print(z.grad_fn.name(), b.grad)
c = torch.tensor([1., 3., 2., 3., 0., 3.], requires_grad=True)
m = c.median(); m.backward(); print(m.grad_fn.name(), c.grad)
c2 = torch.tensor([1., float('nan'), 2., float('nan')], requires_grad=True)
m = c2.median(); m.backward(); print(m, c2.grad)
c3 = torch.tensor([1., float('nan'), 2., 2., 5.], requires_grad=True)
m = c3.nanmedian(); m.backward(); print(m, m.grad_fn.name(), c3.grad)
w = torch.tensor([[1., 2.], [0., 4.]], requires_grad=True)
h = w * 1
h.cumprod_(1)
h.sum().backward()
print(h.grad_fn.name(), w.grad)
nan = float('nan')
x = torch.tensor([[1., nan, 3.], [4., 5., nan]], requires_grad=True)
for r in [x.nanmean(), x.nanmean(1), x.nanmean(0, keepdim=True), torch.nanmean(x, dim=(0, 1))]:
    print(r, r.grad_fn.name(), [None if n is None else n.name() for n, _ in r.grad_fn.next_functions])
    r.sum().backward(); print(x.grad); x.grad = None
y = torch.tensor([[1., 7., 3.], [7., 1., 2.]], requires_grad=True)
for r in [y.aminmax(), y.aminmax(dim=1), torch.aminmax(y, dim=0, keepdim=True)]:
    print(r.min.grad_fn.name(), r.max.grad_fn.name())
    (r.min * 2 + r.max * 3).sum().backward(); print(y.grad); y.grad = None
for f in [torch.std_mean, torch.var_mean]:
    s, m = f(y, dim=1)
    print(s, m, s.grad_fn.name(), m.grad_fn.name())
    (s * 2 + m).sum().backward(); print(y.grad); y.grad = None
    s, m = f(y, correction=0)
    (s + m).backward(); print(y.grad); y.grad = None
