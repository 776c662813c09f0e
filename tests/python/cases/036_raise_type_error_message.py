try:
    raise TypeError("expected %s, got %s" % ("int", "str"))
except TypeError as e:
    print(e)
