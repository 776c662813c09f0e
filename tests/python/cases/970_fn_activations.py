import torch
import torch.nn.functional as F
x = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, -0.3]])
print(F.relu(x), F.relu(torch.tensor([-2, 3])), F.gelu(x), F.gelu(x, approximate='tanh'), F.silu(x))
t = x.t()
for f in [F.relu, F.gelu, F.silu, lambda v: F.gelu(v, approximate='tanh')]:
    r = f(t)
    print(r.stride(), r.is_contiguous(), r.dtype)
print(F.gelu(x.double()), F.silu(x.double()).dtype, F.gelu(x.half()), F.silu(x.bfloat16()))
y = x.clone(); r = F.relu(y, inplace=True); print(r.data_ptr() == y.data_ptr(), y, y._version)
y = x.clone(); r = F.relu_(y); print(r.data_ptr() == y.data_ptr(), y)
y = x.clone(); r = F.silu(y, inplace=True); print(r.data_ptr() == y.data_ptr(), y, y._version)
y = x.clone(); r = F.relu(y, True); print(y)
for f in [lambda: F.gelu(x, approximate='erf'), lambda: F.gelu(torch.tensor([1, 2])), lambda: F.gelu(x, 'tanh'),
          lambda: F.silu(torch.tensor([1, 2])), lambda: F.gelu(3), lambda: F.relu(2.0), lambda: F.silu(x, foo=1),
          lambda: F.gelu(torch.tensor([True]))]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
a = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, -0.3]], requires_grad=True)
w = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.25]])
for f in [F.relu, F.gelu, F.silu, lambda v: F.gelu(v, approximate='tanh'), lambda v: F.gelu(v.t()).t()]:
    r = f(a); print(r.grad_fn.name()); (r * w).sum().backward(); print(a.grad); a.grad = None
b = a * 1.0
F.silu(b, inplace=True); print(b.grad_fn.name()); (b * w).sum().backward(); print(a.grad); a.grad = None
b = a * 1.0
F.relu(b, inplace=True); print(b.grad_fn.name()); b.sum().backward(); print(a.grad); a.grad = None
try: F.silu(a, inplace=True)
except Exception as e: print(type(e).__name__, e)
with torch.no_grad():
    print(F.gelu(a).requires_grad)
print(F.sigmoid(x), F.tanh(x[0]))
