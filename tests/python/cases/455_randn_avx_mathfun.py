# randn of 16 or more float32 elements is PyTorch's normal_fill_16_AVX2:
# avx_mathfun's log and sincos (as GCC fuses them) on the uniform draws.
import torch
torch.manual_seed(1)
z = torch.randn(1000, 100)
print(z.sum().item(), z.mean().item(), z.std().item(), z.abs().max().item())
print(z[17, :5].tolist(), z[-1, -5:].tolist())
torch.manual_seed(0)
for n in [16, 17, 31, 100, 70001]:
    x = torch.randn(n)
    print(n, x[:3].tolist(), x[-3:].tolist(), x.sum().item())
y = torch.empty(50).normal_(2.0, 3.0)
print(y[:5].tolist(), y.sum().item())
