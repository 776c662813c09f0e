import torch
x = torch.tensor([float("nan"), float("inf"), float("-inf"), -0.0, 0.0, 1.0, -1.0, 2.0])
for name in ["acos", "asin", "atan", "acosh", "asinh", "atanh", "cosh", "sinh", "tan", "exp2", "expm1", "log10", "log1p", "log2", "erf", "rsqrt", "reciprocal", "deg2rad", "rad2deg"]:
    print(name, getattr(torch, name)(x))
print(torch.isfinite(x), torch.isinf(x), torch.isnan(x))
print(torch.isneginf(x), torch.isposinf(x))
i = torch.tensor([1, 2])
print(torch.isfinite(i), torch.isinf(i), torch.isnan(i), torch.isneginf(i), torch.isposinf(i))
print(x.isnan().any(), torch.tensor([True]).isnan())
print((1 / torch.tensor([-0.0, 0.0])).sign(), torch.tensor([-0.0]).sign(), torch.tensor([-0.0]).sgn(), torch.tensor([-0.0]).floor())
print(torch.tensor([-0.3]).round(), torch.tensor([-0.3]).trunc(), torch.tensor([-0.3]).ceil())
