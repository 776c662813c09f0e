print(max(1, 2.5, 2), min(-1, -1.5), max("b", "ab"))
print(max([[1, 2], [1, 3], [0, 9]]), min([(1, "b"), (1, "a")]))
print(max(range(10), key=lambda x: (x % 3, x)))
