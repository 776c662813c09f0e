# From the 2026-12-05 sweep over shape and index ops: quantile with a
# tensor q returns PyTorch's layout (gathered as [out..., nq], then the q
# dim moved first: stride 1 on it); index_copy compares slice shapes before
# the index count, printing shapes as C++ does; tensordot of bools refuses
# in mm's words; scatter_reduce's mean refuses bools; split_with_sizes
# names the dim as given and refuses negative sizes first.
import torch
def show(label, f):
    try:
        v = f()
        if isinstance(v, torch.Tensor):
            print(label, v, v.stride(), v.is_contiguous())
        else:
            print(label, v)
    except Exception as e:
        print(label, type(e).__name__, str(e).split("\n")[0])
a = torch.arange(24).view(2, 3, 4).float()
b = a.permute(2, 0, 1)
c = a[:, 1:, ::2]
q = torch.tensor([0.25, 0.75])
for t, name in [(a, "a"), (b, "b"), (c, "c")]:
    for d in [0, 1, -1]:
        for interp in ["linear", "lower", "nearest", "midpoint"]:
            show(f"quantile {name} {d} {interp}", lambda: t.quantile(q, dim=d, interpolation=interp))
        show(f"nanquantile {name} {d} keepdim", lambda: t.nanquantile(q, dim=d, keepdim=True))
    show(f"quantile {name} flat", lambda: t.quantile(q))
    show(f"quantile {name} scalar q", lambda: t.quantile(0.5, dim=1))
show("quantile 1-elem q", lambda: a.quantile(torch.tensor([0.5]), dim=2))
i = torch.arange(12).view(3, 4)
show("index_copy slices", lambda: i.index_copy(0, torch.tensor([1, 0]), i.narrow(-1, 0, 2)))
show("index_copy slices t", lambda: i.t().index_copy(-1, torch.tensor([1, 0]), i.t().narrow(0, 0, 2)))
show("index_copy 3d", lambda: a.index_copy(0, torch.tensor([1, 0]), a.narrow(-1, 0, 2)))
show("index_copy count", lambda: i.index_copy(0, torch.tensor([1, 0]), i))
bo = torch.tensor([[True, False], [False, True]])
show("tensordot bool", lambda: torch.tensordot(bo, bo, 0))
show("tensordot bool dims", lambda: torch.tensordot(bo, bo, dims=([1], [1])))
idx = torch.tensor([[0, 0], [1, 0]])
for r in ["sum", "prod", "mean", "amax"]:
    show(f"scatter_reduce bool {r}", lambda: bo.scatter_reduce(0, idx, bo, reduce=r, include_self=False))
show("scatter_reduce int mean", lambda: idx.scatter_reduce(0, idx, idx, reduce="mean"))
show("split sizes -1", lambda: a.split([1, 1], -1))
show("split sizes -2", lambda: torch.split(a, [1], -2))
show("split negative", lambda: i.split([1, -1, 4], 1))
