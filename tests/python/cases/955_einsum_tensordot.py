import torch
a = torch.arange(6.).view(2, 3).requires_grad_(); b = torch.arange(12.).view(3, 4).requires_grad_()
for eq, ops in [("ij,jk->ik", (a, b)), ("ij->ji", (a,)), ("ij->", (a,)), ("ij->j", (a,)), ("ij,ij->ij", (a, a)), ("ij,ij->", (a, a)), ("i,j->ij", (a[0], b[0])), ("bij,bjk->bik", (a.view(1,2,3), b.view(1,3,4))), ("ij,kj->ik", (a, b.t())), ("ii->i", (b[:3,:3],)), ("ii", (b[:3,:3],)), ("ij,jk", (a, b))]:
    r = torch.einsum(eq, *ops)
    print(eq, tuple(r.shape), r.stride(), r.grad_fn.name(), r.untyped_storage().data_ptr() == ops[0].untyped_storage().data_ptr())
print(torch.einsum("ij,jk->ik", a, b))
print(torch.tensordot(a, b, dims=1), torch.tensordot(a, b, dims=([1], [0])).grad_fn.name())
print(torch.tensordot(a, a, dims=2))
