xs = [1, 2, 3]
ys = xs.copy()
xs.reverse()
print(xs, ys, xs is ys)
zs = xs[:]
zs.append(0)
print(xs, zs)
