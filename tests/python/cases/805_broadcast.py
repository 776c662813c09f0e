import torch
x = torch.arange(6.0).view(2, 3)
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
b = x.broadcast_to(2, 2, 3)
print(b, b.stride(), same(x, b), b.is_contiguous())
print(torch.broadcast_to(x, (4, 2, 3)).stride(), x.broadcast_to((-1, 3)).stride(), x.broadcast_to(size=(1, 2, 3)).shape)
c = x[:, :1].broadcast_to(2, 4)
print(c, c.stride(), c.storage_offset(), same(x, c))
print(torch.arange(3).broadcast_to(2, 3).is_contiguous(), x.t().broadcast_to(2, 3, 2).stride())
print(torch.broadcast_shapes((2, 1), (3,)), torch.broadcast_shapes((2, 1), 4, (3, 1, 1)), torch.broadcast_shapes())
print(torch.broadcast_shapes([2, 1], torch.Size([3, 1, 1])), torch.broadcast_shapes((0,), (1,)), torch.broadcast_shapes(5, None))
ys = torch.broadcast_tensors(x, torch.zeros(2, 1, 1))
print([y.shape for y in ys], [y.stride() for y in ys], same(ys[0], x))
ys = torch.broadcast_tensors(x, torch.zeros(3))
print(ys[0] is x, ys[1].stride(), torch.broadcast_tensors(x)[0] is x, torch.broadcast_tensors())
for f in [lambda: torch.broadcast_to(x, (3,)), lambda: x.broadcast_to((3, 3)), lambda: x.broadcast_to(),
          lambda: torch.broadcast_to(x, 3), lambda: torch.broadcast_to(x, 4, 2, 3),
          lambda: torch.broadcast_shapes((2, 1), (3, 4)), lambda: torch.broadcast_shapes((0,), (2,)),
          lambda: torch.broadcast_shapes((2, -1), (3,)), lambda: torch.broadcast_shapes((2, 3), [4, 3], (5, 3)),
          lambda: torch.broadcast_shapes(1.5), lambda: torch.broadcast_shapes((1.5,)),
          lambda: torch.broadcast_tensors(x, torch.zeros(4)), lambda: torch.broadcast_tensors(x, 1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
a = torch.arange(6.0).view(2, 3).requires_grad_()
y = a[0].broadcast_to(4, 3)
(y * torch.arange(12.0).view(4, 3)).sum().backward()
print(y.grad_fn.name(), a.grad)
a = torch.arange(3.0, requires_grad=True)
p, q = torch.broadcast_tensors(a, torch.zeros(2, 1))
print(p.grad_fn.name(), q.grad_fn, q.requires_grad)
(p * torch.arange(6.0).view(2, 3)).sum().backward()
print(a.grad)
p, = torch.broadcast_tensors(a)
print(p is a, p.grad_fn)
