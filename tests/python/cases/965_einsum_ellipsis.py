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
    return (torch.arange(n*1.).view(*s) - 3.).requires_grad_()
cases = [
 ("...ij,...jk->...ik", (T(2,2,3), T(2,3,4))),
 ("...ij,...jk->...ik", (T(3,2,2,3), T(3,4))),
 ("...ij,...jk", (T(3,1,2,3), T(2,3,4))),
 ("b...,b...->b", (T(2,3,4), T(2,3,4))),
 ("b...,b...->b", (T(2,3), T(2,3))),
 ("...ii->...i", (T(2,3,3),)),
 ("i...->...", (T(2,3,4),)),
 ("i...->...", (T(2),)),
 ("...", (T(2,3),)),
 ("...->", (T(2,3),)),
 ("i...,i...", (T(2,3), T(2,3))),
 ("...i,...i->...", (T(4,3), T(3))),
 ("...,...->...", (T(2,3), T(3))),
 ("i...j,j->i...", (T(2,3,4,5), T(5))),
 ("...ij->ji...", (T(2,3,4),)),
 ("ij...,jk...->ik...", (T(2,3,4), T(3,5,4))),
 ("ii...->i...", (T(3,3,2),)),
 ("ij,jk->ki", (T(2,3), T(3,4))),
 ("ij,jk,kl->li", (T(2,3), T(3,4), T(4,2))),
 ("bij,bjk->bki", (T(5,2,3), T(5,3,4))),
 ("ijl,jk->kli", (T(2,3,6), T(3,4))),
 ("i,j->ji", (T(2), T(3))),
 ("ij,ij->ji", (T(2,3), T(2,3))),
 ("ij,i1->ij".replace('1','k'), (T(2,3), T(2,1))),
 ("bi,bj->bij", (T(1,3), T(4,2))),
 ("i...k,...kj->i...j", (T(2,3,4), T(5,1,4,2))),
]
for eq, ops in cases:
    r = torch.einsum(eq, *ops)
    print(eq, tuple(r.shape), r.stride(), r.untyped_storage().data_ptr() in [o.untyped_storage().data_ptr() for o in ops], chain(r))
    print(r)
    r.sum().backward()
    for o in ops:
        print(o.grad); o.grad = None
x = T(2,3,4).detach()
nc = x.transpose(0, 2)
print(torch.einsum("...ij,...jk->...ik", nc, nc.transpose(-1,-2)), torch.einsum("...ii->...i", nc[:, :2, :]).stride())
d = torch.einsum("...ii->...i", x[:, :, :3])
print(d.stride(), d.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
print(torch.einsum("...ij,...jk->...ik", torch.arange(12).view(2,2,3), torch.arange(6).view(3,2)))
for eq, ops in [("....", (x,)), ("...i...", (x,)), ("..i", (x,)), ("i.", (x,)), ("...->....", (x,)), ("...->...,", (x,)), ("...->..", (x,)), ("ijkl...->", (x,)), ("ab...,ab...", (T(2,3,4), T(2,3,5))), ("...i,...i", (T(2,3), T(4,3))), ("i,...->.", (T(2), T(3))), ("...->i", (x,)), ("...,...", (x,)), ("i...,->", (x,x)), ("...ab->a...b...", (x,)), ("...->...A", (x,)), ("ij->i$", (T(2,2),))]:
    try:
        torch.einsum(eq, *ops)
        print("ok", eq)
    except RuntimeError as e:
        print("RuntimeError", e)
h = torch.einsum("...ij,...jk->...ik", torch.ones(2, 2, 3, dtype=torch.float64), torch.ones(3, 2, dtype=torch.float64))
print(h.dtype, h.shape, h.stride())
print(torch.einsum("...,...->...", torch.tensor([[True, False]]), torch.tensor([True, True])))
try:
    torch.einsum("...i,...i->...", torch.tensor([[True, False]]), torch.tensor([True, True]))
except NotImplementedError as e:
    print("NotImplementedError", e)
