def f(x, y=0):
    return x + y
try:
    f(1, z=2)
except TypeError as e:
    print(type(e).__name__, e)
try:
    f(1, x=2)
except TypeError as e:
    print(type(e).__name__, e)
