import torch
e = torch.zeros(1, 3).expand(2, 3)
for f in [lambda: e.masked_fill_(torch.tensor([True, False, True]), 1.), lambda: e.scatter_(1, torch.tensor([[0]]), 1.), lambda: e.index_fill_(1, torch.tensor([0]), 1.),
          lambda: e.put_(torch.tensor([0]), torch.tensor([1.])), lambda: e.index_add_(0, torch.tensor([0]), torch.ones(1, 3)), lambda: e.masked_scatter_(torch.tensor([True, False, True]), torch.ones(6)),
          lambda: torch.take_along_dim(torch.arange(3.), torch.tensor([-1]), 0)]:
    try:
        print(f())
    except Exception as e2:
        print(type(e2).__name__, e2)
