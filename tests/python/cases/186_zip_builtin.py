print(list(zip([1, 2, 3], "abc")))
print(list(zip([1, 2, 3], [4, 5])))
print(list(zip()))
for a, b, c in zip(range(2), "pq", [True, False]):
    print(a, b, c)
names, nums = zip(*[("a", 1), ("b", 2)])
print(names, nums)
