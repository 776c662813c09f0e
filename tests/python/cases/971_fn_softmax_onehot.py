import torch
import torch.nn.functional as F
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.0, 10.0]])
print(F.softmax(x), F.log_softmax(x), F.softmax(x[0]), F.softmax(torch.ones(2, 2, 2)), F.log_softmax(torch.tensor(3.0)))
print(F.softmax(x, 0), F.softmax(x, dim=-1, dtype=torch.float64), F.log_softmax(x, 1, 3, torch.float64), F.softmax(x, None, 3, torch.float64).dtype)
print(F.softmax(torch.arange(4), 0, dtype=torch.float32), F.softmax(x.t(), 1).stride(), F.log_softmax(x.t(), dim=0).stride())
for f in [lambda: F.softmax(torch.arange(3), 0), lambda: F.softmax(x, 2), lambda: F.log_softmax(3, 0), lambda: F.softmax(x, 1, dtyp=torch.float64)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
a = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, 0.3]], requires_grad=True)
w = torch.tensor([[1.0, 2.0, 3.0], [0.0, -1.0, 1.0]])
for f in [lambda: F.softmax(a, 1), lambda: F.log_softmax(a), lambda: F.softmax(a, 0, dtype=torch.float64)]:
    y = f(); print(y.grad_fn.name()); (y * w).sum().backward(); print(a.grad); a.grad = None
i = torch.tensor([0, 2, 1, 2])
print(F.one_hot(i), F.one_hot(i, 5), F.one_hot(i, num_classes=-1).dtype, F.one_hot(i.view(2, 2)).shape, F.one_hot(i.view(2, 2).t()))
print(F.one_hot(torch.tensor(1), 3), F.one_hot(torch.tensor([], dtype=torch.long), 4), F.one_hot(i).stride(), F.one_hot(i[::2]))
for f in [lambda: F.one_hot(x), lambda: F.one_hot(torch.tensor([1, 2], dtype=torch.int32)), lambda: F.one_hot(torch.tensor([-1, 0])),
          lambda: F.one_hot(i, 2), lambda: F.one_hot(torch.tensor([], dtype=torch.long)), lambda: F.one_hot(i, 0), lambda: F.one_hot([1, 2])]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
