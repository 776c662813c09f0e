# float32 silu and logaddexp bit for bit: PyTorch's vector loops call
# SLEEF's expf (and log1pf), the scalar tails glibc's; where each element
# falls depends on the layout and on the two-thread split above 32768.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
a = torch.randn(40000) * torch.tensor([1e-3, 0.5, 3., 30.]).repeat(10000)
b = torch.randn(40000) * torch.tensor([1e-2, 1., 7., 20., 60.]).repeat(8000)
s = F.silu(a)
print(s[:40].tolist())
print(s[19980:20020].tolist())
print(s[-40:].tolist())
print(F.silu(a[:100]).tolist())
print(F.silu(a[:300].view(20, 15).t()).flatten().tolist()[:90])
print(F.silu(a[:97]).tolist())
l = torch.logaddexp(a, b)
print(l[:40].tolist())
print(l[19980:20020].tolist())
print(l[-40:].tolist())
print(torch.logaddexp(a[:100], b[:100]).tolist())
print(torch.logaddexp(a[:100], torch.zeros(100)).tolist())
print(torch.logaddexp(a[:64], torch.tensor(0.5)).tolist())
inf, nan = float('inf'), float('nan')
sp = torch.tensor([inf, -inf, inf, -inf, nan, 1., 0., -0., 88., -104.] * 4)
sq = torch.tensor([inf, -inf, -inf, inf, 1., nan, -0., 0., 88., 50.] * 4)
print(torch.logaddexp(sp, sq).tolist())
print(F.silu(sp).tolist())
