# cumsum/cumprod of float16/bfloat16 accumulate in float (ATen's CPU
# acc_type), each step rounded to float; float32 in double. Found by the
# 2026-12-05 sweep: bfloat16 linspace's cumsum ends at 0., not -1.1921e-07.
import torch
torch.manual_seed(0)
L = torch.linspace(-4, 4, 97)
for dt in [torch.bfloat16, torch.float16, torch.float32]:
    x = L.to(dt)
    print(dt, x.cumsum(0)[-4:], x.cumsum(0, dtype=torch.float64)[-2:])
    r = torch.randn(6, 300).to(dt)
    c = r.cumsum(1)
    print(c[:, -1], c.t().contiguous().t().cumsum(1)[:, -1] if False else r.t().cumsum(0)[-1])
    p = (1 + r[:, :40] / 50).cumprod(1)
    print(p[:, -1])
print(L.cumsum(0, dtype=torch.float16)[-3:], L.cumsum(0, dtype=torch.bfloat16)[-3:])
