def f(a, *, b, c=3):
    return a + b + c
print(f(1, b=2))
print(f(1, c=10, b=2))
try:
    f(1, 2)
except TypeError as e:
    print(e)
try:
    f(1)
except TypeError as e:
    print(e)
