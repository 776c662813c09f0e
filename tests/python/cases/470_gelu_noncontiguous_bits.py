# float32 GELU of non-contiguous inputs bit for bit: GeluKernelImpl's
# cpu_kernel_vec, ATen's Abramowitz-Stegun vector erf with SLEEF's expf in
# the vector loop, glibc's erff in the scalar tail, and the kernel's own
# grain (numel / threads) above 16384 elements. (A contiguous input takes
# another path in PyTorch; see the README's known divergences.)
import torch
import torch.nn.functional as F

torch.manual_seed(0)
a = torch.randn(4096) * 3
print(F.gelu(a.view(64, 64).t()).flatten()[:64].tolist())
print(F.gelu(a[::2])[:64].tolist())
print(F.gelu(a.view(64, 64)[:, :40]).flatten()[:80].tolist())
big = torch.randn(300, 70) * 4
g = F.gelu(big.t())
print(g.shape, g.is_contiguous())
print(g.flatten()[:48].tolist())
print(g.t().flatten()[10480:10520].tolist())
print(g.t().flatten()[-40:].tolist())
print(F.gelu(big.t(), approximate='none').flatten()[100:140].tolist())
