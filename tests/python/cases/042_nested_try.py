try:
    try:
        raise KeyError("a")
    except IndexError:
        print("wrong handler")
except KeyError as e:
    print("outer caught", repr(e))
