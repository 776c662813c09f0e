# float32/float64 sum and mean as PyTorch's cascade adds them: over all
# elements (one thread, and two-pass over threads from 32768 elements), over
# the trailing dims, over the leading dims of small tensors, transposed
# (memory order), empty; .item() shows every bit.
import torch
for dt in [torch.float32, torch.float64]:
    for shape in [(0,), (5, 0), (1,), (3, 1, 4), (7, 33), (2, 3, 40), (130, 257), (1, 70000), (70000, 1), (300, 300), (1000003,)]:
        n = torch.Size(shape).numel()
        x = ((torch.arange(float(n), dtype=dt) * 0.37) % 1.7 - 0.6).reshape(shape)
        outs = [x.sum(), x.mean(), x.sum(-1), x.mean(-1, keepdim=True)]
        if x.ndim >= 2 and n < 32768:
            outs += [x.sum(0), x.mean(0)]
        if x.ndim == 2:
            outs += [x.t().sum(), x.t().sum(0), x.t().mean(0)]
        for o in outs:
            print(dt, shape, o.flatten()[:6].tolist(), o.flatten()[-2:].tolist() if o.numel() else [])
    print(dt, torch.full((1000,), 0.1, dtype=dt).sum().item(), torch.full((3, 100), 0.1, dtype=dt).sum(1).tolist())
