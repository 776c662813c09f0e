def total(*args):
    print(type(args).__name__, args)
    return sum(args)
print(total())
print(total(1, 2, 3))
print(total(*[4, 5], 6))
