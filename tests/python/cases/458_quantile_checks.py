# quantile/nanquantile's argument checks in PyTorch's order, each message
# saying "quantile()" (nanquantile's too), a float q printed as C++ prints it.
import torch
x = torch.tensor([1., 2., 3.])
calls = [
    lambda: torch.quantile(torch.tensor([]), 0.5),
    lambda: torch.quantile(torch.zeros(2, 0), 0.5, dim=1),
    lambda: torch.quantile(torch.tensor([]), torch.tensor([1.5])),
    lambda: torch.quantile(torch.tensor([]), 1.5),
    lambda: torch.quantile(x, 2.0),
    lambda: torch.quantile(x, -1),
    lambda: torch.quantile(x, 1.123456789),
    lambda: torch.quantile(x, 1e20),
    lambda: torch.quantile(x, 1.5, interpolation='x'),
    lambda: torch.quantile(torch.tensor([]), 0.5, interpolation='x'),
    lambda: torch.nanquantile(x, 0.5, interpolation='near'),
    lambda: torch.quantile(x, torch.tensor([[0.5]])),
    lambda: torch.quantile(x, torch.tensor([0.5], dtype=torch.float64)),
    lambda: torch.nanquantile(torch.tensor([1, 2]), 0.5),
    lambda: torch.nanquantile(x, torch.tensor([0.5, 1.5])),
    lambda: torch.quantile(x, torch.tensor([1.5]), dim=3),
    lambda: x.quantile(0.5, dim=-2),
    lambda: x.nanquantile(torch.tensor([0.25, 1.0])),
    lambda: torch.quantile(x, 0.0, interpolation='nearest'),
]
for f in calls:
    try:
        print(f())
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
