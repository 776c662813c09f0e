x = None
print(x, repr(x), str(x), type(x).__name__)
print(x is None, x == None, bool(x))
print([None, None], {"k": None})
def f():
    pass
print(f() is None)
