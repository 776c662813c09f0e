import torch
import torch.nn.functional as F
x = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, -0.3]])
t = torch.tensor([[0.0, 1.0, 2.5], [0.0, 0.0, 0.0]])
print(F.mse_loss(x, t), F.mse_loss(x, t, reduction='sum'), F.mse_loss(x, t, reduction='none'), F.mse_loss(x.t(), t.t(), reduction='none').stride())
print(F.mse_loss(x, t.double()), F.mse_loss(x.double(), t).dtype, F.mse_loss(x, x), F.mse_loss(x[:, ::2], t[:, 1:]), F.mse_loss(x, t, size_average=False), F.mse_loss(x, t, reduce=False))
print(F.mse_loss(x, torch.zeros(3)), F.mse_loss(x, torch.zeros(2, 1), reduction='none'))
for f in [lambda: F.mse_loss(x, t, reduction='avg'), lambda: F.mse_loss(torch.tensor([1, 2]), torch.tensor([1, 2])), lambda: F.mse_loss(x, torch.zeros(2)),
          lambda: F.mse_loss(3, t), lambda: F.mse_loss(x), lambda: F.mse_loss(x, t, 'sum')]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
a = x.clone().requires_grad_()
b = t.clone().requires_grad_()
for red in ['mean', 'sum', 'none']:
    y = F.mse_loss(a, b, reduction=red); print(y.grad_fn.name())
    (y.sum() if red == 'none' else y).backward(); print(a.grad, b.grad); a.grad = None; b.grad = None
y = F.mse_loss(a, torch.zeros(3)); print(y.grad_fn.name()); y.backward(); print(a.grad); a.grad = None
y = F.mse_loss(a.t(), b.t(), reduction='none'); (y * torch.arange(6.0).view(3, 2)).sum().backward(); print(a.grad, b.grad)
