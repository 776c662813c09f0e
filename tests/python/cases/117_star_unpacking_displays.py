a = [1, 2]
b = (3, 4)
print([*a, *b, 5])
print((*a, 0))
print({*a, *b})
print({**{"x": 1}, "y": 2, **{"x": 3}})
print([*"abc", *range(2)])
