#!/usr/bin/env python3
"""Round trips: files that tsr writes, read back by real PyTorch, NumPy,
safetensors and `torch.cuda._memory_viz`.

Usage (from the repo root, after `cargo build`):

    ~/venv/bin/python scripts/io_roundtrip.py [--tsr target/debug/tsr]

It runs `tests/io/roundtrip/write.py` with tsr (`--cuda sim`), which writes
every file into `tests/io/roundtrip/out/`, then loads each file with the
real library and records what it read in `tests/io/roundtrip/read.json`:
dtype, shape, stride, storage offset, which tensors share a storage, the
values, and for the memory snapshot what `_memory_viz` computes from it. It
fails if a library refuses a file or reads something other than what the
program saved (the program prints its own expectations as JSON).

The written files are committed. `cargo test --test file_io` runs the same
program and requires byte-identical files, so what PyTorch read here is
what tsr writes now; rerun this script (and commit) after changing a writer.
"""

import argparse
import hashlib
import json
import os
import pathlib
import pickle
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIR = ROOT / "tests" / "io" / "roundtrip"
OUT = DIR / "out"


def vals(t):
    import torch
    flat = t.detach().reshape(-1)
    if t.dtype in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
        return [repr(float(x)) for x in flat.double().tolist()]
    if t.dtype == torch.bool:
        return [bool(x) for x in flat.tolist()]
    return [int(x) for x in flat.tolist()]


def describe_tensor(name, t, storages):
    ptr = t.untyped_storage().data_ptr()
    sid = storages.setdefault(ptr, len(storages))
    return {"name": name, "dtype": str(t.dtype).replace("torch.", ""), "shape": list(t.shape),
            "stride": list(t.stride()), "storage_offset": t.storage_offset(), "storage": sid,
            "storage_bytes": t.untyped_storage().nbytes(), "requires_grad": t.requires_grad,
            "values": vals(t)}


def walk(obj, name, out, storages):
    import torch
    if isinstance(obj, torch.Tensor):
        out.append(describe_tensor(name, obj, storages))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            walk(v, f"{name}.{k}" if name else str(k), out, storages)
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            walk(v, f"{name}.{i}" if name else str(i), out, storages)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tsr", default=str(ROOT / "target" / "debug" / "tsr"))
    args = ap.parse_args()
    import numpy as np
    import torch
    import safetensors.torch
    from safetensors import safe_open
    from torch.cuda import _memory_viz as mv

    OUT.mkdir(parents=True, exist_ok=True)
    for f in OUT.iterdir():
        f.unlink()
    r = subprocess.run([args.tsr, "run", "write.py", "--cuda", "sim", "--stable-addrs", "--color", "never"],
                       cwd=DIR, capture_output=True, text=True, env={**os.environ, "TSR_CUDA": "sim"})
    if r.returncode != 0:
        sys.exit(f"tsr failed:\n{r.stdout}\n{r.stderr}")
    read = {"generator": "scripts/io_roundtrip.py",
            "versions": {"torch": torch.__version__, "numpy": np.__version__,
                         "safetensors": safetensors.__version__}, "files": {}}
    for p in sorted(OUT.iterdir()):
        entry = {"bytes": p.stat().st_size, "sha256": hashlib.sha256(p.read_bytes()).hexdigest()}
        storages = {}
        tensors = []
        if p.suffix == ".pt":
            obj = torch.load(p, weights_only=True)
            walk(obj, "", tensors, storages)
            entry["printed"] = str(obj)
        elif p.suffix == ".npy":
            arr = np.load(p, allow_pickle=False)
            entry["numpy"] = {"dtype": str(arr.dtype), "shape": list(arr.shape), "strides_bytes": list(arr.strides),
                              "fortran": bool(arr.flags.f_contiguous and not arr.flags.c_contiguous)}
            walk(torch.from_numpy(arr), "", tensors, storages)
        elif p.suffix == ".npz":
            z = np.load(p, allow_pickle=False)
            for k in z.files:
                walk(torch.from_numpy(z[k]), k, tensors, {})
        elif p.suffix == ".safetensors":
            walk(safetensors.torch.load_file(p), "", tensors, {})
            with safe_open(p, framework="pt") as f:
                entry["metadata"] = f.metadata()
        elif p.suffix == ".pickle":
            snap = pickle.loads(p.read_bytes())
            segs = snap["segments"]
            entry["snapshot"] = {
                "reserved": sum(s["total_size"] for s in segs),
                "allocated": sum(b["size"] for s in segs for b in s["blocks"] if b["state"] == "active_allocated"),
                "segsum": mv.segsum(snap).splitlines()[1:5],
                "trace": mv.trace(snap).splitlines(),
                "memory": mv.memory(snap, format_flamegraph=lambda s: s).splitlines(),
                "segments": len(mv.segments(snap, format_flamegraph=lambda s: s).splitlines()),
                "compare": len(mv.compare(segs, segs, format_flamegraph=lambda s: s)),
                "trace_plot": "MemoryViz" in mv.trace_plot(snap),
                "segment_plot": "MemoryViz" in mv.segment_plot(snap),
            }
        entry["tensors"] = tensors
        read["files"][p.name] = entry
        print(f"{p.name}: {len(tensors)} tensors, {entry['bytes']} bytes")
    # The program's own account of what it saved must be what was read.
    expected = json.loads(r.stdout.strip().splitlines()[-1])
    for name, want in expected.items():
        got = read["files"][name]
        for k, v in want.items():
            if got.get("snapshot", {}).get(k, got.get(k)) != v and k not in ("reserved", "allocated"):
                sys.exit(f"{name}: {k}: tsr said {v!r}, the library read {got.get(k)!r}")
            if k in ("reserved", "allocated") and got["snapshot"][k] != v:
                sys.exit(f"{name}: {k}: tsr said {v}, the snapshot sums to {got['snapshot'][k]}")
    (DIR / "read.json").write_text(json.dumps(read, indent=1, sort_keys=True) + "\n")
    print(f"wrote {DIR / 'read.json'}")


if __name__ == "__main__":
    main()
