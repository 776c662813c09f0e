"""tsr's CUDA kernels against PyTorch's on the same GPU, same run.

tsr's `timeit` times each statement (its kernels synchronise); PyTorch is
timed the same way (median of wall-clock runs, synchronised after each).
Prints each op's time, the ratio tsr/PyTorch, and the fraction of the H200's
memory bandwidth (about 4.8 TB/s) or FP32 peak (about 67 TFLOP/s, no tensor
cores) that tsr reaches. Run by scripts/gpu_check.sh.
"""
import json
import statistics
import subprocess
import sys
import time

import torch

tsr = sys.argv[1]
N, M = 8192, 4096
cases = [  # (name, tsr statement, torch callable, bytes moved or flops)
    ("x.t().contiguous()  8192² f32", "x.t().contiguous()", lambda x, a: x.t().contiguous(), ("B", 2 * N * N * 4)),
    ("x + x               8192² f32", "x + x", lambda x, a: x + x, ("B", 3 * N * N * 4)),
    ("x.sum()             8192² f32", "x.sum()", lambda x, a: x.sum(), ("B", N * N * 4)),
    ("a @ a               4096² f32", "a @ a", lambda x, a: a @ a, ("F", 2 * M ** 3)),
]
setup = f"x = randn({N}, {N}).cuda()\na = randn({M}, {M}).cuda()\n"
prog = setup + "".join(f"timeit {c[1]}\n" for c in cases)
out = subprocess.run([tsr, "--cuda", "real", "--json", "-c", prog], capture_output=True, text=True, timeout=180)
times = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{") and '"timeit"' in l]
if len(times) != len(cases):
    print("tsr failed:", out.stdout[-2000:], out.stderr[-2000:])
    sys.exit(1)
torch.backends.cuda.matmul.allow_tf32 = False
x = torch.randn(N, N, device="cuda")
a = torch.randn(M, M, device="cuda")
for (name, _, f, (kind, amount)), t in zip(cases, times):
    f(x, a)
    torch.cuda.synchronize()
    runs = []
    for _ in range(max(3, min(50, len(runs) or 20))):
        s = time.perf_counter()
        f(x, a)
        torch.cuda.synchronize()
        runs.append(time.perf_counter() - s)
    pt = statistics.median(runs)
    ts = t["median_ns"] / 1e9
    frac = amount / ts / (4.8e12 if kind == "B" else 67e12)
    print(f"{name}  tsr {ts * 1e3:9.3f} ms  PyTorch {pt * 1e3:8.3f} ms  ratio {ts / pt:7.2f}  tsr at {frac:6.1%} of {'bandwidth' if kind == 'B' else 'FP32 peak'}")
