try:
    raise ValueError("bad value 42")
except ValueError as e:
    print(type(e).__name__, e)
    print(e.args)
