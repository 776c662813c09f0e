print(min(3, 1, 2), max(3, 1, 2), min([4, 5]), max("abc"))
print(min(["apple", "fig", "banana"], key=len), max(["apple", "fig", "banana"], key=len))
print(max([1, -5, 3], key=abs), min((2, 1), (1, 5)))
print(max([], default=None), min([7], default=0))
try:
    max([])
except ValueError as e:
    print(type(e).__name__, e)
