def f(a, b, c):
    return a + b + c
args = [1, 2, 3]
print(f(*args))
print(f(1, *[2, 3]))
print(f(**{"a": 1, "b": 2, "c": 3}))
print(f(1, **{"c": 3, "b": 2}))
print(*[1, 2, 3], sep="-")
