import torch
torch.manual_seed(0); print(torch.multinomial(torch.tensor([0.1, 0.2, 0.7]), 8, replacement=True))
torch.manual_seed(0); print(torch.multinomial(torch.tensor([0.5, 0.5]), 8, replacement=True))
torch.manual_seed(0); print(torch.multinomial(torch.tensor([[0.5, 0.5], [0.9, 0.1]]), 4, replacement=True))
torch.manual_seed(5); print(torch.tensor([1., 2., 3., 4.], dtype=torch.float64).multinomial(6, True))
for bad in [lambda: torch.multinomial(torch.tensor([0.5, 0.5]), 3), lambda: torch.multinomial(torch.tensor([-1., 2.]), 2, True), lambda: torch.multinomial(torch.tensor([0., 0.]), 1, True), lambda: torch.multinomial(torch.ones(2, 2, 2), 1, True)]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError", e)
