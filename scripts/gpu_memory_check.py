"""tsr's CUDA caching allocator on a real GPU against the driver's own count.

Drives `tsr --cuda real` through a pipe, statement by statement, and after
each step reads the device's free memory with cuMemGetInfo (through PyTorch's
`torch.cuda.mem_get_info`, which is that call) in this process. The deltas of
free memory must equal the deltas of tsr's `memory_reserved()`: segments come
from cuMemAlloc, are cached after `del`, and go back only on `empty_cache()`.
Then it asks for more than the device holds and prints tsr's out-of-memory
message beside PyTorch's for the same request. Run by scripts/gpu_check.sh.
"""
import subprocess
import sys

import torch

tsr = sys.argv[1]
p = subprocess.Popen([tsr, "--cuda", "real", "--color", "never"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)


def step(stmt):
    p.stdin.write(stmt + "\nprint('@@')\n")
    p.stdin.flush()
    lines = []
    while True:
        line = p.stdout.readline()
        if not line or line.strip() == "@@":
            return "".join(lines)
        lines.append(line)


def free():
    torch.cuda.synchronize()
    return torch.cuda.mem_get_info()[0]


def reserved():
    return int(step("print(torch.cuda.memory_reserved())").strip())


torch.cuda.init()
step("w = zeros(1, device='cuda'); v = (w + 1).sum().item()")  # context and kernels loaded
f0, r0 = free(), reserved()
ok = True
for stmt, what in [
    ("x = zeros(256 * 1024 * 1024, device='cuda')", "1 GiB tensor"),
    ("y = zeros(3 * 1024 * 1024 + 5, device='cuda')", "12 MiB + 20 B tensor (large pool)"),
    ("z = [zeros(1000, device='cuda') for _ in range(600)]", "600 small tensors"),
    ("del x", "del x (cached)"),
    ("torch.cuda.empty_cache()", "empty_cache()"),
    ("del y, z; torch.cuda.empty_cache()", "del y, z; empty_cache()"),
]:
    out = step(stmt)
    f, r = free(), reserved()
    d_driver, d_tsr = f0 - f, r - r0
    same = d_driver == d_tsr
    ok &= same
    print(f"{what:36s} driver used +{d_driver:>12,}  tsr reserved +{d_tsr:>12,}  {'same' if same else 'DIFFERENT'} {out.strip()}")
print("memory deltas:", "all equal" if ok else "DIFFER")
# OOM at the device's real capacity: 200 GiB is more than an H200 holds.
n = 200 * 1024 ** 3 // 4
print("tsr:    ", step(f"big = zeros({n}, device='cuda')").strip())
try:
    torch.zeros(n, device="cuda")
except torch.OutOfMemoryError as e:
    print("PyTorch:", str(e).splitlines()[0])
print("tsr stats:", step("s = torch.cuda.memory_stats(); print(s['num_alloc_retries'], s['num_ooms'])").strip())
p.stdin.close()
p.wait()
