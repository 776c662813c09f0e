print(sorted(["b", "A", "c"], key=str.lower))
print(sorted([-2, 3, -1], key=abs, reverse=True))
print(sorted(["10", "9", "100"]), sorted(["10", "9", "100"], key=int))
print(sorted([[3], [1, 2], []], key=len))
