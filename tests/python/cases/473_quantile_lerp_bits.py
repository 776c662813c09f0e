# quantile/nanquantile interpolate with lerp_ (PyTorch's lerp kernel: one
# fused multiply-add from the nearer end), float32 and float64.
import torch

torch.manual_seed(0)
a = torch.randn(60, 70) * torch.tensor([1e-3, 0.5, 3., 100., 1e3, 7., 0.1]).repeat(10)
for dt in [torch.float32, torch.float64]:
    x = a.to(dt)
    print(x.quantile(0.3, dim=1).tolist())
    print(x.quantile(torch.tensor([0.1, 0.77, 0.9], dtype=dt), dim=0)[:, :20].tolist())
    print(x.nanquantile(0.63, dim=1).tolist())
    print(x.quantile(0.55).item(), x.quantile(0.45, interpolation='midpoint').item())
