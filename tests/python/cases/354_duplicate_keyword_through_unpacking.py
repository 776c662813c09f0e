def g(**kw):
    return kw
try:
    print(g(**{'x': 1}, x=2))
except TypeError as e:
    print(e)
