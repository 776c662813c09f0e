import torch
y = torch.zeros(3, 4)
r = y.fill_diagonal_(5)
print(y, r is y, y._version)
print(torch.zeros(5, 2).fill_diagonal_(1, wrap=True), torch.zeros(7, 2).fill_diagonal_(1, wrap=True), torch.zeros(7, 2).fill_diagonal_(1))
print(torch.zeros(2, 2, 2).fill_diagonal_(3), torch.zeros(2, 5).fill_diagonal_(2., wrap=True), torch.zeros(3, 3, dtype=torch.long).fill_diagonal_(2.5))
t = torch.zeros(4, 3).t()
t.fill_diagonal_(7)
print(t, t.stride())
l = torch.zeros(3, 3, requires_grad=True)
w = l.clone()
w.fill_diagonal_(2)
(w * torch.arange(1., 10.).reshape(3, 3)).sum().backward()
print(l.grad)
print(torch.nonzero_static(torch.tensor([0, 1, 2, 0]), size=4), torch.nonzero_static(torch.tensor([[1, 0], [1, 1]]), size=2, fill_value=-5))
print(torch.tensor([1, 1]).nonzero_static(size=3).stride(), torch.nonzero_static(torch.tensor([[1, 0], [1, 1]]), size=5).stride())
print(torch.nonzero_static(torch.tensor(1), size=2))
for f in [lambda: torch.zeros(3).fill_diagonal_(1),
          lambda: torch.zeros(2, 3, 4).fill_diagonal_(1),
          lambda: torch.nonzero_static(torch.tensor([1]), size=-1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
