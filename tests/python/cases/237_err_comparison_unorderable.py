try:
    1 < "a"
except TypeError as e:
    print(type(e).__name__, e)
try:
    sorted([3, "a", 1])
except TypeError as e:
    print(type(e).__name__, e)
