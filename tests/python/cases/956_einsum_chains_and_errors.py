import torch
a = torch.arange(6.).view(2, 3).requires_grad_(); b = torch.arange(12.).view(3, 4).requires_grad_(); c = torch.arange(8.).view(4, 2).requires_grad_()
for eq, ops in [("ij->ij", (a,)), ("ij,jk,kl->il", (a, b, c)), ("ij,jk->ki", (a, b)), ("ki,ij->jk", (b.t(), a.t())), ("i,i->", (a[0], a[1])), ("ij,j->i", (a, b[:, 0])), ("bi,bi->b", (a, a))]:
    r = torch.einsum(eq, *ops)
    print(eq, r, tuple(r.shape), r.stride(), r.grad_fn.name())
r = torch.einsum("ij,jk->ik", a, b); r.sum().backward(); print(a.grad, b.grad)
print(torch.einsum("ij,jk", [a, b]).shape, torch.einsum("ji", a).shape)
print(torch.einsum("ij,jk->ik", torch.arange(6).view(2, 3), torch.arange(12).view(3, 4)))
for eq, ops in [("ij,jk->ik", (a,)), ("ijk->i", (a,)), ("ij,jk->iz", (a, b)), ("ij,kk->ik", (a, b))]:
    try:
        torch.einsum(eq, *ops)
    except RuntimeError as e:
        print("RuntimeError", e)
print(torch.tensordot(torch.arange(24.).view(2, 3, 4), torch.arange(12.).view(4, 3), dims=([1, 2], [1, 0])))
try:
    torch.tensordot(a, b, dims=([0], [0]))
except RuntimeError as e:
    print("RuntimeError", e)
