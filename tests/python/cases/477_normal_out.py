# torch.normal(..., out=): out resized to the broadcast shape, the draws made in
# out's dtype in place, errors in PyTorch's order.
import torch

def show(label, r):
    print(label, r.dtype, tuple(r.shape), r.flatten()[:4].tolist())

torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0, out=torch.empty(5))', torch.normal(torch.zeros(3), 1.0, out=torch.empty(5)))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0, out=torch.empty(5))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0, out=torch.empty(2, 3))', torch.normal(torch.zeros(3), 1.0, out=torch.empty(2, 3)))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0, out=torch.empty(2, 3))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0, out=torch.empty(3, dtype=torch.float64))', torch.normal(torch.zeros(3), 1.0, out=torch.empty(3, dtype=torch.float64)))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0, out=torch.empty(3, dtype=torch.float64))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3, dtype=torch.float64), 1.0)', torch.normal(torch.zeros(3, dtype=torch.float64), 1.0))
except Exception as e:
    print('torch.normal(torch.zeros(3, dtype=torch.float64), 1.0)', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0)', torch.normal(torch.zeros(3), 1.0))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0)', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), torch.ones(2, 1), out=torch.empty(0))', torch.normal(torch.zeros(3), torch.ones(2, 1), out=torch.empty(0)))
except Exception as e:
    print('torch.normal(torch.zeros(3), torch.ones(2, 1), out=torch.empty(0))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(2.0, torch.ones(3), out=torch.empty(0, dtype=torch.float64))', torch.normal(2.0, torch.ones(3), out=torch.empty(0, dtype=torch.float64)))
except Exception as e:
    print('torch.normal(2.0, torch.ones(3), out=torch.empty(0, dtype=torch.float64))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(0.0, 1.0, (2,), out=torch.empty(0, dtype=torch.float64))', torch.normal(0.0, 1.0, (2,), out=torch.empty(0, dtype=torch.float64)))
except Exception as e:
    print('torch.normal(0.0, 1.0, (2,), out=torch.empty(0, dtype=torch.float64))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(0.0, 1.0, (2,), out=torch.empty(0, dtype=torch.int64))', torch.normal(0.0, 1.0, (2,), out=torch.empty(0, dtype=torch.int64)))
except Exception as e:
    print('torch.normal(0.0, 1.0, (2,), out=torch.empty(0, dtype=torch.int64))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0, out=torch.empty(3, dtype=torch.int64))', torch.normal(torch.zeros(3), 1.0, out=torch.empty(3, dtype=torch.int64)))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0, out=torch.empty(3, dtype=torch.int64))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3, requires_grad=True), 1.0, out=torch.empty(3))', torch.normal(torch.zeros(3, requires_grad=True), 1.0, out=torch.empty(3)))
except Exception as e:
    print('torch.normal(torch.zeros(3, requires_grad=True), 1.0, out=torch.empty(3))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(0.0, 1.0, (2,), dtype=torch.float64, out=torch.empty(0))', torch.normal(0.0, 1.0, (2,), dtype=torch.float64, out=torch.empty(0)))
except Exception as e:
    print('torch.normal(0.0, 1.0, (2,), dtype=torch.float64, out=torch.empty(0))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), -1.0, out=torch.empty(3))', torch.normal(torch.zeros(3), -1.0, out=torch.empty(3)))
except Exception as e:
    print('torch.normal(torch.zeros(3), -1.0, out=torch.empty(3))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0, out=torch.empty(3).t())', torch.normal(torch.zeros(3), 1.0, out=torch.empty(3).t()))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0, out=torch.empty(3).t())', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0, out=torch.empty(0))', torch.normal(torch.zeros(3), 1.0, out=torch.empty(0)))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0, out=torch.empty(0))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0, out=torch.empty(1))', torch.normal(torch.zeros(3), 1.0, out=torch.empty(1)))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0, out=torch.empty(1))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(2, 3), 1.0, out=torch.empty(3))', torch.normal(torch.zeros(2, 3), 1.0, out=torch.empty(3)))
except Exception as e:
    print('torch.normal(torch.zeros(2, 3), 1.0, out=torch.empty(3))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3, dtype=torch.float64), 1.0, out=torch.empty(3))', torch.normal(torch.zeros(3, dtype=torch.float64), 1.0, out=torch.empty(3)))
except Exception as e:
    print('torch.normal(torch.zeros(3, dtype=torch.float64), 1.0, out=torch.empty(3))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), torch.ones(3), out=torch.empty(3, dtype=torch.float16))', torch.normal(torch.zeros(3), torch.ones(3), out=torch.empty(3, dtype=torch.float16)))
except Exception as e:
    print('torch.normal(torch.zeros(3), torch.ones(3), out=torch.empty(3, dtype=torch.float16))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0, out=torch.empty(3, dtype=torch.bfloat16))', torch.normal(torch.zeros(3), 1.0, out=torch.empty(3, dtype=torch.bfloat16)))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0, out=torch.empty(3, dtype=torch.bfloat16))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3, dtype=torch.int64), 1.0, out=torch.empty(3))', torch.normal(torch.zeros(3, dtype=torch.int64), 1.0, out=torch.empty(3)))
except Exception as e:
    print('torch.normal(torch.zeros(3, dtype=torch.int64), 1.0, out=torch.empty(3))', type(e).__name__, str(e).splitlines()[0])
torch.manual_seed(0)
try:
    show('torch.normal(torch.zeros(3), 1.0, generator=None, out=torch.empty(3))', torch.normal(torch.zeros(3), 1.0, generator=None, out=torch.empty(3)))
except Exception as e:
    print('torch.normal(torch.zeros(3), 1.0, generator=None, out=torch.empty(3))', type(e).__name__, str(e).splitlines()[0])

# out is returned, written in place through a non-contiguous view.
x = torch.zeros(4, 2)
torch.manual_seed(0)
r = torch.normal(torch.zeros(4), 1.0, out=x.t()[0])
print(r.data_ptr() == x.data_ptr(), r.stride(), x.t()[0].tolist() == r.tolist(), x[:, 1].tolist())
o = torch.empty(3)
v = o._version
r = torch.normal(torch.zeros(3), 2.0, out=o)
print(r is o, o._version > v)
# The draws with out= are those without it, in the same dtype.
torch.manual_seed(1)
a = torch.normal(torch.arange(20.), torch.ones(20))
torch.manual_seed(1)
b = torch.normal(torch.arange(20.), torch.ones(20), out=torch.empty(0))
print(torch.equal(a, b))
# PyTorch's argument parser lists the overloads with out=.
try:
    torch.normal(torch.zeros(2), "a")
except TypeError as e:
    print(e)
