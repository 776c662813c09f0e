# NumPy scalars: np.float32(2.1) & co. construct them, arithmetic and comparisons
# on them are NumPy's (np.float32(0.1) * 3 is float32), arrays iterate.
import numpy as np
print(repr(np.float32(2.1)), repr(np.int64(3)), repr(np.float16(0.1)), repr(np.int8(True)), repr(np.float64()), repr(np.int32(2.7)), repr(np.bool_(3)))
for b in [lambda: np.uint8(300), lambda: np.int8(-129)]:
    try: print(repr(b()))
    except Exception as e: print(type(e).__name__, e)
a = np.arange(4.0, dtype=np.float32)
print(np.float32(0.1) * 3, repr(np.float32(0.1) + np.float32(0.2)), repr(a[1] * 0.1), repr(a[1] / 3), a[1] > 0.5, repr(a[2] == 2), np.float32(0.1) == 0.1)
i = np.arange(5)
print(repr(i[2] + 1), repr(i[2] / 4), repr(i[3] // 2), repr(i[3] ** 2), repr(-i[3]), [i[1] + 1, i[4] * 2.5], int(i[2] + 1), float(a[3] / 7))
t = 0
for v in i:
    t += v
print(repr(t), repr(sum(i)) if False else '', i[1] < i[2] < i[3], 3 in i if False else '')
if i[2] > 1:
    print("yes", range(i[3]), [0, 1, 2, 3][i[2]])
print(repr(np.bool_(True) + np.bool_(True)), repr(np.uint8(250) + np.uint8(10)), repr(np.int8(100) * 2))
print([repr(r) for r in np.arange(6).reshape(2, 3)], list(np.arange(3.)), repr(np.float32(0.1) - 0.1))
