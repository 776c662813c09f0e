a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a | b)
print(a & b)
print(a - b, b - a)
print(a ^ b)
print(a <= {1, 2, 3, 4, 5}, {1} < a, a.isdisjoint({7}))
