import torch
import torch.nn.functional as F
x = torch.tensor([[-0.5, -1.0, -2.0], [-0.1, -0.2, -3.0], [-1.5, -0.7, -0.9]])
t = torch.tensor([0, 2, 1])
w = torch.tensor([0.5, 1.0, 2.0])
print(F.nll_loss(x, t), F.nll_loss(x, t, reduction='sum'), F.nll_loss(x, t, reduction='none'), F.nll_loss(x, t, weight=w), F.nll_loss(x, t, w, reduction='none'))
print(F.nll_loss(x, t, ignore_index=2), F.nll_loss(x[0], torch.tensor(1)), F.nll_loss(x[0], torch.tensor(1), reduction='none'), F.nll_loss(x.t(), t), F.nll_loss(x, t.to(torch.uint8)))
big = torch.linspace(-3.0, -0.01, 40 * 5).view(40, 5)
tb = torch.arange(40) % 5
print(F.nll_loss(big, tb), F.nll_loss(big, tb, weight=torch.tensor([0.1, 0.2, 0.3, 0.4, 0.5])), F.nll_loss(big.double(), tb, reduction='sum'))
for f in [lambda: F.nll_loss(x, torch.tensor([0, 3, 1])), lambda: F.nll_loss(x, t.float()), lambda: F.nll_loss(x, torch.tensor([0, 1])),
          lambda: F.nll_loss(torch.tensor(1.0), torch.tensor(0)), lambda: F.nll_loss(x, t, weight=torch.ones(4)), lambda: F.nll_loss(x, t, reduction='mean ')]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
a = x.clone().requires_grad_()
for kw in [dict(), dict(reduction='sum'), dict(weight=w), dict(reduction='none', weight=w), dict(ignore_index=0)]:
    y = F.nll_loss(a, t, **kw); print(y.grad_fn.name())
    (y * torch.tensor([1.0, 2.0, 3.0]) if y.dim() else y).sum().backward(); print(a.grad); a.grad = None
