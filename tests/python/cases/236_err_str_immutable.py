s = "abc"
try:
    s[0] = "x"
except TypeError as e:
    print(type(e).__name__, e)
t = (1, 2)
try:
    t[0] = 5
except TypeError as e:
    print(type(e).__name__, e)
