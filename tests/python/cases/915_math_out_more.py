import torch
x = torch.tensor([1.0, float("nan"), 3.0])
cases = [
    ("nan_to_num", lambda o: torch.nan_to_num(x, out=o)),
    ("lerp", lambda o: torch.lerp(x, torch.ones(3), 0.5, out=o)),
    ("addcmul", lambda o: torch.addcmul(x, x, x, value=2, out=o)),
    ("addcdiv", lambda o: torch.addcdiv(x, x, torch.full((3,), 4.0), out=o)),
    ("softmax", lambda o: torch.softmax(x, 0, out=o)),
    ("log_softmax", lambda o: torch.log_softmax(x.nan_to_num(), 0, out=o)),
    ("bitwise_and", lambda o: torch.bitwise_and(torch.tensor([5, 6, 7]), 3, out=o)),
]
for n, f in cases:
    for dt in (torch.float32, torch.float64, torch.long):
        o = torch.zeros(3, dtype=dt)
        try:
            r = f(o)
            print(n, dt, r is o, o, o._version)
        except Exception as e:
            print(n, dt, type(e).__name__, e)
for dt in (torch.float32, torch.float64, torch.long):
    o = torch.zeros((), dtype=dt)
    try:
        print(torch.logsumexp(torch.tensor([1.0, 2.0]), 0, out=o), o)
    except Exception as e:
        print(type(e).__name__, e)
try:
    torch.isclose(x, x, out=torch.zeros(3, dtype=torch.bool))
except Exception as e:
    print(type(e).__name__, e)
