xs = [0, 1, 2, 3, 4, 5]
xs[1:3] = ["a", "b", "c"]
print(xs)
xs[::2] = [None] * 4
print(xs)
xs[:] = []
print(xs)
