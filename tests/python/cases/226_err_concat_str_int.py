try:
    "a" + 1
except TypeError as e:
    print(type(e).__name__, e)
try:
    [1] + (2,)
except TypeError as e:
    print(type(e).__name__, e)
try:
    "n=" + 2.5
except TypeError as e:
    print(type(e).__name__, e)
