def f(a, b):
    return a + b
try:
    f(1, 2, 3)
except TypeError as e:
    print(type(e).__name__, e)
def g():
    return 0
try:
    g(1)
except TypeError as e:
    print(type(e).__name__, e)
