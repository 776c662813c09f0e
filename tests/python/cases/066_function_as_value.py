def double(x):
    return 2 * x
def apply(f, v):
    return f(v)
ops = {"double": double, "neg": lambda x: -x}
for name, op in ops.items():
    print(name, apply(op, 21))
print(type(double).__name__, callable(double), callable(3))
