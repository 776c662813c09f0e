# prod of float32/float64 in binary_kernel_reduce_vec's order: contiguous
# rows through reduction128 (four 32-byte accumulators, (a0*a1)*(a2*a3),
# lanes in order, then the tail), columns down their rows, other layouts in
# order, and parallel_reduce's plans above 32768 elements.
import torch

torch.manual_seed(0)
a = torch.randn(60, 70) * torch.tensor([1e-3, 0.5, 3., 100., 1e3, 7., 0.1]).repeat(10)
x = a / 50 + 1
for dt in [torch.float32, torch.float64]:
    y = x.to(dt)
    print(y.prod(1).tolist())
    print(y.prod(0).tolist())
    print(y.prod().item(), (y[:40] / 1.3 + 0.3).prod().item())
    print(y.t().prod(1).tolist()[:20], y.t().prod(0).tolist()[:20])
    print(y[:, ::3].prod(1).tolist()[:20])
    print(y.view(6, 10, 70).prod(1)[:, :12].tolist())
    print(torch.prod(y, 1, keepdim=True).shape)
big = torch.rand(300, 400) * 0.02 + 0.995
print(big.prod(1).tolist()[:30], big.prod(0).tolist()[:30], big.prod().item())
print(big.t().prod(0).tolist()[:30], big.double().prod(1).tolist()[:10], big.double().prod().item())
