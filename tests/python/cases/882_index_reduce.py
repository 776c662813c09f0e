import torch
src = torch.tensor([[1., 2.], [3., 4.], [5., 6.]])
i = torch.tensor([0, 0, 2])
print(torch.zeros(3, 2).index_reduce_(0, i, src, 'prod'))
for r in ['prod', 'mean', 'amax', 'amin']:
    print(r, torch.ones(3, 2).index_reduce(0, i, src, r), torch.ones(3, 2).index_reduce(0, i, src, r, include_self=False))
print(torch.ones(4, 3).t().index_reduce(1, torch.tensor([0]), torch.ones(3, 1), 'amax').stride())
print(torch.full((2, 3), 7).index_reduce(1, torch.tensor([2, 2]), torch.tensor([[1, 2], [3, 4]]), 'mean'))
w = torch.ones(3, 2, requires_grad=True)
s = src.clone().requires_grad_()
for inc in [True, False]:
    w.grad = None
    s.grad = None
    y = w.index_reduce(0, i, s, 'mean', include_self=inc)
    print(y.grad_fn.name())
    (y * torch.arange(1., 7.).reshape(3, 2)).sum().backward()
    print(w.grad, s.grad)
for f in [lambda: torch.ones(3).index_reduce(0, torch.tensor([5]), torch.ones(1), 'prod'),
          lambda: torch.ones(3, 2).index_reduce(0, torch.tensor([0]), torch.ones(1, 2), 'sum')]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
