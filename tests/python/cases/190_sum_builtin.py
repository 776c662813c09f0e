print(sum([1, 2, 3]), sum([]), sum([1, 2], 10), sum(range(5), start=100))
print(sum([0.1] * 10), sum([1.5, 2.5]))
print(sum([[1], [2, 3]], []))
print(sum(x * x for x in range(4)))
