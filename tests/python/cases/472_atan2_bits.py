# float32 atan2 bit for bit: SLEEF's atan2f16_u10 in the vector loop,
# glibc's atan2f in the scalar tail; specials (zeros, infinities, NaN,
# tiny x) and a scalar operand.
import torch

torch.manual_seed(0)
y = torch.randn(3000) * torch.tensor([1e-3, 0.5, 3., 100., 1e4]).repeat(600)
x = torch.randn(3000) * torch.tensor([1e-2, 1., 7., 50.]).repeat(750)
r = torch.atan2(y, x)
print(r[:48].tolist())
print(r[-40:].tolist())
print(torch.atan2(y[:64], torch.tensor(0.5)).tolist())
print(torch.atan2(y.view(60, 50).t(), x.view(60, 50).t()).flatten()[:48].tolist())
print(y[:40].clone().atan2_(x[:40]).tolist())
inf, nan = float('inf'), float('nan')
a = torch.tensor([0., -0., 1., -1., inf, -inf, nan, 1e-40, -1e-40, 3.] * 4)
b = torch.tensor([0., 0., -0., -0., inf, inf, -inf, -inf, 1e-40, nan, 2., -2., 1e-39, -1e-39, 5., -5., inf, 0., -0., 1.,
                  -inf, 1e-30, -1e-30, 2.9e-39, -2.9e-39, 1., -1., 0.5, nan, 0., 7., -7., 1e-45, 3e-39, -3e-39, inf, 4., -4., 0., 1.])
print(torch.atan2(a, b).tolist())
print(torch.atan2(b, a).tolist())
