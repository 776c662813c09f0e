def f(a, b, /, c):
    return a, b, c
try:
    print(f(1, b=2, c=3))
except TypeError as e:
    print(e)
