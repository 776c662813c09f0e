import torch
torch.manual_seed(0); print(torch.randperm(10), torch.randperm(5, dtype=torch.float32), torch.randperm(0), torch.randperm(1))
torch.manual_seed(3); x = torch.empty(5).uniform_(-2, 3); print(x)
torch.manual_seed(3); print(torch.empty(2, 3, dtype=torch.float64).uniform_())
torch.manual_seed(0); y = torch.empty(20).normal_(1, 2); print(y)
torch.manual_seed(0); print(torch.empty(3).normal_(1, 2), torch.empty(3, dtype=torch.float64).normal_(-1, 0.5))
torch.manual_seed(0); z = torch.zeros(4, 6); z.t().uniform_(); print(z)
torch.manual_seed(0); z = torch.zeros(4, 8); z.t().normal_(); print(z[:, :2], z._version)
torch.manual_seed(0); print(torch.bernoulli(torch.full((8,), 0.5)), torch.full((2, 3), 0.3, dtype=torch.float64).bernoulli())
torch.manual_seed(0); b = torch.zeros(6); b.bernoulli_(torch.tensor([0.1, 0.9, 0.5, 0.5, 0.2, 0.8])); print(b, b._version)
p = torch.tensor([0.2, 0.7], requires_grad=True)
torch.manual_seed(1); r = torch.bernoulli(p); print(r, r.grad_fn.name())
for bad in [lambda: torch.randperm(-1), lambda: torch.empty(2).uniform_(3, 1), lambda: torch.empty(2).normal_(0, -1), lambda: torch.bernoulli(torch.tensor([1.5])), lambda: torch.arange(3).uniform_()]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError", e)
