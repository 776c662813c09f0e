import torch
x = torch.tensor([0.1, -0.4, 0.7], requires_grad=True)
for name in ["acos", "asin", "atan", "asinh", "atanh", "cosh", "sinh", "tan", "erf", "expm1", "log1p", "exp2", "deg2rad", "rad2deg", "ceil", "floor", "round", "trunc", "frac", "sign", "sgn", "reciprocal", "square", "positive"]:
    y = getattr(torch, name)(x)
    print(name, y.grad_fn.name() if y.grad_fn is not None else None, y.requires_grad)
    (y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    print(x.grad)
    x.grad = None
p = torch.tensor([1.5, 2.0, 4.0], dtype=torch.float64, requires_grad=True)
for name in ["acosh", "log10", "log2", "rsqrt"]:
    y = getattr(p, name)()
    y.sum().backward()
    print(name, y.grad_fn.name(), p.grad)
    p.grad = None
r = x.round(decimals=1)
print(r.grad_fn.name(), r)
r.sum().backward()
print(x.grad)
print(torch.signbit(x).requires_grad, torch.isnan(x).requires_grad, torch.isfinite(x).grad_fn)
h = x * 1.0
h.tan_()
print(h.grad_fn.name())
h.sum().backward()
print(x.grad)
with torch.no_grad():
    print(torch.acos(x).requires_grad)
