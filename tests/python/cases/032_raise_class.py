try:
    raise KeyError
except KeyError as e:
    print(type(e).__name__, repr(str(e)))
    print(e.args)
