import torch
import torch.nn.functional as F
x = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, -0.3]])
t = torch.tensor([[0.0, 1.0, 2.5], [0.0, 0.0, 0.0]])
w = torch.tensor([[1.0, 2.0, 0.5], [0.0, 1.0, 3.0]])
print(F.mse_loss(x, t, weight=w), F.mse_loss(x, t, weight=w, reduction='sum'), F.mse_loss(x, t, weight=w, reduction='none'), F.mse_loss(x.t(), t.t(), weight=w.t(), reduction='none').stride())
print(F.mse_loss(x, torch.zeros(3), weight=w), F.mse_loss(x.double(), t, weight=w).dtype)
for f in [lambda: F.mse_loss(x, t, weight=w, reduction='avg'), lambda: F.mse_loss(x, t, weight=torch.ones(3)), lambda: F.mse_loss(x, t, weight=2.0), lambda: F.mse_loss(x, t, reduction='avg')]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
a = x.clone().requires_grad_(); b = t.clone().requires_grad_()
for red in ['mean', 'sum', 'none']:
    y = F.mse_loss(a, b, weight=w, reduction=red); print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
    y.sum().backward(); print(a.grad, b.grad); a.grad = None; b.grad = None
