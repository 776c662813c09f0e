print(1 / 2, 4 / 2, -3 / 2, 0 / 5)
print(type(4 / 2).__name__, type(4 // 2).__name__)
print(10 / 3, 2 ** -2)
