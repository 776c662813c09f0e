def f(a, b=[], c={}):
    b.append(a)
    c[a] = len(b)
    return b, c
print(f(1))
print(f(2))
print(f(3, []))
print(f(4))
def g(n, seen=set()):
    seen.add(n)
    return sorted(seen)
print(g(3), g(1), g(2))
def h(x=None):
    x = [] if x is None else x
    x.append(1)
    return x
print(h(), h(), h([0]))
