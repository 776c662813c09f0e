def f(n):
    return f(n + 1)
try:
    f(0)
except RecursionError as e:
    print(type(e).__name__)
except Exception as e:
    print('other', type(e).__name__)
def g(n):
    return 0 if n == 0 else 1 + g(n - 1)
print(g(500))
