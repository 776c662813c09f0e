import torch
def chain(r):
    out=[]; g=r.grad_fn
    while g is not None:
        try:
            n = g.name()
        except AttributeError:
            break
        if "Accumulate" in n:
            break
        out.append(n); nf=[f for f,_ in g.next_functions if f is not None]; g=nf[0] if nf else None
    return out
def T(*s):
    n=1
    for d in s: n*=d
    return (torch.arange(n*1.).view(s) % 5 - 2.).requires_grad_()
cases = [
 ("bij,bjk->bik", (T(1,2,3), T(3,3,4))),
 ("...ij,...jk->...ik", (T(1,2,3), T(3,3,4))),
 ("...ij,...jk,...kl->...il", (T(2,2,3), T(3,4), T(2,4,2))),
 ("...,...", (T(), T(2,3))),
 ("...,", (T(2,3), T())),
 ("...->...", (T(),)),
 ("i...,j...->ij...", (T(2,3), T(4,3))),
 ("...ij,...ij->...", (T(0,2,3), T(0,2,3))),
 ("ij,jk->ik", (T(2,0), T(0,3))),
 ("a...b,b...a->...", (T(2,3,4), T(4,3,2))),
 ("ii,i...->i...", (T(3,3), T(3,2))),
 ("i...i->...", (T(3,2,3),)),
 ("Ab...,b...->A", (T(2,3,4), T(3,4))),
 ("ab,cd,bc->ad", (T(2,3), T(4,5), T(3,4))),
 ("ab,ab,ab->", (T(2,3), T(2,3), T(2,3))),
 ("i,i,i->i", (T(3), T(3), T(3))),
 ("bn,anm,bm->ba", (T(2,3), T(4,3,5), T(2,5))),
]
for eq, ops in cases:
    r = torch.einsum(eq, *ops)
    print(eq, tuple(r.shape), r.stride(), chain(r))
    print(r)
    r.sum().backward()
    for o in ops:
        print(o.grad); o.grad = None
print(torch.einsum("...ij,...jk->...ik", torch.ones(2, 2, 3, dtype=torch.float16), torch.ones(3, 2, dtype=torch.float16)))
print(torch.einsum("...ij,...jk->...ik", torch.ones(2, 2, 3, dtype=torch.bfloat16), torch.ones(2, 3, 2, dtype=torch.bfloat16)).stride())
print(torch.einsum("bij,bjk->bik", torch.arange(6, dtype=torch.int32).view(1, 2, 3), torch.arange(12, dtype=torch.int32).view(1, 3, 4)))
try:
    torch.einsum("ij,jk->ik", torch.ones(2, 3), torch.ones(3, 4, dtype=torch.float64))
except RuntimeError as e:
    print("RuntimeError", e)
try:
    torch.einsum("ij,jk->ik", torch.ones(2, 3), torch.ones(2, 4))
except RuntimeError as e:
    print("RuntimeError", e)
