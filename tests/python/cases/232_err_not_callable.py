try:
    5()
except TypeError as e:
    print(type(e).__name__, e)
try:
    "abc"()
except TypeError as e:
    print(type(e).__name__, e)
