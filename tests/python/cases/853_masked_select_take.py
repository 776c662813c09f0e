import torch
x = torch.arange(12.).reshape(3, 4)
m = x > 5
xt = x.t()
print(x.masked_select(m), xt.masked_select(m.t()))
s = torch.masked_select(x, torch.tensor([True, False, True, False]))
print(s, s.stride(), s.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
print(torch.masked_select(x, torch.tensor(True)))
print(torch.arange(3.).masked_select(torch.tensor([[True], [False], [True]])))
print(xt.take(torch.tensor([[0, 5], [7, 1]])), x.take(torch.tensor([-1, -12])))
print(torch.tensor(5.).take(torch.tensor([0, 0])))
w = x.clone().requires_grad_()
y = w.masked_select(torch.tensor([[True, False, True, False]]))
print(y.grad_fn.name(), y.shape)
(y * torch.arange(1., 7.)).sum().backward()
print(w.grad)
w.grad = None
y = w.take(torch.tensor([0, 0, 5]))
print(y.grad_fn.name())
(y * torch.tensor([1., 2., 3.])).sum().backward()
print(w.grad)
b = torch.ones(3, requires_grad=True)
y = b.masked_select(torch.tensor([[True, False, True], [True, True, False]]))
y.sum().backward()
print(b.grad)
for f in [lambda: x.masked_select(torch.tensor([True, False])),
          lambda: x.masked_select(x),
          lambda: x.take(torch.tensor([12])),
          lambda: x.take(torch.tensor([1.])),
          lambda: x.take(torch.tensor([1], dtype=torch.int32))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
