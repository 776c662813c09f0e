#!/usr/bin/env python3
"""Benchmarks tsr against PyTorch on the same machine, side by side.

Runs the same operations in tsr (its `timeit` statement, release build) and in
PyTorch (median of repeated runs, same method: one warm-up, then runs until
~0.5 s or 1000 runs), and prints each figure with the ratio tsr / PyTorch
(below 1.0 means tsr is faster).

Usage (PyTorch installed outside the repo, e.g. in a venv):
    cargo build --release
    ~/torch-venv/bin/python scripts/bench.py [--tsr target/release/tsr]
"""
import argparse
import json
import subprocess
import time

import numpy as np
import torch

CASES = [
    # (label, setup, expr): the same text runs in tsr and in PyTorch
    ("contiguous() of transposed 4096x4096 f32", "x = rand(4096, 4096); y = x.t()", "y.contiguous()"),
    ("clone() of contiguous 4096x4096 f32 (alloc + memcpy)", "x = rand(4096, 4096)", "x.clone()"),
    ("x + x, 4096x4096 f32", "x = rand(4096, 4096)", "x + x"),
    ("x.sum(), 4096x4096 f32", "x = rand(4096, 4096)", "x.sum()"),
    ("1024x1024 f32 matmul", "a = rand(1024, 1024)", "a @ a"),
]


def torch_time(setup, expr):
    ns = {"torch": torch}
    ns.update({k: getattr(torch, k) for k in dir(torch) if not k.startswith("_")})
    exec(setup, ns)
    code = compile(expr, "<bench>", "eval")
    eval(code, ns)
    times = []
    start = time.perf_counter()
    while len(times) < 5 or (time.perf_counter() - start < 0.5 and len(times) < 1000):
        t0 = time.perf_counter_ns()
        r = eval(code, ns)
        times.append(time.perf_counter_ns() - t0)
        del r
    times.sort()
    return times[len(times) // 2], times[0]


def tsr_time(binary, setup, expr):
    out = subprocess.run([binary, "--json", "-c", f"{setup}\ntimeit {expr}"], capture_output=True, text=True, check=True)
    line = [json.loads(l) for l in out.stdout.splitlines() if l.strip()][-1]
    assert line["kind"] == "timeit", line
    return line["median_ns"], line["min_ns"]


def memcpy_time(nbytes):
    src = np.ones(nbytes // 4, dtype=np.float32)
    dst = np.empty_like(src)
    np.copyto(dst, src)
    times = []
    for _ in range(20):
        t0 = time.perf_counter_ns()
        np.copyto(dst, src)
        times.append(time.perf_counter_ns() - t0)
    times.sort()
    return times[len(times) // 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tsr", default="target/release/tsr")
    args = ap.parse_args()
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads")
    print(f"{'operation':56} {'tsr ms':>9} {'torch ms':>9} {'ratio':>7}")
    results = {}
    for label, setup, expr in CASES:
        t_med, _ = tsr_time(args.tsr, setup, expr)
        p_med, _ = torch_time("\n".join(s.strip() for s in setup.split(";")), expr)
        results[label] = t_med
        print(f"{label:56} {t_med / 1e6:9.2f} {p_med / 1e6:9.2f} {t_med / p_med:7.2f}")
    m = memcpy_time(4096 * 4096 * 4)
    c = results[CASES[0][0]]
    cl = results[CASES[1][0]]
    print(f"memcpy of 64 MiB into a preallocated buffer (numpy): {m / 1e6:.2f} ms")
    print(f"contiguous() / clone() (both allocate a fresh 64 MiB buffer): {c / cl:.2f}")
    print(f"contiguous() / preallocated memcpy: {c / m:.2f}")


if __name__ == "__main__":
    main()
