x = 5
try:
    assert x < 0, "x must be negative, got " + str(x)
except AssertionError as e:
    print(type(e).__name__, e)
