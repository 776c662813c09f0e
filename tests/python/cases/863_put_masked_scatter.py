import torch
x = torch.zeros(3, 4)
xt = torch.zeros(4, 3).t()
print(x.clone().put_(torch.tensor([0, 5, 5]), torch.tensor([1., 2., 3.]), accumulate=True))
y = xt.put(torch.tensor([1, -1]), torch.tensor([9., 8.]))
print(y, y.stride(), torch.put(x, torch.tensor([[0, 1]]), torch.tensor([[4., 5.]])))
y = x.masked_scatter(torch.tensor([True, False, True, False]), torch.arange(10.).reshape(2, 5))
print(y, y.stride(), xt.masked_scatter(torch.tensor([True, False, True, True]), torch.arange(10.)).stride())
z = torch.zeros(2, 3)
z.masked_scatter_(torch.tensor([[True], [False]]), torch.arange(1., 7.))
z.put_(torch.tensor([4]), torch.tensor([9.]))
print(z, z._version)
w = torch.zeros(3, 4, requires_grad=True)
src = torch.tensor([1., 2., 3.], requires_grad=True)
y = w.put(torch.tensor([0, 5, 5]), src)
print(y.grad_fn.name())
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad, src.grad)
w.grad = None
src.grad = None
y = w.put(torch.tensor([0, 5, 5]), src, accumulate=True)
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad, src.grad)
w.grad = None
src = torch.arange(1., 11.).reshape(2, 5).requires_grad_()
y = w.masked_scatter(torch.tensor([True, False, False, True]), src)
print(y.grad_fn.name())
(y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
print(w.grad, src.grad)
for f in [lambda: x.put(torch.tensor([12]), torch.tensor([1.])),
          lambda: x.put(torch.tensor([1, 2]), torch.tensor([1.])),
          lambda: x.put(torch.tensor([1.]), torch.tensor([1.])),
          lambda: x.masked_scatter(torch.tensor([True, False, True, False]), torch.ones(3)),
          lambda: x.masked_scatter(torch.ones(4), torch.ones(20)),
          lambda: torch.zeros(3).masked_scatter_(torch.tensor([[True], [False]]), torch.ones(6))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
try:
    torch.zeros(2, 3).masked_scatter_(torch.tensor([True, False]), torch.ones(6))
except Exception as e:
    print(type(e).__name__, e)
