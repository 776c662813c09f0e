# prod of float16/bfloat16: binary_kernel_reduce_vec in the dtype, every
# product rounded to it, 16 lanes to a 32-byte vector.
import torch

torch.manual_seed(0)
a = torch.randn(60, 70) * torch.tensor([1e-3, 0.5, 3., 100., 1e3, 7., 0.1]).repeat(10)
x = a / 50 + 1
for dt in [torch.float16, torch.bfloat16]:
    y = x.to(dt)
    print(y.prod(1).tolist())
    print(y.prod(0).tolist()[:30], y.prod().item())
    print(y.t().prod(1).tolist()[:20], y[:, ::3].prod(1).tolist()[:20])
    print(y.view(6, 10, 70).prod(1)[:, :10].tolist())
big = torch.rand(300, 400) * 0.02 + 0.995
print(big.half().prod(1).tolist()[:30], big.bfloat16().prod(0).tolist()[:30])
print(big.half().prod().item(), big.bfloat16().prod().item())
