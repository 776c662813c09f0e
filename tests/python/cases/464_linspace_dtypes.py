# linspace of every dtype as PyTorch 2.15's linspace_out and linspace_kernel
# compute it: integer dtypes step in double and convert as x86 does,
# float16/bfloat16 in float rounded once, one step is a fill of start.
import torch
def show(f, *a, **k):
    try:
        r = f(*a, **k)
        print(r.dtype, r.shape, r.tolist() if r.numel() <= 40 else r[-12:].tolist())
    except Exception as e:
        print(type(e).__name__, e)
L = torch.linspace
show(L, 0, 10, 7, dtype=torch.int64)
show(L, -3.7, 10.2, 9, dtype=torch.int32)
show(L, 0, 255, 11, dtype=torch.uint8)
show(L, 0, 300, 11, dtype=torch.uint8)
show(L, -5, 5, 11, dtype=torch.uint8)
show(L, 0.1, 1.3, 17, dtype=torch.float16)
show(L, 0.1, 1.3, 17, dtype=torch.bfloat16)
show(L, 0, 1, 1)
show(L, 3, 1, 1, dtype=torch.int64)
show(L, 0, 1, 0)
show(L, 0, 1, 5, dtype=torch.bool)
show(L, 0, 1e10, 5, dtype=torch.int32)
show(L, 1e39, 1e40, 3)
show(L, 0, 1, 100001, dtype=torch.float16)
show(L, 10, 0, 7, dtype=torch.int8)
show(L, 2**62, 2**62+100, 5, dtype=torch.int64)
show(L, 0, 1, 5, requires_grad=True)
show(torch.eye, 3, 2, dtype=torch.bool)
show(torch.full, (2,), 3.7, dtype=torch.int32)
show(torch.full, (2,), 300, dtype=torch.uint8)
show(torch.full, (2,), True)
show(torch.zeros, 2, 3, dtype=torch.float16)
show(torch.tril_indices, 4, 3, 1)
show(torch.triu_indices, 3, 5, -1)
