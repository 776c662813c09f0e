try:
    (5)[0]
except TypeError as e:
    print(type(e).__name__, e)
try:
    None[1]
except TypeError as e:
    print(type(e).__name__, e)
