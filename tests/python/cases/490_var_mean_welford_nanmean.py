# var/std/var_mean/std_mean as ATen's CPU kernels compute them, bit for
# bit: Welford's online update in the iterator's walk order over dims
# (two threads combined by Chan's formula for large full reductions),
# the two-pass sum of squared deviations for a full var/std of float and
# double in any layout; the three var/std overloads (unbiased as the
# first positional bool, (dim, unbiased, keepdim), correction=); and
# nansum/nanmean walking a strided input in its own order.
import torch
torch.manual_seed(0)
x = torch.arange(12.).view(3, 4)
print(x.var(0, False))
print(x.std(1, True, True))
print(torch.var(x, 0, False, True))
print(x.var(False), x.std(True))
print(torch.var_mean(x, 0, False))
print(torch.std_mean(x, False))
print(x.var(0, correction=2), x.std(dim=1, correction=0, keepdim=True))
print(torch.var_mean(x, 0, False, True))
print(torch.std_mean(x, dim=1, unbiased=False))
print(torch.var_mean(x, True))
print(x.var(dim=[]), torch.var_mean(x, dim=()))
a = torch.randn(37, 53) * 100 + 3
for t in [a, a.t(), a[::2, 1::3], a.double(), a.double().t()]:
    print(t.var().item(), t.std().item(), t.var(0)[:5].tolist(), t.std(1)[:5].tolist())
    v, m = torch.var_mean(t)
    print(v.item(), m.item())
    v, m = torch.var_mean(t, 1)
    print(v[:5].tolist(), m[:5].tolist())
    s, m = torch.std_mean(t, 0, correction=0)
    print(s[:5].tolist(), m[:5].tolist())
for t in [a.half(), a.bfloat16(), a.t().half()]:
    print(t.var().item(), t.std(0)[:5].tolist(), torch.var_mean(t)[0].item(), torch.var_mean(t, 1)[1][:4].tolist())
b = torch.randn(300, 200) + 5
print(b.var().item(), b.t().std().item(), torch.var_mean(b)[0].item(), torch.var_mean(b.t())[1].item())
print(torch.std_mean(b[:, ::2])[0].item(), b.var(dim=(0, 1)).item(), b.double().var().item())
print(b.var(1)[:4].tolist(), b.t().var(0)[:4].tolist(), b.var(0)[:4].tolist())
print(torch.var_mean(torch.ones(1)), torch.std_mean(torch.ones(2, 1), 1))
n = torch.randn(40, 30)
n[n > 1.2] = float('nan')
for t in [n, n.t(), n[::3, 1::2], n.double().t()]:
    print(t.nansum().item(), t.nanmean().item(), t.nansum(0)[:4].tolist(), t.nanmean(1)[:4].tolist())
