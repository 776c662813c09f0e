import torch
x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])
xt = x.t()
print(torch.topk(x, 2))
print(x.topk(1, dim=0, largest=False))
v, i = torch.topk(xt, 2, dim=0)
print(v, i, v.stride(), xt.topk(2).values.stride())
print(torch.tensor([1., float('nan'), 3.]).topk(2))
print(torch.kthvalue(x, 2, 1), x.kthvalue(1, 0, keepdim=True))
print(x.argsort(), x.argsort(dim=0, descending=True), xt.argsort().stride())
print(torch.argsort(torch.tensor([2, 1, 2, 1]), stable=True))
print(x.msort(), xt.msort().stride(), torch.msort(torch.tensor([3, 1, 2])))
w = x.clone().requires_grad_()
t = w.topk(2)
print(t.values.grad_fn.name(), w.kthvalue(2, 1).values.grad_fn.name(), w.msort().grad_fn.name(), w.argsort().requires_grad)
t.values.sum().backward()
print(w.grad)
for bad in [lambda: torch.topk(x, 5), lambda: x.kthvalue(4, 1), lambda: x.topk(1, dim=3)]:
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
