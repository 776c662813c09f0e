# quantile/nanquantile gradients: through the interpolation to the picked
# elements (no ties here: PyTorch's pick among equal values is its
# selection algorithm's), every interpolation, dims, q tensors, NaNs.
import torch
nan = float('nan')
x = torch.tensor([[0.5, -0.75, 0.25, 0.9], [-0.3, 0.6, 0.15, 0.2], [0.3, nan, 0.1, 0.7]], requires_grad=True)
for args in [(0.3,), (0.5, 1), (torch.tensor([0.25, 0.9]), 1, True), (0.4, 0), (0.7, None, True)]:
    for interp in ["linear", "lower", "higher", "nearest", "midpoint"]:
        for name, f in [("quantile", torch.quantile), ("nanquantile", torch.nanquantile)]:
            r = f(x, *args, interpolation=interp)
            r.backward(torch.ones_like(r) * torch.arange(1., r.numel() + 1).view(r.shape))
            print(name, interp, r.grad_fn.name(), r.detach(), x.grad)
            x.grad = None
d = x.detach().double().requires_grad_()
torch.quantile(d, torch.tensor([0.1, 0.33], dtype=torch.float64), dim=1).sum().backward()
print(d.grad)
