# PyTorch counts the dims an index names before it looks at any item (one
# int, slice, None or ... excepted), so "too many indices" comes before an
# invalid item's error; `x[0,]` is the tuple (0,), as in Python.
import torch
z = torch.tensor(5)
x = torch.arange(6)
for f in [lambda: z[0,], lambda: z[0], lambda: z[torch.tensor(0)], lambda: z[..., 0], lambda: z[None, 0], lambda: z[:],
          lambda: z[[0]], lambda: z[True], lambda: z[None], lambda: x[0, 1.0], lambda: x[1.0], lambda: x[1.0, 0],
          lambda: x[0, "a"], lambda: x[0, 0, "a"], lambda: x[None, 1.5], lambda: x[..., None, 2.5],
          lambda: x.view(2, 3)[x.view(2, 3) > 2, 0], lambda: x[x > 2, None], lambda: x[x > 2, 0]]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
d = {(1,): "tuple", 1: "int"}
print(d[1,], d[1])
try:
    [1, 2][0,]
except TypeError as e:
    print(e)
y = torch.arange(6).view(2, 3)
print(y[1,], y[1,].stride(), y[(1,)].shape)
y[0,] = 7
print(y)
