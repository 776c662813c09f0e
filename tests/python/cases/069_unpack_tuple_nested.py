(a, b), c = (1, 2), 3
print(a, b, c)
x, (y, (z, w)) = 1, (2, (3, 4))
print(x, y, z, w)
for i, (k, v) in enumerate([("a", 1), ("b", 2)]):
    print(i, k, v)
