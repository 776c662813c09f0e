import torch
x = torch.arange(12.).reshape(3, 4)
i = torch.tensor([[0, 1], [2, 0], [1, 1]])
g = torch.gather(x, 1, i)
print(g, g.stride())
xt = x.t()
g = xt.gather(1, torch.tensor([[0, 1, 2], [2, 0, 1], [0, 0, 0], [1, 1, 1]]))
print(g, g.stride(), g.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
it = torch.tensor([[0, 1, 2], [2, 0, 1]]).t()
print(x.gather(1, it).stride(), x.gather(0, torch.tensor([[2, 0, 1, 2]], dtype=torch.int32)))
print(torch.gather(torch.arange(6).reshape(2, 3), 1, torch.tensor([[1, 1, 1, 1]])))
print(torch.gather(x, dim=0, index=torch.tensor([[2, 0]])))
print(torch.tensor(5.).gather(0, torch.tensor(0)))
w = x.clone().requires_grad_()
y = w.gather(1, torch.tensor([[0, 0], [3, 1], [2, 2]]))
print(y.grad_fn.name())
(y * torch.arange(1., 7.).reshape(3, 2)).sum().backward()
print(w.grad)
for f in [lambda: torch.gather(x, 1, torch.tensor([0, 1])),
          lambda: torch.gather(x, 1, i.float()),
          lambda: torch.gather(x, 1, torch.tensor([[5]])),
          lambda: torch.gather(x, 2, i),
          lambda: torch.gather(torch.arange(6).reshape(2, 3), 1, torch.tensor([[1], [2], [0]])),
          lambda: torch.gather(x, 0, torch.tensor([[-1, 0]])),
          lambda: x.gather(1, [[0]])]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
