print(len("hello"), len([1, 2]), len((1,)), len({"a": 1}), len({1, 2, 3}))
print(len(range(10)), len(range(3, 10, 2)), len(""))
try:
    len(5)
except TypeError as e:
    print(type(e).__name__, e)
