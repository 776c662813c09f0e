import torch
x = torch.zeros(3)
for f in [lambda: x.put(torch.tensor([0]), torch.tensor([1])),
          lambda: x.masked_scatter(torch.tensor([True, False, True]), torch.ones(3).long()),
          lambda: x.masked_scatter(torch.tensor([1, 0, 1]), torch.ones(3)),
          lambda: x.index_copy(0, torch.tensor([0]), torch.ones(1).long()),
          lambda: x.index_fill(0, torch.tensor([0.]), 1),
          lambda: x.index_fill(0, torch.tensor([0], dtype=torch.int32), 1),
          lambda: x.index_fill(0, torch.tensor([[0]]), 1),
          lambda: x.index_copy(0, torch.tensor([0.]), torch.ones(1)),
          lambda: x.index_copy(0, torch.tensor([0], dtype=torch.int32), torch.ones(1)),
          lambda: x.index_copy(0, torch.tensor([[0]]), torch.ones(1)),
          lambda: x.index_reduce(0, torch.tensor([0]), torch.ones(1).long(), 'amax'),
          lambda: x.index_reduce(0, torch.tensor([[0]]), torch.ones(1), 'amax'),
          lambda: x.index_reduce(0, torch.tensor([0.]), torch.ones(1), 'amax'),
          lambda: x.index_reduce(0, torch.tensor([0], dtype=torch.int32), torch.ones(1), 'amax'),
          lambda: x.index_add(0, torch.tensor([[0]]), torch.ones(1)),
          lambda: x.index_add(0, torch.tensor([0], dtype=torch.int32), torch.ones(1)),
          lambda: x.scatter_reduce(0, torch.tensor([0]), torch.ones(1).long(), 'sum')]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
