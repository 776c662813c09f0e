def f(a, b):
    return a + b
try:
    f(1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    f()
except TypeError as e:
    print(type(e).__name__, e)
