import torch
M = torch.arange(4.).view(2, 2).requires_grad_()
a = torch.arange(6.).view(2, 3).requires_grad_(); b = torch.arange(6.).view(3, 2).requires_grad_()
r = torch.addmm(M, a, b); print(r, r.stride())
print(torch.addmm(M, a, b, beta=0.5, alpha=2), M.addmm(a, b), torch.addmm(torch.ones(2), a, b))
r.sum().backward(); print(M.grad, a.grad, b.grad)
v = torch.tensor([1., 2., 3.], requires_grad=True)
r = torch.addmv(torch.ones(2, requires_grad=True), a, v); print(r); r.sum().backward(); print(v.grad)
u = torch.tensor([1., 2.], requires_grad=True)
r = torch.addr(torch.zeros(2, 3), u, v, alpha=3); print(r); r.sum().backward(); print(u.grad, v.grad)
B1 = torch.arange(12.).view(2, 2, 3).requires_grad_(); B2 = torch.arange(12.).view(2, 3, 2).requires_grad_()
r = torch.baddbmm(torch.ones(2, 2, 2), B1, B2); print(r, r.grad_fn.name()); r.sum().backward(); print(B1.grad)
B1.grad = None
r = torch.addbmm(torch.zeros(2, 2), B1, B2, beta=0); print(r, r.grad_fn.name()); r.sum().backward(); print(B1.grad, B2.grad)
print(torch.addmm(M, a, b).grad_fn.name(), torch.addmv(torch.ones(2), a, v).grad_fn.name(), torch.addr(torch.zeros(2, 3), u, v).grad_fn.name())
for bad in [lambda: torch.addmm(torch.ones(3), a, b), lambda: torch.addmm(M, a, a)]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError", e)
