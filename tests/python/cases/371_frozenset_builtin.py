fs = frozenset([1, 2])
print(fs, len(fs), 2 in fs)
