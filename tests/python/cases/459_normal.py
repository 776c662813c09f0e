# torch.normal's four overloads on PyTorch's CPU generator: floats with a
# size, a tensor mean (a fresh contiguous tensor), a tensor std, both
# broadcast; float64; the zero gradients and their node names; the errors.
import torch
torch.manual_seed(0)
print(torch.normal(2., 3., (2, 3)))
print(torch.normal(0, 1, size=(20,)))
print(torch.normal(torch.arange(4.), 0.5))
print(torch.normal(torch.arange(20.).view(4, 5).t(), 2.0).stride())
print(torch.normal(1.0, torch.arange(18.)))
print(torch.normal(torch.zeros(3, 1), torch.ones(1, 17)))
print(torch.normal(torch.zeros(3, dtype=torch.float64), torch.ones(3, dtype=torch.float64)))
print(torch.normal(torch.arange(4.)))
print(torch.normal(0., 1., (3,), dtype=torch.float64))
m = torch.zeros(3, 1, requires_grad=True)
s = torch.ones(1, 4, requires_grad=True)
a = torch.normal(m, 1.0); b = torch.normal(0., s); c = torch.normal(m, s)
print(type(a.grad_fn).__name__, type(b.grad_fn).__name__, type(c.grad_fn).__name__, torch.normal(0., 1., (2,)).grad_fn)
(a.sum() + b.sum() + c.sum()).backward()
print(m.grad, s.grad)
for f in [lambda: torch.normal(0., -1., (3,)), lambda: torch.normal(torch.zeros(3), -1.5), lambda: torch.normal(0., torch.tensor([-1.])),
          lambda: torch.normal(torch.arange(3), 1.0), lambda: torch.normal(torch.zeros(2), torch.zeros(3)), lambda: torch.normal(0., 1., (-1,)),
          lambda: torch.zeros(2).normal_(0, -2)]:
    try:
        print(f())
    except RuntimeError as e:
        print("RuntimeError", e)
