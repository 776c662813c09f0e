#!/usr/bin/env python3
"""Differential fuzzing against PyTorch: writes random oracle cases.

Generates, from a fixed seed, random advanced-indexing reads and writes
(integer lists, index tensors, bool masks, mixed with slices, ints, None and
`...`, on contiguous, transposed and sliced inputs) and random calls of the
op families (flip, roll, gather, scatter, cumsum, topk, sort, unique, repeat,
tile, triu, diagonal, movedim, tensor_split, index_select, masked_fill, …).
Each case is run in PyTorch first: one that raises gets the `err_` prefix
the corpus asks for. The cases replace the section between the
`# ==== fuzz:begin` and `# ==== fuzz:end` lines of tests/oracle/corpus.tsr;
then record the fixtures as usual:

    ~/venv/bin/python scripts/fuzz_corpus.py [--seed 1] [--count 300]
    ~/venv/bin/python scripts/torch_oracle.py

`cargo test --test oracle` then compares tsr with PyTorch on every case; a
divergence found this way is fixed or kept as a named case (the brief's rule).
"""
import argparse
import os
import random

import torch

BEGIN = "# ==================================================================== fuzz:begin"
END = "# ==================================================================== fuzz:end"


def base(rng):
    """A setup line for `x`: a tensor with a shape of 1 to 4 dims, laid out
    contiguously, transposed or sliced."""
    nd = rng.randint(1, 4)
    shape = [rng.randint(1, 4) for _ in range(nd)]
    n = 1
    for s in shape:
        n *= s
    src = f"arange({n}.).view({', '.join(map(str, shape))})"
    kind = rng.choice(["contiguous", "contiguous", "t", "slice"])
    if kind == "t" and nd >= 2:
        a, b = rng.sample(range(nd), 2)
        src += f".transpose({a}, {b})"
        shape[a], shape[b] = shape[b], shape[a]
    elif kind == "slice" and shape[0] > 1:
        src = f"arange({n * 2}.).view({', '.join(map(str, [shape[0] * 2] + shape[1:]))})[::2]"
    return f"x = {src}", shape


def index_item(rng, size):
    k = rng.random()
    if k < 0.25:
        return str(rng.randint(-size, size - 1))
    if k < 0.45:
        return f"[{', '.join(str(rng.randint(-size, size - 1)) for _ in range(rng.randint(1, 3)))}]"
    if k < 0.6:
        return f"tensor([{', '.join(str(rng.randint(0, size - 1)) for _ in range(rng.randint(1, 3)))}])"
    if k < 0.7:
        return f"tensor([{', '.join(rng.choice(['True', 'False']) for _ in range(size))}])"
    if k < 0.85:
        a = rng.randint(0, size)
        return rng.choice([":", f"{a}:", f":{a}", f"::{rng.randint(1, 2)}"])
    return "None"


def index_expr(rng, shape):
    items = []
    dim = 0
    ell = False
    while dim < len(shape) and len(items) < 4:
        if not ell and rng.random() < 0.1:
            items.append("...")
            ell = True
            dim = len(shape) - rng.randint(0, len(shape) - dim)
            continue
        it = index_item(rng, shape[dim])
        items.append(it)
        if it != "None":
            dim += 1
        if rng.random() < 0.3:
            break
    if not any(i.startswith(("[", "tensor")) for i in items):
        items[0] = f"[{rng.randint(0, shape[0] - 1)}, 0]" if shape[0] > 0 else items[0]
    return ", ".join(items)


