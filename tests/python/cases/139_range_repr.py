print(range(5), range(1, 10), range(1, 10, 2), range(10, 0, -3))
print(list(range(1, 10, 2)), list(range(10, 0, -3)))
print(len(range(0, 100, 7)), range(10)[3], range(10)[-1])
print(range(10)[2:5], list(range(0)), range(0, 5) == range(5))
