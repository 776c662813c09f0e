import torch
w = torch.zeros(3, 4, requires_grad=True)
i = torch.tensor([[0, 1], [2, 0]])
for name, f in [("gather", lambda: w.gather(1, i)),
                ("scatter", lambda: w.scatter(1, i, 2.)),
                ("index_fill", lambda: w.index_fill(1, torch.tensor([0]), 1.)),
                ("masked_fill", lambda: w.masked_fill(w > 0, 1.)),
                ("masked_scatter", lambda: w.masked_scatter(torch.tensor([True, False, True, False]), torch.ones(6))),
                ("select_scatter", lambda: w.select_scatter(torch.ones(4), 0, 1))]:
    y = f().sum()
    y.backward(retain_graph=True)
    y.backward()
    try:
        y.backward()
        print(name, "second backward ran", w.grad.sum().item())
    except Exception as e:
        print(name, type(e).__name__, str(e)[:60])
    w.grad = None
