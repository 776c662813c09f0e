#!/usr/bin/env python3
"""One generator of scripts/sweep/run.sh: random draws under manual_seed
(rand/randn/randint/randperm, uniform_/normal_/bernoulli/multinomial and
friends, over dtypes, shapes and layouts), every value printed in full:
python3 THIS SEED COUNT OUT.py."""
import random, sys
seed = int(sys.argv[1]); n = int(sys.argv[2])
rng = random.Random(seed)
setup = """import torch
def show(r):
    if isinstance(r, torch.Tensor):
        return (r.tolist(), r.shape, r.stride(), r.dtype)
    return r
"""
def r(*xs): return rng.choice(xs)
def shape():
    return r("3", "(2, 3)", "(4, 5)", "(0,)", "(1,)", "(3, 1, 2)", "(17,)", "(40,)", "(5, 16)")
def fdt(): return r("", ", dtype=torch.float64", ", dtype=torch.float16", ", dtype=torch.bfloat16")
exprs = [
    lambda: f"torch.rand({shape()}{fdt()})",
    lambda: f"torch.randn({shape()}{fdt()})",
    lambda: f"torch.randint({r('0', '-5', '3')}, {r('7', '10', '1000', '2**40')}, {shape()}{r('', ', dtype=torch.int32', ', dtype=torch.int16', ', dtype=torch.uint8', ', dtype=torch.float32')})",
    lambda: f"torch.randint({r('5', '100')}, {shape()})",
    lambda: f"torch.randperm({r('0', '1', '5', '17', '100', '1000')}{r('', ', dtype=torch.int32', ', dtype=torch.float32')})",
    lambda: f"torch.empty({shape()}{fdt()}).uniform_({r('', '-2, 3', '0.5, 0.75')})",
    lambda: f"torch.empty({shape()}{fdt()}).normal_({r('', '1., 2.', '-3, 0.5')})",
    lambda: f"torch.empty({shape()}).t().uniform_()" if False else f"torch.empty(4, 3).t().{r('uniform_()', 'normal_()', 'bernoulli_(0.3)', 'random_(10)', 'exponential_()')}",
    lambda: f"torch.bernoulli(torch.full({shape()}, {r('0.', '0.3', '0.5', '1.')}){fdt() if False else ''})",
    lambda: f"torch.bernoulli(torch.rand({shape()}))",
    lambda: f"torch.empty({shape()}).bernoulli_({r('0.2', '0.5', '0.9')})",
    lambda: f"torch.multinomial(torch.tensor([{r('0.1, 0.2, 0.7', '1., 1., 1., 1.', '0., 3., 1.', '5., 0., 0., 2., 1.')}]), {r('1', '2', '3')}, replacement={r('True', 'False')})",
    lambda: f"torch.multinomial(torch.rand({r('2, 6', '3, 4', '1, 10')}), {r('1', '2', '4')}, replacement={r('True', 'False')})",
    lambda: f"torch.normal({r('0.', '2.', 'torch.zeros(3)', 'torch.arange(4.)')}, {r('1.', '0.5', 'torch.ones(3)', 'torch.full((4,), 2.)')}{r('', ', size=(2, 3)')})",
    lambda: f"torch.rand_like(torch.zeros({shape()}{fdt()}))",
    lambda: f"torch.randn_like(torch.zeros({shape()}))",
    lambda: f"torch.randint_like(torch.zeros({shape()}), {r('3', '10')})",
    lambda: f"torch.empty({shape()}).{r('random_()', 'random_(5)', 'random_(2, 9)', 'exponential_(2.)', 'geometric_(0.3)', 'log_normal_()', 'cauchy_()')}",
    lambda: f"[torch.rand(2), torch.randn(3), torch.randint(0, 9, (4,))]",
]
with open(sys.argv[3], "w") as f:
    f.write(setup)
    for k in range(n):
        e = rng.choice(exprs)()
        f.write(f"torch.manual_seed({rng.randint(0, 2**31)})\ntry:\n    print({k}, {e!r}, show({e}))\n"
                f"except Exception as ex:\n    print({k}, {e!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])\n")
