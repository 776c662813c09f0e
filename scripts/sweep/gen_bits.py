#!/usr/bin/env python3
"""One generator of scripts/sweep/run.sh: reductions, scans and softmax
over four float dtypes, eight shapes and four layouts (contiguous,
transposed, sliced, flipped), printing every value with `tolist()`, so a
last-bit difference from PyTorch shows: python3 THIS SEED COUNT OUT.py
(at most COUNT expressions)."""
import random, sys
seed = int(sys.argv[1]); limit = int(sys.argv[2]); rng = random.Random(seed)
lines=["import torch", f"torch.manual_seed({seed})"]
shapes=[(7,),(33,),(5,37),(37,29),(4,5,6),(3,300),(2,3,70),(200,180)]
dts=["torch.float32","torch.float64","torch.float16","torch.bfloat16"]
red=["sum","mean","nansum","nanmean","std","var","logsumexp","prod","amax","amin","cumsum","cumprod","logcumsumexp","softmax","log_softmax","norm","median","nanmedian","std_mean","var_mean","aminmax","max","min","cummax","cummin","count_nonzero","quantile","nanquantile","diff","trace","mode","kthvalue","topk","sort","msort"]
k=0
for sh in shapes:
    n=1
    for s in sh: n*=s
    for dt in dts:
        lines.append(f"a = (torch.randn({sh}) * torch.logspace(-2, 2, {n}).view({sh})[torch.randperm({sh[0]})]).to({dt})")
        views=["a"]
        if len(sh)>=2: views += ["a.transpose(0, -1)", "a[::2]" if sh[0]>1 else "a", "a.flip(-1)"]
        else: views += ["a[::3]"]
        for v in views:
            for _ in range(5):
                if k >= limit: break
                op=rng.choice(red)
                nd=len(sh)
                dim=rng.choice([None]+list(range(-nd,nd)))
                if op in ("softmax","log_softmax","cumsum","cumprod","logcumsumexp","cummax","cummin","diff") and dim is None: dim=0
                if op in ("kthvalue","topk","mode","msort","trace") : 
                    if op=="trace" and nd!=2: continue
                args=[]
                if op=="quantile" or op=="nanquantile": args.append("0.3")
                if op in ("kthvalue",): args.append("2")
                if op in ("topk",): args.append("2")
                if dim is not None and op not in ("trace","msort"): args.append(str(dim))
                if op in ("sum","mean","nansum","nanmean","std","var","logsumexp","amax","amin","norm","median","max","min") and dim is not None and rng.random()<0.3:
                    args.append("keepdim=True")
                if op=="norm":
                    args.insert(0, rng.choice(["2","1","3","0.5","float('inf')"]))
                e=f"{v}.{op}({', '.join(args)})" if op not in ("std_mean","var_mean","logsumexp","trace","count_nonzero","quantile","nanquantile") else f"torch.{op}({v}{', ' if args else ''}{', '.join(args)})"
                if op=="logsumexp" and dim is None: e=f"torch.logsumexp({v}, {list(range(nd))})"
                lines.append(f"try:\n    r = {e}\n    out = r.tolist() if hasattr(r, 'tolist') else [t.tolist() for t in r]\n    print({k}, {e!r}, str(out)[:3000])\nexcept Exception as ex:\n    print({k}, {e!r}, 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])")
                k+=1
open(sys.argv[3],"w").write("\n".join(lines)+"\n")
