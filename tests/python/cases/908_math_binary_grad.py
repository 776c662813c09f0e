import torch
a = torch.tensor([[1.0, -2.0, 0.5], [3.0, 0.25, -1.5]], requires_grad=True)
b = torch.tensor([0.5, 1.5, -2.0], requires_grad=True)
for name in ["atan2", "hypot", "fmod", "fmax", "fmin", "copysign", "logaddexp"]:
    y = getattr(torch, name)(a, b)
    print(name, y.grad_fn.name())
    (y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    print(a.grad, b.grad)
    a.grad = None
    b.grad = None
y = torch.fmod(a, 1.25)
print(y.grad_fn.name())
y.sum().backward()
print(a.grad)
a.grad = None
y = torch.copysign(a, -1.0)
print(y.grad_fn.name())
y.sum().backward()
print(a.grad)
h = torch.heaviside(a, torch.tensor([1.0]))
print(h.grad_fn.name(), h.requires_grad)
try:
    h.sum().backward()
except Exception as e:
    print(type(e).__name__, e)
d = a.double() * 1
d.hypot_(torch.tensor([1.0, 1.0, 1.0], dtype=torch.float64))
print(d.grad_fn.name())
d.sum().backward()
print(a.grad)
