# linspace as PyTorch's kernel computes it: the step in the dtype, each
# element one fused multiply-add from the nearer end; arange's float
# elements start + step * i in double, one FMA.
import torch
for dt in [torch.float32, torch.float64]:
    for n in [2, 3, 4, 5, 6, 7, 9, 10, 15, 16, 17, 31, 32, 33, 47, 48, 100, 1000, 40000]:
        for a, b in [(-1.0, 2.0), (0.0, 1.0), (-5.0, 5.0), (3.3, -7.1), (1e-3, 1e3)]:
            t = torch.linspace(a, b, n, dtype=dt)
            print(dt, n, a, b, t[:40].tolist() if n < 200 else t[n // 2 - 20:n // 2 + 20].tolist(), t[-5:].tolist())
    for a, b, s in [(0, 1, 0.1), (-1.5, 2.7, 0.3), (0, 10, 0.7)]:
        print(dt, torch.arange(a, b, s, dtype=dt).tolist())
print(torch.linspace(-1, 2, 10, dtype=torch.float64)[3].item(), torch.arange(0, 1, 0.1))
x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
(x.relu() * torch.tensor([-1.0, -1.0, 1.0])).sum().backward()
print(x.grad)
