xs = []
try:
    xs.push(1)
except AttributeError as e:
    print(type(e).__name__, e)
try:
    "s".shout()
except AttributeError as e:
    print(type(e).__name__, e)
