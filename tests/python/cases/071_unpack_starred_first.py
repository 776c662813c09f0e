first, *rest = [1, 2, 3]
print(first, rest)
*init, last = "abcd"
print(init, last)
a, *mid, z = range(6)
print(a, mid, z)
