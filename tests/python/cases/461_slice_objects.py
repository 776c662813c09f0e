# slice objects: slice(stop), slice(start, stop, step), their repr, attributes,
# equality and hash, as tensor indices (basic: a view) alone and in tuples,
# in assignments, and on lists, strings, tuples and ranges (get, set, del).
import torch
x = torch.arange(10)
s = slice(1, 8, 2)
print(s, x[s], s.start, s.stop, s.step)
print(x[slice(3)], slice(None, 2), slice(-3, None))
y = torch.arange(12).view(3, 4)
print(y[slice(None), 1], y[(slice(1, None), slice(None, None, 2))], y[slice(None), [0, 2]])
print(y[slice(None), 1].is_contiguous(), y[slice(None), 1].stride(), y[(slice(None), slice(1, 3))].storage_offset())
idx = (slice(None), 0)
y[idx] = -1
print(y)
print([1, 2, 3, 4][slice(1, 3)], "hello"[slice(None, None, -1)], (1, 2, 3)[slice(2)], range(10)[slice(2, 8, 3)])
print(slice(1, 2) == slice(1, 2), slice(1, 2) == slice(1, 3), type(s).__name__, repr(slice(0)))
for f in [lambda: slice(), lambda: slice(1, 2, 3, 4), lambda: s.foo]:
    try:
        print(f())
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
print(isinstance(s, slice), type(s) is slice, {slice(1, 2): 5}[slice(1, 2)])
xs = [0, 1, 2, 3, 4, 5]
xs[slice(1, 3)] = [9]
print(xs)
z = torch.zeros(2, 5)
z[slice(None), slice(1, None, 2)] += 1
print(z, z._version)
print(z[..., slice(2)].shape, z[None, slice(1)].shape)
del xs[slice(None, None, 2)]
print(xs)
