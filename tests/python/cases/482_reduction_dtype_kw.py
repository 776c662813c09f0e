# Reductions, scans and softmax with dtype=: which dtypes each kernel takes, and
# the words of its refusal (softmax names its kernel by the dim: lastdim or not).
import torch
xs = [torch.tensor([[0.5, 1.5, 2.25], [3.0, -4.5, 5.75]]), torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.int8), torch.tensor([[True, False], [True, True]]), torch.tensor([[0.5, 1.5], [2.0, 3.5]], dtype=torch.float16)]
ops = ["sum", "prod", "mean", "nansum", "nanmean", "cumsum", "cumprod", "softmax", "log_softmax"]
for x in xs:
    for op in ops:
        for dt in [None, torch.float64, torch.int64, torch.int32, torch.bool, torch.float16]:
            try:
                kw = {} if dt is None else {"dtype": dt}
                r = getattr(torch, op)(x, 0, **kw) if op not in ("sum", "prod", "mean", "nansum", "nanmean") else getattr(torch, op)(x, **kw)
                print(x.dtype, op, dt, r.dtype, r.tolist())
            except Exception as e:
                print(x.dtype, op, dt, type(e).__name__, str(e).splitlines()[0])
