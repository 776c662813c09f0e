def outer():
    n = 0
    def inc(k=1):
        nonlocal n
        n += k
        return n
    inc(); inc(5)
    return n, inc
v, f = outer()
print(v, f(), f(10))
