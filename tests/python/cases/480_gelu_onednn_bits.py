# gelu of a contiguous float32 or bfloat16 tensor goes to oneDNN in PyTorch:
# a piecewise minimax polynomial for erf, picked by |x|'s exponent and top
# mantissa bits. Bits compared over six scales with NaN, +-inf, +-0 and a
# denormal; a one-element and a non-contiguous tensor take ATen's kernel.
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def bits(t):
    nans = t.isnan().sum().item()
    t = torch.where(t.isnan(), 0, t).reshape(-1)
    b = t.view(torch.int32 if t.dtype == torch.float32 else torch.int16).to(torch.int64)
    return nans, (b % 1000003).sum().item(), b[:4].tolist()


for scale in [1e-3, 0.1, 1.0, 3.0, 10.0, 1e4]:
    x = torch.randn(2000) * scale
    x[5] = float("nan")
    x[6] = float("inf")
    x[7] = -float("inf")
    x[8] = 0.0
    x[9] = -0.0
    x[10] = 1e-40
    print(scale, bits(F.gelu(x)), bits(F.gelu(x.bfloat16())), bits(F.gelu(x.view(40, 50))))
    print(scale, bits(F.gelu(x.view(40, 50).t())), bits(F.gelu(x[:1])))
torch.set_printoptions(precision=8)
print(F.gelu(torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0])))
print(torch.nn.functional.gelu(torch.linspace(-2, 2, 9), approximate="none"))
# Its backward is oneDNN's too for a contiguous input: Abramowitz and
# Stegun's erf with oneDNN's own exp polynomial.
for scale in [0.1, 1.0, 3.0, 30.0]:
    x = (torch.randn(3000) * scale).requires_grad_()
    g = torch.randn(3000)
    F.gelu(x).backward(g)
    xb = (torch.randn(3000) * scale).bfloat16().requires_grad_()
    F.gelu(xb).backward(g.bfloat16())
    print(scale, bits(x.grad), bits(xb.grad))
