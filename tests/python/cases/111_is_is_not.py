a = [1]
b = a
c = [1]
print(a is b, a is c, a == c, a is not c)
x = None
print(x is None, x is not None)
print(True is True, type(1) is int)
