pairs = [(1, 'a'), (2, 'b'), (1, 'c'), (2, 'd'), (0, 'e')]
print(sorted(pairs, key=lambda t: t[0], reverse=True))
print(sorted(pairs, key=lambda t: t[0]))
p2 = pairs[:]
p2.sort(key=lambda t: t[0] % 2, reverse=True)
print(p2)
print(sorted(['bb', 'a', 'cc', 'd'], key=len, reverse=True))
print(sorted([1.0, 1, True], reverse=True), sorted([True, 1, 1.0]))
