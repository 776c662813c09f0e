def deco(fn):
    return lambda *a: ('wrapped', fn(*a))
@deco
def add(a, b):
    return a + b
print(add(1, 2))
