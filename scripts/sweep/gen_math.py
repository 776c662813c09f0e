#!/usr/bin/env python3
"""One generator of scripts/sweep/run.sh: writes a program of random
expressions from a seed: python3 THIS SEED COUNT OUT.py."""
import random, sys
seed = int(sys.argv[1]); n = int(sys.argv[2])
rng = random.Random(seed)
setup = """import torch
a = torch.arange(-6, 6).view(3, 4).float() / 3
b = a.t()
i = torch.arange(-6, 6).view(3, 4)
j = i.t()[1:]
i32 = i.int()
u8 = (i + 6).to(torch.uint8)
bo = i > 0
h = a.half()
bf = a.bfloat16()
d = a.double()
s = torch.tensor([0., -0., 1., -1., float('inf'), -float('inf'), float('nan'), 0.5, -2.5, 1e-30, 3e38, 2.5])
sh = s.half()
si = torch.tensor([0, 1, -1, 7, -8, 127, -128, 2**31 - 1, -2**31, 5, -5, 3])
"""
T = ["a", "b", "i", "j", "i32", "u8", "bo", "h", "bf", "d", "s", "sh", "si", "a[:, ::2]", "i[::2]"]
unary = ["abs", "neg", "sign", "sgn", "sqrt", "rsqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
 "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "sigmoid",
 "erf", "reciprocal", "square", "floor", "ceil", "round", "trunc", "frac", "relu", "isnan", "isinf", "isfinite",
 "isposinf", "isneginf", "signbit", "logical_not", "bitwise_not", "deg2rad", "rad2deg", "nan_to_num", "positive",
 "sum", "prod", "mean", "nansum", "nanmean", "amax", "amin", "max", "min", "argmax", "argmin", "all", "any",
 "count_nonzero", "cumsum", "cumprod", "logcumsumexp", "std", "var", "norm", "median", "nanmedian", "msort", "sort",
 "argsort", "unique", "flip", "ravel", "t", "diff", "trace", "softmax", "log_softmax", "logsumexp", "cummax", "cummin",
 "aminmax", "mode", "histc", "clone", "contiguous", "float", "int", "half", "bool", "long", "double", "tolist", "item",
 "nonzero", "argwhere", "tril", "triu", "diag", "diagonal", "fliplr", "flipud", "rot90", "std_mean", "var_mean"]
dimops = ["sum", "prod", "mean", "amax", "amin", "max", "min", "argmax", "argmin", "all", "any", "cumsum", "cumprod",
 "std", "var", "median", "nanmedian", "mode", "softmax", "log_softmax", "logsumexp", "cummax", "cummin", "sort", "argsort",
 "count_nonzero", "nansum", "nanmean", "norm", "logcumsumexp", "diff", "flip", "roll", "kthvalue", "topk", "unique_consecutive"]
binary = ["add", "sub", "mul", "div", "floor_divide", "remainder", "fmod", "pow", "atan2", "hypot",
 "maximum", "minimum", "fmax", "fmin", "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor",
 "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift", "copysign", "heaviside",
 "logaddexp", "gcd", "lcm", "isclose", "dist", "lerp", ]
ops_bin = ["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>", "==", "<", ">="]
scal = ["2", "-3", "0.5", "True", "-1.5", "0", "3"]
def pair():
    x = rng.choice(T)
    shapes = {"a": "34", "b": "43", "i": "34", "j": "33", "i32": "34", "u8": "34", "bo": "34", "h": "34", "bf": "34", "d": "34",
              "s": "12", "sh": "12", "si": "12", "a[:, ::2]": "32", "i[::2]": "24"}
    ys = [t for t in T if shapes[t] == shapes[x]] + scal
    return x, rng.choice(ys)
lines = []
for k in range(n):
    r = rng.random()
    x = rng.choice(T)
    if r < 0.3:
        e = f"{x}.{rng.choice(unary)}()" if rng.random() < 0.7 else f"torch.{rng.choice(unary)}({x})"
    elif r < 0.5:
        op = rng.choice(dimops)
        extra = ""
        if op == "roll": extra = ", 1"
        if op in ("kthvalue",): extra = ", 2"
        if op == "topk": extra = ", 2"
        dim = rng.choice(["0", "-1", "1"]) if x not in ("s", "sh", "si") else rng.choice(["0", "-1"])
        if op in ("kthvalue", "topk", "roll"):
            e = f"torch.{op}({x}{extra}, {dim})" if op != "roll" else f"torch.roll({x}, 1, {dim})"
        else:
            kw = rng.choice(["", ", keepdim=True"]) if op in ("sum", "prod", "mean", "amax", "amin", "max", "min", "argmax", "std", "var", "median", "logsumexp", "nansum", "all", "any") else ""
            e = f"{x}.{op}({dim}{kw})"
    elif r < 0.8:
        x, y = pair()
        op = rng.choice(binary)
        e = f"torch.{op}({x}, {y})" if op not in ("lerp",) else f"torch.lerp({x}, {y}, 0.3)"
    else:
        x, y = pair()
        o = rng.choice(ops_bin)
        e = f"{x} {o} {y}" if rng.random() < 0.8 else f"{y} {o} {x}"
    lines.append(e)
with open(sys.argv[3], "w") as f:
    f.write(setup)
    for k, e in enumerate(lines):
        f.write(f"try:\n    print({k}, {e!r}, {e})\nexcept Exception as ex:\n    print({k}, {e!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])\n")
