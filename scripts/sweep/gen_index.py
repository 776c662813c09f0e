#!/usr/bin/env python3
"""One generator of scripts/sweep/run.sh: random indexing expressions (basic
and advanced: ints, slices, None, ..., lists, long and bool tensors, mixed
and separated) read from and written through tensors of several layouts,
printing value, shape, strides, storage offset, whether the result shares
the input's storage, the version counter after writes, and the gradient of
reads: python3 THIS SEED COUNT OUT.py."""
import random, sys
seed = int(sys.argv[1]); n = int(sys.argv[2])
rng = random.Random(seed)
setup = """import torch
def fresh():
    a = torch.arange(60).view(3, 4, 5).float()
    return {
        "a": a,
        "t": torch.arange(60).view(5, 4, 3).float().permute(2, 1, 0),
        "s": torch.arange(120).view(3, 8, 5).float()[:, ::2],
        "e": torch.arange(5.).expand(3, 4, 5),
        "u": torch.arange(60).view(3, 4, 5).float()[:, 1:2],
        "i": torch.arange(60).view(3, 4, 5),
        "z": torch.zeros(3, 0, 5),
        "h": torch.arange(60).view(3, 4, 5).half(),
        "b": torch.arange(60).view(3, 4, 5) % 3 == 0,
    }
def sh(r, x):
    return r.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
"""
def r(*xs): return rng.choice(xs)

def int_idx(size):
    return str(rng.randint(-size - 1, size) if rng.random() < 0.15 else rng.randint(-size, size - 1))

def slice_idx():
    a = r("", "1", "-2", "0", "10")
    b = r("", "3", "-1", "2", "0")
    c = r("", "", "2", "3", "-1" if rng.random() < 0.05 else "1")
    return f"{a}:{b}" + (f":{c}" if c else "")

def list_idx(size):
    k = rng.randint(0, 4)
    if rng.random() < 0.2:
        inner = [[rng.randint(-size, size - 1) for _ in range(2)] for _ in range(rng.randint(1, 2))]
        return str(inner)
    bad = rng.random() < 0.08
    xs = [rng.randint(-size, size - 1) for _ in range(k)]
    if bad:
        xs.append(size + rng.randint(0, 3))
    return str(xs)

def tensor_idx(size):
    shape = r("(2,)", "(3,)", "(2, 2)", "(1, 3)", "(0,)", "()")
    lo = -size if rng.random() < 0.5 else 0
    dt = r("", "", "", ", dtype=torch.int32")
    if shape == "()":
        return f"torch.tensor({rng.randint(lo, size - 1)}{dt})"
    return f"torch.randint({lo}, {size}, {shape}){'.int()' if dt else ''}"

def mask_idx(sizes):
    k = rng.choice([1, 1, 2])
    k = min(k, len(sizes))
    shape = list(sizes[:k])
    if rng.random() < 0.1:
        shape[0] += 1
    return f"(torch.rand({tuple(shape)}) > 0.5)"

def index_expr(shape):
    parts = []
    dims = list(shape)
    d = 0
    count = rng.randint(1, 4)
    ell = False
    for _ in range(count):
        size = max(dims[d] if d < len(dims) else 4, 1)
        kind = rng.choices(["int", "slice", "none", "ell", "list", "tensor", "mask", "bool"], [3, 4, 1, 1, 4, 4, 2, 0.3])[0]
        if kind == "int":
            parts.append(int_idx(size)); d += 1
        elif kind == "slice":
            parts.append(slice_idx()); d += 1
        elif kind == "none":
            parts.append("None")
        elif kind == "ell" and not ell:
            parts.append("..."); ell = True; d = max(d, len(dims) - (count - len(parts)))
        elif kind == "list":
            parts.append(list_idx(size)); d += 1
        elif kind == "tensor":
            parts.append(tensor_idx(size)); d += 1
        elif kind == "mask":
            parts.append(mask_idx(dims[d:] or [4])); d += 1
        else:
            parts.append(r("True", "False"))
    return ", ".join(parts)

SHAPES = {"a": (3, 4, 5), "t": (3, 4, 5), "s": (3, 4, 5), "e": (3, 4, 5), "u": (3, 1, 5), "i": (3, 4, 5), "z": (3, 0, 5), "h": (3, 4, 5), "b": (3, 4, 5)}
with open(sys.argv[3], "w") as f:
    f.write(setup)
    for k in range(n):
        name = r("a", "a", "t", "s", "e", "u", "i", "z", "h", "b")
        idx = index_expr(SHAPES[name])
        what = rng.choices(["read", "write", "grad", "wgrad"], [5, 3, 1, 1])[0]
        f.write(f"torch.manual_seed({k})\nd = fresh()\nx = d[{name!r}]\n")
        if what == "read":
            e = f"x[{idx}]"
            f.write(f"try:\n    y = {e}\n    print({k}, {e!r}, y, y.shape, y.stride(), y.storage_offset(), y.dtype, sh(y, x), y.is_contiguous())\n"
                    f"except Exception as ex:\n    print({k}, {e!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])\n")
        elif what == "write":
            if name == "e":
                f.write("x = x.contiguous()\n")
            op = r("=", "=", "+=", "*=")
            v = r("-1", "7.5", "torch.tensor(9.)", "torch.arange(5.)", "torch.ones(2, 1)", "torch.tensor([1., 2.])", "True", "torch.zeros(3, 4, 5)")
            st = f"x[{idx}] {op} {v}"
            f.write(f"v0 = x._version\ntry:\n    {st}\n    print({k}, {st!r}, x, x._version - v0)\n"
                    f"except Exception as ex:\n    print({k}, {st!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0], x._version - v0)\n")
        elif what == "wgrad":
            # A write through indices inside a graph: CopySlices / IndexPutBackward0.
            v = r("torch.tensor(3., requires_grad=True)", "torch.arange(5.).requires_grad_()", "torch.ones(2, 1).requires_grad_()")
            st = f"b[{idx}] = vv"
            f.write(f"a = x.float().detach().requires_grad_()\nb = a * 1\nvv = {v}\ntry:\n    {st}\n"
                    f"    (b * torch.arange(b.numel()).view(b.shape).float()).sum().backward()\n"
                    f"    print({k}, {st!r}, b.grad_fn.name(), a.grad, vv.grad)\n"
                    f"except Exception as ex:\n    print({k}, {st!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])\n")
        else:
            e = f"x[{idx}]"
            f.write(f"x = x.float().detach().requires_grad_()\ntry:\n    y = {e}\n    (y * torch.arange(y.numel()).view(y.shape).float()).sum().backward()\n"
                    f"    print({k}, {e!r}, y.grad_fn.name() if y.grad_fn else None, x.grad)\n"
                    f"except Exception as ex:\n    print({k}, {e!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])\n")
