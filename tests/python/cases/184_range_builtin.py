print(list(range(5)), list(range(2, 5)), list(range(0, 10, 3)))
print(list(range(5, 0, -1)), list(range(5, 0)), list(range(-3, 3)))
for i in range(3, 0, -1):
    print(i, end=" ")
print()
print(sum(range(101)))
