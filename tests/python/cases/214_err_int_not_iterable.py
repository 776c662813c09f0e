try:
    for i in 5:
        pass
except TypeError as e:
    print(type(e).__name__, e)
try:
    a, b = 7
except TypeError as e:
    print(type(e).__name__, e)
