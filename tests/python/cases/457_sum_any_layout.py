# sum/mean of float32/float64 over any dims of any layout, in PyTorch's
# TensorIterator order: middle dims, permuted and strided inputs, column sums
# of 32768+ elements (the parallel two-pass and split-dim paths), several dims.
import torch
def data(shape, dt):
    n = torch.Size(shape).numel()
    return ((torch.arange(float(n), dtype=dt) * 0.37) % 1.7 - 0.6 + 1e-3).reshape(shape)
for dt in [torch.float32, torch.float64]:
    x = data((6, 50, 7), dt)
    print(dt, x.sum(1).flatten()[:5].tolist(), x.mean(1).flatten()[-3:].tolist())
    print(x.sum((0, 2)).tolist()[:6], x.sum((0, 1)).tolist())
    p = x.permute(2, 0, 1)
    print(p.sum(0).flatten()[:4].tolist(), p.sum(-1).flatten()[:4].tolist(), p.sum((1, 2)).tolist())
    s = data((40, 90), dt)[::3, 1::2]
    print(s.sum(0).tolist()[:5], s.sum(1).tolist()[:5], s.sum().item(), s.t().mean(0).tolist()[:3])
    c = data((40000, 3), dt)
    print(c.sum(0).tolist(), c.mean(0).tolist(), c.t().sum(1).tolist())
    w = data((3, 40000), dt)
    print(w.sum(0)[:4].tolist(), w.sum(1).tolist(), w.t().contiguous().sum(0).tolist())
    b = data((70000,), dt)[::2]
    print(b.sum().item(), b.mean().item())
    k = data((5, 9, 11), dt)
    print(k.sum((0, 2), keepdim=True).flatten()[:4].tolist(), k.transpose(0, 1).sum((1, 2)).tolist()[:4])
    e = data((4, 33000, 2), dt)
    print(e.sum(1).flatten().tolist(), e.sum((0, 1)).tolist())
