#!/usr/bin/env python3
"""One generator of scripts/sweep/run.sh: writes a program of random
expressions from a seed: python3 THIS SEED COUNT OUT.py."""
import random, sys
seed = int(sys.argv[1]); n = int(sys.argv[2])
rng = random.Random(seed)
setup = """import torch
def fresh():
    return {"a": torch.arange(24).view(2, 3, 4).float(), "i": torch.arange(12).view(3, 4), "h": torch.arange(6).half(), "bo": torch.arange(6) > 2}
"""
def r(*xs): return rng.choice(xs)
NAN = "float('nan')"
ops = [
 lambda: ("a", f"x.add_({r('1', '2.5', 'True', 'x', 'x[0]', 'x[:, :1]')})"),
 lambda: ("i", f"x.add_({r('1', '2.5', 'True', 'x', 'x[0]')})"),
 lambda: ("i", f"x.mul_({r('2', '0.5', 'x.float()')})"),
 lambda: ("i", f"x.div_({r('2', '2.0')}, rounding_mode={r('None', repr('floor'), repr('trunc'))})"),
 lambda: ("h", f"x.{r('sqrt_', 'exp_', 'neg_', 'abs_', 'floor_', 'sigmoid_', 'relu_')}()"),
 lambda: ("i", f"x.{r('sqrt_', 'neg_', 'abs_', 'floor_', 'sigmoid_', 'relu_', 'clamp_(1, 5)', 'fill_(3.7)', 'zero_()')}" + ('' if 0 else '')),
 lambda: ("a", f"x.t_() if x.dim() == 2 else x.transpose_(0, 2)"),
 lambda: ("a", f"x.squeeze_().unsqueeze_({r('0', '-1', '3')})"),
 lambda: ("a", f"x.resize_({r('4, 6', '3, 5', '2, 2')})"),
 lambda: ("a", f"x[{r('0', '..., 1', ':, ::2', '[0, 1]', 'x > 5', '[1, 0], :, [2, 3]', 'None, 0', '[[0], [1]], [1, 2]')}]"),
 lambda: ("a", "SET" + f"x[{r('0', '..., 1', '[0, 1]', 'x > 5', '[1, 0]', '[0, 1], :, [1, 2]', ':, [2, 0]')}] {r('=', '+=', '*=')} {r('-1', '7.5', 'torch.tensor(9.)', 'torch.tensor([1., 2., 3., 4.])', 'True')}"),
 lambda: ("i", "SET" + f"x[{r('0', '[0, 2]', 'x > 5', '([0, 1], [1, 2])', '[0, 0]')}] {r('=', '+=', '-=')} {r('-1', '7.5', 'True', 'torch.tensor(9)', 'torch.tensor([1, 2, 3, 4])')}"),
 lambda: ("a", f"torch.add(x, 1, out=torch.empty({r('0', '2, 3, 4', '3')}))"),
 lambda: ("i", f"torch.add(x, 1.5, out=torch.empty({r('0', '3, 4')}, dtype={r('torch.long', 'torch.float', 'torch.int32')}))"),
 lambda: ("a", f"torch.sum(x, {r('0', '1', '-1')}, out=torch.empty(0, dtype={r('torch.float', 'torch.double', 'torch.long')}))"),
 lambda: ("a", f"torch.cumsum(x, {r('0', '1', '-1')}, out=torch.empty(0))"),
 lambda: ("i", f"torch.sort(x, {r('0', '-1')}, out=(torch.empty(0, dtype=torch.long), torch.empty(0, dtype=torch.long)))"),
 lambda: ("a", f"torch.matmul(x, x.transpose(-1, -2), out=torch.empty(0))"),
 lambda: ("i", f"torch.where(x > 3, x, {r('0', '0.5', 'x.float()')})"),
 lambda: ("a", f"x.masked_fill_(x > {r('3', '10')}, {r('0', '-1.5', NAN)})"),
 # lambda: ("i", f"x.index_put_((torch.tensor([0, 2]),), torch.tensor({r('1', '[1, 2, 3, 4]', '5.5')}), accumulate={r('True', 'False')})"),
 lambda: ("a", f"x.index_fill_({r('0', '1', '-1')}, torch.tensor([0]), {r('-1', '2.5')})"),
 lambda: ("i", f"x.scatter_({r('0', '1')}, torch.zeros(2, 2, dtype=torch.long), {r('5', '2.5')})"),
 lambda: ("i", f"x.put_(torch.tensor([0, 5, -1]), torch.tensor([7, 8, 9]), accumulate={r('True', 'False')})"),
 lambda: ("a", f"x.copy_({r('x.t().contiguous().t()', 'torch.ones(4)', 'torch.arange(4)', 'x.half()')})"),
 lambda: ("bo", f"x.{r('logical_not_()', 'logical_and_(x)', 'bitwise_xor_(x)', 'fill_(0)', 'add_(1)', 'sub_(x)', 'mul_(x)')}"),
 lambda: ("h", f"x.{r('add_(1)', 'mul_(0.1)', 'div_(3)', 'pow_(2)', 'clamp_(0.5, 2)', 'lerp_(x + 1, 0.25)', 'addcmul_(x, x, value=0.5)')}"),
 lambda: ("i", f"x.{r('pow_(2)', 'remainder_(3)', 'fmod_(-3)', 'bitwise_and_(6)', 'bitwise_left_shift_(1)', 'floor_divide_(3)')}"),
 lambda: ("a", f"x.{r('diagonal()', 'unfold(1, 2, 1)', 'expand(2, 2, 3, 4)', 'as_strided((2, 2), (1, 2))', 'view(4, 6)', 'view(torch.int32)', 'narrow(2, 1, 2)')}.{r('fill_(0)', 'add_(1)', 'zero_()', 'mul_(2)')}"),
]
with open(sys.argv[3], "w") as f:
    f.write(setup)
    for k in range(n):
        name, e = rng.choice(ops)()
        if e.startswith("x.") and e.endswith("_"):
            e += "()"
        if e.startswith("SET"):
            st = e[3:]
            f.write(f"d = fresh()\nx = d[{name!r}]\nv0 = x._version\ntry:\n    {st}\n    print({k}, {st!r}, x, x._version - v0)\nexcept Exception as ex:\n    print({k}, {st!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0], x._version - v0)\n")
            continue
        f.write(f"d = fresh()\nx = d[{name!r}]\nv0 = x._version\ntry:\n    r = {e}\n    print({k}, {e!r}, r if not isinstance(r, torch.Tensor) else (r, r.shape, r.stride(), r.dtype), x, x._version - v0)\nexcept Exception as ex:\n    print({k}, {e!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0], x._version - v0)\n")
