try:
    [1, 2]["a"]
except TypeError as e:
    print(type(e).__name__, e)
try:
    [1, 2][1.0]
except TypeError as e:
    print(type(e).__name__, e)
