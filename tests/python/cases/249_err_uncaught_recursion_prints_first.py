def f(n):
    print("level", n)
    if n == 2:
        raise ValueError("depth reached")
    f(n + 1)
f(0)
