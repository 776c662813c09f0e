try:
    "abc"[5]
except IndexError as e:
    print(type(e).__name__, e)
try:
    (1, 2)[2]
except IndexError as e:
    print(type(e).__name__, e)
