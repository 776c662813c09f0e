xs = [1, 2, 3]
try:
    xs[3]
except IndexError as e:
    print(type(e).__name__, e)
try:
    xs[-4] = 0
except IndexError as e:
    print(type(e).__name__, e)
