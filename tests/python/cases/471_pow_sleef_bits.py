# float32 pow bit for bit: outside the kernel's special exponents PyTorch's
# vector loop calls SLEEF's powf16_u10 (logkf, expkf, C99's special
# cases), the scalar tail std::pow; tensor ** number, tensor ** tensor,
# number ** tensor, in place, strided and transposed layouts.
import torch

torch.manual_seed(0)
a = torch.rand(3000) * 20
b = torch.randn(3000) * 3
print((a ** 1.3)[:40].tolist())
print((a ** 1.3)[-45:].tolist())
print((a ** 0.37).tolist()[1000:1040])
print((a ** -1.7).tolist()[:40])
print((a ** b).tolist()[:40])
print((a ** b).tolist()[-40:])
print((2.5 ** b).tolist()[:40])
print(torch.pow(a, b[:1].reshape(())).tolist()[:40])
print((a.view(60, 50).t() ** 1.3).flatten().tolist()[:60])
print((a[::3] ** 1.3).tolist()[:40])
c = a.clone()
c **= 2.2
print(c.tolist()[:40])
c = a.clone()
c.pow_(b)
print(c.tolist()[:40])
inf, nan = float('inf'), float('nan')
x = torch.tensor([0., -0., 1., -1., 2., -2., inf, -inf, nan, 0.5, -0.5, 3.] * 4)
for e in [0.5001, -0.5001, 1.7, -1.7, 3.0001, 0., inf, -inf, nan, 2.5, -3.5]:
    print(e, (x ** e).tolist())
y = torch.tensor([0.5, -0.5, 2., -2., 3., -3., inf, -inf, nan, 0., 1., -1.] * 4)
print((x ** y).tolist())
