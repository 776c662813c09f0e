import torch
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
def show(ps, base):
    print(len(ps), [(tuple(p.shape), p.stride(), p.storage_offset(), same(p, base)) for p in ps])
x = torch.arange(12.0).view(3, 4)
show(x.tensor_split(2), x)
show(x.tensor_split(5), x)
show(x.tensor_split([1, 3], 1), x)
show(torch.tensor_split(x, [3, 1]), x)
show(x.tensor_split([-1, 10]), x)
show(x.tensor_split((1,), dim=1), x)
show(x.tensor_split(sections=2), x)
show(x.tensor_split(indices=[1]), x)
show(x.tensor_split(torch.tensor(2)), x)
show(x.tensor_split(torch.tensor([1, 2]), dim=-1), x)
show(x.tensor_split([]), x)
t = x.t()
show(t.tensor_split(2), t)
show(t.tensor_split([1], 1), t)
print(torch.arange(7).tensor_split(3))
show(x.hsplit(2), x)
show(x.hsplit([1, 2]), x)
show(torch.arange(6.0).view(6, 1).vsplit(3), x)
show(torch.arange(4).hsplit(2), x)
show(torch.zeros(2, 2, 4).dsplit([1]), x)
print(torch.hsplit(x, 4)[3], torch.vsplit(x, [2])[1], torch.dsplit(torch.arange(8).view(1, 2, 4), 2)[1])
for f in [lambda: x.tensor_split(0), lambda: x.tensor_split(-1), lambda: x.tensor_split(torch.tensor([[1]])),
          lambda: x.tensor_split(torch.tensor([1.])), lambda: x.tensor_split(torch.tensor(2.)), lambda: x.tensor_split(2, 2),
          lambda: torch.tensor(1.).tensor_split(2), lambda: x.hsplit(3), lambda: x.vsplit(2), lambda: torch.arange(4).vsplit(2),
          lambda: x.dsplit(2), lambda: torch.tensor(1).hsplit(1), lambda: x.hsplit(0)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
a = torch.arange(12.0).view(3, 4).requires_grad_()
ps = a.tensor_split([1, 3], 1)
print([p.grad_fn.name() for p in ps], [p.requires_grad for p in ps])
(ps[0] * 2 + ps[2] * 3).sum().backward()
print(a.grad)
a = torch.arange(12.0).view(3, 4).requires_grad_()
ps = a.hsplit(2)
(ps[1] * torch.arange(6.0).view(3, 2)).sum().backward()
print(ps[0].grad_fn.name(), a.grad)
print(torch.arange(6).tensor_split(2)[0].requires_grad)
