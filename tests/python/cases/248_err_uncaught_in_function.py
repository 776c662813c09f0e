def inner(x):
    return int(x)
def outer(xs):
    return [inner(x) for x in xs]
print(outer(["1", "2"]))
print(outer(["3", "four"]))
