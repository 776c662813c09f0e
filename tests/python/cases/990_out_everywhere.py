import torch
x = torch.arange(6.).view(2, 3)
# An empty out is resized to the result, with the strides the op gives.
o = torch.empty(0)
r = torch.add(x.t(), 1, out=o)
print(r is o, o, o.stride(), o._version)
for name, call in [
    ("sum", lambda o: torch.sum(x, 0, out=o)),
    ("mean", lambda o: torch.mean(x, 1, out=o)),
    ("cat", lambda o: torch.cat([x, x], out=o)),
    ("stack", lambda o: torch.stack([x, x], 1, out=o)),
    ("matmul", lambda o: torch.matmul(x, x.t(), out=o)),
    ("mm", lambda o: torch.mm(x, x.t(), out=o)),
    ("mul", lambda o: torch.mul(x, x, out=o)),
    ("clamp", lambda o: torch.clamp(x, 1, 4, out=o)),
    ("cumsum", lambda o: torch.cumsum(x, 1, out=o)),
    ("gather", lambda o: torch.gather(x, 1, torch.tensor([[2], [0]]), out=o)),
    ("index_select", lambda o: torch.index_select(x, 1, torch.tensor([2, 0]), out=o)),
    ("outer", lambda o: torch.outer(x[0], x[1], out=o)),
    ("zeros", lambda o: torch.zeros(2, 2, out=o)),
    ("arange", lambda o: torch.arange(4., out=o)),
]:
    o = torch.empty(0)
    r = call(o)
    print(name, r is o, o.shape, o.stride(), o.dtype, o.tolist())
# A float result goes into a double out; an int out refuses it.
o = torch.empty(0, dtype=torch.float64)
print(torch.sum(x, 0, out=o), o.dtype)
try:
    torch.add(x, 1, out=torch.empty(0, dtype=torch.long))
except RuntimeError as e:
    print("RuntimeError", e)
# A factory makes out's dtype.
l = torch.empty(0, dtype=torch.long)
print(torch.ones(3, out=l))
# An out of the right shape keeps its strides and storage.
o = torch.empty(3, 2).t()
p = o.data_ptr()
torch.add(x, 10, out=o)
print(o, o.stride(), o.data_ptr() == p, o._version)
# An out with elements and another shape is resized, with a warning.
# (PyTorch's UserWarning goes to stderr.)
o = torch.ones(5)
torch.mul(x, 2, out=o)
print(o)
# Autograd refuses out=.
a = torch.ones(2, requires_grad=True)
try:
    torch.mul(a, 2, out=torch.empty(0))
except RuntimeError as e:
    print("RuntimeError", e)
with torch.no_grad():
    print(torch.mul(a, 2, out=torch.empty(0)))
try:
    torch.sum(x, 0, out=3)
except TypeError as e:
    print("TypeError", e)
# The math family and triu/tril resize too.
o = torch.empty(0)
print(torch.exp(torch.zeros(2, 2), out=o), o.stride())
o = torch.ones(1)
print(torch.triu(x, out=o))
