try:
    a, b = [1, 2, 3]
except ValueError as e:
    print(type(e).__name__, e)
try:
    x, y = "abc"
except ValueError as e:
    print(type(e).__name__, e)
