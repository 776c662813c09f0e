import torch
import torch.nn.functional as F
x = torch.tensor([[3.0, 4.0, 0.0], [1.0, -2.0, 2.0]])
print(F.normalize(x), F.normalize(x, dim=0), F.normalize(x, p=1, dim=1), F.normalize(x, 1.0, 0), F.normalize(x, p=float('inf')))
print(F.normalize(torch.zeros(2, 2)), F.normalize(x, eps=10.0), F.normalize(x[0], dim=0), F.normalize(x.t()).stride(), F.normalize(x.double()).dtype)
for f in [lambda: F.normalize(torch.tensor([[1, 2]])), lambda: F.normalize(x, dim=2), lambda: F.normalize(3), lambda: F.normalize(x, foo=1)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
a = torch.tensor([[3.0, 4.0, 0.5], [1.0, -2.0, 2.0]], requires_grad=True)
w = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.25]])
y = F.normalize(a); print(y.grad_fn.name(), y.grad_fn.next_functions[1][0].name(), y.grad_fn.next_functions[1][0].next_functions[0][0].name())
(y * w).sum().backward(); print(a.grad); a.grad = None
y = F.normalize(a, dim=0, eps=3.0); (y * w).sum().backward(); print(a.grad); a.grad = None
W = torch.tensor([[1.0, 2.0, 3.0], [0.5, -0.5, 0.25]])
b = torch.tensor([0.1, -0.2])
x1 = torch.tensor([1.0, 2.0, -1.0])
x3 = torch.arange(12.0).view(2, 2, 3)
print(F.linear(x, W), F.linear(x, W, b), F.linear(x1, W), F.linear(x1, W, b), F.linear(x3, W, b), F.linear(x3.transpose(0, 1), W, b))
print(F.linear(x, W, bias=None), F.linear(input=x, weight=W, bias=b), F.linear(x, torch.tensor([1.0, 0.0, 2.0])), F.linear(x, W, torch.tensor(1.0)))
print(F.linear(x3, W).stride(), F.linear(x3.transpose(1, 2).transpose(1, 2), W, b).stride(), F.linear(x3.transpose(0, 1), W, b).stride(), F.linear(x.t().t(), W.t().t(), b).stride())
for f in [lambda: F.linear(x, torch.ones(2, 2)), lambda: F.linear(x, W, torch.ones(3)), lambda: F.linear(x.double(), W), lambda: F.linear(3, W), lambda: F.linear(x, 3), lambda: F.linear(x)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
def chain(f, d=0):
    n = repr(f).split(' ')[0][1:]
    print('  ' * d + n)
    if n != 'AccumulateGrad':
        for g, _ in f.next_functions:
            if g is not None:
                chain(g, d + 1)
Wg = W.clone().requires_grad_(); bg = b.clone().requires_grad_()
for inp in [x, x1, x3, x3.transpose(0, 1)]:
    for bias in [None, bg]:
        xi = inp.clone().requires_grad_()
        y = F.linear(xi, Wg, bias); chain(y.grad_fn)
        (y * y).sum().backward(); print(xi.grad, Wg.grad, bg.grad)
        Wg.grad = None; bg.grad = None
