# torch.norm(dtype=) computes in that dtype (linalg.vector_norm: the input
# cast first, refusals for an integral or narrower dtype); out= on norm,
# searchsorted and bucketize with each kernel's own dtype rule; an integral
# result's out= makes no autograd check; a Python-defined method names
# itself Tensor.NAME in CPython's refusal.
import torch
def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, str(e).split("\n")[0])
x = torch.tensor([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], requires_grad=True)
n = torch.norm(x, dim=1, dtype=torch.float64)
print(n, n.grad_fn.name())
n.sum().backward()
print(x.grad)
xd = x.detach()
show("long dtype", lambda: torch.norm(xd, dtype=torch.long))
show("half dtype", lambda: torch.norm(xd, dim=0, dtype=torch.float16))
show("narrower", lambda: torch.norm(xd.double(), dim=0, dtype=torch.float32))
show("p1", lambda: torch.norm(xd, p=1, dtype=torch.float64))
show("pinf", lambda: torch.norm(xd, p=float('inf'), dim=1, dtype=torch.float64))
show("fro dim", lambda: torch.norm(xd, p='fro', dim=1, dtype=torch.float64))
show("method", lambda: xd.norm(p=2, dim=(0, 1), keepdim=True, dtype=torch.float64))
show("int input", lambda: torch.norm(torch.tensor([3, 4]), dtype=torch.float32))
for kw in [{}, {"dim": 0}, {"dim": 1, "keepdim": True}, {"p": 1, "dim": 1}, {"p": "fro"}]:
    for dt in [torch.float32, torch.float64, torch.long]:
        o = torch.empty(0, dtype=dt)
        show(f"norm out {kw} {dt}", lambda: torch.norm(xd, out=o, **kw))
        print(o)
o = torch.empty(0, dtype=torch.float64)
show("norm out dtype", lambda: torch.norm(xd, dim=1, dtype=torch.float64, out=o))
show("norm out other dtype", lambda: torch.norm(xd, out=torch.empty(0), dtype=torch.float64))
show("norm out grad", lambda: torch.norm(x, out=torch.empty(0)))
show("method out", lambda: xd.norm(out=torch.empty(0)))
show("method bogus", lambda: xd.unique(bogus=1))
s = torch.tensor([1, 3, 5, 7, 9])
v = torch.tensor([[3, 6, 9], [3, 6, 9]])
for dt in [torch.long, torch.int32, torch.float32]:
    for flag in [False, True]:
        o = torch.empty(0, dtype=dt)
        show(f"searchsorted {dt} {flag}", lambda: torch.searchsorted(s, v, out_int32=flag, out=o))
        print(o)
        o = torch.empty(0, dtype=dt)
        show(f"bucketize {dt} {flag}", lambda: torch.bucketize(v, s, right=True, out_int32=flag, out=o))
        print(o)
show("searchsorted scalar", lambda: torch.searchsorted(s, 4, out=torch.empty(0, dtype=torch.long)))
show("searchsorted side", lambda: torch.searchsorted(s, v, side="right", out=torch.empty(0, dtype=torch.long)))
sg = torch.tensor([1., 3., 5.], requires_grad=True)
show("searchsorted grad", lambda: torch.searchsorted(sg, torch.tensor([2., 4.]), out=torch.empty(0, dtype=torch.long)))
show("argmax grad", lambda: torch.argmax(sg, out=torch.empty(0, dtype=torch.long)))
show("isin grad", lambda: torch.isin(sg, sg, out=torch.empty(0, dtype=torch.bool)))
show("sign grad", lambda: torch.sign(sg, out=torch.empty(0)))
