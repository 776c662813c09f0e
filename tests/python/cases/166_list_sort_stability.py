pairs = [("b", 2), ("a", 1), ("c", 2), ("d", 1)]
pairs.sort(key=lambda p: p[1])
print(pairs)
print(sorted(pairs, key=lambda p: p[1], reverse=True))
print([3, 1, 2].sort())
