a, b = 1, 2
a, b = b, a
print(a, b)
x = [10, 20, 30]
x[0], x[2] = x[2], x[0]
print(x)
