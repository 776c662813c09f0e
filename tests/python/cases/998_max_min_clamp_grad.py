# maximum/minimum (and max/min of two tensors), fmax/fmin and clamp with
# tensor bounds: their nodes and gradients, ties split in half, NaNs.
import torch
torch.manual_seed(0)
nan = float('nan')
x = torch.tensor([[1., 2., 3.], [4., 5., nan]], requires_grad=True)
y = torch.tensor([[3., 2., 1.], [0., 5., 9.]], requires_grad=True)
lo = torch.tensor([2., 2., 2.], requires_grad=True)
for r in [x.clamp(lo), x.clamp(min=lo, max=torch.tensor(4.)), x.clip(max=lo), torch.clamp(x, lo, lo + 1), torch.max(x, y), x.max(y), x.min(y), torch.fmax(x, y), torch.fmin(x, y), torch.maximum(x, 2 * y), torch.minimum(y, x)]:
    print(r.grad_fn.name(), [None if n is None else n.name() for n, _ in r.grad_fn.next_functions])
    r.sum().backward()
    print(x.grad, y.grad, lo.grad)
    x.grad = None; y.grad = None; lo.grad = None

# every combination of ties, NaNs and lo > hi, with broadcasting
vals = torch.tensor([0., 1., 2., 3., nan, -1., 1.5])
for i in range(30):
    a = vals[torch.randint(0, 7, (4, 3))]
    b = vals[torch.randint(0, 7, (3,))]
    c = vals[torch.randint(0, 7, (4, 1))]
    A = a.clone().requires_grad_(); B = b.clone().requires_grad_(); C = c.clone().requires_grad_()
    k = i % 3
    r = A.clamp(B, C) if k == 0 else (A.clamp(min=B) if k == 1 else torch.clamp(A, max=C))
    r.backward(torch.arange(12.).view(4, 3))
    print(r.grad_fn.name(), A.grad.tolist(), None if B.grad is None else B.grad.tolist(), None if C.grad is None else C.grad.tolist())

# the overload names the node
z = torch.zeros(2, 1, 3, requires_grad=True)
print(z.squeeze().grad_fn.name(), z.squeeze(1).grad_fn.name(), z.squeeze((0, 1)).grad_fn.name(), z.squeeze(dim=[1]).grad_fn.name())
print(z.split(1)[0].grad_fn.name(), z.split([1, 2], 2)[0].grad_fn.name(), z.chunk(2)[0].grad_fn.name(), z.T.grad_fn.name(), z.mT.grad_fn.name())
print(torch.nn.functional.relu(z).grad_fn.next_functions[0][0].name())
