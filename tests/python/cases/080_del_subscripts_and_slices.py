xs = list(range(8))
del xs[0]
print(xs)
del xs[-1]
print(xs)
del xs[1:3]
print(xs)
del xs[::2]
print(xs)
d = {"a": 1, "b": 2}
del d["a"]
print(d)
