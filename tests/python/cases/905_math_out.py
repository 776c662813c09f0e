import torch
x = torch.tensor([0.5, 0.25, -0.75])
o = torch.empty(3)
r = torch.acos(x, out=o)
print(r is o, o, o._version)
o64 = torch.zeros(3, dtype=torch.float64)
for f in [lambda: torch.floor(x, out=o64), lambda: torch.sign(x, out=o64), lambda: torch.floor(torch.arange(3), out=torch.zeros(3, dtype=torch.int32)), lambda: torch.signbit(x, out=torch.zeros(3)), lambda: torch.isposinf(x, out=torch.zeros(3)), lambda: torch.isnan(x, out=torch.zeros(3, dtype=torch.bool)), lambda: torch.fmod(x, 2, out=torch.zeros(3, dtype=torch.long))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.floor(x, out=torch.zeros(3)), torch.isneginf(torch.tensor([-float("inf"), 1.0]), out=torch.zeros(2, dtype=torch.bool)))
torch.tan(torch.arange(3), out=o64)
print(o64)
b = torch.zeros(3, dtype=torch.bool)
print(torch.isnan(x, out=b) if False else torch.signbit(x, out=b), b)
c = torch.zeros(2, 3)
torch.rsqrt(torch.tensor([[1.0, 4.0, 9.0], [16.0, 25.0, 0.25]]), out=c.t().t())
print(c)
print(torch.atan2(x, torch.ones(3), out=torch.empty(3)), torch.reciprocal(x, out=torch.empty(3)))
