def make_multipliers():
    return [lambda x: i * x for i in range(4)]
print([m(2) for m in make_multipliers()])
def make2():
    out = []
    for i in range(3):
        def f(x, i=i):
            return i + x
        out.append(f)
    return out
print([f(10) for f in make2()])
i = 100
funcs = [lambda: i for _ in range(2)]
i = 200
print([f() for f in funcs])
