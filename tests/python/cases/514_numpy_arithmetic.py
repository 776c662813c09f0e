# NumPy arithmetic on arrays: operators, in-place forms writing into shared memory,
# the arithmetic ufuncs with out= (the PyTorch tutorial's bridge), NumPy 2's dtypes.
import numpy as np
import torch
n = np.ones(5)
t = torch.from_numpy(n)
r = np.add(n, 1, out=n)
print(t)
print(n, r is n)
a = torch.ones(5)
b = a.numpy()
print(b * 2, b + b, 2 - b, b / 4, 1 / b, b ** 2, -b, +b, b // 0.3, b % 0.3)
b += 1
print(a)
b *= 2.5
print(a, b)
i = np.arange(6).reshape(2, 3)
print(i * 2, i / 2, i // 4, i % 4, i ** 2, i + 0.5, i + True, i > 2, i == i, 3 < i)
print((i + 1.5).dtype, (i / 2).dtype, (i * 2).dtype, (np.ones(2, dtype=np.float32) * 2.5).dtype, (np.ones(2, dtype=np.float32) + np.ones(2)).dtype)
u = np.array([1, 2, 250], dtype=np.uint8)
print(u + 10, (u + 10).dtype, u * 2, (u + np.array([1], dtype=np.int8)).dtype, (u + np.ones(1, dtype=np.float16)).dtype)
print((np.ones(1, dtype=np.int16) + np.ones(1, dtype=np.float16)).dtype, (np.ones(1, dtype=np.int32) + np.ones(1, dtype=np.float32)).dtype)
bb = np.array([True, False])
print(bb + bb, bb * bb, bb + 1, bb + 1.5, ~bb, bb & bb if False else '')
for bad in [lambda: u + 300, lambda: u + -1, lambda: bb - bb, lambda: -bb, lambda: i ** -1, lambda: np.add(i, 1.5, out=i)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
def f():
    x = np.arange(3)
    x += 1.5
try:
    f()
except Exception as e:
    print(type(e).__name__, e)
x = np.zeros((2, 3))
y = torch.from_numpy(x)
np.multiply(np.arange(3), 2, out=x[0])
x[1] += np.arange(3)
print(y, x[0], y._version if False else '')
print(np.subtract(5, np.arange(3)), np.divide(np.arange(3), 2), np.power(2, np.arange(4)), np.floor_divide(7, np.arange(1, 4)), np.remainder(-7, np.arange(1, 4)))
print(np.add(torch.arange(3), 1), np.equal(np.arange(3), 1), np.less(np.arange(3), 1.5))
z = np.ones(3, dtype=np.float32)
z /= 3
print(z, z.dtype, (z * 0.1), np.ones(2, dtype=np.float16) + 0.1)
# Writes through NumPy leave a sharing tensor's version counter alone.
n = np.zeros(3)
t = torch.from_numpy(n)
n += 1
n[0] = 5
np.add(n, 1, out=n)
n[1:] *= 2
print(t, t._version)
s = np.arange(6.).reshape(2, 3).T
print(s * 2, (s * 2).strides, s + s, np.add(s, 1, out=(np.zeros((3, 2)),)))
for bad in [lambda: np.add(np.ones(3), np.ones(2)), lambda: np.add(np.ones(3), 1, out=np.zeros(2)), lambda: np.add(np.ones(3), 1, out=[1])]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
def iadd(a, b):
    a += b
    return a
for bad in [lambda: iadd(np.ones(2), np.ones(3)), lambda: iadd(np.ones(1), np.ones(3)), lambda: iadd(np.ones((2, 1)), np.ones(3))]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
print(iadd(np.ones((2, 3)), np.arange(3)), iadd(np.arange(3), np.arange(3)[2]), iadd(np.arange(3, dtype=np.int8), 100))
# No dims left: a NumPy scalar.
print(repr(np.add(1, 2)), repr(np.arange(3)[1] + np.arange(3)), repr(np.array(5) + 1), repr(np.add(np.array(2.), np.array(3.))), repr(-np.array(2)))
z0 = np.array(5)
z0 += 2
print(repr(z0))
