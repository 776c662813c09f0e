a, *b = [1]
print(a, b)
x, *y, w = (1, 2)
print(x, y, w)
[p, q] = "pq"
print(p, q)
