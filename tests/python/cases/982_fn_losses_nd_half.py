import torch
import torch.nn.functional as F
x4 = torch.arange(24.0).view(2, 3, 2, 2).sin().requires_grad_()
t4 = torch.tensor([[[0, 1], [2, 2]], [[1, 0], [-100, 1]]])
w = torch.tensor([1.0, 2.0, 0.5])
for kw in [dict(label_smoothing=0.2), dict(label_smoothing=0.1, weight=w), dict(label_smoothing=0.1, reduction='none'), dict(weight=w, reduction='sum')]:
    y = F.cross_entropy(x4, t4, **kw); print(y); y.sum().backward(); print(x4.grad); x4.grad = None
p = torch.softmax(torch.arange(24.0).view(2, 3, 2, 2).cos(), 1)
y = F.cross_entropy(x4, p, weight=w, label_smoothing=0.3); print(y); y.backward(); print(x4.grad); x4.grad = None
h = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, -0.3]]).half().requires_grad_()
for f in [F.gelu, F.silu, lambda v: F.pad(v, (1, 1), mode='reflect'), lambda v: F.pad(v, (2, 0), value=1.5), lambda v: F.mse_loss(v, torch.zeros_like(v)), lambda v: F.linear(v, torch.ones(2, 3, dtype=torch.float16))]:
    y = f(h); print(y); y.sum().backward(); print(h.grad); h.grad = None
x5 = torch.arange(48.0).view(2, 3, 2, 2, 2).cos().requires_grad_()
t5 = torch.zeros(2, 2, 2, 2, dtype=torch.long); t5[0, 0, 0, 0] = 2
y = F.cross_entropy(x5, t5, reduction='none'); print(y.shape, y.grad_fn.name()); y.sum().backward(); print(x5.grad[0, :, 0, 0])
