def outer():
    def inner(x):
        return x
    inner()
try:
    outer()
except TypeError as e:
    print(e)
