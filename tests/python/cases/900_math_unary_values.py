import torch
x = torch.tensor([-0.9, -0.5, 0.0, 0.3, 0.75])
for name in ["acos", "asin", "atan", "asinh", "atanh", "cosh", "sinh", "tan", "erf", "expm1", "log1p", "exp2", "deg2rad", "rad2deg"]:
    print(name, getattr(torch, name)(x))
y = torch.tensor([1.0, 1.5, 2.0, 10.0, 100.0])
for name in ["acosh", "log10", "log2", "rsqrt"]:
    print(name, getattr(y, name)())
d = torch.tensor([-0.9, 0.3, 2.5, 1e-4], dtype=torch.float64)
for name in ["acos", "asin", "atan", "asinh", "atanh", "cosh", "sinh", "tan", "erf", "expm1", "log1p", "exp2", "rad2deg", "rsqrt"]:
    r = getattr(d, name)()
    print(name, r.dtype, r)
print(torch.set_printoptions(precision=8))
print(torch.atan(x), torch.asinh(x), torch.cosh(x), torch.sinh(x))
print(torch.acosh(y), torch.log2(y), torch.log10(y), torch.rsqrt(y))
print(torch.deg2rad(y * 7), torch.rad2deg(x))
