import torch
import torch.nn.functional as F
a = torch.tensor([[3.0, -4.0, 0.5], [1.0, -2.0, 2.0], [0.0, 0.0, 0.0]], requires_grad=True)
w = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.25], [1.0, 1.0, 1.0]])
for p in [1, 1.5, 3, float('inf'), 0.5, 0, 2]:
    for dim in [0, 1]:
        y = F.normalize(a, p=p, dim=dim); (y * w).sum().backward(); print(p, dim, a.grad); a.grad = None
    n = a.norm(p); n.backward(); print(a.grad); a.grad = None
    n = a.norm(p, dim=1); (n * torch.tensor([1.0, 2.0, 3.0])).sum().backward(); print(a.grad); a.grad = None
b = torch.tensor([[2.0, -2.0, 1.0]], requires_grad=True)
b.norm(float('inf')).backward(); print(b.grad)
c = torch.tensor([1.0, 2.0], requires_grad=True); d = torch.tensor([0.5, 4.0], requires_grad=True)
torch.dist(c, d, 3).backward(); print(c.grad, d.grad)
