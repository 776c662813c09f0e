import torch
x = torch.tensor([0.5, 1.5], requires_grad=True)
print(x.round(decimals=0).grad_fn.name(), torch.round(x, decimals=0))
print(torch.acos(torch.tensor(0.5)), torch.floor(torch.tensor([])), torch.sign(torch.tensor([0, 3], dtype=torch.uint8)))
print(torch.atan2(torch.tensor(1.0), torch.tensor([1.0, -1.0])), torch.atan2(torch.tensor([1.0]), torch.tensor(2.0, dtype=torch.float64)).dtype)
for f in [lambda: torch.heaviside(x, 1.0), lambda: torch.acos(x, out=3), lambda: torch.atan2(x), lambda: torch.isclose(x, 1.0)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
y = torch.tensor([1.0, 2.0, 3.0]).expand(2, 3)
for n in ["exp_", "acos_"]:
    try:
        getattr(y, n)()
    except Exception as e:
        print(type(e).__name__, e)
print(torch.logaddexp(torch.tensor([-float('inf'), float('inf'), 1000.0]), torch.tensor([-float('inf'), float('inf'), 1000.0])))
print(torch.fmod(torch.tensor([-7, 7], dtype=torch.int32), torch.tensor([2, -2], dtype=torch.int32)), torch.copysign(torch.tensor([1, 2]), torch.tensor([-0.0, 1.0])))
