def f(*args, **kwargs):
    return args, kwargs
def g(*a, **k):
    return f(*a, 99, **k, z=0)
print(g(1, 2, x=3))
print(f())
print(f(*[1,2], *(3,), **{'a': 1}, **{'b': 2}))
