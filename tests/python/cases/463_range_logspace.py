# torch.range and torch.logspace as PyTorch 2.15's range_out and
# logspace_out compute them: the accumulate type (range) or the dtype
# (logspace's start, end and the subtraction for its step), pow in double,
# and a double converted to an integer dtype as x86 converts it.
import torch

def show(f, *a, **k):
    try:
        r = f(*a, **k)
        print(r.dtype, r.shape, r.requires_grad, r.tolist() if r.numel() <= 40 else r[-12:].tolist())
    except Exception as e:
        print(type(e).__name__, e)

R, L = torch.range, torch.logspace
nan, inf = float('nan'), float('inf')
show(R, 1e-3, 5, 0.013)
show(R, 1e-3, 5, 0.013, dtype=torch.float64)
show(R, -2.5, 40000.0, 0.61)
show(R, 0, 1, 0.25, requires_grad=True)
show(R, 0.5, 5, 1.5, dtype=torch.int32)
show(R, -3, 3, 2, dtype=torch.uint8)
show(R, 0.1, 3, 0.3, dtype=torch.float16)
show(R, 0.1, 3, 0.3, dtype=torch.bfloat16)
show(R, 0, 2.5, 1)
show(R, 0, 5, nan)
show(R, 0, inf, 1)
show(R, 0, 5, 0)
show(R, 5, 0, 1)
show(R, 0, 5, 1, dtype=torch.bool)
show(R, 0, 1e20, 1e19, dtype=torch.int64)
show(R, 0, 5, nan, dtype=torch.int64)
show(R, 0, 1e39, 1e38, dtype=torch.float16)

show(L, 0.1, 1, 1000)
show(L, -2, 2.5, 77)
show(L, 0, 3, 50, base=2.0, dtype=torch.float64)
show(L, 0, 1, 5, requires_grad=True)
show(L, 0, 1, 1)
show(L, 0.5, 1, 1, base=3)
show(L, 0, 1, 0)
show(L, 0, 1, -1)
show(L, 0, 1, 2, dtype=torch.bool)
show(L, 0, 1, 1, dtype=torch.bool)
show(L, 300, 301, 2, dtype=torch.uint8)
show(L, 1, 3, 3, dtype=torch.uint8)
show(L, 0, 3, 4, base=-2.0)
show(L, 0, 3, 4, base=-2.0, dtype=torch.int64)
show(L, 1e39, 1e40, 3)
show(L, 0.5, 2.5, 5, dtype=torch.int32)
show(L, 0, 40, 3, dtype=torch.int8)
show(L, 0, 100, 3, dtype=torch.int64)
show(L, 0, 1, 7, dtype=torch.float16)
show(L, -1.3, 1.7, 9, dtype=torch.bfloat16)
show(L, 0.1, 0.7, 33, dtype=torch.float16)
show(L, 0, 1, 3, base=0)
show(L, -1, 1, 3, base=0.0)
o = torch.empty(3)
print(L(0, 2, 3, out=o) is o, o.tolist())
