def f(a, b=2, *rest, key=None, **extra):
    return (a, b, rest, key, extra)
print(f(1))
print(f(1, 3, 5, 7))
print(f(1, key="k", z=26))
print(f(*[9, 8, 7], **{"key": 0, "w": 1}))
