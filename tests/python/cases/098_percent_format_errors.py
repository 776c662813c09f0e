try:
    print("%d %d" % (1,))
except TypeError as e:
    print(type(e).__name__, e)
try:
    print("%d" % (1, 2))
except TypeError as e:
    print(type(e).__name__, e)