def op_case(rng, shape):
    nd = len(shape)
    d = rng.randint(-nd, nd - 1)
    s = shape[d]
    k = rng.randint(1, max(1, s))
    choices = [
        f"inspect x.flip({d})",
        f"inspect x.flip({', '.join(map(str, sorted(set(rng.randint(0, nd - 1) for _ in range(2)))))})",
        f"inspect x.roll({rng.randint(-3, 3)}, {d})",
        f"inspect x.roll({rng.randint(-3, 3)})",
        f"inspect x.cumsum({d})",
        f"inspect x.cumprod({d})",
        f"inspect x.topk({k}, {d})",
        f"inspect x.sort({d}, descending={rng.choice(['True', 'False'])})",
        f"inspect x.argsort({d})",
        f"inspect x.unique(return_counts=True)",
        f"inspect x.repeat({', '.join(str(rng.randint(1, 2)) for _ in range(nd + rng.randint(0, 1)))})",
        f"inspect x.tile(({rng.randint(1, 2)}, {rng.randint(1, 2)}))",
        f"inspect x.movedim({d}, {rng.randint(-nd, nd - 1)})",
        f"inspect x.tensor_split({rng.randint(1, 3)}, {d})",
        f"inspect x.index_select({d}, tensor([{', '.join(str(rng.randint(0, s - 1)) for _ in range(rng.randint(1, 3)))}]))",
        f"inspect x.gather({d}, zeros({', '.join(map(str, shape))}, dtype=long))",
        f"inspect x.masked_fill(x > {rng.randint(0, 5)}, -1.)",
        f"inspect x.amax({d}), x.amin({d}, keepdim=True)",
        f"inspect x.logsumexp({d})",
        f"inspect x.softmax({d})",
        f"inspect x.nonzero()",
        f"inspect x.kthvalue({k}, {d})",
        f"inspect x.median({d})",
    ]
    if nd >= 2:
        a, b = rng.sample(range(nd), 2)
        choices += [
            f"inspect x.triu({rng.randint(-2, 2)})" if nd == 2 else f"inspect x.diagonal(0, {a}, {b})",
            f"inspect x.diagonal({rng.randint(-1, 1)}, {a}, {b})",
            f"inspect x.scatter({d}, zeros({', '.join(map(str, shape))}, dtype=long), -1.)",
            f"inspect x.diff(dim={d})",
        ]
    return rng.choice(choices)


def failing_line(src):
    """The index of the line PyTorch raises at, or None."""
    env = {"torch": torch, **{k: getattr(torch, k) for k in dir(torch) if not k.startswith("_")}}
    env["long"] = torch.long
    for i, line in enumerate(src.split("\n")):
        try:
            if line.startswith("inspect "):
                eval("(" + line[len("inspect "):] + ")", env)
            else:
                exec(line, env)
        except Exception:
            return i
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--corpus", default=os.path.join(root, "tests", "oracle", "corpus.tsr"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    cases = []
    for i in range(a.count):
        setup, shape = base(rng)
        kind = rng.random()
        if kind < 0.4:
            body = f"inspect x[{index_expr(rng, shape)}]"
            tag = "read"
        elif kind < 0.6:
            v = rng.choice(["-1.", "tensor(-1.)", "arange(1.) * -1"])
            op = rng.choice(["=", "+="])
            body = f"x = x.clone()\nx[{index_expr(rng, shape)}] {op} {v}\ninspect x"
            tag = "write"
        else:
            body = op_case(rng, shape)
            tag = "op"
        src = f"{setup}\n{body}"
        name = f"fz{a.seed}_{tag}_{i:03d}"
        bad = failing_line(src)
        if bad is not None:
            # An error case ends at its error.
            src = "\n".join(src.split("\n")[: bad + 1])
            name = "err_" + name
        cases.append(f"### {name}\n{src}\n")
    text = open(a.corpus).read()
    section = f"{BEGIN}\n# Generated by scripts/fuzz_corpus.py --seed {a.seed} --count {a.count}; do not edit by hand.\n\n" + "\n".join(cases) + f"\n{END}\n"
    if BEGIN in text:
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        text = head + section + tail
    else:
        text = text.rstrip("\n") + "\n\n" + section
    with open(a.corpus, "w") as f:
        f.write(text)
    print(f"{len(cases)} cases, {sum(c.startswith('### err_') for c in cases)} of them errors")


if __name__ == "__main__":
    main()
