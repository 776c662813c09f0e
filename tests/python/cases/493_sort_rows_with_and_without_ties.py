# sort along the last dim of contiguous float rows: rows without ties (any
# correct sort gives std::sort's answer) and rows with ties (sorted as
# libstdc++'s std::sort does, so equal values land where PyTorch's do).
import torch
torch.manual_seed(3)
for shape in [(64, 1000), (8, 4096), (300, 17)]:
    x = torch.rand(shape)
    for d in [False, True]:
        v, i = x.sort(dim=1, descending=d)
        print(shape, d, i.sum().item(), i[:, :20].tolist()[:3], v[:, -5:].tolist()[:2])
    y = (torch.randn(shape) * 3).round()
    v, i = y.sort(1); print(i[:2, :40].tolist(), i.double().mean().item())
    v, i = y.sort(1, descending=True); print(i[:2, :40].tolist())
    z = torch.randn(shape).double()
    print(z.sort(1)[1][:2, :30].tolist(), z.argsort(1, descending=True)[:2, :30].tolist())
