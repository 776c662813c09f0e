sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(7), add(1), add(1, 2))
print((lambda: "no args")())
print(type(sq).__name__, callable(sq))
