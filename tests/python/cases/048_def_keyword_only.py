def f(a, *, scale=10):
    return a * scale
print(f(3))
print(f(3, scale=2))
try:
    f(3, 4)
except TypeError as e:
    print(type(e).__name__, e)
