import torch
x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])
i = torch.tensor([[1, 2, 0], [0, 2, 1]])
y = torch.take_along_dim(x, i, 1)
print(y, y.stride())
print(torch.take_along_dim(x, torch.tensor([[0], [1]]), 1), x.t().take_along_dim(torch.tensor([[0, 1, 0]]), dim=1))
print(torch.take_along_dim(x, torch.tensor([3, 0])), torch.take_along_dim(x, torch.tensor([[5]])).shape)
print(torch.take_along_dim(x, torch.tensor([[0, 1, 1]]), 0), torch.take_along_dim(x, torch.tensor([[1], [0]]), dim=-1))
w = x.clone().requires_grad_()
y = torch.take_along_dim(w, torch.tensor([[0], [1]]), 1)
print(y.grad_fn.name())
(y * torch.tensor([[1.], [2.]])).sum().backward()
print(w.grad)
w.grad = None
y = w.take_along_dim(torch.tensor([5, 5, 0]))
print(y.grad_fn.name())
y.sum().backward()
print(w.grad)
for f in [lambda: torch.take_along_dim(x, torch.tensor([[0]]).float(), 1),
          lambda: torch.take_along_dim(x, torch.tensor([0, 1]), 1),
          lambda: torch.take_along_dim(x, torch.tensor([[0, 1]]), dim=3),
          lambda: torch.take_along_dim(x, torch.tensor([[0, 1], [0, 1], [1, 1]]), dim=1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.take_along_dim(torch.arange(3.), torch.tensor([5, -4, 7]), 0), torch.take_along_dim(torch.arange(6.).reshape(2, 3), torch.tensor([[5], [-7]]), 1))
for f in [lambda: torch.take_along_dim(torch.zeros(2, 0), torch.tensor([[1], [1]]), 1),
          lambda: torch.take_along_dim(torch.arange(3.), torch.tensor([3]))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
