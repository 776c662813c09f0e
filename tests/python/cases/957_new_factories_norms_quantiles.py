import torch
x = torch.tensor([[3., 1., 2.], [0., 5., 4.]], requires_grad=True)
print(x.new_zeros(2), x.new_ones((2, 1)), x.new_full((2,), 7), x.new_empty(0).shape, x.new_tensor([1, 2]), x.new_zeros(3, dtype=torch.int32), x.new_empty_strided((2, 2), (1, 2)).stride())
print(x.new_zeros(2).requires_grad, torch.arange(3).new_ones(2))
print(torch.std_mean(x), torch.var_mean(x, dim=1), torch.var_mean(x, 1, keepdim=True, correction=0))
print(torch.std_mean(x)[0].grad_fn.name(), torch.var_mean(x, 1)[1].grad_fn.name())
print(x.norm(), x.norm(1), x.norm(dim=1), torch.norm(x, p=float('inf')), x.norm(p=2, dim=0, keepdim=True), x.norm().grad_fn.name())
print(torch.dist(x, torch.zeros(3)), torch.dist(x, torch.ones(2, 3), p=1), torch.dist(x, torch.zeros(3)).grad_fn.name())
print(torch.quantile(torch.tensor([1., 2., 3., 4.]), 0.4), torch.quantile(x, torch.tensor([0.25, 0.5]), dim=1), torch.tensor([1., float('nan'), 3.]).nanquantile(0.5))
print(torch.quantile(torch.tensor([1., 2., 3., 4.]), 0.4, interpolation='lower'), torch.quantile(torch.tensor([1., 2., 3., 4.]), 0.5, interpolation='midpoint'), torch.quantile(torch.tensor([1., 2., 3., 4.]), 0.4, interpolation='nearest'), torch.quantile(torch.tensor([1., 2., 3., 4.]), 0.3, interpolation='higher'))
print(torch.logspace(0, 2, 3), torch.logspace(0, 1, 4, base=2), torch.range(1, 4), torch.range(0, 1, 0.25))
print(torch.is_tensor(x), torch.is_tensor([1]), torch.get_default_dtype(), torch.tensor([1.]).is_nonzero(), torch.tensor([0]).is_nonzero())
print(x.dim_order(), x.t().dim_order(), torch.zeros(2, 3, 4).permute(2, 0, 1).dim_order())
torch.set_grad_enabled(False); print((x * 2).requires_grad); torch.set_grad_enabled(True); print((x * 2).requires_grad)
with torch.set_grad_enabled(False):
    print((x * 2).requires_grad)
for bad in [lambda: torch.tensor([1., 2.]).is_nonzero(), lambda: torch.quantile(x, 1.5), lambda: torch.tensor([]).is_nonzero()]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError", e)
