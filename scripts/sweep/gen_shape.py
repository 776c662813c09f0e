#!/usr/bin/env python3
"""One generator of scripts/sweep/run.sh: writes a program of random
expressions from a seed: python3 THIS SEED COUNT OUT.py."""
import random, sys
seed = int(sys.argv[1]); n = int(sys.argv[2])
rng = random.Random(seed)
setup = """import torch
a = torch.arange(24).view(2, 3, 4).float()
b = a.permute(2, 0, 1)
c = a[:, 1:, ::2]
i = torch.arange(12).view(3, 4)
it = i.t()
h = a.half()
bo = a > 10
idx = torch.tensor([[0, 2, 1], [1, 0, 2]])
m = torch.tensor([True, False, True])
"""
T = ["a", "b", "c", "i", "it", "h", "bo"]
def r(*xs): return rng.choice(xs)
def dim(): return r("0", "1", "-1", "2", "-2")
exprs = [
 lambda t: f"{t}.flatten({r('0','1','-2')})",
 lambda t: f"{t}.unsqueeze({dim()})",
 lambda t: f"{t}.squeeze()",
 lambda t: f"{t}.movedim({r('0','1')}, {r('-1','0')})",
 lambda t: f"{t}.narrow({r('0','1','-1')}, {r('0','1')}, 1)",
 lambda t: f"{t}.select({r('0','1','-1')}, {r('0','1','-1')})",
 lambda t: f"{t}.chunk({r('2','3')}, {dim()})",
 lambda t: f"{t}.split({r('1','2','[1, 1]')}, {dim()})",
 lambda t: f"{t}.tensor_split({r('2','3','[1, 2]')}, {dim()})",
 lambda t: f"torch.stack([{t}, {t}], {dim()})",
 lambda t: f"torch.cat([{t}, {t}], {dim()})",
 lambda t: f"torch.hstack([{t}, {t}])",
 lambda t: f"torch.vstack([{t}, {t}])",
 lambda t: f"torch.dstack([{t}, {t}])",
 lambda t: f"torch.column_stack([{t}, {t}])",
 lambda t: f"{t}.transpose({dim()}, {dim()})",
 lambda t: f"{t}.swapaxes(0, {dim()})",
 lambda t: f"{t}.expand(2, *{t}.shape)",
 lambda t: f"{t}.repeat(1, 2, 1)",
 lambda t: f"{t}.tile(2)",
 lambda t: f"{t}.repeat_interleave(2, {dim()})",
 lambda t: f"{t}.flip({dim()})",
 lambda t: f"{t}.roll({r('1','-2','5')}, {dim()})",
 lambda t: f"{t}.rot90(1, [0, {r('1','-1')}])",
 lambda t: f"{t}.diagonal(0, 0, {r('1','-1')})",
 lambda t: f"{t}.diagonal({r('1','-1')}, 1, {r('0','-1')})",
 lambda t: f"{t}.unfold({dim()}, 2, 1)",
 lambda t: f"{t}.reshape(-1, 2)",
 lambda t: f"{t}.view(-1)",
 lambda t: f"{t}.contiguous()",
 lambda t: f"{t}.clone()",
 lambda t: f"torch.zeros_like({t})",
 lambda t: f"torch.empty_like({t}).fill_(1)",
 lambda t: f"torch.ones_like({t}, dtype=torch.int32)",
 lambda t: f"{t}.new_zeros(2, 3)",
 lambda t: f"{t}.gather({r('0','1','-1')}, torch.zeros_like({t}, dtype=torch.long))",
 lambda t: f"{t}.index_select({dim()}, torch.tensor([1, 0]))",
 lambda t: f"{t}.masked_fill({t} > 5, -1)",
 lambda t: f"{t}.masked_select({t} > 5)",
 lambda t: f"torch.where({t} > 5, {t}, 0)",
 lambda t: f"torch.where({t} > 5, {t}, 0.5)",
 lambda t: f"{t}.nonzero()",
 lambda t: f"{t}.argwhere()",
 lambda t: f"{t}.take(torch.tensor([0, 5, -1]))",
 lambda t: f"torch.take_along_dim({t}, torch.zeros_like({t}, dtype=torch.long), {r('0','1','-1')})",
 lambda t: f"{t}.sort({dim()}, descending=True)",
 lambda t: f"{t}.argsort({dim()}, stable=True)",
 lambda t: f"{t}.cumsum({dim()})",
 lambda t: f"{t}.cumprod({dim()}, dtype=torch.float64)",
 lambda t: f"{t}.sum({dim()}, dtype=torch.int32)",
 lambda t: f"{t}.mean(({r('0','1')}, -1), keepdim=True)",
 lambda t: f"{t}.std({dim()}, correction=0)",
 lambda t: f"{t}.var({dim()}, unbiased=False)",
 lambda t: f"{t}.prod({dim()})",
 lambda t: f"{t}.max({dim()})",
 lambda t: f"{t}.amax(({r('0','1')}, -1))",
 lambda t: f"{t}.unique(dim={r('0','1','-1')})",
 lambda t: f"{t}.unique(return_inverse=True, return_counts=True)",
 lambda t: f"{t}.unique_consecutive(return_counts=True)",
 lambda t: f"{t}.triu({r('0','1','-1')})",
 lambda t: f"{t}.tril({r('0','1','-1')})",
 lambda t: f"{t}.diff(dim={dim()})",
 lambda t: f"{t}.count_nonzero({dim()})",
 lambda t: f"{t}.to(torch.float64) * 2",
 lambda t: f"{t}.type(torch.int8)",
 lambda t: f"{t}.clamp(min=2)",
 lambda t: f"{t}.clamp(2, 7.5)",
 lambda t: f"{t}.pow(2)",
 lambda t: f"{t} ** 0.5",
 lambda t: f"2 ** {t}",
 lambda t: f"{t}.float().softmax({dim()})",
 lambda t: f"{t}.float().log_softmax({dim()})",
 lambda t: f"torch.nn.functional.pad({t}, (1, 2))",
 lambda t: f"torch.nn.functional.normalize({t}.float(), dim={dim()})",

 lambda t: f"torch.einsum('...i->...', {t})",
 lambda t: f"torch.tensordot({t}, {t}, dims=({r('[0]','[1]')}, {r('[0]','[1]')}))",
 lambda t: f"{t}.float() @ {t}.float().transpose(-1, -2)",
 lambda t: f"torch.kron({t}[..., :2], torch.ones(2, 2))",
 lambda t: f"torch.atleast_3d({t}[0])",
 lambda t: f"{t}.index_fill({dim()}, torch.tensor([0]), -3)",
 lambda t: f"{t}.index_add({r('0','-1')}, torch.tensor([0, 0]), {t}.narrow({r('0','-1')}, 0, 2))",
 lambda t: f"{t}.index_copy({r('0','-1')}, torch.tensor([1, 0]), {t}.narrow({r('0','-1')}, 0, 2))",
 lambda t: f"{t}.scatter({r('0','1','-1')}, torch.zeros_like({t}, dtype=torch.long), {t})",
 lambda t: f"{t}.scatter_add({r('0','1','-1')}, torch.zeros_like({t}, dtype=torch.long), {t})",
 lambda t: f"{t}.scatter_reduce({r('0','-1')}, torch.zeros_like({t}, dtype=torch.long), {t}, reduce='{r('sum','prod','mean','amax','amin')}', include_self={r('True','False')})",
 lambda t: f"{t}.new_tensor([1, 2])",
 lambda t: f"{t}.diag_embed()",
 lambda t: f"torch.broadcast_tensors({t}, {t}[0])",
 lambda t: f"{t}.bincount() if {t}.dim() == 1 else {t}.flatten().long().abs().bincount()",
 lambda t: f"{t}.kthvalue(2, {dim()})",
 lambda t: f"{t}.mode({dim()})",
 lambda t: f"{t}.quantile(0.3, dim={dim()})" ,
 lambda t: f"{t}.float().nanquantile(torch.tensor([0.25, 0.75]), dim={dim()}, interpolation='{r('linear','lower','higher','midpoint','nearest')}')",
]
lines = []
for k in range(n):
    t = rng.choice(T)
    e = rng.choice(exprs)(t)
    show = rng.choice(["v", "s"])
    lines.append((e, show))
with open(sys.argv[3], "w") as f:
    f.write(setup)
    f.write("def info(v):\n    if isinstance(v, torch.Tensor):\n        return (v, v.shape, v.stride(), v.dtype, v.is_contiguous())\n    if isinstance(v, (tuple, list)):\n        return [info(x) for x in v]\n    return v\n")
    for k, (e, show) in enumerate(lines):
        f.write(f"try:\n    print({k}, {e!r}, info({e}))\nexcept Exception as ex:\n    print({k}, {e!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])\n")
