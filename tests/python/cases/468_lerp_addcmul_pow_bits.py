# Bits of lerp, addcmul, addcdiv, pow with the kernel's special exponents,
# and conversions into float16/bfloat16, as PyTorch's CPU kernels compute
# them: lerp and addcmul as one fused multiply-add in the op-math type
# (float for float16/bfloat16), addcdiv as self + value * t1 / t2 left to
# right, x**2, x**3, x**-2 as products, and a double converted to
# bfloat16 through float.
import torch

torch.manual_seed(0)
a = torch.randn(160) * torch.tensor([1e-3, 0.5, 3., 100.]).repeat(40)
b = torch.randn(160) * torch.tensor([1e-2, 1., 7., 50., 9.]).repeat(32)
c = torch.randn(160) * 10
w = torch.rand(160) * 1.4 - 0.2
for dt in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
    x, y, z, ww = a.to(dt), b.to(dt), c.to(dt), w.to(dt)
    print(dt)
    print(x.lerp(y, 0.3).tolist())
    print(x.lerp(y, 0.7).tolist())
    print(x.lerp(y, ww).tolist())
    print(x.clone().lerp_(y, 0.3).tolist())
    print(torch.addcmul(x, y, z, value=0.3).tolist())
    print(torch.addcdiv(x, y, z, value=0.3).tolist())
    print(x.clone().addcmul_(y, z, value=-1.7).tolist())
    print((x ** 2).tolist())
    print((x ** 3).tolist())
    print((x ** -2).tolist())
    print((x.abs() ** -1).tolist())
    v = x.clone()
    v **= 3
    print(v.tolist())
d = torch.randn(400, dtype=torch.float64) * torch.tensor([1e-3, 1., 1e3, 1e5]).double().repeat(100)
print(d.to(torch.bfloat16).tolist())
print(torch.tensor([-25.0625020980835], dtype=torch.float64).to(torch.bfloat16).item())
print(torch.tensor(-25.0625020980835, dtype=torch.bfloat16).item())
print(torch.tensor([27.625], dtype=torch.bfloat16).lerp(torch.tensor([-148.0], dtype=torch.bfloat16), 0.3).item())
