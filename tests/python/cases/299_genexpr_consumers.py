xs = [3, -1, 4, -1, 5, -9]
print(sum(x*x for x in xs), any(x > 4 for x in xs), all(x != 0 for x in xs))
print(min(x for x in xs if x > 0), max((abs(x) for x in xs)))
print(sorted(x % 3 for x in xs))
print("".join(str(x) for x in xs if x < 0))
print("-".join(c.upper() for c in "abc"))
print(sum((x for x in []), 10))
print(sum([[1], [2]], []))
