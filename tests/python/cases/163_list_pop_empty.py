xs = []
try:
    xs.pop()
except IndexError as e:
    print(type(e).__name__, e)
