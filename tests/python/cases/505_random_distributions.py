# exponential_, cauchy_, log_normal_ and geometric_: one double draw per
# element through ATen's transformation (a * b + c fused), cast to the
# dtype; normal_(mean, std) of doubles fused the same way.
import torch
for dt in [torch.float64, torch.float32, torch.float16, torch.bfloat16]:
    torch.manual_seed(3)
    a = torch.empty(40, dtype=dt).exponential_(0.7)
    b = torch.empty(5, 8, dtype=dt).t().cauchy_(1.5, 2.5)
    c = torch.empty(40, dtype=dt).log_normal_(0.3, 1.7)
    d = torch.empty(40, dtype=dt).geometric_(0.2)
    e = torch.empty(3, 7, dtype=dt)[:, ::2].exponential_()
    print(dt, a.tolist(), b.tolist(), c.tolist(), d.tolist(), e.tolist())
torch.manual_seed(5)
x = torch.empty(1000).exponential_()
print(x.sum().item(), x[-5:].tolist(), torch.empty(5, dtype=torch.int32).geometric_(0.3).tolist())
torch.manual_seed(3)
print(torch.empty(7, dtype=torch.float64).normal_(0.3, 1.7).tolist())
print(torch.empty(20, dtype=torch.float64).normal_(0.3, 1.7).tolist())
print(torch.empty(5, 4, dtype=torch.float64).t().normal_(0.3, 1.7).tolist())
print(torch.normal(0.3, 1.7, (5,), dtype=torch.float64).tolist())
for f in ["exponential_", "cauchy_", "log_normal_", "geometric_"]:
    for args in [(), (0.0,), (-1.0,), (float("inf"),), (1.0, 0.0)]:
        try:
            print(f, args, getattr(torch.empty(2), f)(*args))
        except Exception as e:
            print(f, args, type(e).__name__, e)
    try:
        print(f, getattr(torch.empty(2, dtype=torch.int64), f)(0.5))
    except Exception as e:
        print(f, type(e).__name__, e)
