for n in range(-2, 3):
    print(n, "pos" if n > 0 else "zero" if n == 0 else "neg")
x = None
print(x if x is not None else "fallback")
print([("even" if i % 2 == 0 else "odd") for i in range(4)])
