import torch
idx = torch.tensor([[0, 0, 1], [1, 1, 1]])
for r in ['amax', 'amin', 'prod']:
    for inc in [True, False]:
        w = torch.tensor([[2., 1., 1., 1.], [1., 3., 1., 1.]], requires_grad=True)
        s = torch.tensor([[2., 0.5, 3.], [3., 1., 3.]], requires_grad=True)
        y = w.scatter_reduce(1, idx, s, r, include_self=inc)
        (y * torch.arange(1., 9.).reshape(2, 4)).sum().backward()
        print(r, inc, y.grad_fn.name(), y.detach(), w.grad, s.grad)
w = torch.tensor([[0., 2.], [1., 1.]], requires_grad=True)
s = torch.tensor([[0., 3., 0.], [4., 0., 5.]], requires_grad=True)
y = w.scatter_reduce(1, torch.tensor([[0, 0, 1], [1, 1, 0]]), s, 'prod')
(y * torch.arange(1., 5.).reshape(2, 2)).sum().backward()
print(y.detach(), w.grad, s.grad)
for r in ['amax', 'amin', 'prod']:
    w = torch.tensor([[2., 1.], [1., 3.], [2., 2.]], requires_grad=True)
    s = torch.tensor([[2., 0.5], [3., 3.]], requires_grad=True)
    y = w.index_reduce(0, torch.tensor([0, 1]), s, r)
    (y * torch.arange(1., 7.).reshape(3, 2)).sum().backward()
    print(r, y.grad_fn.name(), w.grad, s.grad)
