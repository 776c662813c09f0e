# Ties and NaNs in the selecting ops (argmax/argmin, max/min/median/mode along a dim,
# cummax/cummin, kthvalue, topk, argsort, unique's inverse with NaNs) against PyTorch.
import torch
torch.manual_seed(1)
nan = float('nan')
for dt in [torch.float32, torch.int64, torch.float64, torch.int32, torch.uint8]:
    x = torch.randint(0, 3, (4, 70)).to(dt)
    if dt.is_floating_point:
        x[1, ::7] = nan
    for name, f in [("argmax", lambda t: t.argmax(1)), ("argmin", lambda t: t.argmin(1)), ("max", lambda t: t.max(1).indices), ("min", lambda t: t.min(0).indices),
                    ("median", lambda t: t.median(1).indices), ("mode", lambda t: t.mode(1).indices), ("mode0", lambda t: t.mode(0).indices),
                    ("cummax", lambda t: t.cummax(1).indices[:, -5:]), ("cummin", lambda t: t.cummin(0).indices[-1]),
                    ("kth", lambda t: t.kthvalue(9, 1).indices), ("topk", lambda t: t.topk(3, 1).indices), ("topk0", lambda t: t.topk(2, 0, largest=False).indices[:, :10]),
                    ("argsort", lambda t: t.argsort(1)[:, :12]), ("argsortd", lambda t: t.argsort(0, descending=True)[:, :12]), ("sortT", lambda t: t.t().sort(0).indices[:12]),
                    ("unique", lambda t: torch.unique(t, return_inverse=True, return_counts=True)[1][:, :10]), ("uniqdim", lambda t: torch.unique(t[:, :4], dim=1, return_inverse=True)[1]),
                    ("amax", lambda t: t.amax(1)), ("nanmed", lambda t: t.nanmedian(1).indices if t.is_floating_point() else t.median(1).indices)]:
        try:
            print(dt, name, f(x).tolist())
        except Exception as e:
            print(dt, name, type(e).__name__, e)
nan = float('nan')
for x in [torch.tensor([1., nan, 2., nan, 1., 0.]), torch.tensor([nan, nan]), torch.tensor([[nan, 1.], [2., nan]]), torch.tensor([3., nan, 3.]).double()]:
    print(torch.unique(x), torch.unique(x, return_inverse=True, return_counts=True))
    print(torch.unique(x, sorted=False, return_inverse=True))
    print(x.unique_consecutive(return_inverse=True, return_counts=True))
    print(torch.unique(x, return_inverse=True, return_counts=True, dim=0) if x.ndim == 1 else torch.unique(x, dim=1, return_counts=True))
