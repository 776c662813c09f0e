#!/usr/bin/env python3
"""How often tsr's float32 math is bit-identical to PyTorch's (CPU).

For each element-wise function, draws a sweep of float32 inputs over the
function's domain (uniform values plus a log-spaced range, 2^17 in all),
computes PyTorch's results, and saves inputs and results as .npy files. Then
one tsr process loads each pair with `np.load`, computes the same function
and prints the share of results whose 32 bits equal PyTorch's, and the
largest difference in units in the last place (ULP) among the others.

Each function is measured three ways, because PyTorch's `cpu_kernel_vec`
computes the elements its vectorised loop covers with SLEEF and the rest
(each loop's last `n % 32` elements) with the scalar C++ function: on the
whole sweep as one contiguous tensor, and on the sweep laid out as rows of
3 and of 40 elements inside wider rows (a non-contiguous input, so that each
row is a loop of its own: all tail, and 32 vector lanes plus an 8-element
tail). It also prints whether `torch.arange(4.).exp().log()` prints alike.

Usage (PyTorch installed outside the repo, e.g. in ~/venv):
    cargo build --release
    ~/venv/bin/python scripts/ulp_sweep.py [--tsr target/release/tsr] [--dir /tmp/sweep]
"""
import argparse
import os
import subprocess

import numpy as np
import torch

# name: (low, high) of the uniform part of the sweep
DOMAINS = {
    "exp": (-80, 80), "exp2": (-120, 120), "expm1": (-20, 20), "log": (1e-30, 1e4), "log2": (1e-30, 1e4),
    "log10": (1e-30, 1e4), "log1p": (-0.99, 1e4), "sqrt": (0, 1e6), "rsqrt": (1e-30, 1e6), "reciprocal": (-1e4, 1e4),
    "sin": (-100, 100), "cos": (-100, 100), "tan": (-10, 10), "asin": (-1, 1), "acos": (-1, 1), "atan": (-1e3, 1e3),
    "sinh": (-80, 80), "cosh": (-80, 80), "tanh": (-20, 20), "asinh": (-1e3, 1e3), "acosh": (1, 1e3), "atanh": (-1, 1),
    "sigmoid": (-50, 50), "erf": (-5, 5),
}
# (row length, row stride) of the non-contiguous layouts
ROWS = [(3, 4), (40, 41)]


def rows_of(x, width, stride):
    """x's first elements as (m, width) rows of an (m, stride) buffer."""
    m = x.numel() // width
    buf = torch.zeros(m, stride)
    buf[:, :width] = x[: m * width].view(m, width)
    return buf[:, :width]


def compare(name, tag):
    return [
        f"want = torch.from_numpy(np.load(f'{{d}}/{name}_{tag}.npy'))",
        "same = (got.view(torch.int32) == want.view(torch.int32)) | (got.isnan() & want.isnan())",
        "ulps = (got.view(torch.int32).long() - want.view(torch.int32).long()).abs()",
        "ulps = torch.where(same, torch.zeros_like(ulps), ulps)",
        f"res.append(f'{{same.double().mean().item() * 100:.2f}} {{ulps.max().item()}} {{x.numel()}}')",
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tsr", default="target/release/tsr")
    ap.add_argument("--dir", default="/tmp/sweep")
    a = ap.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    torch.manual_seed(0)
    script = ["import torch", "import numpy as np", f"d = '{a.dir}'"]
    for name, (lo, hi) in DOMAINS.items():
        u = torch.rand(1 << 16) * (hi - lo) + lo
        mag = torch.logspace(-30, 4, 1 << 15)
        if lo >= 0:
            lg = mag[(mag >= lo) & (mag <= hi)]
        else:
            lg = torch.cat([mag, -mag])
            lg = lg[(lg >= lo) & (lg <= hi)]
        x = torch.cat([u, lg]).float()
        f = getattr(torch, name)
        np.save(f"{a.dir}/{name}_in.npy", x.numpy())
        np.save(f"{a.dir}/{name}_out.npy", f(x).numpy())
        for w, s in ROWS:
            np.save(f"{a.dir}/{name}_rows{w}.npy", f(rows_of(x, w, s)).reshape(-1).numpy())
        script += [f"x = torch.from_numpy(np.load(f'{{d}}/{name}_in.npy'))", "res = []", f"got = torch.{name}(x)"]
        script += compare(name, "out")
        for w, s in ROWS:
            script += [
                f"m = x.numel() // {w}",
                f"buf = torch.zeros(m, {s})",
                f"buf[:, :{w}] = x[: m * {w}].view(m, {w})",
                f"got = torch.{name}(buf[:, :{w}]).reshape(-1)",
            ]
            script += compare(name, f"rows{w}")
        script.append(f"print('{name}', ' '.join(res))")
    want_arange = repr(torch.arange(4.0).exp().log())
    script.append("print('arange', repr(torch.arange(4.).exp().log()).replace(' ', '_'))")
    path = f"{a.dir}/sweep.py"
    with open(path, "w") as f:
        f.write("\n".join(script) + "\n")
    out = subprocess.run([a.tsr, "run", path], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    print("| function | bit-identical: one tensor | rows of 3 | rows of 40 | largest difference | inputs |")
    print("|---|---|---|---|---|---|")
    for line in out.stdout.split("\n"):
        if line.startswith("arange "):
            got = line.split(" ", 1)[1].replace("_", " ")
            print(f"\narange(4.).exp().log(): PyTorch {want_arange}, tsr {got}")
        elif line.strip():
            n, *cells = line.split()
            shares = [cells[i] for i in range(0, 9, 3)]
            ulp = max(int(cells[i]) for i in range(1, 9, 3))
            print(f"| `{n}` | {shares[0]} % | {shares[1]} % | {shares[2]} % | {ulp} ULP | {cells[2]} |")


if __name__ == "__main__":
    main()
