import torch
i = torch.arange(4)
b = torch.tensor([True, False])
for name in ["acos", "atan", "sinh", "exp2", "log2", "rsqrt", "erf", "deg2rad"]:
    r = getattr(torch, name)(i)
    print(name, r.dtype, r)
print(torch.atan(b), torch.log1p(torch.arange(3, dtype=torch.int8)))
print(torch.floor(i), torch.ceil(i).dtype, torch.round(torch.arange(3, dtype=torch.int16)))
print(torch.sign(torch.tensor([-3, 0, 5])), torch.sign(b), torch.sgn(torch.tensor([-2, 2])))
print(torch.signbit(torch.tensor([-1, 0, 1])), torch.signbit(torch.tensor([-0.0, 0.0, -1.0, float("nan")])))
print(torch.square(i), torch.square(b), torch.square(torch.tensor([1.5, -2.0])))
print(torch.reciprocal(i), torch.reciprocal(b), torch.reciprocal(torch.tensor([2.0, -4.0], dtype=torch.float64)))
print(torch.positive(i), torch.positive(i) is i)
d = torch.arange(6.0).reshape(2, 3).t()
for name in ["acos", "floor", "sign", "isnan", "reciprocal", "rsqrt"]:
    r = getattr(d, name)()
    print(name, r.stride(), r.is_contiguous())
r = torch.sqrt(torch.arange(6).reshape(2, 3).t())
print(r.stride(), torch.atan(torch.arange(6).reshape(2, 3).t()).stride())
e = torch.arange(12.0).reshape(3, 4)[:, ::2]
print(e.tan().stride(), e.frac().stride())
