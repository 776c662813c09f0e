try:
    print(",".join([1, 2]))
except TypeError as e:
    print(type(e).__name__, e)
