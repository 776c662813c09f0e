import torch
import torch.nn.functional as F
x = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, -0.3], [1.5, 0.0, -2.0], [0.3, 0.3, 0.3]])
t = torch.tensor([2, 0, 1, 2])
wt = torch.tensor([1.0, 2.0, 0.5])
print(F.cross_entropy(x, t), F.cross_entropy(x, t, reduction='sum'), F.cross_entropy(x, t, reduction='none'), F.cross_entropy(x, t, weight=wt))
print(F.cross_entropy(x, t, weight=wt, reduction='none'), F.cross_entropy(x, torch.tensor([2, -100, 1, -100])), F.cross_entropy(x, torch.tensor([2, 1, 1, 1]), ignore_index=1, weight=wt))
print(F.cross_entropy(x, torch.tensor([-100, -100, -100, -100])), F.cross_entropy(x[0], torch.tensor(2)), F.cross_entropy(x.t().t(), t), F.cross_entropy(x.t(), torch.tensor([0, 1, 3])))
print(F.cross_entropy(x, t, label_smoothing=0.1), F.cross_entropy(x, t, label_smoothing=0.2, reduction='none'), F.cross_entropy(x, t, label_smoothing=0.3, weight=wt), F.cross_entropy(x, torch.tensor([2, -100, 1, 0]), label_smoothing=0.1, reduction='sum'))
p = torch.tensor([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0], [0.0, 0.5, 0.5], [0.1, 0.1, 0.8]])
print(F.cross_entropy(x, p), F.cross_entropy(x, p, reduction='none'), F.cross_entropy(x, p, reduction='sum', weight=wt), F.cross_entropy(x, p, label_smoothing=0.25))
print(F.cross_entropy(x.double(), t).dtype, F.cross_entropy(x, t, size_average=False), F.cross_entropy(x, t, reduce=False))
x4 = torch.arange(24.0).view(2, 3, 2, 2).sin()
t4 = torch.tensor([[[0, 1], [2, 2]], [[1, 0], [-100, 1]]])
x3 = torch.arange(12.0).view(2, 3, 2).cos()
t3 = torch.tensor([[0, 2], [1, 1]])
print(F.cross_entropy(x4, t4), F.cross_entropy(x4, t4, reduction='none'), F.cross_entropy(x3, t3, weight=wt), F.cross_entropy(x3, t3, reduction='none').shape)
for f in [lambda: F.cross_entropy(x, torch.tensor([3, 0, 0, 0])), lambda: F.cross_entropy(x, torch.tensor([1, 0, 1])), lambda: F.cross_entropy(x, torch.tensor([1., 0., 1., 0.])),
          lambda: F.cross_entropy(x, t, weight=torch.ones(2)), lambda: F.cross_entropy(x, t, label_smoothing=1.5), lambda: F.cross_entropy(x, t, reduction='foo'),
          lambda: F.cross_entropy(x, t.int()), lambda: F.cross_entropy(x, p.long()), lambda: F.cross_entropy(x, p, ignore_index=1), lambda: F.cross_entropy(x, p, weight=torch.ones(2)),
          lambda: F.cross_entropy(x3, torch.tensor([[0, 2, 1], [1, 1, 1]])), lambda: F.cross_entropy(3, t), lambda: F.cross_entropy(x, 3), lambda: F.cross_entropy(x, torch.tensor([-1, 0, 0, 0]))]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
def chain(f, d=0):
    n = repr(f).split(' ')[0][1:]
    print('  ' * d + n)
    if n != 'AccumulateGrad':
        for g, _ in f.next_functions:
            if g is not None:
                chain(g, d + 1)
a = x.clone().requires_grad_()
cases = [dict(), dict(reduction='sum'), dict(reduction='none'), dict(weight=wt), dict(weight=wt, reduction='none'), dict(label_smoothing=0.1), dict(label_smoothing=0.2, weight=wt, reduction='sum')]
for kw in cases:
    y = F.cross_entropy(a, torch.tensor([2, -100, 1, 2]), **kw); chain(y.grad_fn)
    (y.sum() if y.dim() else y).backward(); print(a.grad); a.grad = None
for kw in [dict(), dict(reduction='none'), dict(weight=wt, label_smoothing=0.1)]:
    y = F.cross_entropy(a, p, **kw); chain(y.grad_fn)
    y.sum().backward(); print(a.grad); a.grad = None
b = x4.clone().requires_grad_()
y = F.cross_entropy(b, t4); chain(y.grad_fn); y.backward(); print(b.grad)
c = x3.clone().requires_grad_()
y = F.cross_entropy(c, t3, reduction='none'); chain(y.grad_fn); (y * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward(); print(c.grad)
