import torch
x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)
for n in ["arccos", "arcsin", "arctan", "arcsinh", "arctanh", "fix"]:
    y = getattr(torch, n)(x)
    print(n, y, y.grad_fn.name())
    y.sum().backward()
    print(x.grad)
    x.grad = None
print(torch.arccosh(torch.tensor([1.0, 2.0, 3.5])), torch.arange(3).arcsin(), torch.fix(torch.arange(3)))
t = torch.tensor([0.25, -0.5])
print(t.arccos_(), t.arctan_(), torch.fix_(torch.tensor([-1.5, 1.5])), t._version)
print(torch.arctan2(torch.tensor([1.0]), torch.tensor([-1.0])), torch.arctan(torch.tensor([1.0]), out=torch.empty(1)))
