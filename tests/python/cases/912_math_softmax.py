import torch
import torch.nn.functional as F
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.0, 10.0]])
print(torch.softmax(x, 1), x.softmax(0), torch.log_softmax(x, dim=1), x.log_softmax(-1), F.softmax(x, dim=1), F.log_softmax(x, 0))
print(torch.logsumexp(x, 1), x.logsumexp(dim=0, keepdim=True), torch.logsumexp(x, (0, 1)), torch.logsumexp(torch.arange(4), 0))
print(torch.softmax(x, 1, dtype=torch.float64), torch.softmax(torch.arange(3), 0, dtype=torch.float32))
m = x.t(); r = m.softmax(1); print(r.stride(), m.log_softmax(0).stride(), torch.logsumexp(m, 1).stride())
print(torch.softmax(torch.tensor([float('inf'), 1.0]), 0), torch.softmax(torch.tensor([-float('inf'), -float('inf')]), 0), torch.logsumexp(torch.tensor([-float('inf'), -float('inf')]), 0), torch.logsumexp(torch.tensor([float('inf'), 1.0]), 0))
for f in [lambda: torch.softmax(torch.arange(3), 0), lambda: torch.log_softmax(torch.arange(3), 0), lambda: torch.softmax(x, 2), lambda: torch.softmax(x)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
a = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, 0.3]], requires_grad=True)
w = torch.tensor([[1.0, 2.0, 3.0]])
for f in [lambda: a.softmax(1), lambda: a.log_softmax(0), lambda: torch.logsumexp(a, 1), lambda: torch.logsumexp(a, 0, keepdim=True), lambda: a.softmax(1, dtype=torch.float64)]:
    y = f(); print(y.grad_fn.name()); (y * w[:, :y.shape[-1]] if y.dim() == 2 else y * torch.tensor([1.0, 2.0][:y.shape[0]])).sum().backward(); print(a.grad); a.grad = None
print(torch.softmax(torch.tensor(2.0), 0), torch.logsumexp(torch.tensor(2.0), 0))
print(torch.softmax(torch.arange(6.0).reshape(1, 2, 3), 1))
torch.manual_seed(0)
z = torch.tensor([[0.3, -1.2, 2.5, 0.0, 1.1, -0.7, 0.9], [3.0, 2.9, -4.0, 0.5, 0.25, 1.5, -2.0]], requires_grad=True)
s = F.softmax(z, dim=-1)
print(s, F.log_softmax(z, dim=0))
(s * torch.arange(7.0)).sum().backward()
print(z.grad)
print(torch.logsumexp(z.double(), dim=[0, 1]), z.logsumexp(-1, True).shape, torch.log_softmax(z.t(), 1, dtype=torch.float64))
