import torch
for n in ["abs_", "neg_", "sqrt_", "exp_", "log_", "sin_", "cos_", "tanh_", "sigmoid_", "relu_"]:
    t = torch.tensor([0.25, -1.0, 2.0])
    r = getattr(t, n)()
    print(n, r is t, t, t._version)
    x = torch.tensor([0.25, 0.5, 2.0], requires_grad=True)
    y = x * 1.0
    getattr(y, n)()
    print(y.grad_fn.name())
    (y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    print(x.grad)
i = torch.tensor([-2, 3])
print(i.abs_(), i.neg_(), i.relu_(), i._version)
for n in ["sqrt_", "exp_", "sigmoid_"]:
    try:
        getattr(torch.arange(3), n)()
    except Exception as e:
        print(n, type(e).__name__, e)
v = torch.arange(6.0).reshape(2, 3)
c = v.t()
c.exp_()
print(v, c.stride())
print(torch.exp_(torch.zeros(2)), torch.relu_(torch.tensor([-1.0, 1.0])))
