import torch
x = torch.zeros(3, 4)
xt = torch.zeros(4, 3).t()
y = x.select_scatter(torch.ones(4), 0, 1)
print(y, y.stride(), y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
print(xt.select_scatter(torch.ones(3), 1, -1).stride(), torch.zeros(3, 4).select_scatter(torch.ones(4, dtype=torch.long), 0, 0))
print(torch.slice_scatter(x, torch.ones(3, 2), 1, 1, 4, 2), xt.slice_scatter(torch.ones(1, 4), start=2).stride())
print(torch.slice_scatter(x, torch.ones(3, 4)).shape, torch.zeros(3, 4).slice_scatter(torch.ones(3, 2), 1, -2))
print(x.diagonal_scatter(torch.ones(3), 1), xt.diagonal_scatter(torch.ones(3)).stride(), torch.diagonal_scatter(x, torch.ones(2), -1))
print(x.as_strided_scatter(torch.ones(2), (2,), (5,)), xt.as_strided_scatter(torch.ones(2), (2,), (1,), 1).stride())
print(torch.zeros(3, 4)[:, 1:].select_scatter(torch.ones(3), 0, 0).stride())
w = torch.zeros(3, 4, requires_grad=True)
s = torch.ones(4, requires_grad=True)
for f in [lambda: w.select_scatter(s, 0, 1),
          lambda: w.slice_scatter(s.view(1, 4), 0, 2),
          lambda: w.diagonal_scatter(s[:3]),
          lambda: w.as_strided_scatter(s[:2], (2,), (5,))]:
    w.grad = None
    s.grad = None
    y = f()
    print(y.grad_fn.name())
    (y * torch.arange(1., 13.).reshape(3, 4)).sum().backward()
    print(w.grad, s.grad)
for f in [lambda: x.select_scatter(torch.ones(3), 0, 1),
          lambda: x.slice_scatter(torch.ones(3, 3), 1, 0, 2),
          lambda: x.diagonal_scatter(torch.ones(4)),
          lambda: x.select_scatter(torch.ones(4, 1), 0, 0),
          lambda: x.as_strided_scatter(torch.ones(3), (2,), (5,))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
y = torch.zeros(3, 4)[:, 1:].as_strided_scatter(torch.ones(2), (2,), (1,))
print(y, y.storage_offset(), y.stride())
