try:
    {[1]: 2}
except TypeError as e:
    print(type(e).__name__, e)
try:
    s = {1}
    s.add({})
except TypeError as e:
    print(type(e).__name__, e)
