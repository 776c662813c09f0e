x = 5
del x
try:
    print(x)
except NameError as e:
    print(type(e).__name__, e)
