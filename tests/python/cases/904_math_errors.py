import torch
for name in ["ceil", "floor", "round", "trunc", "frac"]:
    try:
        getattr(torch, name)(torch.tensor([True, False]))
    except Exception as e:
        print(name, type(e).__name__, e)
try:
    torch.arange(3).frac()
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.positive(torch.tensor([True]))
except Exception as e:
    print(type(e).__name__, e)
for name in ["acos_", "exp2_", "rsqrt_", "reciprocal_", "log1p_"]:
    try:
        getattr(torch.arange(3), name)()
    except Exception as e:
        print(name, type(e).__name__, e)
try:
    torch.round(torch.arange(3), decimals=1)
except Exception as e:
    print(type(e).__name__, e)
out = torch.zeros(3, dtype=torch.long)
try:
    torch.acos(torch.tensor([0.5, 0.2, 0.1]), out=out)
except Exception as e:
    print(type(e).__name__, e)
x = torch.tensor([0.5, 1.0], requires_grad=True)
try:
    x.acos_()
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.sinh(x, out=torch.zeros(2))
except Exception as e:
    print(type(e).__name__, e)
