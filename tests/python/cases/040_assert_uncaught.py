values = [3, 1, 2]
print(sorted(values))
assert values == sorted(values), "values not sorted"
print("unreachable")
