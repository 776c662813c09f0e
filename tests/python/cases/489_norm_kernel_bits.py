# linalg.vector_norm as ATen's CPU kernel computes it, bit for bit: the
# 2-norm's vectorised row path (lanes, then a tail of plain products and
# fused multiply-adds), the generic walk for other orders and layouts
# (float accumulators, powf), the two-thread split of a full reduction,
# the abs() shortcut for size-1 dims, NaN in max/min, and the empty
# reductions without an identity.
import torch
torch.manual_seed(0)
orders = [2, 1, 0, 3, 0.5, -1, -2.5, float('inf'), float('-inf'), 1.5]
for n in [3, 4, 5, 7, 8, 9, 12, 13, 15, 16, 17, 31, 70]:
    x = torch.randn(n) * torch.logspace(-2, 2, n)
    print(n, x.norm().item(), x.double().norm().item(), x.bfloat16().norm().item(), x.half().norm().item())
a = torch.randn(6, 37) * torch.logspace(-3, 3, 37)
for p in orders:
    print(p, a.norm(p, dim=1).tolist())
    print(p, a.t().norm(p, dim=0).tolist())
    print(p, a.norm(p, dim=0)[:6].tolist(), a[:, ::3].norm(p).item())
    print(p, a.half().norm(p, dim=1).tolist(), a.bfloat16().norm(p, dim=0)[:5].tolist())
    print(p, a.double().norm(p, dim=1).tolist())
b = torch.randn(300, 200)
print(b.norm().item(), b.t().norm().item(), b.norm(1).item(), b.norm(3).item())
print(b[:, ::2].norm().item(), b.double().norm(1).item(), b.half().norm().item(), b.bfloat16().norm().item())
print(b.norm(float('inf')).item(), b.norm(0.5).item(), b.view(-1)[::2].norm().item(), b.norm(dtype=torch.float64).item())
print(torch.dist(b, b * 1.5).item(), torch.dist(b[:7, :9], b[1:8, :9], 3).item())
F = torch.nn.functional
print(F.normalize(b[:3, :9], dim=1).tolist())
print(F.normalize(b[:3, :9], dim=0).tolist())
# One-element dims: abs(x), no squaring (1e30 would overflow).
s = torch.tensor([1e30, 0., 3.])
print(s.norm(), s[:1].norm(), s.view(3, 1).norm(dim=1), s.view(3, 1).norm(0, dim=1), torch.tensor(-3.).norm())
print(torch.tensor([float('nan'), 1.]).norm(float('inf')), torch.tensor([float('nan'), 1.]).norm(float('-inf')))
print(torch.tensor([float('nan'), 0., -0.]).norm(0), torch.tensor([[3., -0.5, 2.], [4., 5., -6.]]).norm(float('-inf'), dim=1))
x = torch.tensor([[3., -0.5, 2.], [-0.5, 5., -6.]], requires_grad=True)
y = x.norm(float('-inf'))
y.backward()
print(y, x.grad)
print(torch.zeros(0, 3).norm(-1, dim=1), torch.zeros(2, 0).norm(float('-inf'), dim=0), torch.zeros(0).norm())
for f in [lambda: torch.zeros(0).norm(-1), lambda: torch.zeros(2, 0).norm(-1, dim=-1),
          lambda: torch.zeros(2, 0).norm(-1.5, dim=(0, 1)), lambda: torch.zeros(0, 3).norm(float('inf')),
          lambda: torch.zeros(2, 0).double().norm(float('inf'), 1), lambda: torch.zeros(0, 2).norm(-1, dim=())]:
    try:
        f()
    except RuntimeError as e:
        print(e)
